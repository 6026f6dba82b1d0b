"""Proper names in English text: venues, people, titles, events, places.

Dialogue text is often lowercase ("how about curry prince?"), so capitalization is one rule of several:
- caps: capitalized runs ("The Golden Curry", "Whipple Museum of the History of Science", "Dr. Vahid Feiz"),
  minus sentence-initial grammar words, extended by trailing venue nouns ("United airlines");
- venue: words that are not everyday English right before a venue-type noun ("lovell lodge");
- event: content words before an event noun ("dentist appointment", "stylist visit");
- cue: the words after a naming or offering cue ("called ali baba", "how about cotto?", "album X");
- travel: the words after from/to ("from bishops stortford") -> a place;
- subject: a sentence-initial run before a verb ("kambar is the club ...");
- versus: "giants vs brewers".
"Everyday English" is the general word lists of en_lexicon with simple inflection stripping.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache

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

_TOKEN = re.compile(r"(?:[A-Za-z]\.){2,}|[A-Za-z0-9À-ÿ]+(?:['’][A-Za-z]+)*(?:[-][A-Za-z0-9À-ÿ]+)*|&")
_CONNECTORS = frozenset(words("of the and & de del la le du da di von van der den vs vs. y"))
# Lowercase words allowed between two capitalized parts of one name ("Courtyard by Marriott").
_CAPS_CONNECTORS = _CONNECTORS | frozenset({"by", "for"})
_ABBREV = tagged("en_abbreviations.tsv", "title")
_NAME_ABBREV = tagged("en_abbreviations.tsv", "name")
_SUFFIX_AFTER_COMMA = tagged("en_abbreviations.tsv", "suffix")
# Words that start a sentence as grammar, never as part of a name that follows.
_STARTERS = word_set("en_sentence_starters.txt")
_DATE_WORDS = frozenset([*WEEKDAYS, *MONTHS, "today", "tomorrow", "tonight", "yesterday"])
_NUMBER_WORDS = frozenset([*UNITS, *TENS, "hundred", "thousand"])
_CONTRACTION_TAILS = frozenset(words("ll ve d re m t e s"))
_EVERYDAY = COMMON_WORDS | COMMON_WORDS_MORE | FUNCTION_WORDS
_VALUE_WORDS = frozenset(w for phrase in [*PRICE_WORDS, *AREAS] for w in phrase.split())
# Words of the value lexicons: a run made only of these is a value, not a name ("Indian restaurant").
_LEXICON_WORDS = _VALUE_WORDS | frozenset(
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
_CUISINE_WORDS = frozenset(CUISINES)
_CUISINE_TOKENS = frozenset(w for c in CUISINES for w in c.split())
_CITY_WORDS = frozenset(w for c in CITIES for w in c.split())
_VENUE_NOUNS = tuple(sorted(VENUE_TYPES, key=len, reverse=True))
_VENUE_SINGLE = frozenset(v for v in VENUE_TYPES if " " not in v) | frozenset(
    words(
        "airlines airways air shop depot co grill kitchen brasserie tavern bistro steakhouse cafe bar pub "
        "hotel "
        "restaurant church college museum gallery galleries theatre theater cinema house lodge inn"
    )
)
_EVENT_SINGLE = frozenset(EVENT_NOUNS)
_GENERIC_VENUE = frozenset(
    words(
        "restaurant restaurants place places hotel hotels house homes hall centre center "
        "station airport terminal bar pub cafe club park parks pool attraction "
        "attractions college colleges museum museums theatre theater cinema "
        "cinemas church churches gallery galleries spa gym school market"
    )
)
# Everyday nouns that never name a thing on their own, capitalized or not ("Reference", "City").
_GENERIC_NOUNS = frozenset(
    words(
        """id reference ref contact number phone address postcode city town station airport cab taxi
        bus train car flight ride restaurant hotel table room event concert show movie song album game games
        ticket booking reservation appointment fahrenheit celsius degree temperature humidity
        weather wind rain price fee time date day night"""
    )
)
# Kinds of car and seat that lead a capitalized run without being part of a name ("Standard Honda").
_CLASS_WORDS = frozenset(
    w
    for phrase in [*CAR_TYPES, *SEAT_CLASSES]
    for w in phrase.split()
    if w not in ("first", "value", "direct")
)
_PLAIN_VALUE_WORDS = _LEXICON_WORDS - frozenset(w for v in VENUE_TYPES for w in v.split())
_MEDIA_NOUNS = frozenset(
    words("songs song music movies movie films film tickets ticket events event cars car")
)
_DEVICE_WORDS = frozenset(w for d in DEVICE_WORDS for w in d.split())
_CURRENCY_CODES = frozenset(words("gbp usd eur cny jpy inr gnp rmb"))
_DETERMINERS = frozenset(words("a an another any some my your our their his her desired preferred"))
# Lowercase words that end a capitalized place or venue name ("London Kings cross", "Bangkok city").
_TRAILING_PARTS = frozenset(words("street station airport cross lane road square bridge park city"))
# Last words of a descriptive phrase, not a name ("thai food", "a cheap hotel", "great choice").
_GENERIC_TAIL = frozenset(
    words("""food foods cuisine cuisines restaurant restaurants place places hotel hotels guesthouse
    guesthouses one ones option options area areas part side range price prices type types kind style dish
    dishes meal meals choice choices idea time times day days night nights price pricing stuff thing things
    attraction attractions entertainment information info details number numbers rating ratings""")
)
_PLACE_PARTS = frozenset(
    words(
        "new street station airport cross international lane road square central north south "
        "east west upon city town park bridge"
    )
)
_VERB_AFTER = frozenset(
    words("""is are was were has have had serves serve seems seem would will sounds sound looks
    look offers offer can does do located meets meet sits provides features matches fits might could should
    may costs cost opens closes gets got has is's isn't""")
)

# Words that end a run after a strong cue ("call it out of office at 12:45").
_STRONG_STOP = frozenset(
    words(
        "at on for from with to by in and please i it this that which who is are was will would "
        "starting since so but or as"
    )
)
_STRONG_START = frozenset(words("out up down over off"))
# Adjectives that describe an event rather than name it ("a great visit", "your upcoming meeting").
_NOT_EVENT_MODIFIERS = frozenset(
    words(
        "good great nice perfect wonderful lovely upcoming specific next first last new big small same other "
        "another short long quick early late available possible special fun amazing awesome best better "
        "successful enjoyable pleasant previous current earliest latest total am pm a.m p.m"
    )
)
# Verbs and domain words that start no event name ("prefer concert events", "a hotel reservation").
_NOT_EVENT_STARTS = frozenset(
    words(
        """prefer like love want need use make book have enjoy attend schedule add see watch cancel
        find get try hotel restaurant car taxi cab bus train flight table room confirm confirmed
        reschedule upcoming"""
    )
)
# cue -> kind. Strong cues accept any words; weak ones need a word that is not everyday English.
_CUES: tuple[tuple[str, str], ...] = (
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
class _Tok:
    text: str
    low: str
    start: int
    end: int
    sent_start: bool


@lru_cache(maxsize=65536)
def is_everyday(low: str) -> bool:
    """True for everyday English words and their simple inflections (books, booked, booking, nicer)."""
    if low in _EVERYDAY:
        return True
    base, apo, tail = low.replace("’", "'").partition("'")
    if apo and tail in _CONTRACTION_TAILS and base in _EVERYDAY:
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
        ("er", ""),
        ("er", "e"),
        ("est", ""),
        ("'s", ""),
        ("’s", ""),
    ):
        if low.endswith(suffix) and len(low) - len(suffix) >= 2:
            stem = low[: len(low) - len(suffix)] + repl
            if stem in _EVERYDAY:
                return True
            if (
                suffix in ("ed", "ing", "er", "est")
                and len(stem) > 2
                and stem[-1] == stem[-2]
                and stem[:-1] in _EVERYDAY
            ):
                return True
    return False


def _name_word(low: str) -> bool:
    """A word that can only be (part of) a name: not everyday English, not a value word, not a number."""
    return (
        len(low) > 1
        and low.isalpha()
        and low not in _LEXICON_WORDS
        and low not in _NUMBER_WORDS
        and low not in _DATE_WORDS
        and not is_everyday(low)
    ) or (
        "'" in low and low.replace("'", "").isalpha() and not is_everyday(low) and low not in _LEXICON_WORDS
    )


_HARD_BREAK = re.compile(r"[!?:;\n\"“()]")
_PERIOD_BREAK = re.compile(r"\.(?!\w)")


def _tokens(text: str) -> list[_Tok]:
    toks: list[_Tok] = []
    prev_end = 0
    prev_text = ""
    for m in _TOKEN.finditer(text):
        gap = text[prev_end : m.start()]
        hard = bool(_HARD_BREAK.search(gap)) if gap.strip() else False
        boundary = not toks or hard or ("." in gap and bool(_PERIOD_BREAK.search(gap)))
        # "Dr. Vahid", "B. Scott": the period ends an abbreviation or an initial, not a sentence
        if (
            boundary
            and toks
            and not hard
            and (prev_text.lower() in _ABBREV or (len(prev_text) == 1 and prev_text.isupper()))
        ):
            boundary = False
        t = m.group(0)
        toks.append(_Tok(t, t.lower(), m.start(), m.end(), boundary))
        prev_end, prev_text = m.end(), t
    return toks


def _is_cap(tok: str) -> bool:
    return tok[:1].isupper() or (tok[:1].isdigit() and any(c.isalpha() for c in tok) and tok[-1:].isupper())


def _cap_word(tok: _Tok, nxt: _Tok | None) -> bool:
    """Whether tok can be part of a capitalized name run."""
    t, low = tok.text, tok.low
    if not _is_cap(t):
        return False
    if (
        low in ("i", "i'm", "i'd", "i'll", "i've", "am", "pm", "ok")
        or low in _DATE_WORDS
        or low in _CURRENCY_CODES
    ):
        return False
    if tok.sent_start:
        if low in _STARTERS and not (low == "the" and nxt is not None and _is_cap(nxt.text)):
            return False
        if low != "the" and is_everyday(low):
            return nxt is not None and _is_cap(nxt.text) and nxt.low not in _STARTERS and not nxt.sent_start
    return True


def _space(text: str, a: _Tok, b: _Tok) -> bool:
    return text[a.end : b.start] == " "


def _gap_ok(text: str, a: _Tok, b: _Tok) -> bool:
    gap = text[a.end : b.start]
    if gap in (" ", "-", " - ", " & "):
        return True
    if gap == ". " and (a.low in _ABBREV or (len(a.text) == 1 and a.text.isupper())):
        return True
    return gap in (", ", " , ") and b.low.replace(".", "") in {
        s.replace(".", "") for s in _SUFFIX_AFTER_COMMA
    }


def _count_before_caps(text: str, toks: list[_Tok], i: int) -> bool:
    """A short number just before a capitalized word ("3 Middle Eastern", "221B Baker") may lead a run."""
    nxt = toks[i + 1] if i + 1 < len(toks) else None
    return (
        toks[i].text[:1].isdigit()
        and text[max(0, toks[i].start - 1) : toks[i].start] not in (".", ",")
        and nxt is not None
        and _is_cap(nxt.text)
        and _space(text, toks[i], nxt)
        and not nxt.sent_start
        and len(toks[i].text) <= 4
    )


def _bridging_preposition(toks: list[_Tok], i: int, j: int, k: int) -> bool:
    """'to' / 'on' right after a capitalized word, between two capitalized non-city words
    ("Ode to Joy"), but not before a device ("Masquerade on TV") nor in a from/between phrase."""
    n = len(toks)
    return (
        toks[k].low in ("to", "on")
        and k == j + 1
        and not (k + 1 < n and toks[k + 1].low in _DEVICE_WORDS)
        and not any(t.low in ("from", "between") for t in toks[max(0, i - 2) : i])
        and k + 1 < n
        and _is_cap(toks[k + 1].text)
        and toks[k + 1].low not in _CITY_WORDS
        and toks[j].low not in _CITY_WORDS
        and not toks[j].text.isupper()
    )


def _inner_connector(text: str, toks: list[_Tok], i: int, j: int, k: int) -> bool:
    """toks[k] is a lowercase connector inside the capitalized run i..j ("Museum of the History");
    "Josie and the Pussycats" is one name, "the Alexander B&B and the El Shaddai" two."""
    return (
        not (toks[k].low == "the" and toks[k - 1].low == "and" and j > i)
        and (
            toks[k].low in _CAPS_CONNECTORS
            or (toks[k].low == "at" and toks[j].low in _VENUE_SINGLE)
            or _bridging_preposition(toks, i, j, k)
        )
        and toks[k].text.islower()
        and _gap_ok(text, toks[k - 1], toks[k])
    )


def _resumes_caps(text: str, toks: list[_Tok], j: int, k: int) -> bool:
    """After the connectors j+1..k-1, toks[k] carries the capitalized run on."""
    return (
        j + 1 < k < len(toks)
        and _gap_ok(text, toks[k - 1], toks[k])
        and _is_cap(toks[k].text)
        and toks[k].low not in _DATE_WORDS
        and toks[k].text != "I"
        and not toks[k].sent_start
    )


def _caps_run_last(text: str, toks: list[_Tok], i: int) -> int:
    """The last token of the capitalized run that starts at i: capitalized words joined by a
    space, a dash or an ampersand, and up to two lowercase connectors between them."""
    n = len(toks)
    j = last = i
    while j + 1 < n:
        b = toks[j + 1]
        if b.sent_start or not _gap_ok(text, toks[j], b):
            break
        if _cap_word(b, toks[j + 2] if j + 2 < n else None):
            j = last = j + 1
            continue
        k = j + 1
        while k < n and k - j <= 2 and _inner_connector(text, toks, i, j, k):
            k += 1
        if not _resumes_caps(text, toks, j, k):
            break
        j = last = k
    return last


def _trailing_noun(text: str, toks: list[_Tok], k: int) -> bool:
    """A lowercase word that ends a capitalized name: a venue or event noun, a place part, a word
    that is no everyday English ("United airlines", "Yunger concert", "University arms hotel")."""
    low = toks[k].low
    return (
        low in _VENUE_SINGLE
        or _possessive_base(low) in _VENUE_SINGLE
        or low in _TRAILING_PARTS
        or low in _EVENT_SINGLE
        or _name_word(low)
        or _before_venue_noun(text, toks, k)
    )


def _extend_with_trailing_nouns(text: str, toks: list[_Tok], last: int, only_values: bool) -> int:
    """The run's last token after the lowercase trailing nouns that follow it."""
    bridged = False
    while (
        (not only_values or bridged or _before_venue_noun(text, toks, last + 1))
        and last + 1 < len(toks)
        and _space(text, toks[last], toks[last + 1])
        and not toks[last + 1].sent_start
        and toks[last + 1].text.islower()
        and _trailing_noun(text, toks, last + 1)
    ):
        bridged = bridged or _before_venue_noun(text, toks, last + 1)
        last += 1
    return last


