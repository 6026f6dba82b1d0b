"""General-knowledge English word lists used by the English analyzer.

Everything here is common knowledge (weekdays, number words, world cuisines, price words, compass
areas, venue-type nouns, big cities and their nicknames, ...), never values copied from annotated
dialogues. Closed lists (weekdays, months, number words, count nouns, price and area words, ...) are
literals here; the open vocabularies (everyday words, cities, cuisines, venue types, genres,
countries, ...) are data files of core/lang/data read through core.lang.vocab when this module is
first imported (by the English analyzer, never by ``import core``). The analyzer compiles them into
regexes lazily.
"""

from __future__ import annotations

from core.lang.vocab import entries, word_set


def words(text: str) -> list[str]:
    """The whitespace-separated words of a literal word list."""
    return text.split()


# fmt: off

# the words that join the two ends of a range ("4 to 8 January", "1pm till 3:30", "5th-7th"), as a
# regex alternation
RANGE_WORDS = r"to|through|thru|until|till|til|-|–"
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
WEEKDAY_ABBR = {"mon": 0, "tue": 1, "tues": 1, "wed": 2, "thu": 3, "thur": 3, "thurs": 3, "fri": 4,
                "sat": 5, "sun": 6}
MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september",
          "october", "november", "december")
MONTH_ABBR = {"jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9,
              "sept": 9, "oct": 10, "nov": 11, "dec": 12}

UNITS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
    "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
}
TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
        "ninety": 90}
SCALES = {"hundred": 100, "thousand": 1000, "million": 1_000_000, "billion": 1_000_000_000}
ORDINAL_WORDS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
    "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14,
    "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18, "nineteenth": 19,
    "twentieth": 20, "thirtieth": 30,
}

# Nouns counted in quantities, mapped to the slot hint they suggest.
COUNT_NOUNS = {
    "people": "people", "persons": "people", "person": "people", "guests": "people", "guest": "people",
    "adults": "people", "adult": "people", "kids": "people", "children": "people", "child": "people",
    "passengers": "people", "passenger": "people", "travelers": "people", "travellers": "people",
    "riders": "people", "diners": "people", "of us": "people", "seats": "people", "seat": "people",
    "tickets": "people", "ticket": "people", "folks": "people", "peeps": "people", "ppl": "people",
    "pax": "people", "attendees": "people", "individuals": "people", "nights": "nights",
    "night": "nights", "days": "days",
    "day": "days", "weeks": "duration", "week": "duration", "months": "duration", "month": "duration",
    "hours": "duration", "hour": "duration", "minutes": "duration", "minute": "duration", "mins": "duration",
    "rooms": "rooms", "room": "rooms", "bedrooms": "rooms", "bedroom": "rooms", "beds": "rooms",
    "bed": "rooms", "baths": "rooms", "bathrooms": "rooms", "bathroom": "rooms", "stars": "stars",
    "star": "stars", "bags": "count", "bag": "count", "tables": "count", "table": "count",
    "songs": "count", "items": "count", "stops": "count", "stop": "count", "miles": "other",
    "mile": "other", "km": "other", "kilometers": "other", "kilometres": "other", "pounds": "weight",
    "dollars": "amount", "bucks": "amount", "euros": "amount", "years": "duration", "year": "duration",
    "floors": "count", "levels": "count", "cars": "count", "vehicles": "count", "suitcases": "count",
}

CUISINES = entries("en_cuisines.txt")

PRICE_WORDS = {
    "cheap": "cheap", "cheaper": "cheap", "cheapest": "cheap", "inexpensive": "cheap",
    "affordable": "cheap", "budget": "cheap", "economical": "cheap", "low-cost": "cheap",
    "low cost": "cheap", "moderate": "moderate", "moderately": "moderate", "moderately priced": "moderate",
    "mid-range": "moderate", "mid range": "moderate", "midrange": "moderate", "reasonably priced": "moderate",
    "reasonable": "moderate", "average priced": "moderate", "expensive": "expensive",
    "pricey": "expensive", "pricy": "expensive", "upscale": "expensive", "high-end": "expensive",
    "high end": "expensive", "fancy": "expensive", "costly": "expensive", "luxurious": "expensive",
    "ultra high-end": "expensive", "very expensive": "expensive",
}

