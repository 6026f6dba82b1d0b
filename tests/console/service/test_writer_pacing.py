"""The group-commit writer's pacing: saves made during the pause share the next transaction, and a
caller waiting for a COMMIT (``hurry``) ends the pause at once.

A fake store (it records each transaction's contexts) stands in for DuckDB: these tests are about
when the writer commits, not what it writes; tests/console/service/test_api.py runs the real one.
"""

from __future__ import annotations

import threading
import time
from types import SimpleNamespace

import pytest

from console.service.writer import GroupWriter

pytestmark = pytest.mark.unit


class RecordingStore:
    """save_live records the batch's contexts and when it ran."""

    def __init__(self) -> None:
        self.batches: list[list[str]] = []
        self.at: list[float] = []
        self.lock = threading.Lock()

    def save_live(self, items: list) -> list:
        with self.lock:
            self.batches.append([item.bundle.context_id for item in items])
            self.at.append(time.monotonic())
        return [None] * len(items)


def item(cid: str) -> SimpleNamespace:
    return SimpleNamespace(bundle=SimpleNamespace(context_id=cid, auto_trip=None))


def test_saves_made_during_the_pause_share_one_transaction() -> None:
    store = RecordingStore()
    writer = GroupWriter(store, interval=0.4)  # type: ignore[arg-type]
    writer.start()
    try:
        writer.submit(item("a")).result(timeout=5)  # first transaction; the pause starts
        later = [writer.submit(item(c)) for c in ("b", "c", "d")]
        for f in later:
            f.result(timeout=5)
    finally:
        writer.stop()
    assert store.batches == [["a"], ["b", "c", "d"]]
    assert store.at[1] - store.at[0] >= 0.35  # the pause was kept (less a scheduling margin)


def test_without_an_interval_each_waiting_save_commits_at_once() -> None:
    store = RecordingStore()
    writer = GroupWriter(store)  # type: ignore[arg-type]
    writer.start()
    try:
        for c in ("a", "b", "c"):
            writer.submit(item(c)).result(timeout=5)
    finally:
        writer.stop()
    assert store.batches == [["a"], ["b"], ["c"]]


def test_hurry_ends_the_pause_for_a_caller_waiting_for_its_commit() -> None:
    store = RecordingStore()
    writer = GroupWriter(store, interval=30.0)  # a pause far longer than the test may take
    writer.start()
    try:
        writer.submit(item("a")).result(timeout=5)
        future = writer.submit(item("b"))
        writer.hurry()
        future.result(timeout=5)  # without the hurry: 30 s, and a TimeoutError here
        waited = writer.submit(item("c"))
        t0 = time.monotonic()
        writer.stop()  # stop saves what is queued without waiting out the pause
        assert waited.done() and time.monotonic() - t0 < 5
    finally:
        writer.stop()
    assert store.batches == [["a"], ["b"], ["c"]]