def _caps_span(text: str, toks: list[_Tok], i: int, last: int, only_values: bool) -> NameSpan | None:
    """The name the run i..last makes, or None when it is a value, a grammar word or generic."""
    begin = toks[i].start
    # a lowercase "the" just before the run belongs to many venue names ("the Lucky Star"), but not
    # to a value word ("the TV", "the Historical Landmark")
    if (
        i > 0
        and toks[i - 1].low == "the"
        and _space(text, toks[i - 1], toks[i])
        and not toks[i].sent_start
        and not only_values
    ):
        begin = toks[i - 1].start
    end = toks[last].end
    possessive = toks[last].low.endswith(("'s", "’s"))
    if last > i and possessive and _possessive_base(toks[last].low) in _VENUE_SINGLE:
        end -= 2  # "the University arms hotel's phone number"
    if toks[last].low in _NAME_ABBREV and text[end : end + 1] == ".":
        end += 1
    single = last == i and (
        toks[i].low == "the"
        or len(toks[i].text) == 1
        or toks[i].low in _STARTERS
        or any(c.isdigit() for c in toks[i].text)  # an id or a count, found by other finders
    )
    first = _first_name_token(toks, i, last)
    if first is None:
        return None  # "4 Economy", "An Economy", "Standard Car", "Metal Songs": values, not names
    if first > i:
        return NameSpan(toks[first].start, end, "caps")  # "Standard Honda Accord" -> "Honda Accord"
    if single or (last == i and _generic_cap_word(text, toks, i)) or _no_name_run(toks, i, last):
        return None
    return NameSpan(begin, end, "caps")


