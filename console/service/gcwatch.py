"""Garbage collection in the service: the start-up heap frozen, full collections timed for /metrics.

CPython's full (generation 2) collection walks every tracked object the process holds, with the
GIL held: every request in flight waits for it. Measured on the service's pipeline (2,000 POSTs of
50 agent sessions in one process): 4 full collections of 0.74-0.98 s each, none of which collected
anything; most of what they walked was loaded at start (the model, torch, the modules: ~265,000
objects). Frozen after the start-up (``gc.freeze``: moved to a generation no collection walks),
the same run had 4 full collections of 0.10-0.27 s, and all collections together took 2.1 s
instead of 5.5 s. Objects made later are collected as before.

The live sessions then grow the old generation: 84,000 objects at the first full collection of a
load test, 205,000 at the fourth, and the full collections took 0.10, 0.16, 0.18 and 0.22 s, each
seen as a burst of 10-22 slow POSTs (the request timeline of ``python -m bench.service
--timeline``), most of the POST p95. None of the young (generation 1) or full collections of that
run collected anything, and a session dropped from memory leaves no cycle behind (refcounting frees
it: tests/console/service/test_gcwatch.py checks it on real dialogues). So every ``freeze_every``
seconds what survived the young collections is frozen too: a full collection walks only what
survived since, and the young collections go on catching the short-lived cycles.

    >>> watch = GcWatch(); watch.start()      # in the lifespan, after the model and the warm-up
    >>> watch.gauges()["compaction_gc_full_collections_total"]
"""

from __future__ import annotations

import gc
import threading
import time
from typing import Any

FREEZE_EVERY_S = 5.0  # seconds between two freezes of what survived the young collections


class GcWatch:
    """Freezes the heap there is at start, and the survivors every ``freeze_every`` s; times the
    full collections that follow."""

    def __init__(self, freeze_every: float = FREEZE_EVERY_S) -> None:
        self.freeze_every = freeze_every
        self._stop = threading.Event()
        self._freezer: threading.Thread | None = None
        self.full = 0  # full collections since start
        self.full_seconds = 0.0
        self.full_max = 0.0
        self._started_at = 0.0
        self._lock = threading.Lock()

    def start(self) -> None:
        """Collect once, freeze what survives (the start-up heap), then time every full collection."""
        gc.collect()
        gc.freeze()
        gc.callbacks.append(self._callback)
        if self.freeze_every > 0:
            self._stop.clear()
            self._freezer = threading.Thread(target=self._freeze_survivors, name="gc-freezer", daemon=True)
            self._freezer.start()

    def _freeze_survivors(self) -> None:
        while not self._stop.wait(self.freeze_every):
            gc.freeze()  # O(1): the old generation's list is moved, nothing is walked

    def stop(self) -> None:
        """Stop timing and give the frozen objects back to the collector (the process is ending)."""
        self._stop.set()
        if self._freezer is not None:
            self._freezer.join()
            self._freezer = None
        if self._callback in gc.callbacks:
            gc.callbacks.remove(self._callback)
        gc.unfreeze()

    def _callback(self, phase: str, info: dict[str, Any]) -> None:
        if info.get("generation") != 2:
            return
        if phase == "start":
            self._started_at = time.perf_counter()
            return
        took = time.perf_counter() - self._started_at
        with self._lock:
            self.full += 1
            self.full_seconds += took
            self.full_max = max(self.full_max, took)

    def gauges(self) -> dict[str, float]:
        """What /metrics shows: objects frozen at start, full collections, their time and the longest."""
        with self._lock:
            return {
                "compaction_gc_frozen_objects": float(gc.get_freeze_count()),
                "compaction_gc_full_collections_total": float(self.full),
                "compaction_gc_full_seconds_total": self.full_seconds,
                "compaction_gc_full_max_seconds": self.full_max,
            }
