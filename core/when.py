"""Dates and times shown normalised next to the user's words (seed 001, 4.2).

A relative date or time ("next Wednesday 3pm", "the day after tomorrow", 下周三下午3点) is resolved
by the language analyzers against the time of its turn (``Entity.value``, kept as ``Fact.norm``).
The rendered context shows the resolved value first and the user's words after it:
``2026-12-09 15:00 (下周三下午3点)``, ``date=2026-12-04 (Friday)|time=2026-12-04 19:00 (7pm Friday)``: a
clock time said in one phrase with a date ("7pm Friday", "next Wednesday at half past ten",
"Thursday after six") carries the resolved date and the words of both; a clock time alone is shown
as written (nothing relative in it to resolve, and the context stays short). The brackets hold the
user's words, so the anchors read back those words (``written_value``): the fact's value, or for a
time said with its day the phrase holding it.

Only a value said in a turn that carried a timestamp is shown resolved (``Evidence.ts``): without
one the analyzers resolve against a fixed reference day, and that date would be invented.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from core.models import Fact

_DATE = re.compile(r"\d{4}-\d\d(?:-\d\d)?")  # a day, or a month said without one ("2027-03 (3月)")
_TIME = re.compile(r"\d\d:\d\d")
_SHOWN = re.compile(r"(?:\d{4}-\d\d(?:-\d\d)?(?: \d\d:\d\d)?|\d\d:\d\d) \((.+)\)")
_DATETIME = re.compile(r"(\d{4}-\d\d-\d\d)[t ](\d\d:\d\d)", re.I)
MAX_GAP = 5  # characters between a date and a time said as one phrase ("next Wednesday at 3pm")
MAX_WORD_GAP = 8  # ... or one word between them, with spaces or a comma ("Thursday after six")
_ONE_WORD = re.compile(r"[\s,]*\w+[\s,]*")


def when_norm(fact: Fact) -> str:
    """The resolved date, time or 'date time' of a fact said in a timestamped turn, else ''."""
    if fact.evidence is None or fact.evidence.ts is None:
        return ""
    norm = fact.norm.strip()
    both = _DATETIME.fullmatch(norm)
    if both:
        return f"{both.group(1)} {both.group(2)}"
    return norm if _DATE.fullmatch(norm) or _TIME.fullmatch(norm) else ""


def is_when(fact: Fact) -> bool:
    """True for a date or time the user gave in a timestamped turn: a first-rank fact (weight 1.0,
    never dropped by the budget)."""
    return fact.role in ("user", "system") and bool(when_norm(fact))


def shown_value(fact: Fact, group: Sequence[Fact] = ()) -> str:
    """The value as the rendered context shows it: a resolved date or time first, the user's words
    (the fact's value) in brackets after it when they say it another way; any other value as written.

    group: the other facts of the fact's domain; a clock time said in one phrase with one of their
    dates carries that date too ('2026-12-04 19:00 (7pm)' next to 'date=2026-12-04 (Friday)')."""
    norm = when_norm(fact)
    if not norm:
        return fact.value
    if _TIME.fullmatch(norm):
        day = _said_together(fact, group)
        if day is None:
            return fact.value  # a clock time alone: its words say it, nothing relative to resolve
        norm = f"{when_norm(day)} {norm}"
        words = said_phrase(fact, day) if fact.evidence and fact.evidence.text == fact.value else ""
        if words:
            return f"{norm} ({words})"  # the words of date and time as one phrase ('7pm Friday')
    if norm.lower() in fact.value.lower():
        return fact.value  # already written as resolved ("15:00", "2026-12-09")
    return f"{norm} ({fact.value})"


def phrase_with_day(fact: Fact, group: Sequence[Fact] = ()) -> str:
    """The user's latest words for a clock time together with the date said right next to it
    ('wednesday 9am' in "make it wednesday 9am"), else ''.

    A time restated with the same value keeps its first words ('09:00') and the new ones as an alias;
    when the new words came with a date, the alias shows the whole phrase, so that a correction of
    date and time ("wait, she's off tomorrow. make it wednesday 9am") reads as one new value, not as
    a date changed beside an unrelated '9am'."""
    ev = fact.evidence
    if ev is None or not ev.text or not _TIME.fullmatch(when_norm(fact)):
        return ""
    day = _said_together(fact, group)
    if day is None or day.evidence is None or not day.evidence.text:
        return ""
    return said_phrase(fact, day)


def said_phrase(fact: Fact, day: Fact) -> str:
    """The user's words from the first to the last of a clock time and the date said right next to
    it, as the clause has them ('Next Tuesday at half past ten', '7pm Friday'), else ''. Without
    the clause (a value built by hand), the two joined by a space when a few characters stood between."""
    ev, de = fact.evidence, day.evidence
    if ev is None or de is None or not ev.text or not de.text:
        return ""
    first, last = (de, ev) if de.start < ev.start else (ev, de)
    for clause in dict.fromkeys((ev.clause, de.clause)):
        at = clause.find(first.text)
        while at >= 0:
            end = at + last.end - first.start
            if clause[at + last.start - first.start : end] == last.text:
                return clause[at:end]
            at = clause.find(first.text, at + 1)
    return f"{first.text} {last.text}" if 0 <= last.start - first.end <= MAX_GAP else ""


def written_value(shown: str) -> str:
    """The user's words back from a shown value ('2026-12-09 15:00 (下周三下午3点)' -> '下周三下午3点'):
    what parse_anchors reads, so that the anchors still round-trip to the facts' values."""
    m = _SHOWN.fullmatch(shown.strip())
    return m.group(1) if m else shown


def _said_together(fact: Fact, group: Sequence[Fact]) -> Fact | None:
    """The fact of the group said in the same turn right next to fact (at most MAX_GAP characters
    apart) that completes it: a date for a clock time, a clock time for a date."""
    ev = fact.evidence
    if ev is None or ev.start < 0:
        return None
    want = _DATE if _TIME.fullmatch(when_norm(fact)) else _TIME
    for other in group:
        oe = other.evidence
        if other is fact or oe is None or oe.idx != ev.idx or oe.start < 0:
            continue
        if not want.fullmatch(when_norm(other)):
            continue
        gap = max(oe.start, ev.start) - (oe.end if oe.start < ev.start else ev.end)
        if 0 <= gap <= MAX_GAP or (0 <= gap <= MAX_WORD_GAP and _one_word_between(fact, other)):
            return other
    return None


def _one_word_between(fact: Fact, other: Fact) -> bool:
    """True when one word stands between the two values in their clause ('Thursday after six')."""
    words = said_phrase(fact, other)
    spans = sorted((e.start, e.text) for e in (fact.evidence, other.evidence) if e is not None)
    if not words or len(spans) != 2:
        return False
    return bool(_ONE_WORD.fullmatch(words[len(spans[0][1]) : len(words) - len(spans[1][1])]))