def _caps_runs(text: str, toks: list[_Tok]) -> list[NameSpan]:
    """Capitalized runs, extended by trailing lowercase venue and event nouns."""
    spans: list[NameSpan] = []
    i, n = 0, len(toks)
    while i < n:
        nxt = toks[i + 1] if i + 1 < n else None
        lead_digit = _count_before_caps(text, toks, i)
        if not (_cap_word(toks[i], nxt) or lead_digit):
            i += 1
            continue
        last = _caps_run_last(text, toks, i)
        first_word = i + 1 if lead_digit and not _cap_word(toks[i], nxt) else i
        words_ = toks[first_word : last + 1]
        only_values = all(t.low in _LEXICON_WORDS or t.low in _CONNECTORS for t in words_)
        if first_word > i and all(
            t.low in _CUISINE_TOKENS or t.low in _VALUE_WORDS or t.low in _GENERIC_TAIL for t in words_
        ):
            i = first_word  # "3 Middle Eastern restaurants": a count, not a name
        last = _extend_with_trailing_nouns(text, toks, last, only_values)
        span = _caps_span(text, toks, i, last, only_values)
        if span is not None:
            spans.append(span)
        i = last + 1
    return spans


def _possessive_base(low: str) -> str:
    """'hotel's' -> 'hotel'."""
    return low[:-2] if low.endswith(("'s", "’s")) else low


