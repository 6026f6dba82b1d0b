"""How several processes share one DuckDB file: leases released on demand, retry with backoff.

DuckDB lets one process at a time open a file read-write, and while it does no other process can
open it at all (not even read-only): the second ``connect`` fails at once with an IOException
"Could not set lock on file". So a process holds the file only while it works, and hands it over
as soon as another process asks:

* ``FileLease`` opens the file on the first ``acquire()`` in a process; threads of the process
  share the open database through their own cursors, as DuckDB intends. When the last holder is
  done, the file stays open for ``linger`` seconds (so a page's five calls pay one open and one
  close, ~18 ms here), unless another process is waiting, in which case it is closed at once.
* A process that finds the file locked marks itself as waiting (a shared ``flock`` on the sidecar
  file ``<db>.waiters``) and retries with exponential backoff and full jitter (``RetryPolicy``)
  until a deadline, then raises ``StoreBusyError``: nothing was written half-way, the caller
  decides (the console says "busy, try again"; the ingest CLI waits longer).
* A holder notices a waiter between two calls (a watcher thread polls the sidecar while the file
  is idle, and every ``acquire`` checks it) and closes the file, so the waiter gets in within one
  call or one ingest batch. A process that always has a call in flight (the compaction service
  under load) would otherwise never be idle: once someone waits, its new calls wait for the calls
  in flight to finish (``drain_wait``, 0.25 s at most) and the file is handed over. A bulk writer
  calls ``yield_to_waiters()`` between batches.
* The OS drops the flocks of a killed process, and DuckDB's WAL replays committed transactions
  on the next open: a crash never leaves a stale mark or a partial transaction.
* "Opening" the file is an ``ATTACH`` to an in-memory DuckDB instance the lease keeps for the
  process's life, and "closing" it a ``DETACH`` (which checkpoints and drops the OS lock as a close
  does). Measured on a 10 MB store (DuckDB 2.0): ``duckdb.connect`` took 41 ms (33 ms of it building
  a new instance's catalog of built-in functions, an in-memory one too) and ``close`` 31 ms; ATTACH
  1.6 ms and DETACH 16 ms. The compaction service hands the file over ~190 times in its 46 s load
  test (an operator's and an ingest's calls), so the instance is paid for once, not at each handover.

Measured alternatives and numbers: docs/benchmarks.md (store section), bench/store_concurrency.py.
"""

from __future__ import annotations

import atexit
import contextlib
import fcntl
import os
import random
import struct
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import duckdb

from data.paths import database_file_problem

ATTACHED_AS = "store"  # the database file's name inside the lease's instance


class StoreBusyError(RuntimeError):
    """The database stayed locked by another process past the deadline; nothing was written."""


class StoreError(RuntimeError):
    """The database could not do what was asked: a full disk, a damaged file, a file that is not ours.

    A failed write was rolled back: nothing of it is in the file, and what was there before is."""


@dataclass(frozen=True)
class RetryPolicy:
    """Exponential backoff with jitter: wait uniform(cap/4, cap), cap = min(max_delay, first_delay * 2**n)."""

    first_delay: float = 0.002
    max_delay: float = 0.05
    deadline: float = 30.0

    def delay(self, attempt: int, rng: random.Random) -> float:
        """Seconds to sleep before retry number ``attempt`` (0-based)."""
        cap = min(self.max_delay, self.first_delay * (2 ** min(attempt, 30)))
        return rng.uniform(cap / 4, cap)


def is_lock_error(exc: BaseException) -> bool:
    """True for DuckDB's 'file is locked by another process' error."""
    return isinstance(exc, duckdb.IOException) and "lock" in str(exc).lower()


def is_conflict_error(exc: BaseException) -> bool:
    """True for a write-write conflict between two transactions of one process (retry it).

    Not every TransactionException is one: a commit the disk refused ("Failed to commit: Could
    not write file ...") would fail again, so it is not retried until the deadline."""
    return isinstance(exc, duckdb.Error) and "conflict" in str(exc).lower()


_FLOCK = "hhqqi4x"  # struct flock on Linux (l_type, l_whence, l_start, l_len, l_pid), 32 bytes


