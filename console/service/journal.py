"""The service's journal: a POST is acknowledged once its messages are fsync'd here, not after DuckDB.

Measured under the load test (50 agents, an ingest and an operator on one 2-core machine), a POST
spent most of its time waiting for its DuckDB transaction (the group commit: 536 ms mean, the file
handed between three processes). Now each POST's input (its context, the idx of its first and last
message, the messages as stamped, the actor, the Lamport clock, its time) is appended to an
append-only file next to the database (``<db>.journal/<seq>.log``) and fsync'd, one fsync for
every record waiting at that moment (a group fsync, in one thread); the request is answered then,
and the group-commit writer applies it to DuckDB behind it (console/service/writer.py).

A record is one line: ``<crc32 of the JSON, 8 hex> <JSON>\\n``. A line cut short by a crash (no
newline, or a checksum that does not match) was never acknowledged and is ignored when read back.
The service writes to one segment and starts a new one once it holds ``rotate_bytes``; a segment
is deleted once every record in it is applied to the store (the writer says so) and it is not the
one written to. On start, :meth:`Journal.open` reads the segments a previous process left
(``leftover``): the service applies those not in the store yet (idempotent per context and message
idx, console/service/live.py ``replay``), then :meth:`Journal.drop_leftover` deletes them.

    >>> journal = Journal.open(Path("data/console.duckdb.journal"))
    >>> journal.append({"context_id": "c1", ...}).result()   # the segment, once fsync'd
    >>> journal.applied([segment])                         # after the DuckDB COMMIT
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import queue
import threading
import zlib
from concurrent.futures import Future
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

ROTATE_BYTES = 4 * 1024 * 1024  # a new segment after this many bytes: applied segments are deleted whole
SUFFIX = ".log"


def journal_dir(db: Path) -> Path:
    """Where the service keeps the journal of a database: ``<db>.journal/`` beside it."""
    return db.with_name(db.name + ".journal")


def encode(record: dict[str, Any]) -> bytes:
    """One record as its journal line (checksum, space, compact JSON, newline)."""
    body = json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode()
    return b"%08x " % zlib.crc32(body) + body + b"\n"


def decode(line: bytes) -> dict[str, Any] | None:
    """The record of a journal line; None for a line cut short by a crash or damaged."""
    if not line.endswith(b"\n") or len(line) < 10 or line[8:9] != b" ":
        return None
    body = line[9:-1]
    try:
        if int(line[:8], 16) != zlib.crc32(body):
            return None
        record = json.loads(body)
    except ValueError:
        return None
    return record if isinstance(record, dict) else None


def read_segment(path: Path) -> list[dict[str, Any]]:
    """The whole records of one segment, in order (a torn last line is left out)."""
    with open(path, "rb") as f:
        return [r for r in (decode(line) for line in f) if r is not None]


class Journal:
    """Append-only, fsync'd records in segments; see the module docstring."""

    def __init__(self, directory: Path, *, rotate_bytes: int = ROTATE_BYTES) -> None:
        self.directory = directory
        self.rotate_bytes = rotate_bytes
        directory.mkdir(parents=True, exist_ok=True)
        found = sorted(directory.glob(f"*{SUFFIX}"))
        self.leftover_segments = found  # written by an earlier process: replayed, then dropped
        self._seq = max((int(p.stem) for p in found if p.stem.isdigit()), default=0)
        self._lock = threading.Lock()
        self._open: dict[int, int] = {}  # segment -> records appended and not applied yet
        self._file: Any = None
        self._size = 0
        self._queue: queue.Queue[tuple[bytes, Future] | None] = queue.Queue()
        self._thread: threading.Thread | None = None
        self.records = 0  # counters for /metrics
        self.fsyncs = 0

    @classmethod
    def open(cls, directory: Path, **kwargs: Any) -> Journal:
        """The journal in ``directory`` (made if missing), its fsync thread started."""
        journal = cls(directory, **kwargs)
        journal._thread = threading.Thread(target=journal._run, name="service-journal", daemon=True)
        journal._thread.start()
        return journal

    def leftover(self) -> list[dict[str, Any]]:
        """The records an earlier process left (applied to the store or not), oldest first."""
        return [r for path in self.leftover_segments for r in read_segment(path)]

    def drop_leftover(self) -> None:
        """Delete the earlier process's segments: call once their records are all in the store."""
        for path in self.leftover_segments:
            path.unlink(missing_ok=True)
        self.leftover_segments = []
        _fsync_dir(self.directory)

    def append(self, record: dict[str, Any]) -> Future:
        """Queue one record; the future resolves to its segment once the record is fsync'd (or
        fails with the OSError of the write: the record is then not durable, do not acknowledge)."""
        future: Future = Future()
        self._queue.put((encode(record), future))
        return future

    def applied(self, segments: list[int]) -> None:
        """Records of these segments (one entry per record) are in the store now; a segment with
        nothing left to apply and not written to any more is deleted."""
        with self._lock:
            for seg in segments:
                self._open[seg] = self._open.get(seg, 0) - 1
            done = [s for s, n in self._open.items() if n <= 0 and s != self._seq]
            for seg in done:
                del self._open[seg]
        for seg in done:
            self._path(seg).unlink(missing_ok=True)

    def pending(self) -> int:
        """Records fsync'd and not applied to the store yet."""
        with self._lock:
            return sum(max(0, n) for n in self._open.values())

    def close(self, timeout: float = 30.0) -> None:
        """Write what is queued, stop the thread, close the file (an empty, applied segment is removed)."""
        if self._thread is not None:
            self._queue.put(None)
            self._thread.join(timeout)
            self._thread = None
        with self._lock:
            if self._file is not None:
                self._file.close()
                self._file = None
            if self._open.get(self._seq, 0) <= 0:
                self._open.pop(self._seq, None)
                self._path(self._seq).unlink(missing_ok=True)

    def _path(self, seg: int) -> Path:
        return self.directory / f"{seg:08d}{SUFFIX}"

    def _run(self) -> None:
        while True:
            first = self._queue.get()
            if first is None:
                return
            batch, stopping = [first], False
            while True:
                try:
                    nxt = self._queue.get_nowait()
                except queue.Empty:
                    break
                if nxt is None:
                    stopping = True
                    break
                batch.append(nxt)
            self._write(batch)
            if stopping:
                return

    def _write(self, batch: list[tuple[bytes, Future]]) -> None:
        try:
            seg = self._segment()
            data = b"".join(line for line, _ in batch)
            self._file.write(data)
            self._file.flush()
            os.fsync(self._file.fileno())
        except OSError as exc:  # a full disk: nothing acknowledged; the file may hold a torn line
            log.error("journal write of %d records failed: %s", len(batch), exc)
            with self._lock:
                if self._file is not None:
                    with contextlib.suppress(OSError):
                        self._file.close()
                self._file, self._size = None, 0  # the next write starts a new segment
            for _, future in batch:
                future.set_exception(exc)
            return
        self._size += len(data)
        self.fsyncs += 1
        self.records += len(batch)
        with self._lock:
            self._open[seg] = self._open.get(seg, 0) + len(batch)
        for _, future in batch:
            future.set_result(seg)

    def _segment(self) -> int:
        """The segment to write to: a new one at first, after a failure, or once it is full."""
        with self._lock:
            if self._file is not None and self._size < self.rotate_bytes:
                return self._seq
            old = self._seq if self._file is not None else None
            if self._file is not None:
                self._file.close()
            self._seq += 1
            self._file = open(self._path(self._seq), "ab")  # noqa: SIM115 (kept open across writes)
            self._size = 0
            self._open.setdefault(self._seq, 0)
            finished = old is not None and self._open.get(old, 0) <= 0
            if finished:
                self._open.pop(old, None)
        if finished:
            self._path(old).unlink(missing_ok=True)
        _fsync_dir(self.directory)  # the new file's name is durable before a record in it is acknowledged
        return self._seq


def _fsync_dir(directory: Path) -> None:
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
