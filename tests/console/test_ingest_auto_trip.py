"""The automatic breaker rule at ingest: bloat over 200% for 5 minutes switches a context to raw."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from console.ingest_bundle import apply_auto_trips, bloat_samples, build_bundle
from console.services.breaker import AUTO_ACTOR
from console.services.recompute import recompute_session
from core.compressor import Compressor
from core.config import Config
from core.formats import Dialogue
from core.models import Message
from data.store import Store
from tests.data.conftest import make_context

pytestmark = pytest.mark.unit
T0 = datetime(2026, 3, 1, 10, 0)


def dialogue(n: int = 10) -> Dialogue:
    msgs = [
        Message(
            idx=i,
            role="user" if i % 2 == 0 else "assistant",
            ts=T0 + timedelta(minutes=i),
            text="Book a table for 2 at 7pm." if i % 2 == 0 else "Sure, anything else?",
        )
        for i in range(n)
    ]
    return Dialogue(context_id="c1", source="t", messages=msgs)


def test_bloat_samples_follow_every_turn_with_its_time():
    replay = recompute_session(
        dialogue().messages, Compressor(Config(use_embeddings=False)), context_id="c1", force_final=False
    )
    samples = bloat_samples(replay, T0)
    assert [at for at, _ in samples] == [T0 + timedelta(minutes=i) for i in range(10)]
    assert all(rate == pytest.approx(1.0) for _, rate in samples)  # nothing compacted: served == raw


def test_a_healthy_session_is_not_tripped():
    bundle = build_bundle(dialogue(), Compressor(Config(use_embeddings=False)), source="t", now=T0)
    assert bundle.auto_trip is None and bundle.mode == "compressed"


def test_a_tripped_context_is_switched_to_raw_once_and_audited(tmp_path):
    store = Store.open(tmp_path / "c.duckdb")
    bundle = make_context("ctx-1").model_copy(update={"auto_trip": "bloat 250% for 6 min", "mode": "raw"})
    store.save_contexts([bundle])
    assert apply_auto_trips(store, [bundle]) == 1
    state = store.get_breaker("ctx-1")
    assert (state.mode, state.auto, state.actor, state.reason) == (
        "raw",
        True,
        AUTO_ACTOR,
        "bloat 250% for 6 min",
    )
    assert apply_auto_trips(store, [bundle]) == 0  # already raw: who set it and why are kept
    assert store.effective_mode("ctx-1") == "raw"
    actions = [a.action for a in store.audit_log(context_id="ctx-1").items]
    assert any("breaker" in a for a in actions)
