"""General-knowledge English word lists used by the English analyzer.

Everything here is common knowledge (weekdays, number words, world cuisines, price words, compass
areas, venue-type nouns, big cities and their nicknames, ...), never values copied from annotated
dialogues. Lists are plain tuples/frozensets of lowercase strings; the analyzer compiles them into
regexes lazily (no work at import time beyond building these literals).
"""

from __future__ import annotations


def words(text: str) -> list[str]:
    """The whitespace-separated words of a literal word list."""
    return text.split()


# fmt: off

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
    "mile": "other", "km": "other", "kilometers": "other", "kilometres": "other", "pounds": "amount",
    "dollars": "amount", "bucks": "amount", "euros": "amount", "years": "duration", "year": "duration",
    "floors": "count", "levels": "count", "cars": "count", "vehicles": "count", "suitcases": "count",
}

CUISINES = (
    "italian", "chinese", "indian", "mexican", "japanese", "thai", "french", "american", "british",
    "english", "european", "modern european", "international", "gastropub", "lebanese", "korean",
    "vietnamese", "spanish", "greek", "turkish", "mediterranean", "middle eastern", "asian", "asian oriental",
    "oriental", "north american", "south american", "latin american", "south indian", "north indian",
    "portuguese", "african", "ethiopian", "german", "seafood", "steakhouse", "steak", "barbecue", "bbq",
    "pizza", "pizzeria", "sushi", "burgers", "burger", "vegetarian", "vegan", "tapas", "dim sum", "halal",
    "kosher", "brazilian", "caribbean", "cuban", "persian", "afghan", "moroccan", "polish", "russian",
    "irish", "scottish", "welsh", "australian", "malaysian", "indonesian", "singaporean", "filipino",
    "cantonese", "szechuan", "sichuan", "hunan", "taiwanese", "pakistani", "nepalese", "bangladeshi",
    "sri lankan", "jamaican", "peruvian", "argentinian", "argentine", "colombian", "tex-mex", "cajun",
    "creole", "soul food", "fusion", "breakfast", "brunch", "brasserie", "bistro", "cafe", "deli",
    "bakery", "dessert", "desserts", "noodles", "noodle", "ramen", "pho", "curry", "kebab", "falafel",
    "fish and chips", "traditional", "modern", "contemporary", "panasian", "pan asian", "pan-asian",
    "scandinavian", "danish", "swedish", "belgian", "swiss", "austrian", "hungarian", "czech",
    "ukrainian", "georgian", "armenian", "israeli", "syrian", "iranian", "iraqi", "egyptian",
    "tunisian", "somali", "nigerian", "west african", "south african", "hawaiian", "californian",
    "southern", "soul", "cantonese", "shanghainese", "dumplings", "hot pot", "hotpot", "buffet",
    "fast food", "take-out", "takeout", "takeaway", "salad", "sandwiches", "sandwich", "tacos", "taco",
    "wings", "chicken", "fish", "lobster", "oysters", "crab", "sushi bar", "tapas bar", "wine bar",
    "pub", "diner", "comfort food", "organic", "healthy", "gluten-free", "gluten free", "dessert bar",
    "coffee", "tea", "juice", "smoothies", "crepes", "waffles", "pancakes", "bagels", "donuts",
    "ice cream", "frozen yogurt", "pastries", "patisserie", "gelato", "poke", "bibimbap", "udon",
    "izakaya", "yakitori", "teppanyaki", "korean bbq", "mongolian", "tibetan", "burmese", "cambodian",
    "laotian", "catalan", "basque", "venetian", "sicilian", "tuscan", "neapolitan", "provencal",
    "parisian", "bavarian", "cornish", "european fusion", "asian fusion", "latin", "venezuelan",
    "salvadoran", "dominican", "puerto rican", "chilean", "ecuadorian", "bolivian", "uruguayan",
    "modern american", "new american", "modern british", "modern english", "modern french", "afternoon tea",
    "world food", "street food", "home cooking",
)

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
VENUE_TYPES = (
    "hotel", "hotels", "guesthouse", "guesthouses", "guest house", "guest houses", "bed and breakfast",
    "b&b", "hostel", "motel", "inn", "lodge", "resort", "apartment", "apartments", "condo", "villa",
    "cottage", "cabin", "suite", "museum", "museums", "college", "colleges", "park", "parks", "theatre",
    "theatres", "theater", "theaters", "cinema", "cinemas", "church", "churches", "architecture",
    "nightclub", "nightclubs", "night club", "club", "boat", "boats", "swimming pool", "swimmingpool",
    "pool", "entertainment", "concert hall", "concerthall", "multiple sports", "sports complex", "gallery",
    "galleries", "zoo", "aquarium", "castle", "cathedral", "chapel", "abbey", "garden", "gardens",
    "botanic garden", "botanical garden", "library", "university", "stadium", "arena", "market",
    "mall", "shopping centre", "shopping center", "tourist attraction", "attraction", "landmark",
    "monument", "memorial", "shopping area", "shopping district",
    "bridge", "tower", "palace", "temple", "mosque", "synagogue", "beach",
    "lake", "trail", "farm", "vineyard", "winery", "brewery", "bar", "pub", "cafe", "restaurant",
    "restaurants", "station", "depot", "airport", "terminal", "hall", "centre", "center", "salon", "spa",
    "barber shop", "barbershop", "clinic", "hospital", "pharmacy", "dentist", "school", "theme park",
    "amusement park", "water park", "playground", "punting", "punts", "bowling alley", "ice rink",
    "skating rink", "cinema complex", "gym", "studio", "house", "homes", "hall",
    "historical landmark", "historic landmark", "historic site", "place of worship", "nature preserve",
    "performing arts venue", "sports venue", "art gallery", "art museum", "science museum",
)