def _before_venue_noun(text: str, toks: list[_Tok], k: int) -> bool:
    """A lowercase word right before a lowercase venue noun continues a name ("arms" in "University
    arms hotel", "country" in "Wandlebury country park")."""
    if k + 1 >= len(toks):
        return False
    word = toks[k].low
    if word in FUNCTION_WORDS or not toks[k].text.isalpha():
        return False
    if word in _LEXICON_WORDS or word in _DATE_WORDS or word in _NUMBER_WORDS:
        return False  # "Cambridge cheap hotel": a value before the noun, not a name
    nxt = toks[k + 1]
    return (
        _space(text, toks[k], nxt)
        and nxt.text.islower()
        and not nxt.sent_start
        and _possessive_base(nxt.low) in _VENUE_SINGLE
    )


def _first_name_token(toks: list[_Tok], i: int, last: int) -> int | None:
    """Where the name of a capitalized run starts: None when the run is only values and generic nouns
    after a count or an article ("4 Economy", "An Economy", "Standard Car", "Metal Songs"), later
    when a kind of car or seat leads a longer name ("Standard Honda Accord" -> "Honda Accord")."""
    j = i
    while j <= last and (toks[j].low in ("a", "an", "the") or toks[j].text.isdigit()):
        j += 1
    k = j
    while k <= last and toks[k].low in _CLASS_WORDS:
        k += 1
    rest = toks[k : last + 1]
    only_the = k > i and all(t.low == "the" for t in toks[i:k])
    generic_after = last + 1 < len(toks) and toks[last + 1].low in _GENERIC_TAIL
    if (
        all(t.low in _PLAIN_VALUE_WORDS or t.low in _GENERIC_NOUNS or t.low in _MEDIA_NOUNS for t in rest)
        and (k > i or any(t.low in _GENERIC_NOUNS or t.low in _MEDIA_NOUNS for t in rest))
        and (not only_the or generic_after)  # "The Italian place" is a value, "The Hotpot" a name
    ):
        return None
    return k if k > j and len(rest) >= 2 else i


