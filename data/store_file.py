"""A Store's hold on its DuckDB file: the lease, read and write transactions, the change log.

The plumbing under every Store method (data/store.py, data/store_controls.py): a read runs with the
file held (data/concurrency.py: waits with backoff while another process holds it, StoreBusyError
past the deadline); a write runs in one transaction, the writes of one process taking turns, and a
conflict that still happens is retried with backoff; a write that changes what the compaction
service caches is noted in the change log (data/changes.py).
"""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any, Self, TypeVar

import duckdb

from data.changes import EVERYTHING, ChangeLog
from data.concurrency import FileLease, RetryPolicy, StoreError, is_conflict_error, leased
from data.paths import default_db_path
from data.schema import migrate, utc_now

R = TypeVar("R")


def _owner_only(path: Path) -> None:
    """Make the write-ahead log DuckDB creates (with the process umask) readable by its owner only,
    as the database file is (data/concurrency.py); it holds the last writes in the clear."""
    with contextlib.suppress(OSError):
        if path.stat().st_mode & 0o077:
            path.chmod(0o600)


def is_save_race(exc: BaseException) -> bool:
    """A failed save worth retrying: a write conflict, or the primary-key clash of two threads
    creating the same context (the retry sees the context stored and compares fingerprints)."""
    return is_conflict_error(exc) or isinstance(exc, duckdb.ConstraintException)


class StoreFile:
    """The file, its lease and its transactions; the Store's methods are built on ``_read`` and ``_write``."""

    def __init__(
        self,
        path: str | Path | None = None,
        *,
        policy: RetryPolicy | None = None,
        clock: Callable[[], datetime] = utc_now,
        linger: float = 1.0,
    ) -> None:
        """Configure only; nothing is opened until the first call (use ``Store.open`` to migrate now).

        path: the database file (default: $CONSOLE_DB or data/console.duckdb).
        policy: how long and how to wait for a file another process holds.
        clock: naive-UTC "now" for every timestamp written (tests pass a fixed clock).
        linger: seconds to keep the file open after the last call, unless another process waits
            for it (0: release at once). The first Store of a process on a path sets it.
        """
        self.path = Path(path) if path is not None else default_db_path()
        self.policy = policy or RetryPolicy()
        self.clock = clock
        self._linger = linger
        self._lease: FileLease | None = None
        self._rng = random.Random()

    @classmethod
    def open(cls, path: str | Path | None = None, **kwargs: Any) -> Self:
        """A Store on ``path`` with the schema created or migrated to the latest version."""
        store = cls(path, **kwargs)
        store.migrate()
        return store

    @property
    def lease(self) -> FileLease:
        """This process's hold on the file (shared by every Store on the same path)."""
        if self._lease is None:
            self._lease = leased(self.path, self.policy, self._linger)
        return self._lease

    @property
    def changes(self) -> ChangeLog:
        """The file's change log (data/changes.py): a line after each write a live reader caches."""
        return ChangeLog(self.path)

    def _write_change(
        self, fn: Callable[[Any], R], *, context_ids: Sequence[str] = (), scope: str = EVERYTHING
    ) -> R:
        """``_write``, then note the change (of ``context_ids``, else of ``scope``) in the change
        log, so the compaction service's caches see it at once (breaker, corrections, config,
        tokens, keys). A failed write notes it too: a reader re-reading for nothing is harmless."""
        try:
            return self._write(fn)
        finally:
            for cid in dict.fromkeys(context_ids):
                self.changes.bump(context_id=cid)
            if not context_ids:
                self.changes.bump(scope=scope)

    def _read(self, fn: Callable[[Any], R]) -> R:
        with self.lease.acquire(self.policy.deadline) as cur:
            return fn(cur)

    def _write(
        self, fn: Callable[[Any], R], retry_if: Callable[[BaseException], bool] = is_conflict_error
    ) -> R:
        """Run ``fn`` in one transaction; writes of this process take turns (no write-write conflicts).

        A conflict that still happens (retry_if) is retried with backoff until the policy's deadline.
        """
        deadline = time.monotonic() + self.policy.deadline
        attempt = 0
        while True:
            try:
                with self.lease.write_lock, self.lease.acquire(self.policy.deadline) as cur:
                    cur.execute("BEGIN TRANSACTION")
                    try:
                        result = fn(cur)
                        cur.execute("COMMIT")
                        _owner_only(self.path.with_name(self.path.name + ".wal"))
                    except BaseException:
                        with contextlib.suppress(duckdb.Error):
                            cur.execute("ROLLBACK")
                        raise
                    return result
            except duckdb.Error as exc:
                if not retry_if(exc) or time.monotonic() > deadline:
                    raise StoreError(
                        f"{self.path}: the write failed and was rolled back (nothing of it was "
                        f"saved; what was there before is intact): {exc}"
                    ) from exc
                time.sleep(self.policy.delay(attempt, self._rng))
                attempt += 1

    def migrate(self) -> int:
        """Create or upgrade the schema; returns the version the file is at."""
        return self._read(migrate)

    def close(self) -> None:
        """Release the file now if no call of this process is using it."""
        self.lease.close()

    def yield_to_waiters(self, max_wait: float = 1.0) -> float:
        """Pause while another process waits for the file; bulk writers call this between batches."""
        return self.lease.yield_to_waiters(max_wait)
