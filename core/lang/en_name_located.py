"""Names found by a location frame: the thing said to be somewhere is named right before the verb
that places it ("Old schools is in town centre", "I have the ask located at 12 Bridge Street",
"parkside pools is located in the centre"). Whatever words the name is made of (everyday words,
lowercase, a verb like "ask"), the frame tells it is a place's name; a pronoun, a determiner or a
generic venue noun ("the hotel is located ...", "it is in the north") names nothing.

Also the name spans a frame shows to be where rather than what: an address ('address is ...', a
span opening with a street number) and a city with its centre ('the Cambridge centre')."""

from __future__ import annotations

import re

from core.lang import en_values as V
from core.lang.en_lexicon import AREAS, CITIES, FUNCTION_WORDS
from core.lang.en_name_words import (
    CONNECTORS,
    GENERIC_NOUNS,
    GENERIC_TAIL,
    GENERIC_VENUE,
    NameSpan,
    is_everyday,
)

MAX_WORDS = 5
_PRONOUNS = frozenset(
    "everything something anything nothing everyone someone none neither parking wifi".split()
)
_AREA = "|".join(sorted((re.escape(a) for a in AREAS), key=len, reverse=True))
# the placing verb after the name: "is located", "located at", "are situated", "is in the north"
_PLACED = re.compile(
    rf"\s+(?:(?:is|are)\s+)?(?:located|situated)\s+(?:in|at|on|near|just|right)\b"
    rf"|\s+(?:is|are)\s+in\s+(?:the\s+)?(?:town\s+|city\s+)?(?:{_AREA})\b",
    re.IGNORECASE,
)
_VERBS = ("have", "recommend", "suggest", "try", "found", "is", "about")
# where the name may start: a sentence's start, or "the" after a verb of having or offering
_OPENING = re.compile(
    r"(?:^|(?<=[.!?])\s+)(?:(?i:the)\s+)?|\b(?:" + "|".join(_VERBS) + r")\s+(?i:the)\s+",
    re.IGNORECASE,
)
_GENERIC = GENERIC_VENUE | GENERIC_NOUNS | GENERIC_TAIL
_WORD = re.compile(r"[A-Za-z][\w'’&-]*")


def _names_a_thing(words: list[str], opens_sentence: bool) -> bool:
    """The run's words name something: no pronoun or determiner leads, no function word but a
    connector inside, and not every word generic ('the hotel', 'the one', 'this place'). A sentence
    opening with one everyday word ('The venue is located at ...') describes, it names nothing."""
    low = [w.lower() for w in words]
    if opens_sentence and len(low) == 1 and is_everyday(low[0]):
        return False
    if low[0] in FUNCTION_WORDS or low[0] in _PRONOUNS or low[-1] in CONNECTORS:
        return False
    if any(w in FUNCTION_WORDS and w not in CONNECTORS for w in low):
        return False
    return not all(w in _GENERIC or w in CONNECTORS for w in low)


def located_runs(text: str) -> list[NameSpan]:
    """Name spans of text placed by a location frame (see module doc), at most MAX_WORDS words."""
    if "locat" not in text and "situat" not in text and " in " not in text:
        return []
    spans: list[NameSpan] = []
    for m in _OPENING.finditer(text):
        words = []
        pos = m.end()
        while len(words) < MAX_WORDS and (w := _WORD.match(text, pos)) is not None:
            words.append(w)
            if _PLACED.match(text, w.end()):
                opens_sentence = not m.group(0).strip().lower().startswith(_VERBS)
                if _names_a_thing([x.group(0) for x in words], opens_sentence):
                    # "The restaurant Nandos is in the centre": the kind noun before the name is no part of it
                    lead = next(x for x in words if x.group(0).lower() not in _GENERIC)
                    spans.append(NameSpan(lead.start(), w.end(), "located"))
                break
            gap = re.match(r" +", text[w.end():])
            if gap is None:
                break
            pos = w.end() + gap.end()
    return spans


# the words that say an address follows ("their address is", "address:", "it's address is")
_ADDRESS_CUE = re.compile(r"\baddress(?:\s+is|\s*:)\s*(?:the\s+)?$", re.IGNORECASE)


def is_address_span(text: str, start: int, surface: str) -> bool:
    """A name span that is an address: it opens with a street number and a street ('35 Newnham Road
    Newnham': the locality after the street is part of the line), or the words before it say an
    address follows ('address is cambridge leisure park clifton way'). What follows 'address is'
    is where, not what; a number-led span an offer cue opens ('Would you like 45 Park Lane?') is
    the thing offered, a name."""
    if _ADDRESS_CUE.search(text, max(0, start - 24), start) is not None:
        return True
    return V.starts_with_street(surface) and not V.offered_before(text[:start])


_CITY_CENTRE = re.compile(r"(?i:the\s+)?(?P<city>.+?)\s+(?:city\s+|town\s+)?(?:centre|center|downtown)")


def city_centre(surface: str) -> bool:
    """'the Cambridge centre', 'Boston city center': a known city and its centre (lowercase) are a
    city and an area (each its own value), not the name of a venue; 'Grafton Centre' (no city) and
    'Lincoln Center' (a capitalized Center is part of the venue's name) stay names."""
    m = _CITY_CENTRE.fullmatch(surface.strip())
    return m is not None and m.group("city").lower() in CITIES
