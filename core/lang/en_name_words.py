"""The word tables and tokens of the English name rules (core.lang.en_names): everyday English with
simple inflections, value and venue words, and the tokenizer with its capitalization tests.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from core.lang.en_lexicon import (
    AREAS,
    CAR_TYPES,
    CITIES,
    COMMON_WORDS,
    COMMON_WORDS_MORE,
    CUISINES,
    DEVICE_WORDS,
    EVENT_CATEGORIES,
    EVENT_NOUNS,
    FACILITIES,
    FUNCTION_WORDS,
    GENRES,
    MONTHS,
    PRICE_WORDS,
    SEAT_CLASSES,
    TENS,
    UNITS,
    VENUE_TYPES,
    WEEKDAYS,
    words,
)
from core.lang.vocab import tagged, word_set

TOKEN_PATTERN = re.compile(r"(?:[A-Za-z]\.){2,}|[A-Za-z0-9À-ÿ]+(?:['’][A-Za-z]+)*(?:[-][A-Za-z0-9À-ÿ]+)*|&")
CONNECTORS = frozenset(words("of the and & de del la le du da di von van der den vs vs. y"))
# Lowercase words allowed between two capitalized parts of one name ("Courtyard by Marriott").
CAPS_CONNECTORS = CONNECTORS | frozenset({"by", "for"})
ABBREV = tagged("en_abbreviations.tsv", "title")
NAME_ABBREV = tagged("en_abbreviations.tsv", "name")
SUFFIX_AFTER_COMMA = tagged("en_abbreviations.tsv", "suffix")
# A person's credential after the name ("Zimmer J Kirk MD"): the suffixes that are no company form.
CREDENTIALS = frozenset(s for s in SUFFIX_AFTER_COMMA if s not in tagged("en_abbreviations.tsv", "name"))
# Words that start a sentence as grammar, never as part of a name that follows.
STARTERS = word_set("en_sentence_starters.txt")
DATE_WORDS = frozenset([*WEEKDAYS, *MONTHS, "today", "tomorrow", "tonight", "yesterday"])
NUMBER_WORDS = frozenset([*UNITS, *TENS, "hundred", "thousand"])
CONTRACTION_TAILS = frozenset(words("ll ve d re m t e s"))
EVERYDAY = COMMON_WORDS | COMMON_WORDS_MORE | FUNCTION_WORDS
VALUE_WORDS = frozenset(w for phrase in [*PRICE_WORDS, *AREAS] for w in phrase.split())
# Words of the value lexicons: a run made only of these is a value, not a name ("Indian restaurant").
LEXICON_WORDS = VALUE_WORDS | frozenset(
    w
    for phrase in [
        *CUISINES,
        *VENUE_TYPES,
        *FACILITIES,
        *GENRES,
        *EVENT_CATEGORIES,
        *CAR_TYPES,
        *SEAT_CLASSES,
        *DEVICE_WORDS,
    ]
    for w in phrase.split()
)
CUISINE_WORDS = frozenset(CUISINES)
CUISINE_TOKENS = frozenset(w for c in CUISINES for w in c.split())
CITY_WORDS = frozenset(w for c in CITIES for w in c.split())
VENUE_NOUNS = tuple(sorted(VENUE_TYPES, key=len, reverse=True))
VENUE_SINGLE = frozenset(v for v in VENUE_TYPES if " " not in v) | frozenset(
    words(
        "airlines airways air shop depot co grill kitchen brasserie tavern bistro steakhouse cafe bar pub "
        "hotel "
        "restaurant church college museum gallery galleries theatre theater cinema house lodge inn"
    )
)
EVENT_SINGLE = frozenset(EVENT_NOUNS)
GENERIC_VENUE = frozenset(
    words(
        "restaurant restaurants place places hotel hotels house homes hall centre center "
        "station airport terminal bar pub cafe club park parks pool attraction "
        "attractions college colleges museum museums theatre theater cinema "
        "cinemas church churches gallery galleries spa gym school market"
    )
)
# Everyday nouns that never name a thing on their own, capitalized or not ("Reference", "City").
GENERIC_NOUNS = frozenset(
    words(
        """id reference ref contact number phone address postcode city town station airport cab taxi
        bus train car flight ride restaurant hotel table room event concert show movie song album game games
        ticket booking reservation appointment fahrenheit celsius degree temperature humidity
        weather wind rain price fee time date day night"""
    )
)
# Kinds of car and seat that lead a capitalized run without being part of a name ("Standard Honda").
CLASS_WORDS = frozenset(
    w
    for phrase in [*CAR_TYPES, *SEAT_CLASSES]
    for w in phrase.split()
    if w not in ("first", "value", "direct")
)
PLAIN_VALUE_WORDS = LEXICON_WORDS - frozenset(w for v in VENUE_TYPES for w in v.split())
MEDIA_NOUNS = frozenset(
    words("songs song music movies movie films film tickets ticket events event cars car")
)
DEVICE_TOKENS = frozenset(w for d in DEVICE_WORDS for w in d.split())
CURRENCY_CODES = frozenset(words("gbp usd eur cny jpy inr gnp rmb"))
DETERMINERS = frozenset(words("a an another any some my your our their his her desired preferred"))
# Lowercase words that end a capitalized place or venue name ("London Kings cross", "Bangkok city").
TRAILING_PARTS = frozenset(words("street station airport cross lane road square bridge park city"))
# Last words of a descriptive phrase, not a name ("thai food", "a cheap hotel", "great choice").
GENERIC_TAIL = frozenset(
    words("""food foods cuisine cuisines restaurant restaurants place places hotel hotels guesthouse
    guesthouses one ones option options area areas part side range price prices type types kind style dish
    dishes meal meals choice choices idea time times day days night nights price pricing stuff thing things
    attraction attractions entertainment information info details number numbers rating ratings""")
)
PLACE_PARTS = frozenset(
    words(
        "new street station airport cross international lane road square central north south "
        "east west upon city town park bridge"
    )
)
VERB_AFTER = frozenset(
    words("""is are was were has have had serves serve seems seem would will sounds sound looks
    look offers offer can does do located meets meet sits provides features matches fits might could should
    may costs cost opens closes gets got has is's isn't""")
)

# Words that end a run after a strong cue ("call it out of office at 12:45").
STRONG_STOP = frozenset(
    words(
        "at on for from with to by in and please i it this that which who is are was will would "
        "starting since so but or as"
    )
)
STRONG_START = frozenset(words("out up down over off"))
# Adjectives that describe an event rather than name it ("a great visit", "your upcoming meeting").
NOT_EVENT_MODIFIERS = frozenset(
    words(
        "good great nice perfect wonderful lovely upcoming specific next first last new big small same other "
        "another short long quick early late available possible special fun amazing awesome best better "
        "successful enjoyable pleasant previous current earliest latest total am pm a.m p.m"
    )
)
# Verbs and domain words that start no event name ("prefer concert events", "a hotel reservation").
NOT_EVENT_STARTS = frozenset(
    words(
        """prefer like love want need use make book have enjoy attend schedule add see watch cancel
        find get try hotel restaurant car taxi cab bus train flight table room confirm confirmed
        reschedule upcoming"""
    )
)
# cue -> kind. Strong cues accept any words; weak ones need a word that is not everyday English.
CUES: tuple[tuple[str, str], ...] = (
    (
        r"called|named|labell?ed|label\s+it|name\s+is|name\s+was|name's|known\s+as|titled|entitled|call\s+it|name\s+it|"
        r"(?:event|it)\s+as|album|the\s+song|song\s+called|track|movie\s+called|film\s+called",
        "strong",
    ),
    (
        r"recommend|suggest|how\s+about|what\s+about|there\s+is|there's|there\s+are|try|booked\s+(?:you\s+)?"
        r"(?:at|into|in)|(?:table|reservation|booking)\s+at|successful\s+at|listing\s+for|listings\s+for|"
        r"info(?:rmation)?\s+(?:on|about|for)|details\s+(?:on|about|for)|address\s+(?:of|for)|number\s+(?:of|for)|"
        r"postcode\s+(?:of|for)|option\s+is|at",
        "weak",
    ),
    (
        r"from|to|depart|departs|departing|departure|leave|leaves|leaving|arrive\s+(?:in|at)|arriving\s+(?:in|at)|"
        r"arrives\s+(?:in|at)|get\s+to|going\s+to|go\s+to|headed\s+to|heading\s+to|head\s+to|travel\s+to|"
        r"destination\s+is|pick\s+me\s+up\s+(?:at|from)|out\s+of",
        "travel",
    ),
)


@dataclass(frozen=True)
class NameSpan:
    """A proper-name span: offsets and the rule that found it (caps, venue, event, cue, travel, ...)."""

    start: int
    end: int
    how: str


@dataclass(frozen=True)
class Token:
    text: str
    low: str
    start: int
    end: int
    sent_start: bool


# Derivational endings of English words ("assortment", "placement", "prevailing", "accompanying"): a
# word built with one is vocabulary, not a name, even when the word lists do not hold it. Each with the
# shortest stem it needs (so "sing", "ring", "king" or "Ming" are never read as a stem plus "-ing").
_DERIVED_ENDINGS = (
    ("ments", 4), ("ment", 4), ("tions", 3), ("tion", 3), ("sions", 3), ("sion", 3), ("ness", 4),
    ("ances", 4), ("ance", 4), ("ences", 4), ("ence", 4), ("ous", 4), ("ful", 4), ("less", 4),
    ("ables", 4), ("able", 4), ("ible", 4), ("izing", 3), ("ising", 3), ("ized", 3), ("ised", 3),
    ("ize", 3), ("ise", 4), ("ingly", 4), ("ing", 5),
)
_VOWELS = frozenset("aeiouy")


def derived_word(low: str) -> bool:
    """True for a lowercase word made with an English derivational ending on a stem of a few letters
    with a vowel ("assortment", "prevailing"): a word of the language, not a proper name."""
    if not low.isalpha():
        return False
    for ending, stem_len in _DERIVED_ENDINGS:
        if low.endswith(ending):
            stem = low[: -len(ending)]
            return len(stem) >= stem_len and any(c in _VOWELS for c in stem)
    return False


@lru_cache(maxsize=65536)
def is_everyday(low: str) -> bool:
    """True for everyday English words, their simple inflections (books, booked, booking, nicer) and
    words with a derivational ending (derived_word)."""
    if low in EVERYDAY or derived_word(low):
        return True
    base, apo, tail = low.replace("’", "'").partition("'")
    if apo and tail in CONTRACTION_TAILS and base in EVERYDAY:
        return True  # "it'll", "that'll", "we've", "your'e"
    for suffix, repl in (
        ("ies", "y"),
        ("ied", "y"),
        ("es", ""),
        ("s", ""),
        ("ed", ""),
        ("ed", "e"),
        ("ing", ""),
        ("ing", "e"),
        ("ly", ""),
        ("bly", "ble"),  # "regrettably", "noticeably": the adverb of an everyday adjective
        ("er", ""),
        ("er", "e"),
        ("est", ""),
        ("'s", ""),
        ("’s", ""),
    ):
        if low.endswith(suffix) and len(low) - len(suffix) >= 2:
            stem = low[: len(low) - len(suffix)] + repl
            if stem in EVERYDAY or (suffix == "bly" and derived_word(stem)):
                return True
            if (
                suffix in ("ed", "ing", "er", "est")
                and len(stem) > 2
                and stem[-1] == stem[-2]
                and stem[:-1] in EVERYDAY
            ):
                return True
    return False


def name_word(low: str) -> bool:
    """A word that can only be (part of) a name: not everyday English, not a value word, not a number."""
    return (
        len(low) > 1
        and low.isalpha()
        and low not in LEXICON_WORDS
        and low not in NUMBER_WORDS
        and low not in DATE_WORDS
        and not is_everyday(low)
    ) or (
        "'" in low and low.replace("'", "").isalpha() and not is_everyday(low) and low not in LEXICON_WORDS
    )


_HARD_BREAK = re.compile(r"[!?:;\n\"“()]")
_PERIOD_BREAK = re.compile(r"\.(?!\w)")


def tokenize(text: str) -> list[Token]:
    toks: list[Token] = []
    prev_end = 0
    prev_text = ""
    for m in TOKEN_PATTERN.finditer(text):
        gap = text[prev_end : m.start()]
        hard = bool(_HARD_BREAK.search(gap)) if gap.strip() else False
        boundary = not toks or hard or ("." in gap and bool(_PERIOD_BREAK.search(gap)))
        # "Dr. Vahid", "B. Scott": the period ends an abbreviation or an initial, not a sentence
        if (
            boundary
            and toks
            and not hard
            and (prev_text.lower() in ABBREV or (len(prev_text) == 1 and prev_text.isupper()))
        ):
            boundary = False
        t = m.group(0)
        toks.append(Token(t, t.lower(), m.start(), m.end(), boundary))
        prev_end, prev_text = m.end(), t
    return toks


def is_cap(tok: str) -> bool:
    return tok[:1].isupper() or (tok[:1].isdigit() and any(c.isalpha() for c in tok) and tok[-1:].isupper())


def cap_word(tok: Token, nxt: Token | None) -> bool:
    """Whether tok can be part of a capitalized name run."""
    t, low = tok.text, tok.low
    if not is_cap(t):
        return False
    if t == "I" and not tok.sent_start and _title_after_i(tok, nxt):
        return True  # "play I Will Survive": a title-cased title opened by "I"
    if (
        low in _PRONOUN_I
        or low in ("am", "pm", "ok")
        or low in DATE_WORDS
        or low in CURRENCY_CODES
    ):
        return False
    if t.isupper() and len(t) > 1 and low in FUNCTION_WORDS:
        return False  # "do NOT backfill", "ALL of them": a grammar word in capitals for emphasis
    if _MAGNITUDE.fullmatch(t) and not (nxt is not None and is_cap(nxt.text)):
        return False  # "40M rows", "5K users": a number with its magnitude, not a name like "221B Baker"
    if tok.sent_start:
        if low in STARTERS and not (low == "the" and nxt is not None and is_cap(nxt.text)):
            return False
        if low != "the" and (is_everyday(low) or low in NUMBER_WORDS):  # "Ten then": a count
            # "Green Park" is a name; "Regrettably, I've ...": an everyday word opening the sentence,
            # then a comma or the pronoun I
            return (
                nxt is not None
                and is_cap(nxt.text)
                and nxt.low not in STARTERS
                and nxt.low not in _PRONOUN_I
                and not nxt.sent_start
                and nxt.start == tok.end + 1
            )
    return True


def _title_after_i(tok: Token, nxt: Token | None) -> bool:
    """Mid-sentence, the pronoun "I" is followed by a lowercase verb ("then I want"); right before a
    capitalized word that is no date word nor another "I", it opens a title-cased title ("play I
    Will Survive", "how about I Want It That Way")."""
    return (
        nxt is not None
        and nxt.start == tok.end + 1
        and not nxt.sent_start
        and nxt.text.isalpha()
        and is_cap(nxt.text)
        and nxt.low not in _PRONOUN_I
        and nxt.low not in DATE_WORDS
    )


_PRONOUN_I = frozenset(("i", "i'm", "i'd", "i'll", "i've", "i’m", "i’d", "i’ll", "i’ve"))
_MAGNITUDE = re.compile(r"\d+(?:\.\d+)?[KMB]")


def spaced(text: str, a: Token, b: Token) -> bool:
    return text[a.end : b.start] == " "


def gap_ok(text: str, a: Token, b: Token) -> bool:
    gap = text[a.end : b.start]
    if gap in (" ", "-", " - ", " & "):
        return True
    if gap == ". " and (a.low in ABBREV or (len(a.text) == 1 and a.text.isupper())):
        return True
    return gap in (", ", " , ") and b.low.replace(".", "") in {
        s.replace(".", "") for s in SUFFIX_AFTER_COMMA
    }


def leading_all(text: str, toks: list[Token], j: int, noun: str) -> bool:
    """'all saints church': an 'all' right before a venue name whose noun is singular belongs to the
    name (a quantifier 'all' takes a plural: 'all indian restaurants')."""
    return (
        j >= 0
        and toks[j].low == "all"
        and not toks[j + 1].sent_start
        and spaced(text, toks[j], toks[j + 1])
        and not noun.endswith("s")
    )


def possessive_base(low: str) -> str:
    """'hotel's' -> 'hotel'."""
    return low[:-2] if low.endswith(("'s", "’s")) else low


BUSINESS_FORMS = frozenset("co co. ltd ltd. inc inc. llc plc corp corp. gmbh".split())


def business_tail(text: str, toks: list[Token], end: int) -> int:
    """The index of the last token of a name whose last token is toks[end], with the business-form
    suffixes after it ("scudamores punting co", "Acme Supplies Ltd"): part of the name."""
    while end + 1 < len(toks) and toks[end + 1].low in BUSINESS_FORMS:
        if not spaced(text, toks[end], toks[end + 1]):
            break
        end += 1
    return end