def locked_elsewhere(path: Path) -> bool:
    """True when another process holds DuckDB's lock on the file (the whole-file fcntl write lock
    DuckDB takes when it opens a database); False when it is free, missing or cannot be probed.

    Why: a ``duckdb.connect`` that the lock refuses still sets up a database instance first, and
    measured here (before the kept instance) it cost ~15 ms of CPU (a failed attempt every few ms of
    backoff, while an ingest holds the file for a second, took a core's worth from the service's
    pipeline). This probe (F_GETLK) takes microseconds and sets no lock. Only call it while this
    process does not have the file open: closing the probe's descriptor would drop this process's
    own locks on the file."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return False
    try:
        probe = struct.pack(_FLOCK, fcntl.F_WRLCK, os.SEEK_SET, 0, 0, 0)
        answer = fcntl.fcntl(fd, fcntl.F_GETLK, probe)
        return struct.unpack(_FLOCK, answer)[0] != fcntl.F_UNLCK
    except OSError:
        return False
    finally:
        os.close(fd)


class WaitersSignal:
    """A sidecar file whose shared flock says 'a process is waiting for the database'."""

    def __init__(self, db_path: Path) -> None:
        self.path = db_path.with_name(db_path.name + ".waiters")

    @contextlib.contextmanager
    def waiting(self) -> Iterator[None]:
        """Hold the 'I am waiting' mark for the duration of the block."""
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_SH)
            yield
        finally:
            os.close(fd)  # closing drops the flock

    def anyone_waiting(self) -> bool:
        """True while some other process holds the waiting mark."""
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError:
            return False
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        finally:
            os.close(fd)
        return False


class FileLease:
    """One process's shared hold on a DuckDB file, handed over when another process asks.

    ``with lease.acquire() as cur:`` gives a cursor of the open database. Use ``leased()`` to get
    the one lease per file of this process.
    """

    def __init__(
        self,
        path: Path,
        policy: RetryPolicy | None = None,
        linger: float = 0.0,
        poll: float = 0.01,
        drain_wait: float = 0.25,
    ) -> None:
        self.path = path
        self.policy = policy or RetryPolicy()
        self.linger = linger
        self.poll = poll
        self.waiters = WaitersSignal(path)
        self._lock = threading.Lock()
        self._released = threading.Condition(self._lock)  # notified when the last holder is done
        self.drain_wait = drain_wait
        # Writers of this process take turns: two threads updating one row would otherwise make
        # DuckDB abort one of them (optimistic concurrency); reads stay concurrent.
        self.write_lock = threading.RLock()
        self._con: duckdb.DuckDBPyConnection | None = None  # the instance, while the file is attached
        self._instance: duckdb.DuckDBPyConnection | None = None  # kept across handovers
        self._holders = 0
        self._idle_since = 0.0
        self._watcher: threading.Thread | None = None
        self._rng = random.Random()
        self.opens = 0  # counters for the benchmark and the tests
        self.lock_retries = 0
        self.lock_probes = 0  # retries answered by the lock probe alone, without a connect

    @contextlib.contextmanager
    def acquire(self, deadline: float | None = None) -> Iterator[duckdb.DuckDBPyConnection]:
        """A cursor on the open file, valid inside the block; opens the file if needed."""
        with self._lock:
            if self._con is not None and self.waiters.anyone_waiting():
                # someone else asked first: let them in before us. A busy process (a service with
                # requests in flight) seldom has no holder at all, so new calls wait for the ones in
                # flight to finish (at most drain_wait, so a call nested in another never deadlocks)
                self._drain_locked()
            if self._con is None:
                self._con = self._open(deadline if deadline is not None else self.policy.deadline)
            self._holders += 1
            cursor = self._con.cursor()
        try:
            cursor.execute(f"USE {ATTACHED_AS}")  # a cursor starts in the instance's own catalog
            yield cursor
        finally:
            with contextlib.suppress(duckdb.Error):
                cursor.close()
            self._release()

    def _drain_locked(self) -> None:
        """Close the file once the calls in flight are done (waiting at most ``drain_wait``)."""
        deadline = time.monotonic() + self.drain_wait
        while self._holders > 0:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return
            self._released.wait(remaining)
        self._close_locked()

    def yield_to_waiters(self, max_wait: float = 1.0) -> float:
        """Between batches of a bulk writer: if another process waits, close and let it work.

        Returns the seconds spent paused (0 when nobody was waiting).
        """
        if not self.waiters.anyone_waiting():
            return 0.0
        start = time.monotonic()
        with self._lock:
            if self._holders == 0:
                self._close_locked()
        while self.waiters.anyone_waiting() and time.monotonic() - start < max_wait:
            time.sleep(0.002)
        return time.monotonic() - start

    def close(self) -> None:
        """Close the file now if no one in this process holds it (and the instance with it)."""
        with self._lock:
            if self._holders == 0:
                self._close_locked()
                self._close_instance()

    @property
    def is_open(self) -> bool:
        """True while this process holds the file."""
        return self._con is not None

    def _close_locked(self) -> None:
        if self._con is None:
            return
        self._con = None
        try:
            self._instance.execute(f"DETACH {ATTACHED_AS}")  # checkpoints the WAL, drops the OS lock
        except duckdb.Error:  # never expected: the whole instance goes, and the file with it
            self._close_instance()

    def _close_instance(self) -> None:
        instance, self._instance = self._instance, None
        if instance is not None:
            with contextlib.suppress(duckdb.Error):
                instance.close()

    def _release(self) -> None:
        with self._lock:
            self._holders -= 1
            if self._holders == 0:
                self._released.notify_all()
            if self._holders > 0 or self._con is None:
                return
            if self.linger <= 0 or self.waiters.anyone_waiting():
                self._close_locked()
                return
            self._idle_since = time.monotonic()
            if self._watcher is None:
                self._watcher = threading.Thread(target=self._watch_idle, name="duckdb-lease", daemon=True)
                self._watcher.start()

    def _watch_idle(self) -> None:
        """While the file is open: close it once idle past ``linger`` or as soon as someone waits."""
        while True:
            time.sleep(self.poll)
            with self._lock:
                if self._con is None:
                    self._watcher = None
                    return
                if self._holders > 0:
                    continue
                if time.monotonic() - self._idle_since >= self.linger or self.waiters.anyone_waiting():
                    self._close_locked()
                    self._watcher = None
                    return

    def _open(self, deadline_s: float) -> duckdb.DuckDBPyConnection:
        problem = database_file_problem(self.path)
        if problem:
            raise StoreError(
                f"{self.path}: cannot open the database: it {problem}; nothing was read or written"
            )
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._let_waiters_in(deadline_s)
        if not locked_elsewhere(self.path):
            try:
                return self._connect()
            except duckdb.IOException as exc:
                if not is_lock_error(exc):
                    raise StoreError(f"{self.path}: cannot open the database: {exc}") from exc
        deadline = time.monotonic() + deadline_s
        with self.waiters.waiting():
            attempt = 0
            while True:
                self.lock_retries += 1
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise StoreBusyError(
                        f"{self.path}: still locked by another process after {deadline_s:.1f}s; try again"
                    )
                time.sleep(min(remaining, self.policy.delay(attempt, self._rng)))
                attempt += 1
                if locked_elsewhere(self.path):
                    self.lock_probes += 1  # still held: no connect (a refused one costs ~15 ms of CPU)
                    continue
                try:
                    return self._connect()
                except duckdb.IOException as exc:
                    if not is_lock_error(exc):
                        raise StoreError(f"{self.path}: cannot open the database: {exc}") from exc

    def _let_waiters_in(self, deadline_s: float) -> None:
        """When another process waits for the file, wait until it has it (or stops waiting) before
        taking it back. Why: this process may have just closed the file for it, and an ATTACH takes
        ~2 ms, so without this it would take the file back before the waiter's next try (up to
        ``policy.max_delay`` away) and the waiter would never get in."""
        give_up = time.monotonic() + min(deadline_s, 1.0)
        while self.waiters.anyone_waiting() and not locked_elsewhere(self.path):
            if time.monotonic() > give_up:  # a waiter that hangs does not stop this process
                return
            time.sleep(0.002)

    def _connect(self) -> duckdb.DuckDBPyConnection:
        new = not self.path.exists()
        # a new database (and its first WAL) readable by its owner only
        old_umask = os.umask(0o077) if new else None
        if self._instance is None:
            self._instance = duckdb.connect(":memory:")
        try:
            self._instance.execute(f"ATTACH ? AS {ATTACHED_AS}", [str(self.path)])
        finally:
            if old_umask is not None:
                os.umask(old_umask)
        if new:
            with contextlib.suppress(OSError):
                os.chmod(self.path, 0o600)
        self.opens += 1
        return self._instance


_LEASES: dict[str, FileLease] = {}
_LEASES_LOCK = threading.Lock()


def leased(path: Path, policy: RetryPolicy | None = None, linger: float = 0.0) -> FileLease:
    """The lease of this process on ``path`` (one per resolved path, made on first use).

    The first caller's policy and linger configure it; later callers share it as it is.
    """
    key = str(path.resolve())
    with _LEASES_LOCK:
        lease = _LEASES.get(key)
        if lease is None:
            if not _LEASES:
                atexit.register(close_all_leases)
            lease = FileLease(Path(key), policy, linger)
            _LEASES[key] = lease
        return lease


def close_all_leases() -> None:
    """Close every idle file this process holds (at exit, so the WAL is checkpointed)."""
    with _LEASES_LOCK:
        leases = list(_LEASES.values())
    for lease in leases:
        lease.close()