FACILITIES = (
    "free wifi", "free wi-fi", "free internet", "wifi", "wi-fi", "internet", "free parking", "parking",
    "parking lot", "garage", "pool", "swimming pool", "gym", "fitness center", "spa", "breakfast",
    "free breakfast", "breakfast included", "laundry", "laundry service", "air conditioning", "ac",
    "pets", "pet friendly", "pet-friendly", "pets allowed", "wheelchair accessible", "wheelchair access",
    "accessible", "live music", "liquor", "alcohol", "outdoor seating", "vegetarian options",
    "vegan options", "elevator", "balcony", "kitchen", "dishwasher", "washer", "dryer", "fireplace",
    "smoking", "non-smoking", "room service", "shuttle", "airport shuttle", "in-unit laundry",
    "furnished", "subtitles", "good for kids", "kid friendly", "kid-friendly", "family friendly",
    "family-friendly", "reservations", "delivery", "takeout", "happy hour", "bar", "terrace",
    "trip protection", "travel insurance", "outdoor seating available", "seating outdoors", "pets allowed",
    "smoking allowed", "vegetarian", "serves alcohol",
)

EVENT_CATEGORIES = (
    "music", "sports", "sport", "theater", "theatre", "concert", "concerts", "baseball", "basketball",
    "football", "soccer", "hockey", "ice hockey", "tennis", "golf", "rugby", "cricket", "boxing",
    "wrestling", "volleyball", "rock", "pop", "jazz", "classical", "blues",
    "country", "hip hop", "hip-hop", "rap", "metal", "heavy metal", "electronic", "edm", "dance",
    "reggae", "folk", "r&b", "rnb", "indie", "punk", "soul", "gospel", "latin", "funk", "disco",
    "techno", "house music", "alternative", "grunge", "opera", "ballet", "musical", "comedy show",
    "stand-up", "standup", "play", "exhibition", "festival", "fair", "conference", "show", "live music",
    "k-pop", "kpop", "j-pop", "world music", "singer-songwriter", "acoustic", "orchestra", "symphony",
    "rock and roll", "new age", "ambient", "trance", "dubstep", "salsa", "samba", "bollywood",
)

