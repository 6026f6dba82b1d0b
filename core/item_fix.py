"""One item of a held list corrected: the other items stand (issue 12, item 2).

The user lists three plates ("XJ-4471M ... XJ-4472M ... XK-1180P", held as one value) and then fixes
one ("hold on, van 3 is XK-1108P. numbers flipped"). Replacing the whole value showed the two plates
that never changed as replaced. A single new value of the same shape as exactly one item (an id of
the same length with at most two characters changed) corrects that item only: the list keeps the
others, and the history holds the item it replaced.

Times the same way: "8am and 6pm", then "can the evening one be at 7pm instead". A corrected single
time replaces the one listed time in its own half of the day (before or after noon), when exactly one
is there; the morning visit still stands. Quantities by their unit: a corrected "80克" replaces the
listed "70克" of "70克, 10箱, 0.5mm, 20盒", not the counts beside it.
"""

from __future__ import annotations

from core.attribute_evidence import count_unit
from core.fact_versions import replace_fact
from core.models import ContextState, Fact, FactCandidate
from core.values import HALF_DAY, clock_minutes

MAX_CHANGED = 2  # characters a mistyped identifier differs by ("1180" -> "1108")
MIN_ID_CHARS = 5  # shorter values ("2", "May") are no identifiers to be mistyped
_SEP = ", "


def _changed(a: str, b: str) -> int | None:
    """How many characters two identifiers of one length differ by (swapped digits count two),
    None when their lengths or their letters-and-digits pattern differ."""
    if len(a) != len(b) or [c.isdigit() for c in a] != [c.isdigit() for c in b]:
        return None
    return sum(x != y for x, y in zip(a.upper(), b.upper(), strict=True))


def corrected_item(cur: Fact, cand: FactCandidate) -> str | None:
    """The one item of cur's list that the user's single value cand corrects, or None."""
    items = cur.value.split(_SEP)
    new = cand.value.strip()
    if cand.role != "user" or len(items) < 2 or _SEP in new or len(new) < MIN_ID_CHARS:
        return None  # not the user's single identifier against a held list
    if not any(c.isdigit() for c in new):
        return None  # a word, not an identifier ("Ford", "Saturday")
    close = [item for item in items if (n := _changed(item, new)) is not None and 0 < n <= MAX_CHANGED]
    return close[0] if len(close) == 1 else None


def corrected_time_item(cur: Fact, cand: FactCandidate) -> str | None:
    """The one time of cur's listed times that the user's corrected single time cand replaces: the
    one in its own half of the day ("8am, 6pm" corrected to "7pm": the 6pm), or None."""
    values, norms = cur.value.split(_SEP), cur.norm.split(_SEP)
    if cand.role != "user" or not cand.correction or len(values) < 2 or len(values) != len(norms):
        return None
    at, listed = clock_minutes(cand.norm), [clock_minutes(n) for n in norms]
    if at is None or _SEP in cand.norm or any(m is None for m in listed):
        return None
    pm = at >= HALF_DAY
    same_half = [v for v, m in zip(values, listed, strict=True) if m is not None and (m >= HALF_DAY) == pm]
    return same_half[0] if len(same_half) == 1 else None


def corrected_measure_item(cur: Fact, cand: FactCandidate) -> str | None:
    """The one quantity of cur's listed quantities that the user's corrected single quantity cand
    replaces: the one of its own unit ("70克, 10箱, 0.5mm, 20盒" corrected to "80克": the 70克; the
    counts of boxes and the pen's size never changed), or None."""
    values, norms = cur.value.split(_SEP), cur.norm.split(_SEP)
    if cand.role != "user" or not cand.correction or len(values) < 2 or len(values) != len(norms):
        return None
    unit = count_unit(cand.norm)
    if not unit or _SEP in cand.norm or not cur.vtype == cand.vtype == "quantity":
        return None
    same = [v for v, n in zip(values, norms, strict=True) if count_unit(n) == unit]
    return same[0] if len(same) == 1 else None


def listed_item_corrected(cur: Fact, cand: FactCandidate) -> str | None:
    """The one item of cur's list that cand corrects (an identifier, a time, a quantity), or None."""
    return corrected_item(cur, cand) or corrected_time_item(cur, cand) or corrected_measure_item(cur, cand)


def replace_item(state: ContextState, cur: Fact, cand: FactCandidate, item: str, reason: str) -> None:
    """Put cand's value in place of the one item of cur's list; the history holds that item only."""
    values, norms = cur.value.split(_SEP), cur.norm.split(_SEP)
    if len(norms) != len(values):
        norms = [v.lower() for v in values]
    value = _SEP.join(cand.value.strip() if v == item else v for v in values)
    norm = _SEP.join(cand.norm if v == item else n for v, n in zip(values, norms, strict=True))
    replace_fact(state, cur, cand.model_copy(update={"value": value, "norm": norm}), reason)
    fact = state.facts[cand.key]
    old_norm = next(n for v, n in zip(values, norms, strict=True) if v == item)
    fact.history[-1] = fact.history[-1].model_copy(update={"value": item, "norm": old_norm})
