"""Capitalized name runs of English text (core.lang.en_names): a capitalized run with its connectors
and trailing lowercase nouns (words before a venue noun: en_name_venues; event nouns: en_name_events).
"""

from __future__ import annotations

import re

from core.lang.en_lexicon import (
    FUNCTION_WORDS,
)
from core.lang.en_name_titles import bridging_possessive
from core.lang.en_name_words import (
    CAPS_CONNECTORS,
    CITY_WORDS,
    CLASS_WORDS,
    CONNECTORS,
    CUISINE_TOKENS,
    DATE_WORDS,
    DETERMINERS,
    DEVICE_TOKENS,
    EVENT_SINGLE,
    GENERIC_NOUNS,
    GENERIC_TAIL,
    LEXICON_WORDS,
    MEDIA_NOUNS,
    NAME_ABBREV,
    NUMBER_WORDS,
    PLAIN_VALUE_WORDS,
    STARTERS,
    TRAILING_PARTS,
    VALUE_WORDS,
    VENUE_SINGLE,
    NameSpan,
    Token,
    cap_word,
    gap_ok,
    is_cap,
    is_everyday,
    name_word,
    possessive_base,
    spaced,
)
from core.lang.en_units import unit_abbreviation


def _count_before_caps(text: str, toks: list[Token], i: int) -> bool:
    """A short number just before a capitalized word ("3 Middle Eastern", "221B Baker") may lead a run;
    not one after a colon or a point, the minutes of a time ("3:30pm Pacific") or a decimal's part."""
    nxt = toks[i + 1] if i + 1 < len(toks) else None
    return (
        toks[i].text[:1].isdigit()
        and text[max(0, toks[i].start - 1) : toks[i].start] not in (".", ",", ":")
        and nxt is not None
        and is_cap(nxt.text)
        and spaced(text, toks[i], nxt)
        and not nxt.sent_start
        and len(toks[i].text) <= 4
        and not (toks[i].text.isdigit() and unit_abbreviation(nxt.text))  # "2 LPM": a measure, no name
    )


def _bridging_preposition(toks: list[Token], i: int, j: int, k: int) -> bool:
    """'to' / 'on' right after a capitalized word, between two capitalized non-city words
    ("Ode to Joy"), but not before a device ("Masquerade on TV") nor in a from/between phrase."""
    n = len(toks)
    return (
        toks[k].low in ("to", "on")
        and k == j + 1
        and not (k + 1 < n and toks[k + 1].low in DEVICE_TOKENS)
        and not any(t.low in ("from", "between") for t in toks[max(0, i - 2) : i])
        and k + 1 < n
        and is_cap(toks[k + 1].text)
        and toks[k + 1].low not in CITY_WORDS
        and toks[j].low not in CITY_WORDS
        and not toks[j].text.isupper()
    )


def _inner_connector(text: str, toks: list[Token], i: int, j: int, k: int) -> bool:
    """toks[k] is a lowercase connector inside the capitalized run i..j ("Museum of the History");
    "Josie and the Pussycats" is one name, "the Alexander B&B and the El Shaddai" two."""
    return (
        not (toks[k].low == "the" and toks[k - 1].low == "and" and j > i)
        and (
            toks[k].low in CAPS_CONNECTORS
            or (toks[k].low == "at" and toks[j].low in VENUE_SINGLE)
            or _bridging_preposition(toks, i, j, k)
            or bridging_possessive(toks, j, k)
        )
        # "Granville Hotel & Suites & Conference Ctr.": an ampersand after a name of two or more
        # capitalized words carries it on ("Italian & Chinese" stays two values), and so after one
        # word when the words after it end in a venue's noun ("Loop & Pile Studio")
        and (toks[k].text.islower() or (toks[k].text == "&" and (j > i or _venue_after(toks, k))))
        and gap_ok(text, toks[k - 1], toks[k])
    )


def _venue_after(toks: list[Token], k: int) -> bool:
    """True when the capitalized words right after toks[k] end in a venue's noun ("& Pile Studio")."""
    m = k + 1
    while m < len(toks) and is_cap(toks[m].text) and not toks[m].sent_start:
        m += 1
    return m > k + 1 and toks[m - 1].low in VENUE_SINGLE


_FIRST_PERSON = re.compile(r"I(?:['’](?:m|d|ll|ve))?")


def _resumes_caps(text: str, toks: list[Token], j: int, k: int) -> bool:
    """After the connectors j+1..k-1, toks[k] carries the capitalized run on."""
    return (
        j + 1 < k < len(toks)
        and gap_ok(text, toks[k - 1], toks[k])
        and is_cap(toks[k].text)
        and toks[k].low not in DATE_WORDS
        and not _FIRST_PERSON.fullmatch(toks[k].text)  # "the Ellesmere Choir and I'm trying"
        and not toks[k].sent_start
    )