GENRES = (
    "drama", "comedy", "action", "thriller", "horror", "mystery", "adventure", "fantasy", "sci-fi",
    "science fiction", "scifi", "documentary", "documentaries", "animation", "animated", "cartoon",
    "romance", "romantic", "romantic comedy", "rom-com", "family", "crime", "biographical", "biography",
    "biopic", "war", "western", "musical", "history", "historical", "suspense", "superhero", "anime",
    "noir", "psychological", "teen", "sports", "kids", "children's", "independent", "indie", "foreign",
    "dark comedy", "comic", "comics",
    "satire", "parody", "spy", "heist", "disaster", "martial arts", "supernatural",
    "ghost", "zombie", "slasher", "detective", "fiction", "non-fiction", "poetry", "novel", "memoir",
    "self-help", "funny", "scary",
)

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
CITIES = (
    "new york", "new york city", "nyc", "ny", "los angeles", "la", "l.a.", "chicago", "chi-town",
    "chitown", "houston", "phoenix", "philadelphia", "philly", "san antonio", "san diego", "sd",
    "dallas", "san jose", "austin", "jacksonville", "fort worth", "columbus", "charlotte",
    "san francisco", "sf", "san fran", "frisco", "indianapolis", "seattle", "denver", "washington",
    "washington d.c.", "washington dc", "dc", "d.c.", "boston", "el paso", "nashville", "detroit",
    "oklahoma city", "portland", "las vegas", "vegas", "memphis", "louisville", "baltimore",
    "milwaukee", "albuquerque", "tucson", "fresno", "mesa", "sacramento", "atlanta", "atl",
    "kansas city", "colorado springs", "omaha", "raleigh", "miami", "long beach", "virginia beach",
    "oakland", "minneapolis", "tulsa", "tampa", "arlington", "new orleans", "nola", "wichita",
    "cleveland", "bakersfield", "aurora", "anaheim", "honolulu", "santa ana", "riverside",
    "corpus christi", "lexington", "stockton", "henderson", "saint paul", "st. paul", "st paul",
    "st. louis", "st louis", "saint louis", "cincinnati", "pittsburgh", "greensboro", "anchorage",
    "plano", "lincoln", "orlando", "irvine", "newark", "toledo", "durham", "chula vista",
    "fort wayne", "jersey city", "st. petersburg", "laredo", "madison", "chandler", "buffalo",
    "lubbock", "scottsdale", "reno", "glendale", "gilbert", "winston-salem", "north las vegas",
    "norfolk", "chesapeake", "garland", "irving", "hialeah", "fremont", "boise", "richmond",
    "baton rouge", "spokane", "des moines", "tacoma", "san bernardino", "modesto", "fontana",
    "santa clarita", "birmingham", "oxnard", "fayetteville", "moreno valley", "rochester",
    "glendale", "huntington beach", "salt lake city", "slc", "grand rapids", "amarillo", "yonkers",
    "aurora", "montgomery", "akron", "little rock", "huntsville", "augusta", "columbus",
    "grand prairie", "shreveport", "overland park", "tallahassee", "mobile", "knoxville", "worcester",
    "providence", "fort lauderdale", "chattanooga", "tempe", "oceanside", "garden grove",
    "rancho cucamonga", "cape coral", "santa rosa", "vancouver", "sioux falls", "ontario",
    "elk grove", "salem", "pembroke pines", "eugene", "corona", "cary", "springfield", "fort collins",
    "jackson", "alexandria", "hayward", "lancaster", "lakewood", "clarksville", "palmdale",
    "salinas", "hollywood", "pasadena", "sunnyvale", "macon", "pomona", "escondido", "killeen",
    "naperville", "joliet", "bellevue", "rockford", "savannah", "paterson", "torrance", "bridgeport",
    "mcallen", "mesquite", "syracuse", "midland", "murfreesboro", "miramar", "dayton", "fullerton",
    "olathe", "orange", "thornton", "roseville", "denton", "waco", "surprise", "carrollton",
    "west valley city", "charleston", "warren", "hampton", "gainesville", "visalia", "coral springs",
    "columbia", "cedar rapids", "sterling heights", "new haven", "stamford", "concord", "elizabeth",
    "athens", "thousand oaks", "lafayette", "simi valley", "topeka", "norman", "fargo", "wilmington",
    "abilene", "odessa", "pearland", "victorville", "hartford", "vallejo", "allentown", "berkeley",
    "richardson", "arvada", "ann arbor", "cambridge", "sugar land", "lansing", "evansville",
    "college station", "fairfield", "clearwater", "beaumont", "independence", "provo", "west jordan",
    "murrieta", "palm bay", "el monte", "carlsbad", "charleston", "temecula", "clovis", "meridian",
    "westminster", "costa mesa", "high point", "manchester", "pueblo", "lakeland", "pompano beach",
    "west palm beach", "antioch", "everett", "downey", "lowell", "centennial", "elgin", "broken arrow",
    "miami gardens", "billings", "jurupa valley", "sandy springs", "gresham", "lewisville",
    "hillsboro", "ventura", "greeley", "inglewood", "waterbury", "league city", "santa maria",
    "tyler", "davie", "daly city", "boulder", "allen", "west covina", "sparks", "wichita falls",
    "green bay", "san mateo", "norwalk", "rialto", "las cruces", "chico", "el cajon", "burbank",
    "south bend", "renton", "vista", "davenport", "edinburg", "tuscaloosa", "san angelo",
    "vacaville", "clinton", "bend", "woodbridge", "palo alto", "mountain view", "santa clara",
    "cupertino", "san mateo", "redwood city", "menlo park", "walnut creek", "livermore",
    "pleasanton", "san ramon", "dublin", "milpitas", "campbell", "los gatos", "saratoga", "gilroy",
    "morgan hill", "napa", "sonoma", "petaluma", "novato", "san rafael", "mill valley", "sausalito",
    "half moon bay", "santa cruz", "monterey", "carmel", "san leandro", "union city", "newark",
    "danville", "martinez", "pittsburg", "brentwood", "rohnert park", "healdsburg", "vallejo",
    "benicia", "alameda", "emeryville", "albany", "el cerrito", "orinda", "lafayette", "moraga",
    "san bruno", "south san francisco", "burlingame", "foster city", "belmont", "san carlos",
    "los altos", "atherton", "palo alto", "east palo alto", "san anselmo", "larkspur", "tiburon",
    "santa monica", "malibu", "beverly hills", "west hollywood", "culver city", "venice",
    "la jolla", "del mar", "encinitas", "coronado", "napa valley", "lake tahoe", "tahoe",
    "big sur", "palm springs", "santa barbara", "san luis obispo", "redding", "eureka", "ukiah",
    "london", "paris", "berlin", "madrid", "barcelona", "rome", "milan", "venice", "florence",
    "naples", "amsterdam", "brussels", "vienna", "prague", "budapest", "warsaw", "krakow", "lisbon",
    "porto", "dublin", "edinburgh", "glasgow", "manchester", "liverpool", "leeds", "bristol",
    "oxford", "cambridge", "york", "bath", "brighton", "norwich", "peterborough", "leicester",
    "nottingham", "sheffield", "newcastle", "cardiff", "belfast", "stockholm", "oslo", "copenhagen",
    "helsinki", "reykjavik", "athens", "istanbul", "moscow", "st petersburg", "kiev", "kyiv",
    "zurich", "geneva", "munich", "frankfurt", "hamburg", "cologne", "lyon", "marseille", "nice",
    "toronto", "montreal", "ottawa", "calgary", "edmonton", "quebec", "mexico city", "cancun",
    "guadalajara", "havana", "rio de janeiro", "rio", "sao paulo", "buenos aires", "lima", "bogota",
    "santiago", "caracas", "tokyo", "osaka", "kyoto", "seoul", "beijing", "shanghai", "hong kong",
    "taipei", "singapore", "bangkok", "hanoi", "ho chi minh city", "kuala lumpur", "kl", "jakarta",
    "bali", "manila", "delhi", "new delhi", "mumbai", "bombay", "bangalore", "bengaluru", "chennai",
    "kolkata", "hyderabad", "karachi", "lahore", "dubai", "abu dhabi", "doha", "tel aviv",
    "jerusalem", "cairo", "nairobi", "cape town", "johannesburg", "lagos", "casablanca",
    "marrakech", "sydney", "melbourne", "brisbane", "perth", "adelaide", "auckland", "wellington",
    "sacramento", "san diego", "long beach", "anaheim", "phoenix", "seattle", "portland",
)

