"""Held facts made from candidates, and a value replaced with the old one kept in the history
(turn and reason): never silently merged, never lost. Moved out of core.merge; used by it and by
core.offer_accepted."""

from __future__ import annotations

from core.models import ContextState, Fact, FactCandidate, FactVersion


def replace_fact(state: ContextState, cur: Fact, cand: FactCandidate, reason: str) -> None:
    """Put cand's value in place of cur, with cur's value moved to the history (turn and reason)."""
    # a bot's answer the user or the bot itself corrected is invalid at once
    invalid = cur.role == "assistant" and cand.correction
    version = FactVersion(
        value=cur.value,
        norm=cur.norm,
        idx=cur.last_idx,
        replaced_at=cand.source_idx,
        reason=("invalid: " if invalid else "") + reason,
        evidence=cur.evidence,
    )
    fact = new_fact(state, cand)
    fact.history = [*cur.history, version]
    fact.pinned = fact.pinned or (cur.pinned and cand.role == "user")
    state.facts[cand.key] = fact
    if cand.role in ("user", "system"):
        state.offers.pop(cand.key, None)


def new_fact(state: ContextState, cand: FactCandidate) -> Fact:
    """A held fact made from a candidate, first seen at its message."""
    return Fact(
        key=cand.key,
        value=cand.value,
        norm=cand.norm,
        strength=cand.strength,
        kind=cand.kind,
        first_idx=cand.source_idx,
        last_idx=cand.source_idx,
        last_turn=state.user_turns,
        role=cand.role,
        pinned=cand.pinned,
        negated=cand.negated,
        aliases=list(cand.aliases),
        evidence=cand.evidence,
        vtype=cand.vtype,
        proposes=cand.proposes,
        bound=cand.bound,
    )
