"""A process that always has a call in flight (the compaction service under load) still hands the
file over: once another process waits, its new calls wait for the calls in flight and the file is
closed. Without the drain (drain_wait=0, the old behaviour) the waiter never got in."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from data.concurrency import FileLease
from data.store import Store

ROOT = Path(__file__).resolve().parents[2]
WAITER = (
    "import sys; from data.store import Store; from data.concurrency import RetryPolicy;"
    "s = Store(sys.argv[1], policy=RetryPolicy(deadline=3.0), linger=0);"
    "print(s.get_context('nobody'))"
)


def _busy(lease: FileLease, stop: threading.Event, offset: float) -> None:
    time.sleep(offset)
    while not stop.is_set():
        with lease.acquire(deadline=30):
            time.sleep(0.03)  # two of these, staggered: the file always has a holder


# The control without the drain (drain_wait 0: the waiter should not get in) was dropped: whether
# two staggered holders ever leave a gap depends on the machine's timing, and a clean clone in CI
# once found one. Only the behaviour the code promises is asserted.
@pytest.mark.parametrize(("drain_wait", "gets_in"), [(0.25, True)])
def test_a_waiter_gets_a_file_that_always_has_a_holder(
    tmp_path: Path, drain_wait: float, gets_in: bool
) -> None:
    db = tmp_path / "busy.duckdb"
    Store.open(db, linger=0).close()
    lease = FileLease(db, linger=5.0, drain_wait=drain_wait)
    stop = threading.Event()
    threads = [threading.Thread(target=_busy, args=(lease, stop, o), daemon=True) for o in (0.0, 0.015)]
    for t in threads:
        t.start()
    try:
        time.sleep(0.2)
        waiter = subprocess.run(
            [sys.executable, "-c", WAITER, str(db)], cwd=ROOT, capture_output=True, text=True, timeout=60
        )
    finally:
        stop.set()
        for t in threads:
            t.join(10)
        lease.close()
    assert (waiter.returncode == 0) is gets_in, waiter.stderr[-500:]
    if not gets_in:
        assert "still locked by another process" in waiter.stderr
