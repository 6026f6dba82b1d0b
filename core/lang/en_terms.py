"""Lexicon terms of English text (cuisines, venue types, facilities, genres, car and seat classes,
...) with their slot, bare yes/no answers, food words and room devices: the term finders of
``core.lang.en_entities``, split from en_values (which keeps money, contacts, ids,
addresses and places).
"""

from __future__ import annotations

import re
from functools import cache

from core.lang.en_lexicon import AREAS, DEVICE_WORDS, PRICE_WORDS, ROOM_WORDS, words
from core.lang.en_phrases import find_phrases
from core.lang.en_values import PRIO, Candidate, term_table

# Lexicon terms by slot, most specific first; ambiguous everyday words are only taken in phrases.
_AMBIGUOUS_TERMS = frozenset(
    words("""first show play game games match fair family war history action value window aisle black express
    comfort premier private fiction kids foreign teen novel dance house hall bridge tower trail lake
    station terminal club check cash phone office study den current home homes suite reservations
    delivery accessible water art echo lux soul latin southern western modern traditional contemporary
    organic healthy fish chicken tea coffee juice credit debit electric hybrid truck pickup premium
    center centre market school library direct studio tablet fusion steak salad wings crab lounge patio garage
    speaker speakers mystery country independent ghost disaster detective memoir poetry biography
    superhero psychological noir dark alternative folk funk acoustic new age ambient standard regular
    pool luxury economy compact intermediate shared van jeep spa gym kitchen balcony furnished smoking
    washer dryer elevator fireplace shuttle restaurant restaurants hotels attraction bed landmark inn
    terrace mall bar pub cafe deli diner breakfast business coach value crime romance musical rock pop
    metal soul country house concert concerts theater theatre romantic animated
    family kids anime western funny scary checking savings""")
)


# An ambiguous word is a value when the turn is about its kind of thing ("a standard car", "rock concert").
_GROUP_CONTEXT = {
    "car_type": r"cars?|vehicles?|rent|rental|suv|sedan|pick\s*up|drop\s*off",
    "type": r"cars?|ride|rides|cab|taxi|uber|lyft|hotels?|stay|accommodations?|lodging|place|"
    r"attractions?|visit|"
    r"movies?|films?|show|showing|screening|seats?|tickets?|go|see|looking|type|kind|sort",
    "seat_class": r"flights?|fly|flying|tickets?|seats?|class|cabin|airlines?|trains?|bus|fare",
    "genre": r"movies?|films?|shows?|songs?|music|listen|play|watch|genre|concerts?|events?|games?|"
    r"tickets?|band|artist|album|books?|see|attend",
    "facility": r"hotels?|rooms?|stay|place|apartments?|house|have|has|with|offer|offers|need|include|"
    r"includes|free|restaurants?|serve|serves",
    "food": r"food|cuisine|restaurants?|eat|eating|dinner|lunch|breakfast|place|serve|serves|serving|meal|"
    r"dish|menu|hungry|table",
    "item": r"play|playing|speaker|device|tv|cast|pay|paying|payment|method",
    "account": r"accounts?|transfer|send|pay|balance|bank|money|from|to|have|has",
}


# Words that make a lexicon word (or an ambiguous one) a value: "a compact car", "regular ride".
_TERM_CONTEXT = re.compile(
    r"^\s*,?\s*(?:-?\s*)(?:car|cars|vehicle|ride|rides|seat|seats|class|ticket|tickets|fare|account|type|"
    r"genre|music|movie|movies|film|films|show|shows|food|cuisine|restaurant|restaurants|place|places|"
    r"speaker|speakers|one|option|version|format|style|songs?|concerts?|events?|games?|matches|area|part|"
    r"side|range|price|priced|accommodations?|hotel|guesthouse|lodging|stay|room|rooms|please|screening|"
    r"sounds|works|would\s+(?:be|work|do)|is\s+(?:fine|good|great|perfect|ok|okay|best))\b",
    re.IGNORECASE,
)


@cache
def _group_context() -> dict[str, re.Pattern[str]]:
    return {slot: re.compile(rf"\b(?:{p})\b", re.IGNORECASE) for slot, p in _GROUP_CONTEXT.items()}


_YES_NO = re.compile(
    r"^\s*(?P<w>yes|no)\b(?!\s*(?:,\s*)?(?:thanks?|thank\s+you|that['’]?s\s+(?:all|it)|problem|"
    r"worries|need|,?\s*not\b|i\s+(?:don['’]?t|do\s+not)\s+need))",
    re.IGNORECASE,
)


def answers(text: str) -> list[Candidate]:
    """A leading 'yes'/'no' answer: the value of the yes/no question it answers (wifi, parking, ...)."""
    m = _YES_NO.match(text)
    if m is None:
        return []
    return [Candidate(m.start("w"), m.end("w"), "term", m.group("w").lower(), "other", PRIO["number"])]


_HYPHEN_OK = re.compile(r"-(?:type|style|like|based|priced)\b", re.IGNORECASE)


