"""The breaker service on a real DuckDB file: switches, reasons, roles, automatic trips, audit."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from console.services.breaker import (
    AUTO_ACTOR,
    check_auto_trip,
    load_board,
    reset_auto_trip,
    served_mode,
    set_context_mode,
    set_global_mode,
    since_text,
)
from core.config import Config
from data.store import Store
from tests.console.ops_helpers import T0, MovableClock, open_store, small_context

pytestmark = pytest.mark.unit


@pytest.fixture
def clock() -> MovableClock:
    return MovableClock()


@pytest.fixture
def store(tmp_path: Path, clock: MovableClock) -> Store:
    s = open_store(tmp_path / "console.duckdb", clock)
    s.save_contexts([small_context("ctx-a"), small_context("ctx-b", source="multiwoz21")])
    return s


def test_a_context_switch_serves_it_raw_and_is_audited_with_who_and_why(store: Store) -> None:
    state = set_context_mode(store, "ctx-a", raw=True, reason="bloat spike", actor="ana", role="operator")
    assert state.mode == "raw" and state.actor == "ana" and state.reason == "bloat spike" and not state.auto
    assert served_mode(store, "ctx-a").mode == "raw"
    assert served_mode(store, "ctx-b").mode == "compressed"
    board = load_board(store)
    assert [b.context_id for b in board.raw_contexts] == ["ctx-a"]
    assert board.auto_trips == []
    audit = board.history[0]
    assert audit.action == "breaker.set" and audit.actor == "ana" and audit.context_id == "ctx-a"
    assert audit.after["mode"] == "raw" and audit.before is None


def test_switching_back_keeps_both_changes_in_the_audit(store: Store, clock: MovableClock) -> None:
    set_context_mode(store, "ctx-a", raw=True, reason="check", actor="ana", role="operator")
    clock.now += timedelta(minutes=5)
    set_context_mode(store, "ctx-a", raw=False, reason="fixed", actor="bo", role="admin")
    assert served_mode(store, "ctx-a").mode == "compressed"
    board = load_board(store)
    assert board.raw_contexts == []
    assert [(e.actor, e.after["mode"]) for e in board.history] == [("bo", "compressed"), ("ana", "raw")]
    assert board.history_total == 2


def test_the_global_switch_serves_every_context_raw(store: Store) -> None:
    set_global_mode(store, raw=True, reason="incident 42", actor="ana", role="operator")
    board = load_board(store)
    assert board.global_raw
    served = served_mode(store, "ctx-b")
    assert served.mode == "raw" and "global" in served.why
    assert served_mode(store, "never-stored").mode == "raw"  # global covers unknown ids too
    set_global_mode(store, raw=False, reason="over", actor="ana", role="operator")
    assert not load_board(store).global_raw
    assert served_mode(store, "ctx-b").mode == "compressed"


@pytest.mark.parametrize("role", ["viewer", "", "root", "VIEWER"])
def test_viewers_and_unknown_roles_are_refused_and_nothing_changes(store: Store, role: str) -> None:
    with pytest.raises(PermissionError, match="operators and admins only"):
        set_context_mode(store, "ctx-a", raw=True, reason="x", actor="vic", role=role)
    with pytest.raises(PermissionError):
        set_global_mode(store, raw=True, reason="x", actor="vic", role=role)
    assert store.breakers() == []
    assert load_board(store).history == []


@pytest.mark.parametrize("reason", ["", "   ", "\n"])
def test_a_reason_is_required(store: Store, reason: str) -> None:
    with pytest.raises(ValueError, match="reason is required"):
        set_context_mode(store, "ctx-a", raw=True, reason=reason, actor="ana", role="operator")
    with pytest.raises(ValueError, match="reason is required"):
        set_global_mode(store, raw=True, reason=reason, actor="ana", role="operator")
    assert store.breakers() == []


def test_an_actor_is_required(store: Store) -> None:
    with pytest.raises(ValueError, match="no actor"):
        set_context_mode(store, "ctx-a", raw=True, reason="x", actor="  ", role="operator")


def test_unknown_context_and_no_op_changes_are_refused_clearly(store: Store) -> None:
    with pytest.raises(ValueError, match="unknown context 'nope'"):
        set_context_mode(store, "nope", raw=True, reason="x", actor="ana", role="operator")
    with pytest.raises(ValueError, match="already compressed"):
        set_context_mode(store, "ctx-a", raw=False, reason="x", actor="ana", role="operator")
    with pytest.raises(ValueError, match="no context id"):
        set_context_mode(store, "  ", raw=True, reason="x", actor="ana", role="operator")
    assert store.breakers() == []


def test_the_automatic_trip_switches_raw_once_and_is_audited_as_auto(store: Store) -> None:
    samples = [(T0, 2.5), (T0 + timedelta(seconds=150), 3.0), (T0 + timedelta(seconds=300), 2.6)]
    decision = check_auto_trip(store, "ctx-b", samples, Config())
    assert decision.trip
    own = store.get_breaker("ctx-b")
    assert own is not None and own.mode == "raw" and own.auto and own.actor == AUTO_ACTOR
    assert "bloat over 200%" in own.reason
    board = load_board(store)
    assert [b.context_id for b in board.auto_trips] == ["ctx-b"]
    assert board.history[0].action == "breaker.auto_trip" and board.history[0].source == "auto"
    check_auto_trip(store, "ctx-b", samples, Config())  # already raw: no second audit row
    assert load_board(store).history_total == 1
    assert "automatic trip" in since_text(own)


def test_the_automatic_trip_leaves_an_operators_raw_switch_alone(store: Store) -> None:
    set_context_mode(store, "ctx-a", raw=True, reason="manual", actor="ana", role="operator")
    check_auto_trip(store, "ctx-a", [(T0, 3.0), (T0 + timedelta(seconds=400), 3.0)], Config())
    own = store.get_breaker("ctx-a")
    assert own is not None and not own.auto and own.actor == "ana"


def test_short_or_healthy_bloat_does_not_trip(store: Store) -> None:
    assert not check_auto_trip(store, "ctx-a", [(T0, 3.0), (T0 + timedelta(seconds=299), 3.0)], Config()).trip
    assert not check_auto_trip(store, "ctx-a", [(T0, 1.1), (T0 + timedelta(seconds=900), 1.0)], Config()).trip
    assert store.breakers() == []


def test_an_automatic_trip_is_reset_by_an_operator_with_a_reason(store: Store) -> None:
    check_auto_trip(store, "ctx-a", [(T0, 3.0), (T0 + timedelta(seconds=300), 3.0)], Config())
    with pytest.raises(PermissionError):
        reset_auto_trip(store, "ctx-a", reason="ok now", actor="vic", role="viewer")
    with pytest.raises(ValueError, match="reason"):
        reset_auto_trip(store, "ctx-a", reason="", actor="ana", role="operator")
    state = reset_auto_trip(store, "ctx-a", reason="ok now", actor="ana", role="operator")
    assert state.mode == "compressed" and state.actor == "ana"
    assert load_board(store).auto_trips == []
    with pytest.raises(ValueError, match="no automatic trip"):
        reset_auto_trip(store, "ctx-a", reason="again", actor="ana", role="operator")


def test_reset_refuses_a_manual_switch(store: Store) -> None:
    set_context_mode(store, "ctx-a", raw=True, reason="manual", actor="ana", role="operator")
    with pytest.raises(ValueError, match="no automatic trip"):
        reset_auto_trip(store, "ctx-a", reason="x", actor="ana", role="operator")


def test_since_text_for_a_switch_never_set() -> None:
    assert since_text(None) == "never set (compressed)"
