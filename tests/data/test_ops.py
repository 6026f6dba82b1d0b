"""Circuit breaker, audit, config history and metrics aggregation."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from core.config import Config
from data.ops_records import AuditEntry
from data.records import ContextFilter, MetricPoint
from data.store import Store
from tests.data.conftest import make_context

pytestmark = pytest.mark.unit


def test_breaker_global_and_per_context_with_audit(store, clock):
    store.save_contexts([make_context("a"), make_context("b")])
    assert store.get_breaker() is None and store.effective_mode("a") == "compressed"

    state = store.set_breaker("raw", context_id="a", reason="bloat 230%", actor="ana")
    assert (state.scope, state.context_id, state.mode, state.actor) == ("context", "a", "raw", "ana")
    assert state.since.replace(tzinfo=None) == clock.now
    assert (store.effective_mode("a"), store.effective_mode("b")) == ("raw", "compressed")
    assert store.get_context("a").mode == "raw"
    assert [b.context_id for b in store.breakers(mode="raw")] == ["a"]
    assert [c.context_id for c in store.find_contexts(ContextFilter(mode="raw")).items] == ["a"]

    store.set_breaker("raw", reason="incident 42", actor="lead", role="admin")
    assert store.effective_mode("b") == "raw"  # the global switch wins
    store.set_breaker("compressed", reason="resolved", actor="lead")
    store.set_breaker("compressed", context_id="a", reason="fixed", actor="ana")
    assert store.effective_mode("a") == "compressed"

    log = store.audit_log(action_prefix="breaker.").items
    assert [(e.action, e.target, e.after["mode"]) for e in log] == [
        ("breaker.set", "breaker:context/a", "compressed"),
        ("breaker.set", "breaker:global", "compressed"),
        ("breaker.set", "breaker:global", "raw"),
        ("breaker.set", "breaker:context/a", "raw"),
    ]
    assert log[0].before["mode"] == "raw" and log[3].before is None


def test_breaker_refuses_bad_input(store):
    store.save_contexts([make_context("a")])
    with pytest.raises(ValueError, match="needs a reason"):
        store.set_breaker("raw", context_id="a", reason="  ", actor="ana")
    with pytest.raises(ValueError, match="mode must be"):
        store.set_breaker("off", reason="x", actor="ana")
    with pytest.raises(KeyError, match="unknown context 'ghost'"):
        store.set_breaker("raw", context_id="ghost", reason="x", actor="ana")


def test_automatic_trip_is_recorded_as_such(store):
    store.save_contexts([make_context("a")])
    store.set_breaker(
        "raw", context_id="a", reason="bloat > 200% for 300 s", actor="auto", auto=True, source="auto"
    )
    assert store.get_breaker("a").auto is True
    assert store.audit_log(context_id="a").items[0].action == "breaker.auto_trip"


def test_breaker_fails_closed_when_the_store_cannot_answer(tmp_path):
    broken = tmp_path / "not-a-database.duckdb"
    broken.write_bytes(b"this is not a duckdb file" * 100)
    assert Store(broken, linger=0).effective_mode("a") == "raw"


def test_config_history_and_current(store):
    assert store.current_config() == Config()
    assert store.config_history() == []
    v1 = store.save_config(Config(target_compressed_tokens=4000), actor="ana", reason="smaller")
    v2 = store.save_config(Config(target_compressed_tokens=3000, min_turns=10), actor="bob")
    assert (v1.version, v2.version) == (1, 2)
    assert store.current_config().target_compressed_tokens == 3000
    assert [(h.version, h.actor) for h in store.config_history()] == [(2, "bob"), (1, "ana")]
    [audit, _] = store.audit_log(action_prefix="config.").items
    assert (
        audit.before["target_compressed_tokens"] == 4000 and audit.after["target_compressed_tokens"] == 3000
    )


def test_record_audit_for_actions_outside_the_store(store):
    at = datetime(2025, 3, 1, tzinfo=UTC)
    entry_id = store.record_audit(
        AuditEntry(at=at, actor="admin", role="admin", action="user.add", target="user:ana")
    )
    [entry] = store.audit_log(actor="admin").items
    assert (entry.id, entry.action, entry.at) == (entry_id, "user.add", at)


def test_metrics_per_hour_and_day_per_source_and_overall(store):
    t = datetime(2025, 3, 1, 10, 0, tzinfo=UTC)
    points = [
        MetricPoint(metric="bloat_rate", value=0.2, at=t, source="sgd"),
        MetricPoint(metric="bloat_rate", value=0.4, at=t + timedelta(minutes=30), source="sgd"),
        MetricPoint(metric="bloat_rate", value=1.0, at=t + timedelta(minutes=10), source="crosswoz"),
        MetricPoint(metric="bloat_rate", value=0.6, at=t + timedelta(hours=1), source="sgd"),
        MetricPoint(metric="goal_churn_rate", value=1.1, at=t, source="sgd"),
    ]
    assert store.add_metrics(points) == 5
    hourly = store.metric_series(["bloat_rate"], bucket="hour").rows()
    rows = [(b.bucket.hour, b.source, b.overall, b.n, round(b.mean, 3), round(b.max, 3)) for b in hourly]
    assert rows == [
        (10, "", True, 3, 0.533, 1.0),  # overall: 0.2, 0.4, 1.0
        (10, "crosswoz", False, 1, 1.0, 1.0),
        (10, "sgd", False, 2, 0.3, 0.4),
        (11, "", True, 1, 0.6, 0.6),
        (11, "sgd", False, 1, 0.6, 0.6),
    ]
    assert hourly[0].bucket == t  # an aware UTC datetime
    daily = store.metric_series(bucket="day", source="sgd")
    assert len(daily) == 4
    assert set(zip(daily.metric, daily.source, daily.overall, daily.n, strict=True)) == {
        ("bloat_rate", "", True, 3),
        ("bloat_rate", "sgd", False, 3),
        ("goal_churn_rate", "", True, 1),
        ("goal_churn_rate", "sgd", False, 1),
    }
    frame = daily.to_frame()
    assert list(frame.columns)[:3] == ["bucket", "source", "overall"] and len(frame) == 4
    later = store.metric_series(["bloat_rate"], bucket="hour", start=t + timedelta(hours=1))
    assert [(b.bucket.hour, b.n) for b in later.rows() if b.overall] == [(11, 1)]
    assert len(store.metric_series(["no_such_metric"])) == 0
    with pytest.raises(ValueError, match="bucket must be"):
        store.metric_series(bucket="minute")


def test_compaction_stats_per_bucket(store):
    store.save_contexts([make_context("a"), make_context("b", source="crosswoz")])
    [overall, crosswoz, sgd] = store.compaction_stats(bucket="day")
    assert (overall.source, overall.n, overall.passed, overall.success_rate) == ("", 2, 2, 1.0)
    assert (crosswoz.source, crosswoz.n, sgd.source, sgd.n) == ("crosswoz", 1, "sgd", 1)
    assert overall.latency_p50_ms == 4.0
