"""An English date that a past-tense sentence gives an event that happened ("Someone rear-ended me at
a red light on Sunday", "oh wait, it was Saturday"): the day it happened, not the day a task is for.

The resolver reads a bare weekday or a month and day as the next such day; a subject and a verb in
the past tense in the date's sentence (and nothing that points ahead: a modal, "next", "for") say
the day is past, so the value is the last such day, and the slot past_date keeps it apart from the
dates the user asks for (the adjuster's visit "thursday at 3" is another date, which a correction of
the accident's day must not replace).
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta

# a subject, then a verb in the past tense: "someone rear-ended", "I picked up", "it was", "we got",
# "my husband went", "Malik went" (a capitalised name)
_PAST_CLAUSE = re.compile(
    r"\b(?:(?:i|we|he|she|it|they|someone|somebody|that|this)\s+"
    r"|(?:(?:my|our)\s+[a-z]+|(?-i:[A-Z][a-z]{2,}))\s+(?!(?:just\s+)?(?:said|told)\b))"  # no report of words
    r"(?:just\s+|already\s+)?"
    r"(?:[a-z]+-)?(?:[a-z]{2,}ed|was|were|had|did|got|came|went|bought|broke|fell|hit|lost|left|saw|"
    r"took|sent|paid|found|told|said|ran|drove|flew|spent)\b",
    re.IGNORECASE,
)
# words that point ahead: the date is one the speaker wants, plans or books for ("Survey booked,
# SRV-88174: Wednesday 16 December" is the day booked, not the day the booking was made)
_AHEAD = re.compile(
    r"\b(?:will|['’]ll|shall|going|gonna|want\w*|need\w*|would|could|can|should|hop\w+|plann\w+|thinking|"
    r"wonder\w*|next|for|until|till|by|book|booked|reserved|scheduled|confirmed|schedule|please|free|"
    r"available|tomorrow|tonight)\b",
    re.IGNORECASE,
)
# a sentence that opens on a past participle and its preposition, the date right after ("Found on 15
# February, on the A49", "Bought in March"): the day it happened, said without its subject
_PARTICIPLE_OPENS = re.compile(
    r"^\s*(?:[a-z]{3,}ed|found|bought|built|made|caught|born|sold|given|taken)\s+(?:on|in)\s+(?:the\s+)?$",
    re.IGNORECASE,
)
# "by" and the one who did a thing, after its day ("found on 15 February ... by Mr Gareth Pugh")
_BY_AGENT = re.compile(r"\bby\s+(?=(?:mr|mrs|ms|miss|dr|my|our|his|her|their|a|an|someone)\b)", re.IGNORECASE)
_SENTENCE_END = re.compile(r"[.!?;]\s|[.!?;]$")
_ISO_DAY = re.compile(r"(\d{4})-(\d{2})-(\d{2})")
_WEEK = timedelta(days=7)
_WEEKDAY = re.compile(r"\b(?:mon|tue|wed|thu|fri|sat|sun)", re.IGNORECASE)
_DAY_NUMBER = re.compile(r"\d")


def past_event(text: str, start: int, end: int) -> bool:
    """True when the date text[start:end] sits in a sentence with a subject and a past-tense verb
    before it, or that opens on a past participle right before it, and no word that points ahead."""
    begin = max((m.end() for m in _SENTENCE_END.finditer(text, 0, start)), default=0)
    stop = _SENTENCE_END.search(text, end)
    sentence_end = stop.start() if stop else len(text)
    before, after = text[begin:start], text[end:sentence_end]
    past = _PAST_CLAUSE.search(before) or _PARTICIPLE_OPENS.match(before)
    after = _BY_AGENT.sub(" ", after)  # "by Mr Gareth Pugh": who did it, no "by" of a deadline
    return bool(past) and not _AHEAD.search(before) and not _AHEAD.search(after)


def last_day(value: str, ref: datetime, surface: str) -> str:
    """The ISO date value of the date written surface moved back to the last such day when it lies
    after ref's day: a week back for a weekday, a year back for a month and day."""
    m = _ISO_DAY.match(value)
    if m is None:
        return value
    day = date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    if day <= ref.date():
        return value
    if _WEEKDAY.search(surface) and _DAY_NUMBER.search(surface):
        return value  # "Wednesday 16 December": a week back would no longer be the 16th
    if _WEEKDAY.search(surface):
        back = day - _WEEK
    else:
        try:
            back = day.replace(year=day.year - 1)
        except ValueError:  # 29 February
            return value
    return back.isoformat() + value[10:]