# Words that are a value ("a play", "music events") far less often than a verb or a domain word
# ("play the song", "enjoy your music"): only taken before a value noun, in a list or capitalized.
# What may stand around a value given alone as the whole answer ("Luxury.", "the regular one please").
_ALONE = re.compile(
    r"[\s,.!?]*(?:(?:ok(?:ay)?|yes|yeah|sure|hmm|um|maybe|just|the|a|an|i'?ll\s+take|let'?s\s+do|"
    r"how\s+about|what\s+about)[\s,.!?]+)*(?:one|please|then|instead|thanks|thank\s+you|[\s,.!?])*",
    re.IGNORECASE,
)
_VERB_LIKE_TERMS = frozenset(words("play plays music show shows match dance"))
_VERB_LIKE_CONTEXT = re.compile(
    r"\s*,?\s*-?\s*(?:events?|concerts?|shows?|tickets?|music|genre|type|category|festivals?|performances?)\b",
    re.IGNORECASE,
)
_MUSIC_AS_MEDIA = re.compile(
    r"\b(?:play|playing|played|listen(?:ing)?\s+to|hear|stream|the|your|my|some|this|that|of)\s+(?:\w+\s+)?$",
    re.IGNORECASE,
)
_ARTICLE_BEFORE = re.compile(r"\b(?:a|the|this|that|any|some)\s+$", re.IGNORECASE)
# an object right after the word makes it the verb ("and play the movie", "play it", "show me")
_OBJECT_AFTER = re.compile(
    r"\s+(?:the|a|an|it|them|this|that|these|those|some|my|your|our|me|us|him|her)\b", re.IGNORECASE
)
_LIST_AROUND = re.compile(r"\s*(?:,|\bor\b|\band\b)", re.IGNORECASE)
_LIST_BEFORE = re.compile(r"(?:,|\bor|\band)\s*$", re.IGNORECASE)


def _in_a_list(text: str, start: int, end: int) -> bool:
    """'music, sports, or something else': a word between commas or before 'or' names an option."""
    return bool(_LIST_AROUND.match(text, end) or _LIST_BEFORE.search(text, 0, start))


def _capitalized_mid_sentence(text: str, start: int) -> bool:
    """'some Country, like ...': a capital letter inside a sentence marks the word as a value."""
    before = text[:start].rstrip()
    return text[start].isupper() and bool(before) and before[-1] not in ".!?:;\"'“(-"


# Price words that are also nouns: "my budget is $500", "a budget of 300" name an amount, not a
# price range ("a budget hotel" is one).
_PRICE_NOUNS = frozenset(words("budget"))
_NOUN_AFTER = re.compile(r"\s*(?:is|was|of|would\s+be|will\s+be|[:=]|\.|,|$)", re.IGNORECASE)
_DETERMINER_BEFORE = re.compile(r"\b(?:my|our|your|their|his|her|total|max(?:imum)?)\s+$", re.IGNORECASE)


def _price_word_as_noun(text: str, start: int, end: int, key: str) -> bool:
    """'my budget is $500': the price word is a noun naming an amount, so no price range."""
    return key in _PRICE_NOUNS and bool(
        _NOUN_AFTER.match(text, end) or _DETERMINER_BEFORE.search(text, 0, start)
    )


# A nationality word is a cuisine only as food: before a language ("Australian English", "American Sign
# Language"), after a possessive ("my English needs editing") or said of a person ("I am Korean") it
# names a language or where someone is from; a word of food after it (_GROUP_CONTEXT: "my Italian
# dinner") keeps it food.
_LANGUAGE_AFTER = re.compile(
    r"\s+(?:english|spelling|sign\s+language|language|accent|citizens?(?:hip)?|passports?|nationals?|"
    r"speakers?|translations?|subtitles?|keyboard|grammar|dialect)\b",
    re.IGNORECASE,
)
_PERSON_BEFORE = re.compile(
    r"\b(?:(?:i\s+am|i['’]m|(?:he|she|it)\s+is|(?:he|she)['’]s|(?:we|they)\s+are|(?:we|they)['’]re)"
    r"(?:\s+(?:also|half|both|originally|a|an))*|my|your|his|her|our|their)\s+$",
    re.IGNORECASE,
)


def _nationality_not_food(text: str, start: int, end: int) -> bool:
    """True when a cuisine word names a language or a person's nationality, not food (see above)."""
    if _LANGUAGE_AFTER.match(text, end):
        return True
    # a nationality is capitalized; a diet said of a person ("I'm vegetarian") stays what they eat
    person = text[start].isupper() and _PERSON_BEFORE.search(text, 0, start)
    return bool(person) and not _group_context()["food"].match(text[end:].lstrip())


