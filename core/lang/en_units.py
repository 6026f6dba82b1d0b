"""Counts of any unit and amounts in any currency ("40 pallets", "800 kg", "2 flat whites", "20k baht",
"500 CHF"): a number in digits and the noun it counts, typed so the value is a fact of its own (keyed
by the noun: "40 pallets" and a later "45 pallets" are one attribute) instead of an untyped span.

The counted noun is read from the words after the number, never from a list of one domain's units:
one to three lowercase words (a plural ends the phrase: "40 pallets of ...", "4 rented medical
monitors"), none of them a function, date or time word. Currencies are general knowledge (ISO
codes and the names of the world's common currencies). The known counts (people, nights, rooms,
...) stay with core.lang.en_values.
"""

from __future__ import annotations

import re
from functools import cache

from core.lang.en_lexicon import (
    AREAS,
    COUNT_NOUNS,
    FUNCTION_WORDS,
    MONTHS,
    PRICE_WORDS,
    TENS,
    UNITS,
    WEEKDAYS,
    words,
)
from core.lang.en_numbers import format_number, to_number
from core.lang.en_phrases import phrase_key
from core.lang.en_values import term_table

# currency names and codes -> ISO code (the ones en_values.money reads are left to it)
CURRENCIES = {
    "baht": "THB", "thb": "THB", "won": "KRW", "krw": "KRW", "ringgit": "MYR", "myr": "MYR",
    "peso": "MXN", "pesos": "MXN", "mxn": "MXN", "franc": "CHF", "francs": "CHF", "chf": "CHF",
    "rand": "ZAR", "zar": "ZAR", "krona": "SEK", "kronor": "SEK", "sek": "SEK", "krone": "NOK",
    "kroner": "NOK", "nok": "NOK", "dkk": "DKK", "dirham": "AED", "dirhams": "AED", "aed": "AED",
    "shekel": "ILS", "shekels": "ILS", "ils": "ILS", "lira": "TRY", "rupiah": "IDR", "idr": "IDR",
    "dong": "VND", "vnd": "VND", "zloty": "PLN", "pln": "PLN", "ruble": "RUB", "rubles": "RUB",
    "rub": "RUB", "hkd": "HKD", "sgd": "SGD", "aud": "AUD", "cad": "CAD", "nzd": "NZD", "jpy": "JPY",
    "cny": "CNY", "inr": "INR", "rupee": "INR", "php": "PHP", "brl": "BRL", "reais": "BRL",
    "twd": "TWD", "rmb": "CNY", "yuan": "CNY", "yen": "JPY", "rupees": "INR",
    "cedi": "GHS", "cedis": "GHS", "ghs": "GHS", "naira": "NGN", "ngn": "NGN", "kwacha": "ZMW",
    "birr": "ETB", "taka": "BDT", "kes": "KES", "ugx": "UGX", "tzs": "TZS", "forint": "HUF",
    "huf": "HUF", "koruna": "CZK", "czk": "CZK", "lei": "RON", "ron": "RON", "soles": "PEN",
    # names several countries' currencies share: kept as the name ("400,000 shillings")
    "shilling": "SHILLING", "shillings": "SHILLING", "dinar": "DINAR", "dinars": "DINAR",
    "riyal": "RIYAL", "riyals": "RIYAL", "rial": "RIAL", "rials": "RIAL",
}  # fmt: skip
# words after a number that measure no thing counted (a time, a share, a degree, an age, an order)
_NOT_UNITS = frozenset(
    words(
        """am pm a.m p.m o'clock oclock hrs hr h percent pct per degrees degree deg years year yrs old
        st nd rd th times time x ish or and to till until through thru more less fewer other others
        different hundred thousand million billion k m bn please thanks thank each total tops max min
        only instead then too now together left today tomorrow tonight yesterday morning afternoon plus minus
        evening night noon midnight rating ratings rated ideally preferably probably possibly hopefully
        roughly approximately exactly definitely certainly actually usually normally basically"""
    )
)
_NUMBER = r"(?<![\w.,:/$£€¥#-])(?P<n>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?P<sc>k|m|bn)?"
# a count written in words ("six residents", "two trims"); "one" is left out: "one of them", "one thing"
_COUNT_WORDS = "|".join(w for w, n in {**UNITS, **TENS}.items() if n >= 2)
_WORD_COUNT = re.compile(
    rf"(?<![\w'-])(?P<n>{_COUNT_WORDS})\s(?P<w1>[a-z](?:[a-z'-]*[a-z])?s)\b", re.IGNORECASE
)
# a unit word ends with a letter: "0a-0" has no unit "a-" (the hyphen joins nothing)
_UNIT_PHRASE = re.compile(
    _NUMBER + r"\s?(?P<w1>[A-Za-z](?:[A-Za-z'-]*[A-Za-z])?)(?:\s(?P<w2>[a-z](?:[a-z'-]*[a-z])?))?\b"
)
# an area or a volume ("~65 m2", "80m²", "65 sq m", "700 sq ft", "12 square metres", "3 m3"): the unit
# holds a digit or two words, which the unit phrase does not read
_MEASURE = re.compile(
    _NUMBER + r"\s?(?P<u>(?P<area>m[2²]|sq\.?\s?(?:m|ft|feet|met(?:re|er)s?|yds?|yards?)|sqm|sqft|"
    r"square\s+(?:met(?:re|er)s?|feet|foot|yards?))|(?P<volume>m[3³]|cubic\s+met(?:re|er)s?))(?![\w²³])",
    re.IGNORECASE,
)
# a unit written as a capitalized abbreviation ("2 LPM", "10 KVA", "3 PSI"; not "2 PM", a time)
_UNIT_ABBREVIATION = re.compile(r"(?!(?:AM|PM|ST|ND|RD|TH)$)[A-Z]{2,4}")
# words before a number that count what the speaker found ("there are 33 trains", "I found 10")
_RESULT_COUNT_BEFORE = re.compile(
    r"\b(?:found|find|have|has|had|got|see|showing|returned|are|were|there'?s|total\s+of|results?|"
    r"options?|out\s+of)\s+$",
    re.IGNORECASE,
)
_SCALE = {"k": 1000, "m": 1_000_000, "bn": 1_000_000_000}


