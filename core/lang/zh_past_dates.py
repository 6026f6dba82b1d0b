"""A Chinese date that a past-tense "是...的" clause gives an event that happened ("12月1日发的",
"上周五买的", "昨天到的"): the day it happened, not the day a task is for.

The resolver reads a month and day without a year as the next such day ("12月1日" on 3 December is
2027-12-01); a verb and 的 right after the date ("发的": was sent) says it is past, so the value is
the last such day, and the slot past_date keeps it apart from the dates the user asks for (a later
"我只有周末有空" is no new value of it).
"""

from __future__ import annotations

import re
from datetime import datetime

# one or two characters of a verb, then 的 closing the clause: "发的，", "买的。", "到的"
_PAST_AFTER = re.compile(r"[\u4e00-\u9fff]{1,2}的(?=[，。,.!！?？；;\s]|$)")
_FUTURE = re.compile(r"明|后天|下|来")  # 明天, 后天, 下周, 下个月, 来年: a day ahead
_ISO_DAY = re.compile(r"(\d{4})-\d{2}-\d{2}")


def past_event(text: str, start: int, end: int) -> bool:
    """True when the date text[start:end] is followed by a verb and 的 closing the clause, and says
    no future day itself ("明天到的" is the one arriving tomorrow)."""
    return _PAST_AFTER.match(text, end) is not None and not _FUTURE.search(text, start, end)


def last_occurrence(value: str, ts: datetime | None) -> str:
    """The ISO date value moved back a year when it lies after ts (resolved as the next such day)."""
    m = _ISO_DAY.match(value)
    if ts is None or m is None or value[:10] <= ts.strftime("%Y-%m-%d"):
        return value
    return f"{int(m.group(1)) - 1:04d}{value[4:]}"