def _generic_cap_word(text: str, toks: list[_Tok], i: int) -> bool:
    """A lone capitalized everyday word used as a common noun: a generic one ("Reference number",
    "train ID", "degrees Fahrenheit"), one after an article ("a Cab", "another Restaurant") or one
    that modifies the lowercase noun after it ("Games events")."""
    low = toks[i].low
    if not is_everyday(low):
        return False
    if low in _GENERIC_NOUNS or low.rstrip("s") in _GENERIC_NOUNS:
        return True
    if i > 0 and toks[i - 1].low in _DETERMINERS and _space(text, toks[i - 1], toks[i]):
        return True
    if i + 1 < len(toks) and _space(text, toks[i], toks[i + 1]):
        nxt = toks[i + 1]
        return nxt.text.islower() and nxt.low not in FUNCTION_WORDS and is_everyday(nxt.low)
    return False


def _no_name_run(toks: list[_Tok], i: int, last: int) -> bool:
    """A capitalized run that names nothing: generic nouns only ("Train ID", "Reference Number") or
    an id with its noun ("The TR7413", "Train TR6332")."""
    words_ = [t.low for t in toks[i : last + 1] if t.low != "the"]
    if not words_:
        return True
    return all(any(c.isdigit() for c in w) or w in _GENERIC_NOUNS for w in words_)