def _caps_run_last(text: str, toks: list[Token], i: int) -> int:
    """The last token of the capitalized run that starts at i: capitalized words joined by a
    space, a dash or an ampersand, and up to two lowercase connectors between them."""
    n = len(toks)
    j = last = i
    while j + 1 < n:
        b = toks[j + 1]
        if b.sent_start or not gap_ok(text, toks[j], b):
            break
        if cap_word(b, toks[j + 2] if j + 2 < n else None):
            j = last = j + 1
            continue
        k = j + 1
        while k < n and k - j <= 2 and _inner_connector(text, toks, i, j, k):
            k += 1
        if not _resumes_caps(text, toks, j, k):
            break
        j = last = k
    return last


def _trailing_noun(text: str, toks: list[Token], k: int) -> bool:
    """A lowercase word that ends a capitalized name: a venue or event noun, a place part, a word
    that is no everyday English ("United airlines", "Yunger concert", "University arms hotel")."""
    low = toks[k].low
    return (
        low in VENUE_SINGLE
        or possessive_base(low) in VENUE_SINGLE
        or low in TRAILING_PARTS
        or low in EVENT_SINGLE
        or name_word(low)
        or _before_venue_noun(text, toks, k)
    )


def _extend_with_trailing_nouns(text: str, toks: list[Token], last: int, only_values: bool) -> int:
    """The run's last token after the lowercase trailing nouns that follow it."""
    bridged = False
    while (
        (not only_values or bridged or _before_venue_noun(text, toks, last + 1))
        and last + 1 < len(toks)
        and spaced(text, toks[last], toks[last + 1])
        and not toks[last + 1].sent_start
        and toks[last + 1].text.islower()
        and _trailing_noun(text, toks, last + 1)
    ):
        bridged = bridged or _before_venue_noun(text, toks, last + 1)
        last += 1
    return last


_OBJECT_PRONOUNS = frozenset("it them me us him".split())


def _caps_span(text: str, toks: list[Token], i: int, last: int, only_values: bool) -> NameSpan | None:
    """The name the run i..last makes, or None when it is a value, a grammar word or generic."""
    begin = toks[i].start
    # a lowercase "the" just before the run belongs to many venue names ("the Lucky Star"), but not
    # to a value word ("the TV", "the Historical Landmark")
    if (
        i > 0
        and toks[i - 1].low == "the"
        and spaced(text, toks[i - 1], toks[i])
        and not toks[i].sent_start
        and not only_values
        and not _modifies_next(text, toks, last)
    ):
        begin = toks[i - 1].start
    end = toks[last].end
    possessive = toks[last].low.endswith(("'s", "’s"))
    if last > i and possessive and possessive_base(toks[last].low) in VENUE_SINGLE:
        end -= 2  # "the University arms hotel's phone number"
    if toks[last].low in NAME_ABBREV and text[end : end + 1] == ".":
        end += 1
    single = last == i and (
        toks[i].low == "the"
        or len(toks[i].text) == 1
        or toks[i].low in STARTERS
        or any(c.isdigit() for c in toks[i].text)  # an id or a count, found by other finders
        # a word opening its sentence before an object pronoun is a verb ("Bump it to 12")
        or (toks[i].sent_start and i + 1 < len(toks) and toks[i + 1].low in _OBJECT_PRONOUNS)
    )
    first = _first_name_token(toks, i, last)
    if first is None:
        return None  # "4 Economy", "An Economy", "Standard Car", "Metal Songs": values, not names
    if first > i:
        return NameSpan(toks[first].start, end, "caps")  # "Standard Honda Accord" -> "Honda Accord"
    # "A Pool ride should do.": the sentence's capital "A" and an everyday word after it, no name
    led = last == i + 1 and toks[i].low in ("a", "an") and _generic_cap_word(text, toks, last)
    if single or led or (last == i and _generic_cap_word(text, toks, i)) or _no_name_run(toks, i, last):
        return None
    return NameSpan(begin, end, "caps")


_WORK_NOUNS = frozenset("album song track movie film show book series play musical episode novel".split())


def _modifies_next(text: str, toks: list[Token], last: int) -> bool:
    """The run is a brand before the common noun it qualifies ("the StockView platform", "the Acme
    account"): its "the" belongs to the noun, not to the name."""
    if last + 1 >= len(toks):
        return False
    nxt = toks[last + 1]
    return (
        spaced(text, toks[last], nxt)
        and nxt.text.islower()
        and nxt.text.isalpha()
        and nxt.low not in FUNCTION_WORDS
        and nxt.low not in DATE_WORDS
        and nxt.low not in _WORK_NOUNS  # "the Madness album": a title owns its article
        and nxt.low[:-1] not in _WORK_NOUNS
        and is_everyday(nxt.low)
    )


# prepositions of place that open a sentence ("Near Philadelphia", "Around Boston"): no part of a name
# ("Around the World", "Into The Wild" are titles: a "the" after it, or a motion word, keeps the name)
_PLACE_PREPOSITIONS = frozenset("near around in at within outside".split())


