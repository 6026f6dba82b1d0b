"""A value the user said before the task was known, held under general.<slot>, is the task's own
attribute when the task's fact of that slot held the same value, read back by the agent, and the user
replaced it by an alternative the agent offered (core.tasks.general_taken_over): "a court ... 2 hours",
the agent's "2 hours is $56" under the task, "Then 90 minutes would be $42, or one hour $28", then "ok
90 minutes then" showed "general.duration=2 hours" as current beside the new 90 minutes."""

from __future__ import annotations

import pytest

from core.models import ContextState, Evidence, Fact, FactVersion
from core.tasks import general_taken_over

pytestmark = pytest.mark.unit


def _fact(key: str, value: str, idx: int, history: list[FactVersion] | None = None) -> Fact:
    evidence = Evidence(idx=idx, role="user", how="said", text=value)
    return Fact(
        key=key,
        value=value,
        norm=value,
        first_idx=idx,
        last_idx=idx,
        evidence=evidence,
        history=history or [],
    )


def _read_back(value: str, idx: int, replaced_at: int) -> FactVersion:
    evidence = Evidence(idx=idx, role="assistant", how="reported", text=value)
    return FactVersion(
        value=value,
        norm=value,
        idx=idx,
        replaced_at=replaced_at,
        reason="user stated another value",
        evidence=evidence,
    )


def _state(task_history: list[FactVersion]) -> ContextState:
    general = _fact("general.duration", "2 hours", 0)
    task = _fact("sport.duration", "90 minutes", 12, task_history)
    return ContextState(facts={"general.duration": general, "sport.duration": task})


_OFFERS = {"sport.duration": _fact("sport.duration", "90 minutes, one hour", 11)}


def test_the_general_copy_of_a_value_the_task_replaced_goes_to_the_tasks_history():
    state = _state([_read_back("2 hours", 9, 12)])
    general_taken_over(state, 12, _OFFERS)
    assert list(state.facts) == ["sport.duration"]
    [old] = state.facts["sport.duration"].history
    assert (old.value, old.reason, old.evidence.role, old.evidence.idx) == (
        "2 hours",
        "corrected by user",
        "user",
        0,
    )


def test_a_general_value_the_task_never_held_stands():
    # the task's fact replaced another value: the general one may be another attribute's
    state = _state([_read_back("3 hours", 9, 12)])
    general_taken_over(state, 12, _OFFERS)
    assert set(state.facts) == {"general.duration", "sport.duration"}


def test_only_the_turn_that_replaced_the_tasks_value_folds_the_general_copy():
    state = _state([_read_back("2 hours", 9, 12)])
    state.facts["sport.duration"].last_idx = 14  # the user said the new value again later
    general_taken_over(state, 14, _OFFERS)
    assert set(state.facts) == {"general.duration", "sport.duration"}


def test_a_new_value_the_agent_did_not_offer_folds_nothing():
    # "yes. march 9" for a banquet after the league's "January 5": maybe another thing's day
    state = _state([_read_back("2 hours", 9, 12)])
    general_taken_over(state, 12, {})
    assert set(state.facts) == {"general.duration", "sport.duration"}


def test_a_value_the_user_said_in_the_tasks_frame_folds_nothing():
    user_said = _read_back("2 hours", 9, 12)
    user_said.evidence = user_said.evidence.model_copy(update={"role": "user"})
    state = _state([user_said])
    general_taken_over(state, 12, _OFFERS)
    assert set(state.facts) == {"general.duration", "sport.duration"}
