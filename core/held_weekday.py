"""A weekday the user says alone that is the weekday of the date held for the slot names that date.

"12月20日周日上午10点" is held; later "领导说10点太早，大家周日起不来，改成10点半吧" changes the hour. Its
"周日" resolves to the first Sunday after the turn (a week earlier), but the user speaks of the
Sunday already agreed: no new date, and the held one is not shown as replaced (issue 12, item 2).
"""

from __future__ import annotations

from datetime import date

from core.lang.bare_weekdays import bare_weekday
from core.models import Fact, FactCandidate


def names_held_day(cur: Fact, cand: FactCandidate) -> bool:
    """True when cand, the user's weekday said alone, is the weekday of cur's held date."""
    day = bare_weekday(cand.value)
    if cand.role != "user" or day is None:
        return False
    try:
        held = date.fromisoformat(cur.norm[:10])
    except ValueError:
        return False
    return held.weekday() == day
