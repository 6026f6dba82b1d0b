"""A weekday said alone ("the Tuesday", "周二") and the dates of the month a text names ("16
December", "Dec 16th", "12月16日"), for core.weekday_readback."""

from __future__ import annotations

import re

from core.lang.en_lexicon import WEEKDAY_ABBR, WEEKDAYS

_ZH_DAYS = "一二三四五六日"
# a weekday alone, with at most "on", "the" or "this" before it
_EN_BARE = re.compile(
    r"^(?:(?:on|the|this)\s+)*(" + "|".join([*WEEKDAYS, *WEEKDAY_ABBR]) + r")\.?$", re.IGNORECASE
)
# "next Tuesday": this coming one to some, the week after's to others; the agent's read-back settles it
_EN_NEXT = re.compile(r"^next\s+(" + "|".join([*WEEKDAYS, *WEEKDAY_ABBR]) + r")\.?$", re.IGNORECASE)
_ZH_BARE = re.compile(rf"^(?:这)?(?:周|星期|礼拜)([{_ZH_DAYS}天])$")
# a date of the month: "16 December", "Dec 16th", "12月16日"
_DAY_OF_MONTH = re.compile(
    r"\d{1,2}(?:st|nd|rd|th)?\s+[A-Za-z]{3,}|[A-Za-z]{3,}\.?\s+\d{1,2}\b|\d{1,2}\s*月\s*\d{1,2}"
)


def bare_weekday(value: str) -> int | None:
    """The index (Monday 0) of a weekday said alone, None for anything else ("next Tuesday",
    "Tuesday 15 December")."""
    text = value.strip()
    if m := _EN_BARE.match(text):
        word = m.group(1).lower()
        return WEEKDAYS.index(word) if word in WEEKDAYS else WEEKDAY_ABBR[word]
    if m := _ZH_BARE.match(text):
        return min(f"{_ZH_DAYS}天".index(m.group(1)), 6)
    return None


def read_back_weekday(value: str) -> int | None:
    """The index (Monday 0) of a weekday whose week the agent's read-back settles: one said alone
    (bare_weekday) or English "next Tuesday", which names this coming Tuesday or the week after's."""
    if (day := bare_weekday(value)) is not None:
        return day
    m = _EN_NEXT.match(value.strip())
    if m is None:
        return None
    word = m.group(1).lower()
    return WEEKDAYS.index(word) if word in WEEKDAYS else WEEKDAY_ABBR[word]


def days_of_month(text: str) -> int:
    """How many dates of the month text names."""
    return len(_DAY_OF_MONTH.findall(text))
