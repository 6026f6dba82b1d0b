"""GcWatch: the heap at start is frozen, full collections are counted and timed, stop undoes it."""

from __future__ import annotations

import gc
import json
import time
from pathlib import Path

import pytest

from console.service.formats import messages_from_body
from console.service.gcwatch import GcWatch

ROOT = Path(__file__).resolve().parents[3]


def test_start_freezes_the_heap_and_full_collections_are_timed() -> None:
    watch = GcWatch()
    try:
        watch.start()
        assert gc.get_freeze_count() > 1000  # this test process's modules at least
        gc.collect(1)  # a young collection is not a full one
        assert watch.gauges()["compaction_gc_full_collections_total"] == 0
        gc.collect()
        gc.collect()
        gauges = watch.gauges()
        assert gauges["compaction_gc_full_collections_total"] == 2
        assert 0 < gauges["compaction_gc_full_max_seconds"] <= gauges["compaction_gc_full_seconds_total"]
    finally:
        watch.stop()
    assert gc.get_freeze_count() == 0 and watch._callback not in gc.callbacks
    gc.collect()
    assert watch.gauges()["compaction_gc_full_collections_total"] == 2  # no longer counting


def test_survivors_are_frozen_every_interval_and_unfrozen_at_stop() -> None:
    watch = GcWatch(freeze_every=0.05)
    try:
        watch.start()
        frozen = gc.get_freeze_count()
        kept = [[i] for i in range(5000)]  # long-lived objects made after the start (tracked lists)
        gc.collect(1)  # they survive the young collections
        deadline = time.monotonic() + 5
        while gc.get_freeze_count() < frozen + len(kept) and time.monotonic() < deadline:
            time.sleep(0.02)
        assert gc.get_freeze_count() >= frozen + len(kept)
    finally:
        watch.stop()
    assert gc.get_freeze_count() == 0 and watch._freezer is None


@pytest.mark.slow
def test_a_session_dropped_from_memory_leaves_no_cycle_behind() -> None:
    """What freezing the survivors relies on: the objects a live session holds (its state, turns and
    traces) are freed by refcounting when the session is dropped, so a frozen one leaks nothing."""
    from console.services.recompute import replay_turn
    from core.compressor import Compressor
    from core.config import Config

    compressor = Compressor(Config(use_embeddings=False))
    for name in ("multiwoz_sample", "crosswoz_sample", "bfcl_sample"):
        dialogue = json.loads((ROOT / "data" / "samples" / f"{name}.jsonl").read_text().splitlines()[0])
        cid = dialogue["context_id"]
        gc.collect()
        session = compressor.session(cid)
        turns = [
            replay_turn(session, message, views=False, previews=False)
            for message in messages_from_body(dialogue["turns"], cid)
        ]
        session.compact(reason="test", force=True)
        session.context()
        assert turns and session.state.facts
        del session, turns
        assert gc.collect() == 0, name
