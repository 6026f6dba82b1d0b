"""English event names: a noun of an appointment or an occasion with the words before it that say which
("dentist appointment", "stylist visit", "my parents' 40th wedding anniversary party")."""

from __future__ import annotations

import re

from core.lang.en_lexicon import FUNCTION_WORDS
from core.lang.en_name_words import (
    DATE_WORDS,
    EVENT_SINGLE,
    NOT_EVENT_MODIFIERS,
    NOT_EVENT_STARTS,
    NUMBER_WORDS,
    NameSpan,
    Token,
    spaced,
)


def event_runs(text: str, toks: list[Token]) -> list[NameSpan]:
    """'dentist appointment', 'general practitioner appointment', 'stylist visit'."""
    spans: list[NameSpan] = []
    for idx in range(1, len(toks)):
        if toks[idx].low not in EVENT_SINGLE:
            continue
        j = idx - 1
        while (
            j >= 0
            and idx - j <= 2
            and not toks[j + 1].sent_start
            and spaced(text, toks[j], toks[j + 1])
            and toks[j].low not in FUNCTION_WORDS
            and toks[j].low not in DATE_WORDS
            and toks[j].text.isalpha()
            and toks[j].low not in NUMBER_WORDS
            and toks[j].low not in NOT_EVENT_MODIFIERS
        ):
            j -= 1
        if j < idx - 1 and not (
            toks[idx].low in ("reservation", "booking") or toks[j + 1].low in NOT_EVENT_STARTS
        ):
            start = toks[j].start if _owned_ordinal(text, toks, j) else toks[j + 1].start
            spans.append(NameSpan(start, toks[idx].end, "event"))
    return spans


_ORDINAL = re.compile(r"\d{1,3}(?:st|nd|rd|th)", re.IGNORECASE)
_OWNERS = frozenset(("my", "our", "his", "her", "their", "your"))


def _owned_ordinal(text: str, toks: list[Token], j: int) -> bool:
    """True when toks[j] is an ordinal someone's event is counted by ("my parents' 40th wedding
    anniversary", "our 25th anniversary dinner"): it belongs to the event's name. After a possessive
    it is no day of a month ("March 3rd dentist appointment" keeps its date apart)."""
    if j < 1 or not _ORDINAL.fullmatch(toks[j].text):
        return False
    return toks[j - 1].low in _OWNERS or "'" in text[toks[j - 1].end - 1 : toks[j].start]
