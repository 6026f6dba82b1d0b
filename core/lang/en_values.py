"""Value-like spans of English text that are not dates, times or names: money, ids, addresses,
postcodes, cities and lexicon terms (phones, emails and urls: core.lang.en_contacts).

Each finder returns ``Candidate`` objects; ``core.lang.en_entities`` keeps the longest of overlaps.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any, NamedTuple

from core.lang.currency_before import CURRENCY_BEFORE, currency_before, symbol_after
from core.lang.dimensions import is_symbol_measure
from core.lang.en_lexicon import (
    ACCOUNT_TYPES,
    AREAS,
    CAR_TYPES,
    CITIES,
    COMMON_WORDS,
    COUNTRIES,
    CUISINES,
    DEVICE_WORDS,
    EVENT_CATEGORIES,
    FACILITIES,
    FARE_CONDITIONS,
    GENRES,
    PAYMENT_METHODS,
    PRICE_WORDS,
    RIDE_TYPES,
    SEAT_CLASSES,
    SERVICE_TYPES,
    SHOW_TYPES,
    STATE_ABBR,
    STREET_SUFFIXES,
    US_STATES,
    VENUE_TYPES,
    words,
)
from core.lang.en_numbers import DIGITS_PATTERN, NUMBER_WORDS_PATTERN, to_number
from core.lang.en_phrases import find_phrases, max_words, phrase_key
from core.lang.pound_weights import pounds_weigh
from core.lang.value_shapes import ID_SPACED
from core.lang.vocab import word_set


@dataclass(frozen=True)
class Candidate:
    """A typed span proposed by one finder, before overlaps are resolved."""

    start: int
    end: int
    type: str
    value: str
    slot: str | None
    priority: int


# Priorities break ties between spans of equal length (higher wins).
PRIO = {
    "money": 90,
    "phone": 88,
    "email": 88,
    "url": 88,
    "id": 80,
    "datetime": 75,
    "date": 70,
    "time": 70,
    "address": 65,
    "quantity": 60,
    "rating": 58,
    "place": 55,
    "term": 50,
    "name": 40,
    "number": 10,
}

_NUM = rf"(?:{DIGITS_PATTERN}|{NUMBER_WORDS_PATTERN})"
_CURRENCY_WORDS = {
    "dollars": "USD",
    "dollar": "USD",
    "bucks": "USD",
    "usd": "USD",
    "pounds": "GBP",
    "pound": "GBP",
    "gbp": "GBP",
    "quid": "GBP",
    "euros": "EUR",
    "euro": "EUR",
    "eur": "EUR",
    "yuan": "CNY",
    "rmb": "CNY",
    "yen": "JPY",
    "rupees": "INR",
}
_SCALE = {
    "k": 1000, "thousand": 1000, "m": 1_000_000, "million": 1_000_000, "bn": 1e9, "billion": 1e9,
    "lakh": 100_000, "lakhs": 100_000, "crore": 10_000_000, "crores": 10_000_000,
}  # fmt: skip

_MONEY_SYM = re.compile(
    rf"(?P<sym>{CURRENCY_BEFORE})\s?(?P<n>\d(?:[\d,]*\d)?(?:\.\d+)?)(?:\s?(?P<sc>k|m|bn|thousand|million|billion|lakhs?|crores?)\b)?",
    re.IGNORECASE,
)
_MONEY_WORD = re.compile(
    rf"\b(?P<n>{_NUM})(?:\s?(?P<sc>k|thousand|million|billion))?\s?(?P<cur>dollars?|bucks|usd|pounds?|gbp|quid|"
    rf"euros?|eur|yuan|rmb|yen|rupees)\b",
    re.IGNORECASE,
)
_ID_CAPS = re.compile(r"\b(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{5,14}\b")
_ID_CUE = re.compile(
    r"\b(?:reference|confirmation|booking|reservation|ref|order|ticket|tracking|transaction|train|flight)"
    r"(?:\s+(?:number|no\.?|code|id|#))?\s*(?:is|was|:|#)?\s*:?\s*(?P<id>[A-Za-z0-9][A-Za-z0-9-]{3,19})\b",
    re.IGNORECASE,
)
# a code in hyphenated parts ("OST-2027-3318", "MV-20913"): capitals first, three digits or more,
# never part of a longer token ("fix/WS-4410-search-500" is a branch, "COVID-19" a name)
_ID_HYPHENATED = re.compile(
    r"(?<![\w/-])(?=(?:[A-Z-]*\d){3})[A-Z][A-Z0-9]{0,7}(?:-[A-Z0-9]{1,12}){1,3}(?![\w-])"
)
# a number in three or more hyphenated digit groups ("4471-0082-19", a member or policy number), eight
# digits or more, that is no date ("2026-12-18", "14-03-1979"; a phone number wins by its priority)
_ID_DIGIT_GROUPS = re.compile(
    r"(?<![\w/.-])(?!\d{4}-\d{1,2}-\d{1,2}(?![\w-]))(?!\d{1,2}-\d{1,2}-\d{2,4}(?![\w-]))"
    r"\d{2,6}(?:-\d{2,6}){2,4}(?![\w-])"
)
_ID_DIGITS = 8
_TRAIN_ID = re.compile(r"\b[Tt][Rr]\s?\d{3,5}\b")
_POSTCODE = re.compile(r"\b[A-Za-z]{1,2}\d{1,2}[A-Za-z]?\s?\d[A-Za-z]{2}\b")
_SUFFIX = "|".join(sorted(STREET_SUFFIXES, key=len, reverse=True))
# the house number: one, a range ("41-43") or two joined ("41 and 43", "12 & 14": neighbours' houses)
_ADDRESS = re.compile(
    rf"\b(?P<number>\d{{1,6}}[A-Za-z]?(?:-\d+|\s+(?:and|&)\s+\d{{1,6}}[A-Za-z]?)?)"
    rf"(?:\s+[A-Za-z0-9][\w'’.-]*){{1,5}}?\s+(?:{_SUFFIX})\b\.?"
    rf"(?:,?\s*(?:#|ste\.?|suite|apt\.?|unit|no\.?|level|floor)\s*[A-Za-z0-9]+(?:-[A-Za-z0-9]+)?\b)?",
    re.IGNORECASE,
)
_ADDRESS_STOP = frozenset(
    words(
        "for at the a an in on to people nights rooms of and with from by is are was please "
        "pm am it i you we my your our this that or tickets guests adults stars days per each every"
    )
)
# an offering cue right before a number-led span puts it in the position of a name ("Would you like
# 45 Park Lane with 4.7 rating?", "how about your opinion on 1 Hotel Central Park"): the thing
# offered, not where something is
_OFFERED_BEFORE = re.compile(
    r"\b(?:would\s+you\s+like|do\s+you\s+like|how\s+about|what\s+about|opinion\s+on|ok(?:ay)?\s+with|"
    r"recommend|suggest|how\s+does|interested\s+in)\s+(?:the\s+)?$",
    re.IGNORECASE,
)
_TERM_GROUPS: tuple[tuple[str, tuple[str, ...] | dict[str, str]], ...] = (
    ("price_range", PRICE_WORDS),
    ("area", AREAS),
    ("food", CUISINES),
    ("facility", FACILITIES),
    ("type", VENUE_TYPES),
    ("refundable", FARE_CONDITIONS),  # before the seat classes, which list them as kinds of fare
    ("seat_class", SEAT_CLASSES),
    ("car_type", CAR_TYPES),
    ("type", RIDE_TYPES),
    ("account", ACCOUNT_TYPES),
    ("type", SHOW_TYPES),
    ("type", SERVICE_TYPES),
    ("genre", GENRES),
    ("genre", EVENT_CATEGORIES),
    ("item", DEVICE_WORDS),
    ("item", PAYMENT_METHODS),
)

_CITY_ABBR = frozenset(c for c in CITIES if len(c.replace(".", "")) <= 3)
_CITY_AMBIGUOUS = frozenset(
    words("""nice bath orange mobile surprise independence sparks vista bend mesa reading rio victoria allen
    tyler
    norman warren jackson lincoln eugene elizabeth madison henderson augusta meridian corona concord salem
    aurora davie clinton columbia ontario santiago richmond springfield fairfield lakewood lancaster
    arlington plano carmel alameda albany belmont dublin newark venice hollywood durham irving garland
    gilbert lafayette midland odessa provo vallejo westminster woodbridge york glendale campbell danville
    martinez brentwood moraga orinda florence athens""")
)


# Words of the lexicons that name a whole domain rather than a value of it.
_NOT_A_TERM = frozenset(
    words(
        """restaurant restaurants place places reservations attraction attractions station stations
        airport airports terminal depot"""
    )
)


class PhraseTable(NamedTuple):
    """A phrase lookup: phrase key -> entry, and the most words a phrase of it has."""

    entries: dict[str, Any]
    longest: int


@cache
def _city_table() -> PhraseTable:
    table = {phrase_key(c): c for c in CITIES}
    return PhraseTable(table, max_words(table))


@cache
def term_table() -> PhraseTable:
    """The lexicon terms by phrase key -> (slot, canonical term), first group wins."""
    table: dict[str, tuple[str, str]] = {}
    for slot, group in _TERM_GROUPS:
        items = group.items() if isinstance(group, dict) else ((w, w) for w in group)
        for phrase, canon in items:
            if phrase not in _NOT_A_TERM:
                table.setdefault(phrase_key(phrase), (slot, canon))
    return PhraseTable(table, max_words(table))


def _money_value(n_text: str, scale: str | None, cur: str) -> str | None:
    n = to_number(n_text)
    if n is None:
        return None
    if scale:
        n *= _SCALE[scale.strip().lower()]
    return f"{n:.2f} {cur}" if not float(n).is_integer() else f"{int(n)} {cur}"


def money(text: str) -> list[Candidate]:
    """'$1,630', '530 dollars', 'one hundred and eighty bucks', '£20', 'AED 1,370', '1 630 $' -> '1630
    USD'."""
    found = [(m, m.group("n"), m.group("sc"), currency_before(m.group("sym")))
             for m in _MONEY_SYM.finditer(text)]  # fmt: skip
    found += [(m, m.group("n"), m.group("sc"), _CURRENCY_WORDS.get(m.group("cur").lower(), "USD"))
              for m in _MONEY_WORD.finditer(text) if not pounds_weigh(m.group("cur"), text)]  # fmt: skip
    spans = [(m.start(), m.end(), n, sc, cur) for m, n, sc, cur in found]
    spans += [(start, end, n, None, cur) for start, end, n, cur in symbol_after(text)]
    return [Candidate(s, e, "money", v, "amount", PRIO["money"]) for s, e, n, sc, cur in spans
            if (v := _money_value(n, sc, cur))]  # fmt: skip