def terms(text: str) -> list[Candidate]:
    """Lexicon terms with their slot: cuisine -> food, 'cheap' -> price_range, 'north' -> area, ...

    An everyday word that is also a value ('standard', 'rock', 'pool') counts only when the turn talks
    about its kind of thing (a car, music, a ride, ...) or a value noun follows it."""
    table, longest = term_table()
    contexts = _group_context()
    out = []
    for start, end, key in find_phrases(text, table, longest):
        if text[end : end + 1] == "-" and not _HYPHEN_OK.match(text, end):
            continue
        slot, canon = table[key]
        if _price_word_as_noun(text, start, end, key):
            continue
        if slot == "food" and _nationality_not_food(text, start, end):
            continue
        if key == "checking" and re.match(r"\s+(?:in|into|out)\b", text[end:], re.IGNORECASE):
            continue  # "checking in on March 1st": a hotel stay, not an account
        verb = _OBJECT_AFTER.match(text, end) and not _ARTICLE_BEFORE.search(text, 0, start)
        if key in _VERB_LIKE_TERMS and verb:
            continue  # a verb with its object ("go ahead and play the movie"), not "a play this week"
        if key in _VERB_LIKE_TERMS and not (
            _VERB_LIKE_CONTEXT.match(text, end)
            or _capitalized_mid_sentence(text, start)
            or _in_a_list(text, start, end)
            or (key == "music" and not _MUSIC_AS_MEDIA.search(text, 0, start))
            or (key in ("play", "plays") and _ARTICLE_BEFORE.search(text, 0, start))
        ):
            continue
        if (
            key in _AMBIGUOUS_TERMS
            and slot not in ("price_range", "area")
            and not _TERM_CONTEXT.match(text[end:])
            and not (slot == "account" and _in_a_list(text, start, end))  # "checking or savings?"
            and not _capitalized_mid_sentence(text, start)
            and not _ALONE.fullmatch(text[:start] + text[end:])
        ):
            ctx = contexts.get(slot)
            if ctx is None or not (ctx.search(text, 0, start) or ctx.search(text, end)):
                continue
        out.append(
            Candidate(
                start, end, "term", canon.lower(), _term_slot(text, start, end, key, slot), PRIO["term"]
            )
        )
    return out


# Words of two vocabularies: a seat class or a kind of car ("economy"), a facility or a ride ("pool").
_VEHICLE_TOO = frozenset(words("economy premium pool"))
_VEHICLE_CONTEXT = re.compile(
    r"\b(?:cars?|vehicles?|rent(?:al|ing)?|suv|sedan|ride|rides|cab|taxi|uber|lyft|driver|pick\s*up|drop\s*off)\b",
    re.IGNORECASE,
)


# The broad kinds of event: a genre ("rock", "basketball", "classical") narrows one of them, so "music
# events" then "classical" are two values (category and genre), never one replacing the other.
_BROAD_KINDS = frozenset(words("music sports sport theater theatre"))


def _term_slot(text: str, start: int, end: int, key: str, slot: str) -> str:
    """The slot hint of a lexicon term. Kinds of car and of ride share one slot, "type" (as do show
    formats), so "Luxury" and "Pool" for one ride land on one key whoever says them and however;
    "economy" and "pool" are a kind of vehicle when the turn talks about cars or rides (or, for a
    ride, when capitalized: "a Pool"); a broad kind of event is its category (_BROAD_KINDS)."""
    if slot == "car_type":
        return "type"
    if slot == "genre" and key in _BROAD_KINDS:
        return "category"
    if key in _VEHICLE_TOO and (
        _VEHICLE_CONTEXT.search(text) or (key == "pool" and _capitalized_mid_sentence(text, start))
    ):
        return "type"
    return slot


_BEFORE_FOOD = re.compile(
    r"\b(?P<w>[A-Za-z][a-z]+(?:-[a-z]+)?)\s+(?:food|cuisine|dishes|fare)\b", re.IGNORECASE
)


def food_words(text: str) -> list[Candidate]:
    """'eritrean food', 'christmas food': an uncommon word before food/cuisine is a cuisine."""
    from core.lang.en_name_words import is_everyday  # the everyday-English test lives with the name rules

    out = []
    for m in _BEFORE_FOOD.finditer(text):
        w = m.group("w").lower()
        if not is_everyday(w) and w not in PRICE_WORDS and w not in AREAS:
            out.append(Candidate(m.start("w"), m.end("w"), "term", w, "food", PRIO["term"]))
    return out


@cache
def _room_device() -> re.Pattern[str]:
    rooms = "|".join(sorted(ROOM_WORDS, key=len, reverse=True))
    devices = "|".join(sorted(DEVICE_WORDS, key=len, reverse=True))
    return re.compile(
        rf"\b(?:{rooms})\s+(?:{devices})\b"
        rf"|\b(?P<device>{devices})\s+in\s+(?:(?:the|my|our)\s+)?(?P<room>{rooms})\b",
        re.IGNORECASE,
    )


def rooms_and_devices(text: str) -> list[Candidate]:
    """'kitchen speaker', 'living room TV': a room word before a device word; 'the speaker in my
    bedroom' is the same device said the other way round, its value the room word first ('bedroom
    speaker'), so a later read-back of it is the same value."""
    out = []
    for m in _room_device().finditer(text):
        value = m.group(0).lower()
        if m.group("device"):
            value = f"{m.group('room')} {m.group('device')}".lower()
        out.append(Candidate(m.start(), m.end(), "term", value, "item", PRIO["term"]))
    return out