AREAS = {
    "north": "north", "south": "south", "east": "east", "west": "west", "northern": "north",
    "southern": "south", "eastern": "east", "western": "west", "northeast": "northeast",
    "northwest": "northwest", "southeast": "southeast", "southwest": "southwest",
    "north east": "northeast", "north west": "northwest", "south east": "southeast",
    "south west": "southwest", "centre": "centre", "center": "centre", "central": "centre",
    "city centre": "centre", "city center": "centre", "town centre": "centre", "town center": "centre",
    "downtown": "centre", "midtown": "centre", "uptown": "north", "suburbs": "suburbs",
    "north side": "north", "south side": "south", "east side": "east", "west side": "west",
}

# Venue-type nouns (what kind of place), lowercased; compound ones first when compiled.
VENUE_TYPES = entries("en_venue_types.txt")

FACILITIES = entries("en_facilities.txt")

EVENT_CATEGORIES = entries("en_event_categories.txt")

GENRES = entries("en_genres.txt")

# Rental cars, rides, seats, fares, accounts, show formats, devices: small closed vocabularies.
CAR_TYPES = ("compact", "standard", "full-size", "full size", "fullsize", "intermediate", "economy",
             "suv", "sedan", "hatchback", "minivan", "van", "convertible", "pickup truck",
             "truck", "luxury", "mid-size", "midsize", "premium", "sports car", "electric", "hybrid",
             "coupe", "wagon", "station wagon", "crossover", "4x4", "jeep")
RIDE_TYPES = ("pool", "regular", "luxury", "shared", "shared ride", "private", "private ride", "xl",
              "uberx", "uber x", "uberxl", "black", "lyft line", "lux", "comfort", "premier", "express")
SEAT_CLASSES = ("economy", "premium economy", "business", "business class", "first class",
                "coach", "economy class", "economy plus", "economy extra", "basic economy", "main cabin",
                "flexible", "refundable", "non-refundable", "value", "standard class", "window seat",
                "aisle seat", "window", "aisle", "middle seat", "direct", "nonstop", "non-stop")
# whether a fare can be refunded: a condition of the ticket, another attribute than its cabin class
# ("2 economy tickets" then "is that refundable?" -> "they are refundable": still economy)
FARE_CONDITIONS = ("refundable", "non-refundable", "nonrefundable")
ACCOUNT_TYPES = ("checking", "savings", "checking account", "savings account", "credit card", "debit card",
                 "credit", "debit", "current account", "joint account", "business account")
SHOW_TYPES = ("3d", "2d", "imax", "imax 3d", "4dx", "dolby", "dolby cinema", "regular")
DEVICE_WORDS = ("tv", "television", "living room", "dining room", "speaker", "speakers", "smart speaker",
                "soundbar", "phone",
                "laptop", "tablet", "headphones", "car stereo", "stereo", "chromecast", "echo")
ROOM_WORDS = ("kitchen", "bedroom", "living room", "bathroom", "dining room", "office", "study",
              "garage", "patio", "basement", "den", "nursery", "guest room", "master bedroom", "lounge")
PAYMENT_METHODS = ("credit card", "debit card", "cash", "app balance", "paypal", "venmo", "apple pay",
                   "google pay", "bank account", "wire transfer")
TRANSPORT_WORDS = ("bus", "train", "taxi", "cab", "car", "flight", "plane", "ferry", "subway", "metro",
                   "tram", "uber", "lyft", "shuttle", "coach")

# Big world and US cities and well-known nicknames/abbreviations (general knowledge).
CITIES = entries("en_cities.txt")

# US state abbreviations and country names that follow a city ("Portland, OR", "London, England").
STATE_ABBR = (
    "al", "ak", "az", "ar", "ca", "co", "ct", "de", "fl", "ga", "hi", "id", "il", "in", "ia", "ks",
    "ky", "la", "me", "md", "ma", "mi", "mn", "ms", "mo", "mt", "ne", "nv", "nh", "nj", "nm", "ny",
    "nc", "nd", "oh", "ok", "or", "pa", "ri", "sc", "sd", "tn", "tx", "ut", "vt", "va", "wa", "wv",
    "wi", "wy", "dc", "bc", "on", "qc",
)
STREET_SUFFIXES = entries("en_street_suffixes.txt")

# Everyday English words (function words, frequent verbs, adjectives, nouns of the task dialogues).
# A capitalized word at the start of a sentence that is in this list is not taken for a name, and a
# lowercase word that is NOT in it (nor in another list) may be part of a name.
COMMON_WORDS = word_set("en_everyday_words.txt")

# More everyday words (verbs, adjectives, nouns) for the "not a name" test; inflections are handled
# by the analyzer (books, booked, booking -> book).
COMMON_WORDS_MORE = word_set("en_everyday_words_more.txt")

# Still more everyday English: verbs that follow "to" ("to purchase"), adverbs, chat interjections
# and generic nouns of service dialogues ("reference", "temperature"), none of them a name on its own.