_FILE = re.compile(
    r"(?<![\w@/.\-])((?:~|\.{1,2})?/?(?:[\w.\-]+/)*[\w\-][\w.\-]*\.([A-Za-z][A-Za-z0-9]{0,5}))(?![\w@\-])"
)

# the names after a file that make a test runner's node id ("::TestTotals::test_rounding_half_even")
_NODE_TAIL = re.compile(r"(?:::[A-Za-z_]\w*(?:\[[^\]\s]*\])?)+")

_QUOTED_FILE = re.compile(r"['\"“‘]([^'\"“”‘’\n]{1,80}?\.([A-Za-z][A-Za-z0-9]{0,5}))['\"”’]")


def file_names(text: str) -> list[Candidate]:
    """File names and paths as written ('TeamNotes.txt', 'src/app/main.py', '~/docs/q3 plan' is
    not one: no extension): a name with a known extension, or any name.ext inside a path. An id of
    slot 'file', so the extension is never cut off as a sentence's full stop; a file with a test
    runner's node names after it ('tests/test_totals.py::test_rounding') is an id of slot 'test'."""
    known = word_set("file_extensions.txt")
    out = [
        Candidate(m.start(1), m.end(1), "id", m.group(1), "file", PRIO["id"])
        for m in _QUOTED_FILE.finditer(text)
        if m.group(2).lower() in known  # quoted, spaces and all: 'final draft.docx'
    ]
    for m in _FILE.finditer(text):
        surface = m.group(1).rstrip(".")
        inside = any(c.start <= m.start(1) < c.end for c in out)
        node = _NODE_TAIL.match(text, m.start(1) + len(surface))
        if not inside and node is not None:  # "tests/test_totals.py::test_rounding": a test, not the file
            node_id = text[m.start(1) : node.end()]
            out.append(Candidate(m.start(1), node.end(), "id", node_id, "test", PRIO["id"]))
        elif not inside and ("/" in surface or m.group(2).lower() in known):
            out.append(Candidate(m.start(1), m.start(1) + len(surface), "id", surface, "file", PRIO["id"]))
    return out