# US state abbreviations and country names that follow a city ("Portland, OR", "London, England").
STATE_ABBR = (
    "al", "ak", "az", "ar", "ca", "co", "ct", "de", "fl", "ga", "hi", "id", "il", "in", "ia", "ks",
    "ky", "la", "me", "md", "ma", "mi", "mn", "ms", "mo", "mt", "ne", "nv", "nh", "nj", "nm", "ny",
    "nc", "nd", "oh", "ok", "or", "pa", "ri", "sc", "sd", "tn", "tx", "ut", "vt", "va", "wa", "wv",
    "wi", "wy", "dc", "bc", "on", "qc",
)
STREET_SUFFIXES = (
    "street", "st", "avenue", "ave", "road", "rd", "boulevard", "blvd", "drive", "dr", "lane", "ln",
    "way", "place", "pl", "court", "ct", "circle", "cir", "terrace", "parkway", "pkwy", "highway", "hwy",
    "square", "sq", "plaza", "alley", "row", "loop", "trail", "crescent", "close", "walk", "hill",
    "expressway", "freeway", "route", "pike", "grove", "gardens", "mews", "park", "center", "centre",
)

# Everyday English words (function words, frequent verbs, adjectives, nouns of the task dialogues).
# A capitalized word at the start of a sentence that is in this list is not taken for a name, and a
# lowercase word that is NOT in it (nor in another list) may be part of a name.
COMMON_WORDS = frozenset(words("""
a about above absolutely accept accepted accommodate according account across actually add added
address addresses adults after afternoon again against ago agree ah ahead alright all allow allowed
almost alone along already also alternative although always am amazing among an and another answer
any anybody anymore anyone anything anytime anyway anywhere appointment appreciate appreciated are
area around arrange arrival arrive arrives arriving as ask asked at available avenue awesome away
back bad be because become been before begin beginning being below best better between big bit book
booked booking bookings both bother bought bring but buy by bye call called calling can can't cancel
cannot car care case certain certainly change changed cheap check choice choices choose city close
closer come comes coming confirm confirmation confirmed contact correct cost could couldn't count
couple course currently date day days decide definitely depart departing departs departure depends
did didn't different directions do does doesn't doing don't done double down during each earlier
early easy either else end enjoy enough entire especially even evening event ever every everything
exactly example excellent except excuse expect expensive extra fabulous fantastic far fare feel few
fine find first fit flight for found free friday friend friends from full further get gets getting
give given glad go goes going gone good goodbye got great group guess had half happen happy has have
haven't having he hello help helped helpful her here hey hi him his hold hope hour hours how however
i i'd i'll i'm i've if important in include included includes indeed info information instead
interested into is isn't it it's its itself just keep kind know last late later leave leaves leaving
less let let's like likes list little live located location long look looking looks lot lots love
lovely made make makes many may maybe me mean meet meeting mention might mind minute minutes moment
monday more morning most much must my myself name named near need needed needs never new next nice
night nights no none nope nor not note nothing now number of off offer offers oh ok okay on once one
only open option options or order other others our out over own pay people perfect perhaps person
phone pick place places plan please pleasure plus possible prefer preferably preference price prices
pricing probably problem provide quite rather ready real really reason recommend recommendation
recommendations regards remember request require required reservation reservations reserve reserved
restaurant return right round same saturday saw say says search second see seem seems sell send sent
set several shall she should show similar since single so some someone something sometime somewhere
soon sorry sound sounds speak special specific start starting stay still stop such suggest sunday
super suppose sure take taken tell than thank thanks that that's the their them then there there's
these they they're thing things think this those though through thursday thus time times to today
together told tomorrow tonight too total travel tried trip true try trying tuesday twice two type
unfortunately unless until up upon us use used usual usually very via visit wait want wanted wants
was way we we'll we're website wednesday week weekend well went were what what's whatever when where
whether which while who whom whose why will wish with within without won't wonder wonderful work
works would wouldn't wow yeah year yes yet you you'd you'll you're you've your yours yourself
able across actual ad afford ahead airport also amount anywhere apartment april arrangement art
assist assistance attend attending attraction attractions august bar based bed bedroom bedrooms
beds bit booking both boy breakfast bus business busy buddy cab card centre center charge cheaper
cheapest class clean college comfortable company complete concert confirmed cool cuisine cute
december decent dinner doctor double drink drive drop each eat eating economy either entertainment
evening events everyone everybody excited exciting expect expensive family fancy favorite
favourite february fee feedback fee film films find fine flight flights food for forward
free gallery game games get girl go guest guesthouse guests hair haircut hang hear heard hello
hi hotel hotels house huge hungry idea ideal instance interesting item items january july june
know large leave let lunch main march meal meals mention message money month months movie movies
museum music near nearby newer nice nightclub noon north northern note november number october
offered okay old online opinion order parking part party pass past plans play plays pool pretty
price priced quick range rate rated rating ratings reasonable receipt receive ride rides room rooms
seat seats see september service services share show shows side sister small song songs sort
south southern spot star stars station stop style sure table taxi taxis team text thanks theatre
theater there thing ticket tickets today town train trains transfer trip type unique venue view
want watch water weather west western east eastern wifi internet wife husband mom dad mother
father son daughter brother kids children child baby yesterday morning afternoon night tonight
rock pop jazz american british french italian indian chinese english european
i'll ill id im ive its ok pm am p.m a.m o'clock oclock o"clock quarter
hmm hm uh um er ah oh ooh thank thx ty pls plz please bye cheers
"""))

