"""Decay of facts (seed 001: a weight per kind, once per user turn), the archive below a weight, and
recall from it."""

from __future__ import annotations

from typing import NamedTuple

from core.config import Config
from core.models import ContextState, Fact
from core.when import is_when

# a fact weighing less is shown as decayed (console metrics read the same threshold)
DECAYED_BELOW = 0.6


def fact_weight(fact: Fact, user_turns: int, config: Config, topic_turn: int = 0) -> float:
    """Weight of a fact now, by kind: instructions, pinned facts and changed preferences keep 1.0
    until overridden.

    topic_turn: when the user last spoke of the fact's domain; a preference counts its age from
    then (it is "repeated" while its task is still being talked about)."""
    if fact.pinned or fact.verified_by_user or fact.kind == "instruction" or is_when(fact):
        return 1.0  # is_when: a date or time the user gave (seed 001, 4.2: weight 1.0)
    if fact.kind == "preference" and fact.role == "user" and fact.history:
        return 1.0  # a preference the user changed is a decision: kept like an instruction
    age = max(0, user_turns - fact.last_turn)
    if fact.kind == "preference":
        age = max(0, user_turns - max(fact.last_turn, topic_turn))
    if fact.kind == "tool_data":
        return max(0.0, 1.0 - config.tool_data_step * age) if age <= config.tool_data_turns else 0.0
    if fact.kind == "preference":
        return max(0.0, 1.0 - age / config.preference_turns)
    if fact.kind == "corrected_answer":
        return 0.0
    if fact.mentions >= 2:  # repeated across turns: promoted to a persistent fact
        return 1.0
    return config.decay_factor**age


def apply_decay(state: ContextState, config: Config) -> None:
    """Re-weigh every fact; archive those below archive_below (kept, recallable)."""
    for key, fact in list(state.facts.items()):
        topic_turn = state.domain_turns.get(key.split(".", 1)[0], 0)
        fact.weight = round(fact_weight(fact, state.user_turns, config, topic_turn), 4)
        if fact.weight < config.archive_below and _qualifies_held_task(state, fact):
            fact.weight = config.archive_below  # decayed, never archived while its task is held
        if fact.weight < config.archive_below:
            fact.status = "archived"
            state.archive.append(state.facts.pop(key))
        else:
            fact.status = "decayed" if fact.weight < DECAYED_BELOW else "active"


def _qualifies_held_task(state: ContextState, fact: Fact) -> bool:
    """True for a preference the user stated ("preferably Rock", "I'd prefer the north") of a domain
    whose task the user still holds as instructions: it is part of that task's description, a current
    value no one replaced, so it stays in the state (decayed) while the task does."""
    if fact.kind != "preference" or fact.role != "user":
        return False
    domain = fact.key.split(".", 1)[0]
    return any(
        f is not fact and f.key.split(".", 1)[0] == domain and f.role == "user" and f.kind == "instruction"
        for f in state.facts.values()
    )


class Recalled(NamedTuple):
    """What recall() brought back: the new state and the facts it revived."""

    state: ContextState
    facts: list[Fact]


def recall(state: ContextState, query: str) -> Recalled:
    """Bring archived facts whose key or value contains query back into the state."""
    restored = state.model_copy(deep=True)
    low = query.strip().lower()
    back = [
        f
        for f in restored.archive
        if low and (low in f.key.lower() or low in f.norm or low in f.value.lower())
    ]
    for fact in back:
        restored.archive.remove(fact)
        fact.status, fact.weight, fact.last_turn = "active", 1.0, restored.user_turns
        cur = restored.facts.get(fact.key)
        if cur is None or cur.last_idx < fact.last_idx:
            restored.facts[fact.key] = fact
    return Recalled(restored, back)
