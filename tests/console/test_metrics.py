"""The health metrics computed from a session's records, and the automatic breaker trip rule."""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta

import pytest

from console.health import Severity, Thresholds
from console.metrics import (
    LATENCY_SAMPLE,
    bloat_rate,
    compaction_passed,
    compaction_success_rate,
    decay_horizon,
    fact_decay_ratio,
    goal_churn_of,
    goal_churn_rate,
    latency_percentiles,
    metric_points,
    percentile,
    session_health,
    should_trip,
    should_trip_for,
)
from core.compressor import Compressor
from core.config import Config
from core.models import ContextState, Fact, Goal, Message, Units
from core.stage_outputs import CompactionRecord, ValidationReport

pytestmark = pytest.mark.unit
T0 = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)


def fact(key: str, status: str = "active") -> Fact:
    return Fact(key=key, value="v", norm="v", status=status, first_idx=0, last_idx=0)  # type: ignore[arg-type]


def record(seq: int, *, ok: bool | None = True, fallback=False, failed=False, total: float | None = 10.0):
    latency = {"total": total} if total is not None else {}
    return CompactionRecord(
        context_id="c",
        seq=seq,
        at_turn=seq,
        trigger="tokens",
        tier=0,
        fold_upto=0,
        tokens_in=10,
        tokens_out=5,
        ratio=0.5,
        latency_ms=latency,
        validation=None if ok is None else ValidationReport(ok=ok),
        fallback=fallback,
        failed=failed,
        created_at=T0 + timedelta(seconds=seq),
    )


def test_bloat_rate_is_context_over_raw() -> None:
    assert bloat_rate(300, 1000) == 0.3
    assert bloat_rate(1500, 1000) == 1.5
    assert bloat_rate(0, 10) == 0.0
    assert bloat_rate(10, 0) is None  # no dialogue is no data, not 0 and not infinite


def aged(key: str, status: str = "active", *, first_idx: int = 0, last_turn: int = 1, **kw) -> Fact:
    return Fact(
        key=key, value="v", norm="v", status=status, first_idx=first_idx, last_idx=first_idx,  # type: ignore[arg-type]
        last_turn=last_turn, **kw,
    )  # fmt: skip


ROLES = ["user", "assistant"] * 20  # user turn n (from 1) is message idx 2n - 2


def test_fact_decay_is_no_data_while_no_fact_is_old_enough_to_decay() -> None:
    # 4 user turns: an ordinary fact needs 10 unmentioned user turns (x0.95 a turn under 0.6)
    state = ContextState(user_turns=4, facts={"a": aged("a"), "b": aged("b")})
    assert fact_decay_ratio(state, ROLES, Config()) is None
    assert fact_decay_ratio(ContextState(), ROLES, Config()) is None
    # ... which is NO DATA, not 0% (red): a short session is judged on the metrics that apply
    assert session_health(
        tokens_context=50, tokens_raw=100, state=state, units=[Units()] * 8, roles=ROLES[:8], records=[]
    ).health(Thresholds.default()) is Severity.OK


def test_fact_decay_counts_decayed_among_facts_old_enough_to_decay() -> None:
    state = ContextState(
        user_turns=20,
        facts={
            "old_kept": aged("old_kept", last_turn=18, mentions=3),  # first said at turn 1, kept alive
            "old_decayed": aged("old_decayed", "decayed", first_idx=2),
            "old_kept_too": aged("old_kept_too", last_turn=17, mentions=2),
            "recent": aged("recent", first_idx=30, last_turn=16),  # said 4 user turns ago: too young
            "rule": aged("rule", kind="instruction"),  # instructions never decay: not counted
            "pinned": aged("pinned", pinned=True),
            "came_back": aged("came_back", last_turn=19),
        },
        archive=[aged("archived", "archived", first_idx=4), aged("came_back", "archived")],
    )
    # old enough: old_kept, old_decayed, old_kept_too, came_back (counted once, live), archived = 5;
    # decayed: 2
    assert fact_decay_ratio(state, ROLES, Config()) == pytest.approx(0.4)
    # tool data decays in 3 user turns: young for an ordinary fact, old enough for tool data
    tools = {f"t{i}": aged(f"t{i}", kind="tool_data", last_turn=1) for i in range(5)}
    young = ContextState(user_turns=5, facts=tools)
    assert fact_decay_ratio(young, ROLES, Config()) == 0.0