def _venue_runs(text: str, toks: list[_Tok]) -> list[NameSpan]:
    """'lovell lodge', 'acorn guest house': non-everyday words right before a venue-type noun."""
    spans: list[NameSpan] = []
    lows = [t.low for t in toks]
    for idx in range(1, len(toks)):
        if lows[idx] not in _VENUE_SINGLE and lows[idx] not in ("guest", "bed", "swimming", "concert", "b&b"):
            continue
        for noun in _VENUE_NOUNS:
            parts = noun.split()
            k = len(parts)
            if lows[idx : idx + k] != parts:
                continue
            j = idx - 1
            while (
                j >= 0
                and idx - j <= 3
                and not toks[j + 1].sent_start
                and _space(text, toks[j], toks[j + 1])
                and toks[j].text.isalpha()
                and lows[j] not in FUNCTION_WORDS
                and lows[j] not in _VALUE_WORDS
                and lows[j] not in _NUMBER_WORDS
                and lows[j] not in _DATE_WORDS
            ):
                j -= 1
            # drop everyday words on the left: "cars sfo international airport" -> "sfo international ..."
            while j < idx - 1 and is_everyday(lows[j + 1]):
                j += 1
            run = lows[j + 1 : idx]
            if not (
                any(_name_word(w) for w in run)
                or (noun not in _GENERIC_VENUE and any(w in _CUISINE_WORDS for w in run))
            ):
                j = idx - 1
            if j < idx - 1:
                end = idx + k - 1
                # "whipple museum of the history of science"
                while (
                    end + 2 < len(toks)
                    and toks[end + 1].low == "of"
                    and _space(text, toks[end], toks[end + 1])
                ):
                    q = end + 2
                    if toks[q].low == "the" and q + 1 < len(toks):
                        q += 1
                    if (
                        toks[q].low in FUNCTION_WORDS
                        or toks[q].low in _DATE_WORDS
                        or not toks[q].text.isalpha()
                    ):
                        break
                    end = q
                    while (
                        end + 2 < len(toks)
                        and toks[end + 1].low == "and"
                        and toks[end + 2].low not in FUNCTION_WORDS
                    ):
                        end += 2
                spans.append(NameSpan(toks[j + 1].start, toks[end].end, "venue"))
            break
    return spans


def _event_runs(text: str, toks: list[_Tok]) -> list[NameSpan]:
    """'dentist appointment', 'general practitioner appointment', 'stylist visit'."""
    spans: list[NameSpan] = []
    for idx in range(1, len(toks)):
        if toks[idx].low not in _EVENT_SINGLE:
            continue
        j = idx - 1
        while (
            j >= 0
            and idx - j <= 2
            and not toks[j + 1].sent_start
            and _space(text, toks[j], toks[j + 1])
            and toks[j].low not in FUNCTION_WORDS
            and toks[j].low not in _DATE_WORDS
            and toks[j].text.isalpha()
            and toks[j].low not in _NUMBER_WORDS
            and toks[j].low not in _NOT_EVENT_MODIFIERS
        ):
            j -= 1
        if j < idx - 1 and not (
            toks[idx].low in ("reservation", "booking") or toks[j + 1].low in _NOT_EVENT_STARTS
        ):
            spans.append(NameSpan(toks[j + 1].start, toks[idx].end, "event"))
    return spans


@cache
def _cue_regex() -> re.Pattern[str]:
    parts = [rf"(?P<{kind}>\b(?:{p}))" for p, kind in _CUES]
    return re.compile(r"(?:" + "|".join(parts) + r")\s+(?:the\s+)?(?=\S)", re.IGNORECASE)


def _name_goes_on(toks: list[_Tok], j: int, text: str) -> bool:
    """After a strong cue, 'for'/'and'/'of' inside a name ('Leave for work') vs. before a value ('at 6')."""
    if toks[j].low not in ("for", "and", "with", "to", "in", "on", "from") or j + 1 >= len(toks):
        return False
    nxt = toks[j + 1]
    return (
        _space(text, toks[j], nxt)
        and not nxt.sent_start
        and nxt.text.isalpha()
        and nxt.low not in FUNCTION_WORDS
        and nxt.low not in _DATE_WORDS
        and nxt.low not in _NUMBER_WORDS
        and nxt.low not in ("me", "us", "you", "please", "now", "today", "tomorrow")
    )