# More everyday words (verbs, adjectives, nouns) for the "not a name" test; inflections are handled
# by the analyzer (books, booked, booking -> book).
COMMON_WORDS_MORE = frozenset(words("""
able accept access accord act add label admire commute relax unwind sightsee browse dine wander
stroll hike swim bike jog shop eat adore advise afford agree aim allow appear apply approve
argue arrange ask assume attend avoid bake bear beat become beg behave believe belong bet bite blame
bless blow boil borrow bother break breathe bring brush build burn buy calculate calm cancel care
carry catch cause celebrate change charge chase chat cheer choose claim clean clear climb close
collect come compare complain complete concern confirm consider contain continue cook copy correct
cost cover crash create cross cry cut dance deal decide decline deliver demand deny depend describe
deserve design desire destroy develop die dine direct discover discuss dislike display divide dream
dress drink drive drop earn eat email employ end enter entertain escape estimate exist expect explain
explore express face fail fall fancy fear feed feel fetch fight fill finish fix fly fold follow
forget forgive form gather gain greet grab grow guarantee guide handle hang happen hate head hear
heat hide hire hit hold hop hope hunt hurry hurt identify ignore imagine improve include increase
indicate inform insist install intend introduce invite involve join joke jump keep kick kill knock
land last laugh lay lead lean learn lend lie lift light limit link listen live load lock lose manage
mark marry match matter measure meet memorize mention mind miss mix move name navigate note notice
obtain occur offer open operate order organize own pack paint park pass pay perform pick place plan
plant play point post pour practice prefer prepare present press pretend prevent print proceed
produce promise protect provide pull punch push put queue quit race rain raise reach read realize
receive recognize recommend record reduce refer reflect refuse register relax release rely remain
remind remove rent repair repeat replace reply report request rescue reserve respond rest retire
return reveal review ride ring rise rob roll rule run rush satisfy save say scan schedule score
scream search seat select sell send serve settle shake share shine shoot shop shout show shut sign
sing sink sit ski sleep slide slip smell smile snow solve sort speak spell spend spin split spoil
spread stand stare start state stay steal step stick stop store study submit succeed suck suffer
suggest suit supply support suppose surprise survive swim switch talk taste teach tear tell tend test
text thank think throw tick tie touch tour train transfer translate travel treat trust turn type
understand unite update upgrade upload urge use vanish visit vote wait wake walk wander want warn
wash waste watch wave wear weigh welcome whisper win wish wonder work worry wrap write yell
absent accurate active actual additional afraid alive angry annual anxious apparent appropriate
average aware awful basic beautiful big bitter black blank blind blue bold bored born bottom brave
brief bright brilliant broad broken brown busy calm capable careful casual central certain charming
chief civil classic classy clever close cold comfortable common complete complex confident constant
convenient cozy crazy crowded curious current cute daily damp dangerous dark dead dear deep delicious
delighted dense desperate different difficult direct dirty distant double dry due dull eager easy
effective efficient elderly electric elegant empty entire equal essential even exact excited
exclusive exotic expert extra extreme fair faithful false familiar famous far fast fat favorite
fierce final financial firm flat flexible fluffy foolish foreign formal former fortunate free fresh
friendly frozen full funny general generous gentle genuine giant glad global golden gorgeous grand
grateful gray greasy green grumpy guilty handsome handy hard harsh healthy heavy helpful high hilarious
historic historical holy honest horrible hot huge humble hungry ideal ill immediate important
impossible impressive incredible independent individual informal initial inner innocent intense
interesting internal joint junior keen key kind known large last late latest lazy leading legal
less light likely limited literal little live local logical lonely long loose loud low loyal lucky
mad magic main major male many massive mature maximum mean medical medium mental mere mild military
minimum minor mobile modern moist musical mysterious narrow nasty native natural naughty near neat
necessary negative nervous new nice noisy normal notable numerous obvious odd official old open
opposite orange ordinary organic original other outdoor outside overall own pale perfect personal
physical pink plain pleasant polite poor popular positive possible powerful precious pregnant
present pretty previous primary private professional proper proud public pure purple quick quiet
rapid rare raw ready real recent red regular related relevant reliable remote rich ridiculous right
rough round royal rude sad safe salty satisfied scary secret secure senior sensitive separate serious
severe sharp short shy sick significant silent silly silver similar simple single slight slim slow
small smart smooth soft solid sour spare special specific spicy square stable steady steep sticky
stiff still straight strange strict strong stupid successful sudden sufficient suitable sunny super
sure sweet tall tasty teen temporary tender terrible thick thin tight tiny tired top total tough
traditional tremendous tropical true typical ugly ultimate unable unhappy unique unknown unusual
upper upset urban useful usual valuable various vast violent visible vital warm weak wealthy weird
wet whole wide wild willing wise wonderful wooden worried worse worst wrong young
ability accident activity age agency air amount animal answer apple arm army art article aspect
attempt attention audience author baby background bag ball band bank base basis bath beach bean bear
beauty bedroom beer beginning belief bell benefit bill bird birth birthday blood board boat body bone
bonus boss bottle box brain branch bread breath bridge brother budget building cake camera camp
campaign cancer candidate capital captain career carpet cat category cause ceiling cell century chain
chair challenge champion chance channel chapter character chart cheese chicken childhood chip
chocolate church circle citizen claim clothes cloud club coach coast coat code coffee coin colour
color comment commission committee community competition computer condition conference connection
contract control conversation corner cottage council country county couple courage court cousin
cover cow crew crime crowd culture cup customer cycle dad damage danger data daughter death debt
decision degree delay department desk detail device diet difference dirt disaster discount disease
dish distance district dog dollar door dot drama drawing dress driver duty ear earth economy edge
education effect effort egg election electricity element emergency employee end energy engine
engineer entrance entry environment equipment error estate evidence exam exercise experience expert
eye face fact factor failure faith fall fan farm fashion fault feature feeling fee female field
figure file finger fire firm fish flag floor flower fly focus food foot force forest form fortune
frame freedom fruit fuel fun function fund future garden gas gate gift girl glass goal god gold golf
government grade grass ground growth guard guess guide guitar gun guy habit hair hand health heart
heat height hell hero highway hill history hole holiday home honey hope horse hospital host housing
human hunt husband ice image impact income industry inside instance instrument insurance interest
internet interview investment iron island issue jacket job joy judge juice key king kitchen knee
knife knowledge lab lack lady lake land language laptop law layer leader leg lesson letter level lie
life light limit line lip list load loan lock log loss luck machine mail male mall manager manner map
market marriage master match material matter meat media member memory menu mess metal method middle
midnight milk mind mine minister mirror mission mistake mode model mom moment monitor moon motor mouse
mouth movement mum muscle nail nation nature neck network news newspaper noise nose note novel nurse
object ocean offer office officer oil opening operation opinion orange organization outcome oven owner
page pain paint pair pan panel paper parent parking partner passenger passion patient pattern peace
pen pension period permission pet phase photo piano picture pie piece pilot pipe pizza plane planet
plant plastic plate platform player pleasure pocket poem poet point police policy pool population
position post pot potato power practice present president pressure prince principle print priority
prison prize process product profile profit program project promise property proposal protection
purpose quality quantity queen question race radio rain rate reaction reader reality receipt recipe
record region relation relationship religion rent report republic request research resident resource
respect response responsibility restaurant result review revolution rice ring risk river road rock
role roof root rope rule safety sail salad salary sale salt sample sand scale scene schedule scheme
school science score screen sea season secretary section sector security selection sense series
session setting shape shirt shock shoe shop shot shoulder sign signal silver singer sir site size
skill skin sky sleep smile smoke snow society software soil soldier solution son song sound
soup source space speaker speech speed spirit sport spot spring staff stage standard statement
station status step stock stomach stone store storm story strategy street strength stress structure
student studio stuff style subject success sugar suggestion suit summer sun supermarket supply support
surface surgery survey system table tale talent target task tax tea teacher team technology
telephone television temperature tennis tension term test theory thought threat throat ticket tie
tip title today toe tomorrow tone tongue tool tooth topic total touch tour tourist towel tower town
track trade tradition traffic transport tree trouble truck truth tune uncle union unit university
user vacation value van variety vehicle version victim video village visitor voice volume wall war
warning watch weakness wealth weapon wear week weight wheel while winner winter wing wire woman
wonder wood word worker world writer yard youth zone
cuisine cuisines venue venues postcode postcodes telephone
meal meals dish dishes menu entree option options choice choices
reservation reservations booking bookings schedule appointment appointments ride rides trip trips
flight flights ticket tickets seat seats show shows movie movies film films song songs album albums
artist artists event events concert concerts game games match matches hotel hotels guest guests
room rooms night nights day days week weeks price prices cost costs fee fees rate rates rating
ratings review reviews star stars area areas part parts side sides town city cities place places
location locations address addresses number numbers phone email website info information detail
details time times date dates morning afternoon evening minute minutes hour hours people person
persons adult adults kid kids child children family friend friends group party table tables car cars
taxi taxis cab cabs bus buses train trains airport station stations stop stops departure arrival
destination origin way route fare fares class type types kind kinds sort style size amount total
balance account accounts transfer payment payments money dollar dollars bucks cash card cards
doctor doctors dentist dentists salon stylist stylists haircut apartment apartments house houses
property properties bedroom bedrooms bathroom bathrooms bed beds bath baths laundry pets wifi
parking internet breakfast lunch dinner brunch food drink drinks wine beer coffee tea water weather
forecast rain sun temperature alarm alarms music genre genres sports sport team teams player
anything everything something nothing anyone everyone someone nobody anywhere everywhere somewhere
else also too either neither both each every all any some many much more most less least few several
enough such same other another own only just even still already yet again ever never always often
sometimes usually really quite rather pretty very so too also around about approximately exactly
directly nearby close near far away back ahead instead otherwise however therefore anyway besides
currently recently soon later earlier early late tonight today tomorrow yesterday weekend weekday
thanks thank welcome pleasure sorry excuse okay ok yes no yeah nope sure fine great good nice
awesome cool perfect excellent wonderful fantastic amazing lovely brilliant superb terrific
"""))