def hyphenated_id(word: str) -> bool:
    """True for a code in hyphenated parts ("OST-2027-3318"), read as an id by :func:`identifiers`."""
    return _ID_HYPHENATED.fullmatch(word) is not None


def identifiers(text: str) -> list[Candidate]:
    """Reference codes ('8ZPOWHY4', 'OST-2027-3318', 'KP19 XWD', 'reference number is ab12cd',
    '4471-0082-19'), train ids, UK postcodes, file names."""
    out = file_names(text)
    for m in _ID_CAPS.finditer(text):
        if not is_symbol_measure(m.group(0)):  # "128GB" is a storage size, "2000W" a power
            out.append(Candidate(m.start(), m.end(), "id", m.group(0), "ref", PRIO["id"]))
    for rx in (_ID_HYPHENATED, ID_SPACED):  # "KP19 XWD": an id, never a name
        out += [Candidate(m.start(), m.end(), "id", m.group(0), "ref", PRIO["id"]) for m in rx.finditer(text)]
    for m in _ID_CUE.finditer(text):
        ident = m.group("id")
        if any(c.isdigit() for c in ident) or (ident.isupper() and len(ident) >= 5):
            out.append(Candidate(m.start("id"), m.end("id"), "id", ident.upper(), "ref", PRIO["id"]))
    for m in _ID_DIGIT_GROUPS.finditer(text):
        if sum(c.isdigit() for c in m.group(0)) >= _ID_DIGITS:
            out.append(Candidate(m.start(), m.end(), "id", m.group(0), "ref", PRIO["id"]))
    for m in _TRAIN_ID.finditer(text):
        code = m.group(0).upper().replace(" ", "")
        out.append(Candidate(m.start(), m.end(), "id", code, "ref", PRIO["id"]))
    for m in _POSTCODE.finditer(text):
        surface = m.group(0)
        if re.fullmatch(r"(?i)\d+(st|nd|rd|th)", surface[-4:]) or surface.lower().endswith(("am", "pm")):
            continue
        out.append(
            Candidate(m.start(), m.end(), "address", surface.lower().replace(" ", ""), "postcode", PRIO["id"])
        )
    return out