def _cue_ends_a_title(m: re.Match[str], kind: str, tok: _Tok) -> bool:
    """'on the ... album interest you?': after 'album' / 'track' an everyday lowercase word starts
    no title (the cue noun ended one)."""
    return (
        kind == "strong"
        and re.search(r"(?:album|track)\s*$", m.group(0), re.IGNORECASE) is not None
        and tok.text.islower()
        and is_everyday(tok.low)
    )


def _connector_continues(toks: list[_Tok], q: int, kind: str) -> bool:
    """After one or two connectors, toks[q] carries the name on ("Bank of America")."""
    if q >= len(toks) or toks[q].sent_start:
        return False
    tok = toks[q]
    return (
        _name_word(tok.low)
        or (_is_cap(tok.text) and tok.low not in FUNCTION_WORDS)
        or (kind == "strong" and tok.text.isalpha() and tok.low not in FUNCTION_WORDS)
    )


def _stops_cue_run(text: str, toks: list[_Tok], j: int, first: int, kind: str) -> bool:
    """toks[j] ends the run after a cue: a date word, "I" or "please", a function word (after a
    weak cue, or a strong one unless the name goes on), a digit after the first word."""
    t = toks[j]
    if (
        t.low in _DATE_WORDS
        or t.low in ("i", "please")
        or (kind != "strong" and t.low in FUNCTION_WORDS and j > first)
        or (kind == "strong" and t.low in _STRONG_STOP and j > first and not _name_goes_on(toks, j, text))
        or (j == first and t.low in FUNCTION_WORDS and t.low not in _STRONG_START)
    ):
        return True
    return any(ch.isdigit() for ch in t.text) and (j > first or kind == "travel")


def _next_word_named(text: str, toks: list[_Tok], j: int) -> bool:
    """'kings lynn', 'Kings Lynn': the next word is a name or city word, cased like this one (so
    an everyday word inside a place name is kept)."""
    t = toks[j]
    nxt = toks[j + 1] if j + 1 < len(toks) and _space(text, t, toks[j + 1]) else None
    return (
        nxt is not None
        and (_name_word(nxt.low) or nxt.low in _CITY_WORDS)
        and t.text.islower() == nxt.text.islower()
    )


def _cue_run_end(text: str, toks: list[_Tok], first: int, kind: str) -> int:
    """The end (exclusive) of the run of words after a cue that starts at first."""
    j = first
    seen_name = False
    while j < len(toks) and j - first < 7:
        t = toks[j]
        if j > first and (t.sent_start or text[toks[j - 1].end : t.start] not in (" ", " & ", "-")):
            break
        if t.low in _CONNECTORS and j > first:
            q = j
            while q < len(toks) and q - j < 2 and toks[q].low in _CONNECTORS:
                q += 1
            if not _connector_continues(toks, q, kind):
                break
            j = q
            continue
        if _stops_cue_run(text, toks, j, first, kind):
            break
        if kind != "strong":
            if t.low in _NUMBER_WORDS:
                break
            named = _name_word(t.low) or (kind == "travel" and t.low in _CITY_WORDS)
            if kind == "travel" and not (
                named
                or t.low in _PLACE_PARTS
                or _next_word_named(text, toks, j)
                or (j > first and t.low in _VALUE_WORDS)
            ):
                break
            if (
                kind == "weak"
                and seen_name
                and not (named or t.low in _LEXICON_WORDS or _is_cap(t.text) or t.low in _VENUE_SINGLE)
            ):
                break
            seen_name = seen_name or named
        j += 1
    while j > first and toks[j - 1].low in _CONNECTORS:
        j -= 1
    return j


def _cue_run_is_name(run: list[_Tok], kind: str) -> bool:
    """A travel run needs a name or city word; a weak cue's run a word that is no everyday English
    (or two or more words with a lexicon word that is not everyday, not ending generically)."""
    if kind == "travel":
        return any(_name_word(t.low) or t.low in _CITY_WORDS for t in run)
    if kind != "weak" or any(_name_word(t.low) for t in run):
        return True
    return not (
        len(run) < 2
        or run[-1].low in _GENERIC_TAIL
        or all(t.low in _VALUE_WORDS for t in run)
        or not any(t.low in _LEXICON_WORDS and not is_everyday(t.low) for t in run)
    )


