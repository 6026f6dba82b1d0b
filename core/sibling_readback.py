"""The assistant reading back the user's second value of a slot, not replacing the first.

"We can deliver on 16 or 17 December" -> "17th." (the clients' hampers, held as messaging.date) ->
"Can you do that one on the 21st, the Monday?" (the mother's hamper, held beside it as date_2) ->
"A Luxe hamper, to Bath on Monday 21 December". The assistant's date is the user's date_2 said
back: it confirms that fact and leaves the first date alone. Read as a new value of messaging.date
it replaced the 17th, which no one had changed (issue 12, item 2: a value replaces another only
with evidence of one attribute).

The same holds for a day the user gave an owner of its own ("we fly on 19 December", held
as departure_date) that the assistant says back bare ("Four travellers, flying on 19 December."): it
confirms the owned fact, and is no value of the task's own date for the next day named to replace.
"""

from __future__ import annotations

from core.models import ContextState, FactCandidate
from core.replaced import unnumbered_slot
from core.values import same_value


def sibling_read_back_key(state: ContextState, cand: FactCandidate) -> str:
    """The key of the user's other fact of cand's slot (``date_2`` beside ``date``) that cand, an
    assistant's value, says back, when the fact held under cand's own key is another value; else
    cand's key. The caller leaves a read-back in a question ("Just to confirm, 2 tickets ... in
    Boston?") under cand's key: the user's yes to it takes the second value for the slot
    (core.second_value). A read-back in words of change keeps cand's key too ("moved to Monday 21
    December", "改为…"): the second value replaced the first."""
    cur = state.facts.get(cand.key)
    if cand.role != "assistant" or cand.correction or cur is None or same_value(cur.norm, cand.norm):
        return cand.key
    domain, _, _ = cand.key.rpartition(".")
    slot = unnumbered_slot(cand.key)
    for key, fact in state.facts.items():
        if key == cand.key or fact.role != "user" or key.rpartition(".")[0] != domain:
            continue
        if unnumbered_slot(key) == slot and same_value(fact.norm, cand.norm):
            return key
    return cand.key


def owned_read_back_key(state: ContextState, cand: FactCandidate) -> str:
    """The key of the user's fact of an owned day (``departure_date``, ``move_date``) in cand's domain
    that cand, an assistant's bare date with its number, says back; else cand's key."""
    if cand.role != "assistant" or cand.correction or cand.key.rpartition(".")[2] != "date":
        return cand.key
    if not any(ch.isdigit() for ch in cand.value):
        return cand.key  # "on Wednesday": a weekday names many days, not the owned one
    cur = state.facts.get(cand.key)
    if cur is not None and same_value(cur.norm, cand.norm):
        return cand.key
    domain = cand.key.rpartition(".")[0]
    for key, fact in state.facts.items():
        owned = key.rpartition(".")[2].endswith("_date") and key.rpartition(".")[0] == domain
        if owned and fact.role == "user" and same_value(fact.norm, cand.norm):
            return key
    return cand.key
