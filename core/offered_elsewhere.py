"""The user naming a value the assistant just offered under another key takes that offer (issue 12,
item 2: a value replaces another only with evidence it is the same attribute).

"I go home on 15 December now. Can you do it faster?" -> "We can deliver on Monday 14 December"
-> "Perfect, Monday 14 then.": the parser keys the user's day by its type (flight.date, where the
day home is held), so it replaced the day home as "corrected by user". The assistant's turn right
before offered that very value under its own key (delivery_date): the user's words take the
offer, and the day home stands.
"""

from __future__ import annotations

from core.models import ContextState, Fact, FactCandidate
from core.values import same_value

MAX_TURNS_BACK = 2  # the assistant's turn right before the user's (a tool turn may come between)


def offered_elsewhere(state: ContextState, cur: Fact, cand: FactCandidate) -> str | None:
    """The key of the value the assistant offered in its last turn that cand, the user's value, says
    again, when cand's own key holds another value of the user's (cur); None otherwise."""
    if cand.role != "user" or cur.role != "user" or same_value(cur.norm, cand.norm):
        return None
    domain = cand.key.rsplit(".", 1)[0]
    held = [*state.facts.values(), *state.offers.values()]
    for fact in held:
        ev = fact.evidence  # the assistant's offer, whoever holds it now (the turn's yes may have taken it)
        elsewhere = fact.key != cand.key and fact.key.rsplit(".", 1)[0] == domain
        if ev is None or ev.role != "assistant" or not elsewhere:
            continue
        recent = cand.source_idx - MAX_TURNS_BACK <= ev.idx < cand.source_idx and ev.idx > cur.last_idx
        if not recent or fact.vtype != cand.vtype or not same_value(fact.norm, cand.norm):
            continue
        held_there = state.facts.get(fact.key)
        if held_there is not None and held_there is not fact and not same_value(held_there.norm, cand.norm):
            continue  # an offer beside another value the user holds in its key: taking it there is no merge
        return fact.key
    return None
