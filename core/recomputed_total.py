"""A total the assistant recomputes right after the user changed the order replaces the total held
(issue 12, item 2: a value replaces another only with evidence; here the user's change is it).

"Three trees: $510 for the trees, total $1,590" after the user's "make it 3 trees" is the sum of the
order as it now stands; the "$1,420" held for the two trees is no longer what is owed. Held as a mere
offer, waiting for a yes the user never needs to give, the new total was lost and the old one
shown as current. Only in the assistant's first turns after the change (its tool call and result
between), and only a total for a total: a quoted price never replaces the user's budget.
"""

from __future__ import annotations

from core.models import ContextState, Fact, FactCandidate
from core.replaced import unnumbered_slot

# the assistant's reply to a change comes at most this many turns after it (a call, its result, the reply)
_REPLY_WITHIN = 3


def recomputes_total(state: ContextState, cur: Fact, cand: FactCandidate) -> bool:
    """True when the assistant's total cand answers the user's change (state.changed_idx) made after the
    held total cur was last said (module doc)."""
    if cand.role != "assistant" or not unnumbered_slot(cand.key) == unnumbered_slot(cur.key) == "total":
        return False
    if cand.vtype != "money" or cur.vtype != "money" or " | " in cand.norm:
        return False
    at = state.changed_idx
    return at >= 0 and cur.last_idx < at < cand.source_idx <= at + _REPLY_WITHIN
