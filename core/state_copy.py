"""The copy of a state merge works on (core.merge): the stages are pure, so a merge never changes
the state it was given, which snapshots and replays still hold."""

from __future__ import annotations

from core.models import ContextState


def copy_state(state: ContextState) -> ContextState:
    """A copy merge can change freely: new containers and a new object for every fact, goal,
    action, todo and constraint (what merge mutates in place); versions, decisions and edges are
    never mutated, so they are shared. Three times faster than a deep copy, which dominated add()."""
    return state.model_copy(
        update={
            "facts": {k: f.model_copy() for k, f in state.facts.items()},
            "offers": {k: f.model_copy() for k, f in state.offers.items()},
            "archive": [f.model_copy() for f in state.archive],
            "constraints": [c.model_copy() for c in state.constraints],
            "goals": [g.model_copy() for g in state.goals],
            "actions": [a.model_copy() for a in state.actions],
            "artifacts": list(state.artifacts),
            "todos": [t.model_copy() for t in state.todos],
            "decisions": list(state.decisions),
            "decision_edges": list(state.decision_edges),
            "domain_turns": dict(state.domain_turns),
            "picked_from": dict(state.picked_from),
            "user_texts": dict(state.user_texts),
        }
    )