def test_fact_decay_over_too_few_old_facts_is_no_data_not_red() -> None:
    """One old fact makes the ratio 0% or 100%, both red: below MIN_DECAY_SAMPLE it is NO DATA."""
    one = ContextState(user_turns=20, facts={"a": aged("a", "decayed")})
    assert fact_decay_ratio(one, ROLES, Config()) is None
    four = ContextState(user_turns=20, facts={k: aged(k, "decayed") for k in "abcd"})
    assert fact_decay_ratio(four, ROLES, Config()) is None
    five = ContextState(user_turns=20, facts={k: aged(k, "decayed") for k in "abcde"})
    assert fact_decay_ratio(five, ROLES, Config()) == 1.0


def test_decay_horizon_is_read_off_the_configured_decay() -> None:
    assert decay_horizon(aged("a"), Config()) == 10  # 0.95 ** 10 = 0.599 < 0.6
    assert decay_horizon(aged("a"), Config(decay_factor=0.9)) == 5  # 0.9 ** 5 = 0.59
    assert decay_horizon(aged("a", kind="tool_data"), Config()) == 3
    assert decay_horizon(aged("a", kind="instruction"), Config()) is None
    assert decay_horizon(aged("a", verified_by_user=True), Config()) is None


def test_goal_churn_is_new_goals_per_user_turn() -> None:
    assert goal_churn_rate(3, 4) == 0.75
    assert goal_churn_rate(0, 4) == 0.0
    assert goal_churn_rate(2, 0) is None
    units = [Units(goals=[Goal(text="book", idx=0)]), Units(), Units(goals=[Goal(text="taxi", idx=2)] * 2)]
    # 3 goals over the 2 user turns (the assistant turn does not count)
    assert goal_churn_of(units, ["user", "assistant", "user"]) == 1.5
    with pytest.raises(ValueError, match="2 units for 3 turns"):
        goal_churn_of(units[:2], ["user", "assistant", "user"])


def test_success_rate_counts_validated_without_fallback_or_failure() -> None:
    records = [
        record(0),
        record(1, ok=None),  # not checked (consistency_check off) still passes
        record(2, ok=False),
        record(3, fallback=True),
        record(4, failed=True, ok=None),
    ]
    assert [compaction_passed(r) for r in records] == [True, True, False, False, False]
    assert compaction_success_rate(records) == pytest.approx(0.4)
    assert compaction_success_rate([]) is None


def test_percentile_matches_linear_interpolation() -> None:
    # quantile_cont over 1..10: p50 = 5.5, p95 = 1 + 0.95 * 9 = 9.55
    values = [float(v) for v in range(10, 0, -1)]
    assert percentile(values, 0.5) == pytest.approx(5.5)
    assert percentile(values, 0.95) == pytest.approx(9.55)
    assert percentile([7.0], 0.95) == 7.0
    assert percentile([], 0.5) is None
    assert percentile([math.nan, 2.0], 0.5) == 2.0
    with pytest.raises(ValueError):
        percentile([1.0], 1.5)


def test_latency_percentiles_skip_records_without_a_total() -> None:
    recs = [record(0, total=10.0), record(1, total=20.0), record(2, total=None), record(3, total=30.0)]
    p50, p95 = latency_percentiles(recs)
    assert p50 == pytest.approx(20.0)
    assert p95 == pytest.approx(29.0)  # over [10, 20, 30]: position 0.95 * 2 = 1.9 -> 20 + 0.9 * 10 = 29
    assert latency_percentiles([]) == (None, None)


def test_session_health_and_its_overall_severity() -> None:
    health = session_health(
        tokens_context=150,
        tokens_raw=100,
        state=ContextState(
            user_turns=12,
            facts={"a": fact("a"), "b": fact("b"), "c": fact("c"), "d": fact("d", "decayed"), "e": fact("e")},
        ),
        units=[Units(goals=[Goal(text="g", idx=0)]), Units()],
        roles=["user", "assistant"],
        records=[record(0, total=12.0)],
    )
    assert health.bloat_rate == 1.5
    assert health.fact_decay_ratio == 0.2  # all five first said at turn 1, 11 user turns ago
    assert health.goal_churn_rate == 1.0
    assert health.compaction_success_rate == 1.0
    sev = health.severities(Thresholds.default())
    assert sev["bloat_rate"] is Severity.ORANGE  # 25% past 1.2
    assert sev["fact_decay_ratio"] is Severity.OK
    assert "compaction_latency_p50_ms" not in sev  # p50 has no bound
    assert health.health(Thresholds.default()) is Severity.ORANGE