# Still more everyday English: verbs that follow "to" ("to purchase"), adverbs, chat interjections
# and generic nouns of service dialogues ("reference", "temperature"), none of them a name on its own.
COMMON_WORDS_EXTRA = frozenset(words("""
purchase verify locate broaden specify clarify expand stream illuminate disregard confirm reconfirm
narrow refine filter modify adjust alter amend proceed finalize finalise process complete arrange
accommodate acquire obtain retrieve inquire enquire request require reschedule postpone delay extend
shorten reduce lower raise cancel revise double-check recheck look-up lookup check-in checkout
check-out sign-up signup log login logout download install subscribe unsubscribe pause resume skip
replay rewind shuffle repeat cast mirror connect disconnect pair charge recharge refund reimburse
deposit withdraw owe lend borrow split tip tipping commute travel relocate depart arrive board
transfer connect reach contact phone dial call text message email notify alert remind
assist support handle manage suggest propose offer recommend advise prefer favor favour choose pick
select decide determine figure guess estimate calculate compare consider review rate rank
describe explain mention state specify indicate note add include exclude omit remove delete erase
possibly probably definitely certainly absolutely surely clearly obviously simply basically
specifically particularly especially generally usually normally typically mostly mainly merely
exactly approximately roughly nearly almost barely hardly quite fairly pretty rather somewhat
honestly seriously literally actually really truly totally completely entirely fully partly
instead otherwise anyway anyhow anyways besides meanwhile moreover furthermore nevertheless
nonetheless however therefore hence thus accordingly consequently afterwards afterward beforehand
earlier earliest later latest sooner soonest nowadays lately recently currently presently shortly
immediately eventually finally initially originally previously already yet still else elsewhere
someplace anyplace everyplace noplace somewhere anywhere everywhere nowhere whichever whatever
whoever whomever wherever whenever however either neither plenty enough various several
yup yep yeah yea yah ya nah naw nope oops whoops darn dang damn gosh geez jeez wow whoa woah
aw aww ugh yay hooray hurray congrats congratulations cheers welcome eh uh uhh uhhh umm ummm hmm
hmmm mm mhm uh-huh huh ah ahh oh ohh ok okey okie k kk lol haha hehe xd thx ty np nevermind
never-mind goodbye good-bye bye-bye farewell greetings pardon apologies apology apologize
apologise sorry excuse regret unfortunately fortunately luckily hopefully sadly thankfully
reference references ref confirmation code number numbers id ids identifier receipt invoice
details detail summary specifics particulars info information postcode zipcode zip address
contact contacts phone telephone email website site link url page app application account
temperature humidity wind rain snow sunshine weather forecast degrees fahrenheit celsius
percent percentage chance precipitation cloudy rainy sunny windy foggy humid chilly freezing
procedure treatment checkup check-up cleaning exam examination consultation visit appointment
admission admissions entrance entry fee fees cost costs charge charges fare fares price pricing
campus building buildings facility facilities amenities amenity feature features service
calendar schedule agenda reminder reminders alarm alarms event events occasion plans
soundtrack soundtracks playlist playlists track tracks tune tunes album albums single singles
song songs artist artists band bands singer singers genre genres category categories
acceptable unacceptable understood agreed noted fine alright all-right handwritten printed
preferable suitable convenient available unavailable booked full busy open closed
bigger smaller larger cheaper pricier nicer closer further farther better worse best worst
newest oldest biggest smallest closest nearest highest lowest
particular throughout payable yuor thier teh savings checking
"""))


