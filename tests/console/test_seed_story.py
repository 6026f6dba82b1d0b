"""The demo week the seed writes: the config it ran with is on record, agent sessions sit next to the
dialogues, and the incident (bad tiers -> bloat -> automatic trip -> reset) is in the history."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from console.seed import DEMO_CONFIG, INCIDENT_TIERS, incident_window, schedule, seed_demo
from console.services.breaker import AUTO_ACTOR
from core.config import Config
from data.store import Store

pytestmark = pytest.mark.slow
NOW = datetime(2026, 3, 8, 12, 0, tzinfo=UTC)


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Store:
    db = tmp_path_factory.mktemp("seed") / "c.duckdb"
    s = Store.open(db, linger=0)
    seed_demo(s, rules_only=True, now=NOW)
    return s


def test_the_schedule_interleaves_sources_over_the_week():
    slots = schedule(NOW)
    assert len(slots) == 31
    assert [s.file for s in slots[:5]] == [
        "sgd_sample.jsonl", "multiwoz_sample.jsonl", "crosswoz_sample.jsonl", "own_sessions.jsonl",
        "bfcl_sample.jsonl",
    ]  # fmt: skip
    assert slots == sorted(slots, key=lambda s: s.start)
    assert (slots[-1].start - slots[0].start).days >= 6


def test_the_config_page_shows_the_config_the_data_was_made_with(store: Store):
    versions = sorted(store.config_history(), key=lambda v: v.version)
    assert [v.version for v in versions] == [1, 2, 3]
    first = Config.model_validate(versions[0].config)
    assert first.max_history_tokens_override == 320 and first.min_turns == 6
    assert first == DEMO_CONFIG.model_copy(update={"use_embeddings": False})
    assert Config.model_validate(versions[1].config).tiers == INCIDENT_TIERS
    assert store.current_config() == first  # the incident was reverted
    opened, closed = incident_window(NOW)
    assert versions[0].at < opened <= versions[1].at < versions[2].at == closed
    contexts = store.find_contexts(limit=100).items
    assert min(c.created_at for c in contexts) > versions[0].at  # no session predates its config


def test_the_incident_trips_the_breaker_automatically_then_an_operator_resets_it(store: Store):
    trips = store.audit_log(action_prefix="breaker.auto_trip").items
    assert trips, "no session of the incident window tripped the breaker"
    opened, closed = incident_window(NOW)
    for trip in trips:
        assert trip.actor == AUTO_ACTOR
        assert opened <= trip.at <= closed
        cid = trip.target.rpartition("/")[2]
        state = store.get_breaker(cid)
        assert state is not None and state.mode == "compressed" and not state.auto and state.since > closed
        assert "incident over" in state.reason
    assert store.breakers("raw") == []  # every trip was reset


def test_agent_sessions_with_tool_calls_sit_next_to_the_dialogues(store: Store):
    agents = [c for c in store.find_contexts(limit=100).items if c.source.startswith("bfcl")]
    assert len(agents) == 8
    timeline = store.timeline(agents[0].context_id)
    assert any(m.message.tool_call is not None for m in timeline.messages)
    assert any(m.message.tool_result is not None for m in timeline.messages)
    assert all(c.compactions > 0 for c in agents)


def test_the_week_has_activity_on_seven_days(store: Store):
    days = {c.updated_at.date() for c in store.find_contexts(limit=100).items}
    assert len(days) >= 7