@cache
def _stop_words() -> frozenset[str]:
    values = frozenset(w for phrase in [*PRICE_WORDS, *AREAS] for w in phrase.split())  # "4 cheap"
    return frozenset(FUNCTION_WORDS) | _NOT_UNITS | frozenset(WEEKDAYS) | frozenset(MONTHS) | values


def singular(noun: str) -> str:
    """The singular of an English plural noun by its ending ("pallets" -> "pallet", "boxes" -> "box",
    "batteries" -> "battery"); other words as they are."""
    if len(noun) > 4 and noun.endswith("ies"):
        return noun[:-3] + "y"
    if (len(noun) > 4 and noun.endswith("es") and noun[-3] in "sxz") or noun.endswith(("ches", "shes")):
        return noun[:-2]
    if len(noun) > 3 and noun.endswith("s") and not noun.endswith(("ss", "us", "is")):
        return noun[:-1]
    return noun


def _known_count(word: str) -> bool:
    """True for a noun of the known counts, in either number ("bath" of "baths"), or a term of the
    value lexicons ("economy", "standard") that a known count may follow."""
    if word in COUNT_NOUNS or f"{word}s" in COUNT_NOUNS or singular(word) in COUNT_NOUNS:
        return True
    table, _ = term_table()
    return phrase_key(word) in table


def _plural(noun: str) -> bool:
    return singular(noun) != noun


# a third lowercase word after the number's two ("4 rented medical monitors")
# units of weight, length and volume: a measure before a noun says how big the thing is ("a 20 lb cat",
# "a 55 inch screen"), not how many there are ("three cats" is another attribute)
_MEASURED_AS = {
    **dict.fromkeys(("lb", "lbs", "kg", "kgs", "kilo", "kilos", "g", "oz", "stone"), "weight"),
    **dict.fromkeys(("cm", "mm", "m", "in", "inch", "inches", "ft", "foot", "feet", "metre"), "size"),
    **dict.fromkeys(("l", "litre", "liter", "litres", "liters", "ml", "gallon", "gallons"), "volume"),
}  # fmt: skip
_THIRD_WORD = re.compile(r"\s([a-z](?:[a-z'-]*[a-z])?)\b")


def _counted_plural(word: str, stop: frozenset[str]) -> bool:
    """True when a word ending a count's phrase is a plural noun it counts ("monitors" of "4 rented
    medical monitors"): two modifiers before it are part of what is counted, not the end of it."""
    if not _plural(word) or word in stop or len(word) <= 2:
        return False
    return word not in COUNT_NOUNS and not _known_count(word)


def unit_abbreviation(word: str) -> bool:
    """True for a unit written as a capitalized abbreviation after a number ("LPM", "KVA", "PSI")."""
    return _UNIT_ABBREVIATION.fullmatch(word) is not None