def _cue_runs(text: str, toks: list[_Tok]) -> list[NameSpan]:
    """The words after a naming, offering or travel cue, up to punctuation or a function word."""
    spans: list[NameSpan] = []
    starts = {t.start: i for i, t in enumerate(toks)}
    for m in _cue_regex().finditer(text):
        kind = m.lastgroup or "weak"
        first = starts.get(m.end())
        if first is None or _cue_ends_a_title(m, kind, toks[first]):
            continue
        j = _cue_run_end(text, toks, first, kind)
        if j == first:
            continue
        run = toks[first:j]
        if not _cue_run_is_name(run, kind):
            continue
        begin = run[0].start
        if kind != "travel" and m.group(0).lower().rstrip().endswith(" the"):
            begin = m.end() - len(re.search(r"the\s+$", m.group(0), re.IGNORECASE).group(0))
        how = "cue"
        if kind == "travel":
            # a capitalized word after to/from that is no known place is as likely a person ("to Emma")
            placey = any(t.low in _CITY_WORDS or t.low in _PLACE_PARTS or t.text.islower() for t in run)
            how = "travel" if placey else "cue"
        spans.append(NameSpan(begin, run[-1].end, how))
    return spans


def _subject_runs(text: str, toks: list[_Tok]) -> list[NameSpan]:
    """A sentence-initial run before a verb: 'kambar is the club ...', 'the missing sock would suit ...'."""
    spans: list[NameSpan] = []
    for i, t in enumerate(toks):
        if not t.sent_start:
            continue
        first = i + 1 if t.low == "the" else i
        j = first
        while (
            j < len(toks)
            and j - first < 6
            and toks[j].low not in _VERB_AFTER
            and (j == i or not toks[j].sent_start)
            and (j == first or _space(text, toks[j - 1], toks[j]))
            and (toks[j].low not in FUNCTION_WORDS or toks[j].low in _CONNECTORS)
        ):
            j += 1
        if (
            j == first
            or j >= len(toks)
            or toks[j].low not in _VERB_AFTER
            or not _space(text, toks[j - 1], toks[j])
        ):
            continue
        run = toks[first:j]
        if (
            any(_name_word(r.low) and r.text.islower() for r in run)
            and run[0].low not in _CONNECTORS
            and run[0].text.isalpha()
        ):
            spans.append(NameSpan(toks[i].start, run[-1].end, "subject"))
    return spans


def _versus_runs(text: str, toks: list[_Tok]) -> list[NameSpan]:
    """'giants vs brewers', 'Nycfc vs Dynamo'."""
    spans: list[NameSpan] = []
    for i, t in enumerate(toks):
        if t.low not in ("vs", "versus", "v") or i == 0 or i + 1 >= len(toks):
            continue
        a = i - 1
        while (
            a - 1 >= 0
            and i - a < 3
            and toks[a - 1].low not in FUNCTION_WORDS
            and not toks[a].sent_start
            and _space(text, toks[a - 1], toks[a])
        ):
            a -= 1
        b = i + 1
        while (
            b + 1 < len(toks)
            and b - i < 3
            and toks[b + 1].low not in FUNCTION_WORDS
            and (toks[b + 1].text.islower() == toks[i + 1].text.islower() or _name_word(toks[b + 1].low))
            and not toks[b + 1].sent_start
            and _space(text, toks[b], toks[b + 1])
        ):
            b += 1
        if toks[i - 1].low in FUNCTION_WORDS or toks[i + 1].low in FUNCTION_WORDS:
            continue
        spans.append(NameSpan(toks[a].start, toks[b].end, "versus"))
    return spans


@lru_cache(maxsize=8192)
def find_names(text: str) -> tuple[NameSpan, ...]:
    """Every proper-name span found by the rules above (overlaps allowed; the caller keeps the longest)."""
    toks = _tokens(text)
    if not toks:
        return ()
    return tuple(
        _caps_runs(text, toks)
        + _venue_runs(text, toks)
        + _event_runs(text, toks)
        + _cue_runs(text, toks)
        + _subject_runs(text, toks)
        + _versus_runs(text, toks)
    )
