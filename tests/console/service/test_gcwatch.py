"""GcWatch: the heap at start is frozen, full collections are counted and timed, stop undoes it."""

from __future__ import annotations

import gc

from console.service.gcwatch import GcWatch


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
