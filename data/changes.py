"""The change counter: a sidecar file that says "what a live reader caches from the store changed".

A long-running reader (the compaction service) keeps in memory what it serves on every request:
the breaker's mode per context, the facts people corrected, the tokens and signing keys. Reading
them from DuckDB on every request costs a statement each (2-4 ms here) and, worse, the file: while
the console or an ingest holds it, the reader waits for the handover. So every write that changes
one of them (a breaker switch, a correction, a config save, a token or key change) appends one byte
to ``<db>.changes`` after its COMMIT, and readers compare the file's (inode, size) with the one they
cached under: one ``stat`` (microseconds, no lease, any process). The size only grows (appending is
atomic across processes with O_APPEND), so a version never comes back; a replaced or deleted file
changes the inode or resets the size, which also reads as "changed".

A process that dies between its COMMIT and its bump leaves readers stale until the next change or
their own backstop re-read (console/service/fresh.py re-reads every few seconds whatever the counter
says), never wrong for longer.

    >>> counter = ChangeCounter(Path("data/console.duckdb"))
    >>> before = counter.version(); counter.bump(); counter.version() != before
    True
"""

from __future__ import annotations

import os
from pathlib import Path

Version = tuple[int, int]


class ChangeCounter:
    """``<db>.changes``: bumped by writers of what readers cache, statted by the readers."""

    def __init__(self, db_path: Path) -> None:
        self.path = db_path.with_name(db_path.name + ".changes")

    def bump(self) -> None:
        """Record one change (after the change's COMMIT). Never raises: a reader's backstop covers a
        bump lost to a full disk or a read-only directory."""
        try:
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        except OSError:
            return
        try:
            os.write(fd, b".")
        except OSError:
            pass
        finally:
            os.close(fd)

    def version(self) -> Version:
        """(inode, size) of the counter file; (0, 0) while no change was ever recorded."""
        try:
            st = os.stat(self.path)
        except OSError:
            return (0, 0)
        return (st.st_ino, st.st_size)