def test_metric_points_store_rates_and_one_latency_per_compaction() -> None:
    health = session_health(
        tokens_context=50,
        tokens_raw=100,
        state=ContextState(),
        units=[Units()],
        roles=["user"],
        records=[record(0, total=12.0), record(1, total=None)],
    )
    points = metric_points(health, [record(0, total=12.0)], at=T0, context_id="c", source="sgd", idx=3)
    by_metric = {p.metric: p for p in points}
    assert set(by_metric) == {"bloat_rate", "goal_churn_rate", LATENCY_SAMPLE}  # no facts: no decay sample
    assert by_metric["bloat_rate"].value == 0.5 and by_metric["bloat_rate"].source == "sgd"
    assert by_metric[LATENCY_SAMPLE].value == 12.0 and by_metric[LATENCY_SAMPLE].idx == 0


def test_session_health_from_a_real_compressor_run() -> None:
    texts = [
        "I want to book a table for 2 at 7pm, no spicy food.",
        "Sure, which area?",
        "The north please, budget 50 pounds.",
        "Found Pizza Hut in the north.",
    ]
    msgs = [Message(idx=i, role="user" if i % 2 == 0 else "assistant", text=t) for i, t in enumerate(texts)]
    result = Compressor(Config(use_embeddings=False)).compress(msgs)
    health = session_health(
        tokens_context=result.context.tokens,
        tokens_raw=result.tokens_raw,
        state=result.state,
        units=result.units,
        roles=[m.role for m in result.messages],
        records=result.records,
    )
    assert health.bloat_rate == pytest.approx(result.context.tokens / result.tokens_raw)
    assert health.goal_churn_rate is not None and 0 <= health.goal_churn_rate <= 2
    assert health.compaction_success_rate in (0.0, 1.0)  # one forced compaction


# --- the automatic trip ----------------------------------------------------------------------------


def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


def test_trips_after_bloat_stays_over_the_limit_for_the_whole_period() -> None:
    d = should_trip([(at(0), 2.5), (at(120), 2.6), (at(300), 2.4)], bloat_limit=2.0, seconds=300)
    assert d.trip and d.over_seconds == 300 and d.over_since == at(0) and d.peak == 2.6
    assert "bloat over 200%" in d.reason and "300 s" in d.reason


def test_does_not_trip_one_second_short() -> None:
    d = should_trip([(at(0), 2.5), (at(299), 2.5)], bloat_limit=2.0, seconds=300)
    assert not d.trip and d.over_seconds == 299 and d.reason == ""


def test_a_dip_to_the_limit_restarts_the_run() -> None:
    samples = [(at(0), 3.0), (at(200), 2.0), (at(250), 3.0), (at(500), 3.0)]
    d = should_trip(samples, bloat_limit=2.0, seconds=300)
    assert not d.trip and d.over_since == at(250) and d.over_seconds == 250


def test_exactly_the_limit_is_not_over() -> None:
    assert not should_trip([(at(0), 2.0), (at(600), 2.0)], bloat_limit=2.0, seconds=300).trip


def test_missing_values_break_the_run() -> None:
    samples = [(at(0), 3.0), (at(100), None), (at(200), 3.0), (at(400), math.nan), (at(450), 3.0)]
    d = should_trip(samples, bloat_limit=2.0, seconds=300)
    assert not d.trip and d.over_since == at(450)


def test_a_run_that_ended_does_not_trip() -> None:
    samples = [(at(0), 3.0), (at(400), 3.0), (at(500), 1.0)]
    assert not should_trip(samples, bloat_limit=2.0, seconds=300).trip


def test_samples_in_any_order_and_now_extends_the_run() -> None:
    samples = [(at(100), 2.2), (at(0), 2.5)]
    assert not should_trip(samples, bloat_limit=2.0, seconds=300).trip
    d = should_trip(samples, bloat_limit=2.0, seconds=300, now=at(310))
    assert d.trip and d.over_seconds == 310


def test_plain_seconds_work_and_zero_seconds_trips_on_one_sample() -> None:
    assert should_trip([(0.0, 2.1)], bloat_limit=2.0, seconds=0).trip
    assert not should_trip([], bloat_limit=2.0, seconds=0).trip
    with pytest.raises(ValueError):
        should_trip([], bloat_limit=2.0, seconds=-1)


def test_limits_come_from_the_config() -> None:
    samples = [(at(0), 1.6), (at(60), 1.7)]
    assert not should_trip_for(samples, Config()).trip  # default: 200% for 300 s
    assert should_trip_for(samples, Config(breaker_bloat=1.5, breaker_seconds=60)).trip