def offered_before(before: str) -> bool:
    """True when before ends with an offering cue ('would you like', 'how about'): a number-led span
    after it is the thing offered ('45 Park Lane'), not an address."""
    return _OFFERED_BEFORE.search(before) is not None


def starts_with_street(surface: str) -> bool:
    """True when surface opens with a street address ('35 Newnham Road Newnham': number, words, a
    street suffix), whatever follows it."""
    m = _ADDRESS.match(surface)
    return m is not None and not any(w.lower() in _ADDRESS_STOP for w in _street_words(m))


def _street_words(m: re.Match[str]) -> list[str]:
    """The words of an address match between its house number and its street suffix."""
    return re.findall(r"[A-Za-z']+", m.string[m.end("number") : m.end()])[:-1]


def addresses(text: str) -> list[Candidate]:
    """Street addresses: '71 North San Pedro Street', '1785 San Carlos Ave # 3', '56 saint barnabas road'."""
    out = []
    pos = 0
    while (m := _ADDRESS.search(text, pos)) is not None:
        pos = m.end()
        stopped = any(w.lower() in _ADDRESS_STOP for w in _street_words(m))
        if stopped or _OFFERED_BEFORE.search(text[: m.start()]):
            pos = m.start() + 1  # a later number may still start an address
            continue
        surface = (
            m.group(0).rstrip(".")
            if not m.group(0).lower().endswith(("st.", "ave.", "rd.", "dr."))
            else m.group(0)
        )
        out.append(
            Candidate(
                m.start(),
                m.start() + len(surface),
                "address",
                " ".join(surface.split()),
                "address",
                PRIO["address"],
            )
        )
    return out


@cache
def _region_tail() -> re.Pattern[str]:
    regions = sorted({*US_STATES, *COUNTRIES}, key=len, reverse=True)
    return re.compile(r",\s*(?i:" + "|".join(re.escape(r) for r in regions) + r")(?![\w-])")


_STATE_TAIL = re.compile(r",?\s+(?P<abbr>[A-Z]{2})\b(?![.'’-]\w)|,\s*(?P<low>[A-Za-z][a-z])\b(?![.'’-]\w)")
# Two-letter state codes that are also English words count only in capitals ("Portland, OR").
_WORD_LIKE_STATES = frozenset(words("al in or me hi ok oh ma pa la de co id on"))


def region_tail(text: str, end: int) -> int:
    """End of ', CA' / ' CA' / ', California' / ', UK' right after a place name ending at end, else end."""
    m = _STATE_TAIL.match(text, end)
    abbr = m.group("abbr") or m.group("low") if m is not None else None
    if m is not None and m.group("low") and m.group("low").lower() in _WORD_LIKE_STATES:
        abbr = None
    if m is not None and abbr is not None and (abbr.lower() in STATE_ABBR or abbr in ("UK", "US")):
        return m.end()
    m = _region_tail().match(text, end)
    return m.end() if m is not None else end


def places(text: str) -> list[Candidate]:
    """Known cities (case-insensitive for unambiguous ones), extended by ', ST' or ', Country'."""
    table, longest = _city_table()
    out = []
    for start, end, key in find_phrases(text, table, longest):
        surface = text[start:end]
        if text[end : end + 1] == "." and table[key].endswith("."):
            end += 1
        if key in _CITY_ABBR and not surface.replace(".", "").isupper():
            continue
        if surface.islower() and (key in _CITY_AMBIGUOUS or key in COMMON_WORDS):
            continue
        if key in _CITY_AMBIGUOUS and not text[:start].strip() and region_tail(text, end) == end:
            continue  # "Nice, thanks.", "Surprise me!": a word opening the turn, not a city
        if text[end : end + 1] == "-" or text[max(0, start - 1) : start] == "-":
            continue
        end = region_tail(text, end)
        out.append(Candidate(start, end, "place", text[start:end], "city", PRIO["place"]))
    return out
