"""Garbage collection in the service: the start-up heap frozen, full collections timed for /metrics.

CPython's full (generation 2) collection walks every tracked object the process holds, with the
GIL held: every request in flight waits for it. Measured on the service's pipeline (2,000 POSTs of
50 agent sessions in one process): 4 full collections of 0.74-0.98 s each, none of which collected
anything; most of what they walked was loaded at start (the model, torch, the modules: ~265,000
objects). Frozen after the start-up (``gc.freeze``: moved to a generation no collection walks),
the same run had 4 full collections of 0.10-0.27 s, and all collections together took 2.1 s
instead of 5.5 s. Objects made later are collected as before.

    >>> watch = GcWatch(); watch.start()      # in the lifespan, after the model and the warm-up
    >>> watch.gauges()["compaction_gc_full_collections_total"]
"""

from __future__ import annotations

import gc
import threading
import time
from typing import Any


class GcWatch:
    """Freezes the heap there is at start and times the full collections that follow."""

    def __init__(self) -> None:
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

    def stop(self) -> None:
        """Stop timing and give the frozen objects back to the collector (the process is ending)."""
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
