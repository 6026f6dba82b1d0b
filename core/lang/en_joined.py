"""Values the user joined into one (English).

A weekly schedule is no date: "daily, Monday to Saturday", "every week, Tuesday through Thursday"
say on which days something recurs, not the day a task is for. Read as two dates (a
date and an end_date) the range is lost, and a later start date ("next monday") replaces its first
day. A weekday range in a clause that says the thing recurs is one value, as written (like the
Chinese reader's schedules, core.lang.zh_time: a 'time' value holding the words).

A person or thing at a place ("Dr. Alvarez at Mercy Hospital") is one thing said of both: the
words between them are asked by core.joined_values (``places_at``). Numbers right after the noun
they label ("boxes 2 and 5", "rows 3, 4 and 7") name which ones, not how many: shown as bare
numbers they read as counts (``labelled_numbers``).
"""

from __future__ import annotations

import re

from core.lang.en_lexicon import COUNT_NOUNS, FUNCTION_WORDS, RANGE_WORDS, WEEKDAY_ABBR, WEEKDAYS
from core.lang.en_values import Candidate

_DAY = "|".join([*WEEKDAYS, *WEEKDAY_ABBR])
# one weekday as a whole span, abbreviated ("Mon.") allowed
_WEEKDAY = re.compile(rf"(?:{_DAY})s?\.?", re.IGNORECASE)
_RANGE_GAP = re.compile(r"\s*(?:to|through|thru|till|until|-|–)\s*", re.IGNORECASE)
# the words that say a thing recurs ("daily", "every", "each week", "weekly", "recurring")
_RECURS = re.compile(
    r"\b(?:daily|every|each|weekly|recurring|regular(?:ly)?|per\s+week|a\s+week)\b", re.IGNORECASE
)
SCHEDULE_SLOT = "schedule"
_AT_GAP = re.compile(r"\s*at\s*", re.IGNORECASE)


# a noun, then one number or a list of them ("boxes 2 and 5", "rows 3, 4 and 7")
_LABELLED = re.compile(
    r"\b(?P<noun>[A-Za-z][a-z]{2,})\s+(?P<nums>\d{1,4}(?:\s*(?:,|and|&|or)\s*\d{1,4})+)(?![\w:.%/-])"
)


def labelled_numbers(text: str) -> list[str]:
    """The phrases of text where a noun labels a list of numbers ("boxes 2 and 5"): which ones,
    not how many. A function word or a unit before the numbers ("for 2 and 3", "nights 2 and 3")
    labels nothing."""
    return [
        m.group(0)
        for m in _LABELLED.finditer(text)
        if m.group("noun").lower() not in FUNCTION_WORDS and m.group("noun").lower() not in COUNT_NOUNS
    ]


def places_at(gap: str) -> bool:
    """True when the words between two names put the first at the second ("X at Y")."""
    return _AT_GAP.fullmatch(gap) is not None


# the words between two times that make them one span of time ("1pm to 3:30pm", "7:30 till 10",
# "between 6 and 8pm")
_TIME_RANGE_GAP = re.compile(rf"\s*(?:{RANGE_WORDS}|and)\s*", re.IGNORECASE)


def ranges_to(gap: str) -> bool:
    """True when the words between two times make them one span ("1pm to 3:30pm", "6 and 8pm")."""
    return _TIME_RANGE_GAP.fullmatch(gap) is not None


def weekday_ranges(text: str, kept: list[Candidate]) -> list[Candidate]:
    """kept with each weekday range of a recurring thing ("daily, Monday to Saturday", "every week,
    Tuesday through Thursday") as one 'time' candidate holding its words (slot "schedule"), not two
    dates. Without a word saying the thing recurs, "Monday to Friday" stays two dates (a stay)."""
    out: list[Candidate] = []
    i = 0
    while i < len(kept):
        first = kept[i]
        second = kept[i + 1] if i + 1 < len(kept) else None
        if (
            second is not None
            and first.type == second.type == "date"
            and _WEEKDAY.fullmatch(text, first.start, first.end)
            and _WEEKDAY.fullmatch(text, second.start, second.end)
            and _RANGE_GAP.fullmatch(text, first.end, second.start)
            and _RECURS.search(text)
        ):
            words = " ".join(text[first.start : second.end].split())
            out.append(Candidate(first.start, second.end, "time", words, SCHEDULE_SLOT, first.priority))
            i += 2
            continue
        out.append(first)
        i += 1
    return out


# a day of the month said alone after a date and "and" ("January 9 and 10", "March 13 and 14")
_BARE_DAY = re.compile(r"(?:[12]?\d|3[01])(?:st|nd|rd|th)?")
_AND_GAP = re.compile(r"\s+(?:and|&)\s+", re.IGNORECASE)


def day_lists(text: str, kept: list[Candidate]) -> list[Candidate]:
    """kept with each date and the bare days of its month listed after it ("January 9 and 10") as one
    date: the days the user wants, together. Read apart, the bare "10" was a date of its own that
    replaced "January 9" in the slot they share."""
    out: list[Candidate] = []
    for c in kept:
        prev = out[-1] if out else None
        if (
            prev is not None
            and prev.type == c.type == "date"
            and _BARE_DAY.fullmatch(text, c.start, c.end)
            and not _BARE_DAY.fullmatch(text, prev.start, prev.end)
            and _AND_GAP.fullmatch(text, prev.end, c.start)
        ):
            out[-1] = Candidate(prev.start, c.end, "date", prev.value, prev.slot, prev.priority)
            continue
        out.append(c)
    return out
