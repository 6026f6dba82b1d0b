"""Trigger stage: budget, min_turns, dynamic events, tiers and the working memory."""

from __future__ import annotations

import pytest

from core.config import Config
from core.models import ContextState
from core.trigger import check_trigger, fold_point

pytestmark = pytest.mark.unit
CFG = Config(use_embeddings=False)
ST = ContextState()


def test_default_budget_is_80_percent_of_what_the_window_leaves():
    assert CFG.history_budget == 32000 - 2000 - 4000 - 6000
    assert CFG.max_history_tokens == 16000
    assert Config(max_history_tokens_override=900).max_history_tokens == 900


def test_below_min_turns_never_fires_even_over_budget():
    assert not check_trigger(ST, 7, 50_000, 0, 0, ["milestone"], CFG).fire


def test_budget_fires_with_tiers_30_50_then_all_but_working_memory():
    first = check_trigger(ST, 100, 16_001, 0, 0, [], CFG)
    assert first.fire and first.reason.startswith("budget") and first.fold_upto == 30
    second = check_trigger(ST, 100, 16_001, 30, 1, [], CFG)
    assert second.fold_upto == 50
    third = check_trigger(ST, 100, 16_001, 50, 2, [], CFG)
    assert third.fold_upto == 100 - CFG.working_memory_turns


def test_under_budget_without_events_does_not_fire():
    assert not check_trigger(ST, 100, 16_000, 0, 0, [], CFG).fire


def test_dynamic_events_fire_only_with_enough_new_turns_and_history():
    assert check_trigger(ST, 20, 8000, 0, 0, ["self_doubt"], CFG).reason == "self_doubt"
    assert not check_trigger(ST, 20, 8000, 15, 1, ["self_doubt"], CFG).fire
    assert not check_trigger(ST, 20, 8000, 0, 0, ["milestone"], Config(milestone_scan=False)).fire
    # under half the budget a compaction costs more than it saves
    assert not check_trigger(ST, 20, 7999, 0, 0, ["self_doubt"], CFG).fire


def test_tool_failures_in_a_row_fire_once_per_streak():
    st = ContextState(consecutive_failures=3)
    assert check_trigger(st, 20, 9000, 0, 0, ["tool_failures"], CFG).reason.startswith("tool_failures")
    assert not check_trigger(st.model_copy(update={"consecutive_failures": 4}), 20, 9000, 0, 0, [], CFG).fire


def test_force_folds_everything_but_the_working_memory():
    d = check_trigger(ST, 5, 10, 0, 0, [], CFG, force=True)
    assert d.fire and d.fold_upto == 2
    assert not check_trigger(ST, 2, 10, 0, 0, [], CFG, force=True).fire


def test_fold_point_never_moves_backwards():
    assert fold_point(100, 0, 60, CFG) == 60