def caps_runs(text: str, toks: list[Token]) -> list[NameSpan]:
    """Capitalized runs, extended by trailing lowercase venue and event nouns."""
    spans: list[NameSpan] = []
    i, n = 0, len(toks)
    while i < n:
        nxt = toks[i + 1] if i + 1 < n else None
        lead_digit = _count_before_caps(text, toks, i)
        measured = i > 0 and toks[i - 1].text.isdigit() and unit_abbreviation(toks[i].text)
        if not (cap_word(toks[i], nxt) or lead_digit) or measured:
            i += 1  # a measure's unit ("2 LPM pulse") leads no name
            continue
        last = _caps_run_last(text, toks, i)
        if all(possessive_base(t.low) in DATE_WORDS for t in toks[i : last + 1]):
            i = last + 1  # "Tomorrow's Saturday": a day said, no name
            continue
        opens = toks[i].sent_start and toks[i].low in _PLACE_PREPOSITIONS
        if opens and i < last and toks[i + 1].low != "the":
            i += 1  # "Near Philadelphia please": a preposition capitalized to open the sentence
        first_word = i + 1 if lead_digit and not cap_word(toks[i], nxt) else i
        words_ = toks[first_word : last + 1]
        only_values = all(t.low in LEXICON_WORDS or t.low in CONNECTORS for t in words_)
        if first_word > i and all(
            t.low in CUISINE_TOKENS or t.low in VALUE_WORDS or t.low in GENERIC_TAIL for t in words_
        ):
            i = first_word  # "3 Middle Eastern restaurants": a count, not a name
        last = _extend_with_trailing_nouns(text, toks, last, only_values)
        span = _caps_span(text, toks, i, last, only_values)
        if span is not None:
            spans.append(span)
        i = last + 1
    return spans


def _before_venue_noun(text: str, toks: list[Token], k: int) -> bool:
    """A lowercase word right before a lowercase venue noun continues a name ("arms" in "University
    arms hotel", "country" in "Wandlebury country park")."""
    if k + 1 >= len(toks):
        return False
    word = toks[k].low
    if word in FUNCTION_WORDS or not toks[k].text.isalpha():
        return False
    if word in LEXICON_WORDS or word in DATE_WORDS or word in NUMBER_WORDS:
        return False  # "Cambridge cheap hotel": a value before the noun, not a name
    nxt = toks[k + 1]
    return (
        spaced(text, toks[k], nxt)
        and nxt.text.islower()
        and not nxt.sent_start
        and possessive_base(nxt.low) in VENUE_SINGLE
    )


def _first_name_token(toks: list[Token], i: int, last: int) -> int | None:
    """Where the name of a capitalized run starts: None when the run is only values and generic nouns
    after a count or an article ("4 Economy", "An Economy", "Standard Car", "Metal Songs"), later
    when a kind of car or seat leads a longer name ("Standard Honda Accord" -> "Honda Accord")."""
    j = i
    while j <= last and (toks[j].low in ("a", "an", "the") or toks[j].text.isdigit()):
        j += 1
    k = j
    while k <= last and toks[k].low in CLASS_WORDS:
        k += 1
    rest = toks[k : last + 1]
    only_the = k > i and all(t.low == "the" for t in toks[i:k])
    generic_after = last + 1 < len(toks) and toks[last + 1].low in GENERIC_TAIL
    if (
        all(t.low in PLAIN_VALUE_WORDS or t.low in GENERIC_NOUNS or t.low in MEDIA_NOUNS for t in rest)
        and (k > i or any(t.low in GENERIC_NOUNS or t.low in MEDIA_NOUNS for t in rest))
        and (not only_the or generic_after)  # "The Italian place" is a value, "The Hotpot" a name
    ):
        return None
    return k if k > j and len(rest) >= 2 else i


def _generic_cap_word(text: str, toks: list[Token], i: int) -> bool:
    """A lone capitalized everyday word used as a common noun: a generic one ("Reference number",
    "train ID", "degrees Fahrenheit"), one after an article ("a Cab", "another Restaurant") or one
    that modifies the lowercase noun after it ("Games events")."""
    low = toks[i].low
    if not is_everyday(low):
        return False
    if low in GENERIC_NOUNS or low.rstrip("s") in GENERIC_NOUNS:
        return True
    if i > 0 and toks[i - 1].low in DETERMINERS and spaced(text, toks[i - 1], toks[i]):
        return True
    if i + 1 < len(toks) and spaced(text, toks[i], toks[i + 1]):
        nxt = toks[i + 1]
        return nxt.text.islower() and nxt.low not in FUNCTION_WORDS and is_everyday(nxt.low)
    return False


def _no_name_run(toks: list[Token], i: int, last: int) -> bool:
    """A capitalized run that names nothing: generic nouns only ("Train ID", "Reference Number") or
    an id with its noun ("The TR7413", "Train TR6332")."""
    words_ = [t.low for t in toks[i : last + 1] if t.low != "the"]
    if not words_:
        return True
    return all(any(c.isdigit() for c in w) or w in GENERIC_NOUNS for w in words_)
