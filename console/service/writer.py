"""The service's group-commit writer: one thread saves the requests of many contexts per transaction.

Measured on this 2-core machine, a DuckDB statement costs milliseconds whatever its size, and a
request saved on its own took ~100 ms of statements (the ingest's per-context update path). The
writer takes every save waiting when it is free (up to ``max_batch``, at most one per context: a
context's saves build on each other, so its next one waits for the next batch), writes them with
``ServiceStore.save_live`` (a handful of set-based statements for the whole batch) and resolves
each save's future after the COMMIT.

A POST is acknowledged once its journal record is fsync'd (console/service/journal.py), before
this writer applies it: so a save the file refuses for a while (another process holds it past the
deadline: ``StoreBusyError``) is retried, with backoff, until it is in; it is never dropped. A
save that fails otherwise (the context was removed while live, a bug) is tried alone once more,
then its future fails (logged; its journal record stays on disk, and the next start tries it
again), and so do the context's later saves queued behind it (``after``): they build on it.
A context the pipeline flagged for an automatic trip is switched to raw after its COMMIT.

Pacing (``interval``): a transaction costs the file's statements and its COMMIT whatever the batch
size, so a writer that commits as soon as one save waits spends a core on small transactions while
the pipelines wait for the CPU. With an interval, the next batch is taken no sooner than
``interval`` s after the previous one started: the saves of that time share one transaction. A POST
does not wait for it (it is acknowledged once its journal record is durable); a caller that waits
for a COMMIT (``append``, a rebuild's ``wait_applied``, ``stop``) calls :meth:`hurry`, which ends the
pause at once.

    >>> writer = GroupWriter(store); writer.start()
    >>> writer.submit(item).result()        # None, or the item's StaleClockError raised
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from concurrent.futures import Future

from console.ingest_bundle import apply_auto_trips
from data.concurrency import StoreBusyError
from data.queries.service_rows import LiveAppend
from data.service_store import ServiceStore

log = logging.getLogger(__name__)

RETRY_FIRST_S = 0.05  # backoff of a save the file refused: doubles up to RETRY_MAX_S
RETRY_MAX_S = 2.0

Job = tuple[LiveAppend, Future, Future | None]


class GroupWriter:
    """Saves submitted LiveAppends in batches, one transaction per batch, from one thread."""

    def __init__(self, store: ServiceStore, max_batch: int = 64, interval: float = 0.0) -> None:
        self.store = store
        self.max_batch = max_batch
        self.interval = interval
        self._hurry = threading.Event()
        self._queue: queue.Queue[Job | None] = queue.Queue()
        self._carry: list[Job] = []  # a context's later saves, for the next batch (writer thread only)
        self._thread: threading.Thread | None = None
        self._stopping = False
        self.batches = 0  # counters for /metrics and the load test
        self.items = 0
        self.seconds = 0.0  # time spent in save_live (waiting for the file included)
        self.retries = 0

    def start(self) -> None:
        """Start the writer thread (once)."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="service-writer", daemon=True)
            self._thread.start()

    def stop(self, timeout: float = 60.0) -> None:
        """Save what is queued, then stop the thread."""
        if self._thread is not None:
            self._queue.put(None)
            self.hurry()
            self._thread.join(timeout)
            self._thread = None

    def hurry(self) -> None:
        """End the pause between transactions now: someone waits for a COMMIT (see Pacing above)."""
        self._hurry.set()

    def backlog(self) -> int:
        """Saves submitted and not committed yet (approximately: the batch in flight is not counted)."""
        return self._queue.qsize() + len(self._carry)

    def submit(self, item: LiveAppend, after: Future | None = None) -> Future:
        """Queue one request's save; the future resolves after its transaction commits. ``after``:
        the context's previous save, if this one builds on it (it fails if that one failed)."""
        future: Future = Future()
        self._queue.put((item, future, after))
        return future

    def _run(self) -> None:
        while True:
            batch = self._next_batch()
            if batch is None:
                return
            if batch:
                started = time.monotonic()
                self._save(batch)
                self._pace(started)
            elif self._stopping:
                return

    def _pace(self, started: float) -> None:
        """Pause until ``interval`` s after the transaction that started at ``started`` (or a hurry)."""
        left = self.interval - (time.monotonic() - started)
        if left > 0 and not self._stopping:
            self._hurry.wait(left)
        self._hurry.clear()

    def _next_batch(self) -> list[Job] | None:
        """Up to max_batch jobs, one per context, the carried ones first; None once stopped and empty."""
        pending, self._carry = self._carry, []
        if not pending and not self._stopping:
            first = self._queue.get()
            if first is None:
                self._stopping = True
            else:
                pending.append(first)
        while not self._stopping:
            try:
                nxt = self._queue.get_nowait()
            except queue.Empty:
                break
            if nxt is None:
                self._stopping = True
                break
            pending.append(nxt)
        if not pending:
            return None if self._stopping else []
        batch: list[Job] = []
        seen: set[str] = set()
        for job in pending:
            cid = job[0].bundle.context_id
            if cid in seen or len(batch) >= self.max_batch:
                self._carry.append(job)
            else:
                seen.add(cid)
                batch.append(job)
        return batch

    def _save(self, batch: list[Job]) -> None:
        ready = []
        for item, future, after in batch:
            if after is not None and after.exception() is not None:  # resolved: an earlier batch
                future.set_exception(RuntimeError(f"an earlier save of {item.bundle.context_id!r} failed"))
            else:
                ready.append((item, future, after))
        if not ready:
            return
        try:
            outcomes = self._commit([item for item, _, _ in ready])
        except Exception as exc:
            if len(ready) == 1:
                log.error("a save of %s failed: %s", ready[0][0].bundle.context_id, exc)
                ready[0][1].set_exception(exc)
                return
            log.warning("a batch of %d saves failed (%s): saving them one by one", len(ready), exc)
            for job in ready:
                self._save([job])
            return
        self.batches += 1
        self.items += len(ready)
        for (_, future, _), outcome in zip(ready, outcomes, strict=True):
            if outcome is None:
                future.set_result(None)
            else:
                future.set_exception(outcome)
        trips = [item.bundle for item, _, _ in ready if item.bundle.auto_trip is not None]
        if trips:
            try:
                apply_auto_trips(self.store, trips)
            except Exception as exc:  # the next save of the context flags it again
                log.warning("automatic trip of %d contexts failed: %s", len(trips), exc)

    def _commit(self, items: list[LiveAppend]) -> list:
        """save_live, retried while the file is held by another process (the saves are acknowledged)."""
        delay = RETRY_FIRST_S
        while True:
            t0 = time.perf_counter()
            try:
                return self.store.save_live(items)
            except StoreBusyError as exc:
                self.retries += 1
                log.warning("the store stayed busy (%s): %d saves retried in %.2f s", exc, len(items), delay)
            finally:
                self.seconds += time.perf_counter() - t0
            time.sleep(delay)
            delay = min(RETRY_MAX_S, delay * 2)