def unit_counts(text: str) -> list[tuple[int, int, str, str, str]]:
    """(start, end, type, value, slot) of each count of a unit and each amount in a currency the
    money finder does not read: ("quantity", "40 pallets", "pallet") and ("money", "20000 THB",
    "amount"). A number that counts one of COUNT_NOUNS is left to the known counts."""
    out = []
    stop = _stop_words()
    for m in _MEASURE.finditer(text):
        value = f"{m.group('n')}{m.group('sc') or ''} {' '.join(m.group('u').split())}"
        out.append((m.start(), m.end(), "quantity", value, "surface" if m.group("area") else "volume"))
    measured = [(a, b) for a, b, *_ in out]
    for m in _UNIT_PHRASE.finditer(text):
        if any(a <= m.start() < b for a, b in measured):
            continue
        w1, w2 = m.group("w1").lower(), m.group("w2")
        abbreviation = unit_abbreviation(m.group("w1")) and w1 not in CURRENCIES
        if not m.group("w1").islower() and w1 not in CURRENCIES and not abbreviation:
            continue  # "140 Harbour St", "3 Middle Eastern": a name or an address, not a unit
        if abbreviation:
            # "2 LPM", "10 KVA": the unit is the abbreviation, the word after it what it measures
            value = f"{m.group('n')} {m.group('w1')}"
            out.append((m.start(), m.end("w1"), "quantity", value, w1))
            continue
        n = to_number(m.group("n").replace(",", ""))
        if n is None or w1 in stop or _known_count(w1) or (w2 and _known_count(w2)):
            continue  # "3 economy tickets", "2 bath": the known counts read them
        if m.group("sc"):
            n *= _SCALE[m.group("sc")]
        if w1 in CURRENCIES:
            value = f"{format_number(n)} {CURRENCIES[w1]}"
            out.append((m.start(), m.end("w1"), "money", value, "amount"))
            continue
        if m.group("sc") or len(w1) < 2:
            continue  # "5k steps" is rare; "5m" is a distance, left to the number rules
        if _RESULT_COUNT_BEFORE.search(text, max(0, m.start() - 40), m.start()):
            continue  # "there are 33 trains": a count of what was found
        end, noun = m.end("w1"), w1
        if w2 and not _plural(w1) and w2 not in stop and w2 not in COUNT_NOUNS and len(w2) > 2:
            end, noun = m.end("w2"), w2  # "2 jasmine rice", "2 flat whites"
            w3 = _THIRD_WORD.match(text, end)
            if w3 and not _plural(w2) and _counted_plural(w3.group(1), stop):
                end, noun = w3.end(1), w3.group(1)  # "4 rented medical monitors": the plural ends it
        value = text[m.start() : end]
        slot = singular(noun)
        if noun != w1 and w1 in _MEASURED_AS:
            slot = f"{slot}_{_MEASURED_AS[w1]}"  # "20 lb cat": the cat's weight, no count of cats
        out.append((m.start(), end, "quantity", value.lower(), slot))
    for m in _WORD_COUNT.finditer(text):  # "six residents": a plural counted in words
        w1 = m.group("w1").lower()
        if w1 in stop or _known_count(w1) or not _plural(w1):
            continue
        out.append((m.start(), m.end(), "quantity", m.group(0).lower(), singular(w1)))
    return out


# the last digits of a card or an account ("card ending 3301", "ending in 4417", "last four digits 0921")
_CARD_END = re.compile(
    r"\b(?:ending(?:\s+(?:in|with))?|last\s+(?:four|4)(?:\s+digits)?(?:\s+(?:are|is))?)\s*:?\s*(?P<n>\d{3,6})\b",
    re.IGNORECASE,
)
# the card named before "ending": its brand (a capitalised word) or the word card ("Amex ending 3008")
_CARD_BEFORE = re.compile(r"\b(?P<card>[A-Z][A-Za-z]+|[Cc]ard)\s+$")


def card_endings(text: str) -> list[tuple[int, int, str, str, str]]:
    """(start, end, "id", digits, "account") of each card or account named by its last digits: which
    card, never a count, a price or a booking reference. The span holds the card's brand or the word
    card before "ending" ("Amex ending 3008"): left apart, the brand was a name the next name the user
    said replaced."""
    out = []
    for m in _CARD_END.finditer(text):
        before = _CARD_BEFORE.search(text, 0, m.start()) if m.group(0).lower().startswith("ending") else None
        start = before.start("card") if before else m.start("n")
        out.append((start, m.end("n"), "id", m.group("n"), "account"))
    return out