# Function words that end a name run found after a cue ("recommend X, they ..."), and never start one.
FUNCTION_WORDS = frozenset(words("""
a an and are as at be been being but by can could did do does for from had has have he her here hers
him his how i if in into is it its me mine my no nor not of on or our ours she should so than that the
their theirs them then there these they this those to too us was we were what when where which
while who whom whose why will with would you your yours please also just very really it's that's
there's i'm i'd i'll we're they're you're he's she's isn't aren't wasn't weren't don't doesn't didn't
can't couldn't won't wouldn't shouldn't located serves serve offers offer has have had seems seem
sounds sound looks look would will shall may might must need needs want wants like likes located
situated near around about any some all both either each every other another one ones more most
such what's where's how's who's let let's get got make made give gave take took go goes going went
come comes coming came see saw find found tell told book booked reserve reserved try tried recommend
suggest meets meet fits fit matches match sits provides provide features feature cost costs costing
priced rated called named known today tomorrow tonight yes yeah ok okay sure thanks thank hi hello
after before around sometime until till near since during starting between within without across
"""))

# Nouns that end a (possibly lowercase) event or appointment name: "dentist appointment", "stylist visit".
EVENT_NOUNS = ("appointment", "visit", "viewing", "meeting", "reservation", "concert", "show", "lunch",
               "dinner", "party", "session", "checkup", "check-up", "interview", "consultation",
               "screening", "game", "festival", "celebration", "ceremony")
# Words that introduce a value ("a table for 4 at 7pm on Friday"): a goal that leaves the value to
# the facts leaves them out with it ("book a table", never "book a table for at")
VALUE_PREPOSITIONS = frozenset("for at on in by from around about until till before after this next".split())

# Occasions a task is made ready for, not booked by it: a date said right after one ("my brother's
# wedding on December 19th", "half marathon, 28 feb") is the occasion's, never the date the task is for.
OCCASION_NOUNS = frozenset(
    "wedding marathon race exam exams birthday funeral graduation surgery operation tournament competition "
    "recital audition anniversary christening baptism closing deadline due".split()
)

# the legs of a service said as a noun before their day or hour ("Collection Sunday.", "Delivery
# 14:00-16:00."): each leg its own date and time, never the day of the event the service is for
LEG_NOUNS = frozenset(
    "delivery collection pickup pick-up drop-off dropoff installation removal setup set-up survey fitting"
    " takedown teardown move-in".split()
)
# the verbs of those legs, by their stem -> the leg ("collecting it Monday", "deliver on the 18th")
LEG_VERBS = {"deliver": "delivery", "collect": "collection", "install": "installation", "remov": "removal"}
# phrasal and plain verbs of more legs, as patterns -> the leg ("tenants move in 2 January", "take
# down on Monday 21 December", "we would erect on Thursday")
LEG_PHRASES = {
    r"mov(?:e|es|ing)\s+in": "movein", r"tak(?:e|es|ing)\s+(?:it\s+|them\s+)?down": "takedown",
    r"erect(?:s|ing)?": "setup", r"set(?:s|ting)?\s+(?:it\s+)?up": "setup",
}  # fmt: skip

# Kinds of doctors and services, slot type.
SERVICE_TYPES = entries("en_service_types.txt")

US_STATES = entries("en_us_states.txt")
COUNTRIES = entries("en_countries.txt")
# fmt: on

# The speaker's own coming act before its day ("I'll pay it tonight", "I'll send the forms Monday"):
# verb -> the act whose day it is, never the day of the task
OWN_ACT_VERBS = {
    "pay": "pay", "transfer": "pay", "send": "send", "email": "send", "post": "send", "sign": "sign",
    "fill": "fill", "apply": "apply",
}  # fmt: skip
# The speaker's own trip or move, said as settled before its day ("we fly on 19 December", "we're moving
# in on 1 March"): verb -> whose day it is
# "leave" is left out: "I am leaving saturday" names the day of the train being booked as often as not
TRIP_VERBS = {
    "fly": "departure", "flies": "departure", "flying": "departure", "depart": "departure",
    "departs": "departure", "departing": "departure", "move": "move", "moves": "move", "moving": "move",
}  # fmt: skip
# The assistant's own coming act the user asks for before its day ("Could you send it tomorrow
# morning", "can you ring us back on Monday"): verb -> the act whose day it is
ASKED_ACT_VERBS = {
    "send": "send", "text": "send", "email": "send", "e-mail": "send", "message": "send",
    "call": "call", "ring": "call", "phone": "call",
}  # fmt: skip