# Function words that end a name run found after a cue ("recommend X, they ..."), and never start one.
FUNCTION_WORDS = frozenset(words("""
a an and are as at be been being but by can could did do does for from had has have he her here hers
him his how i if in into is it its me my no nor not of on or our ours she should so than that the
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

# Kinds of doctors and services, slot type.
SERVICE_TYPES = ("general practitioner", "gp", "family doctor", "primary care", "dermatologist",
                 "ophthalmologist", "optometrist", "psychiatrist", "psychologist", "pediatrician",
                 "paediatrician", "gynecologist", "obstetrician", "cardiologist", "neurologist",
                 "orthopedist", "ent specialist", "ent", "dentist", "orthodontist", "chiropractor",
                 "physiotherapist", "physical therapist", "therapist", "surgeon", "urologist", "oncologist",
                 "allergist", "podiatrist", "hairdresser", "barber", "stylist", "nail salon", "massage")

US_STATES = (
    "alabama", "alaska", "arizona", "arkansas", "california", "colorado", "connecticut", "delaware",
    "florida", "georgia", "hawaii", "idaho", "illinois", "indiana", "iowa", "kansas", "kentucky",
    "louisiana", "maine", "maryland", "massachusetts", "michigan", "minnesota", "mississippi", "missouri",
    "montana", "nebraska", "nevada", "new hampshire", "new jersey", "new mexico", "new york",
    "north carolina", "north dakota", "ohio", "oklahoma", "oregon", "pennsylvania", "rhode island",
    "south carolina", "south dakota", "tennessee", "texas", "utah", "vermont", "virginia", "washington",
    "west virginia", "wisconsin", "wyoming", "british columbia", "ontario", "quebec",
)
COUNTRIES = (
    "usa", "us", "u.s.", "u.s.a.", "united states", "america", "uk", "u.k.", "united kingdom", "england",
    "scotland", "wales", "ireland", "northern ireland", "canada", "mexico", "france", "germany", "italy",
    "spain", "portugal", "netherlands", "holland", "belgium", "switzerland", "austria", "sweden", "norway",
    "denmark", "finland", "iceland", "poland", "czech republic", "czechia", "hungary", "greece", "turkey",
    "russia", "ukraine", "china", "japan", "korea", "south korea", "india", "pakistan", "bangladesh",
    "sri lanka", "nepal", "thailand", "vietnam", "malaysia", "singapore", "indonesia", "philippines",
    "australia", "new zealand", "brazil", "argentina", "chile", "peru", "colombia", "venezuela", "cuba",
    "jamaica", "egypt", "morocco", "kenya", "nigeria", "ethiopia", "south africa", "ghana", "tanzania",
    "israel", "jordan", "lebanon", "uae", "united arab emirates", "saudi arabia", "qatar", "iran", "iraq",
    "taiwan", "hong kong", "croatia", "serbia", "romania", "bulgaria", "scandinavia", "europe", "asia",
    "africa",
)
# fmt: on
