"""A date the user says after another, with no correction cue, in a slot the parser guessed without
a task (general.date), stands beside it (issue 12, item 2).

"Cargo ready 18 December", then "loading on 22 December"; "12月20号货好",
then "装柜12月22号": one date after another under one slot replaced the one before as "corrected by
user", and the context showed a current date only as replaced. Nothing shows the two are one
attribute; without a cue ("actually", "改成") the later date is a value of its own, under the next
free numbered key of the slot (date_2, date_3). A corrected date replaces as before, and so does
a date restated in a task's own slot (flight.date: a new search for another day, the dev corpora).
Several times listed at once with no cue ("下午一点半演出，大概四点结束" after "下周三早上七点出发") stand
beside the one held in any slot: a correction names one new value, a list names other moments.
An uncued time inside the span the user gave ("6pm to 10pm", then "Quiz is fine at 8") is a moment
of that span, beside its start.
"""

from __future__ import annotations

import re

from core.models import ContextState, Fact, FactCandidate
from core.replaced import guessed_key, unnumbered_slot
from core.values import HALF_DAY, clock_minutes

MAX_NUMBERED = 5  # date_2 .. date_5: past that, the last one is replaced
_DATES = frozenset({"date", "datetime"})
_MOMENTS = _DATES | {"time"}
_ISO_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


def date_beside_key(state: ContextState, cur: Fact, cand: FactCandidate) -> str | None:
    """The key the user's uncued date, or list of times, cand takes beside the user's date or time
    cur (module docstring), or None when cand may replace cur."""
    if _moves_another_date(cur, cand) or _inside_held_span(state, cur, cand):
        return _free_key(state, cur, cand)
    if cand.role != "user" or cand.correction or cand.asks or cur.role != "user" or cur.verified_by_user:
        return None
    if " | " in cur.norm or ", " in cur.norm or not {cur.vtype, cand.vtype} <= _MOMENTS:
        return None
    listed = ", " in cand.norm  # "下午一点半, 四点" after "下周三早上七点": other moments, in any slot
    # a day and hour said with no cue ("这周三晚上8点后可以") after an hour of another day ("3号…下午2点才
    # 开始"), in a slot guessed without a task: a moment of its own, like a date after a date
    dated = cand.vtype == "datetime" and cur.vtype in _MOMENTS
    if not listed and not ((dated or {cur.vtype, cand.vtype} <= _DATES) and guessed_key(cur.key)):
        return None
    return _free_key(state, cur, cand)


def _moves_another_date(cur: Fact, cand: FactCandidate) -> bool:
    """True when the user's correction names the day it moves from (in a clause of its own, before the
    correction) beside the day it moves to, and neither is the date held ("the lessons start on the
    20th"; "a trip on Tuesday. Can the third lesson be Wednesday instead?" moves the 22nd): it
    changes another date, the held one stands."""
    if cand.role != "user" or not cand.correction or not {cur.vtype, cand.vtype} <= _DATES:
        return False
    if cand.evidence is not None and cand.evidence.how == "corrected":
        return False  # both days in the correction's own clause ("next Thursday, the 14th"): one change
    named = cand.norm.split(", ")
    if len(set(named)) < 2 or not all(_ISO_DAY.fullmatch(d) for d in [cur.norm, *named]):
        return False
    # both days after the held one: a day before it may be a span that holds it ("the end of this
    # week is a no, can we do monday": "this week" is read as its first day)
    return all(d > cur.norm for d in named)


def _inside_held_span(state: ContextState, cur: Fact, cand: FactCandidate) -> bool:
    """True when the user's uncued time falls strictly inside the span the user holds, from cur (its
    start) to the end time of cur's domain ("6pm to 10pm", then "Quiz is fine at 8"): a moment within
    the event, not a new start. A bare hour is read in the half of the day that puts it inside."""
    if cand.role != "user" or cand.correction or cur.role != "user":
        return False
    if (cur.vtype, cand.vtype) != ("time", "time"):
        return False
    end = state.facts.get(f"{cur.key.rsplit('.', 1)[0]}.end_time")
    if unnumbered_slot(cur.key) != "time" or end is None or end.role != "user":
        return False
    start, stop, at = (clock_minutes(v) for v in (cur.norm, end.norm, cand.norm))
    if start is None or stop is None or at is None:
        return False
    readings = (at, at + HALF_DAY) if at < HALF_DAY else (at,)
    return any(start < t < stop for t in readings)


def _free_key(state: ContextState, cur: Fact, cand: FactCandidate) -> str | None:
    """The next numbered key of cur's slot (date_2 .. date_5) that is free or holds cand already."""
    slot = unnumbered_slot(cur.key)
    domain = cur.key.rsplit(".", 1)[0]
    for n in range(2, MAX_NUMBERED + 1):
        key = f"{domain}.{slot}_{n}"
        held = state.facts.get(key)
        if held is None or held.norm == cand.norm:
            return key
    return None
