"""The change log: a sidecar file that says "what a live reader caches from the store changed, and where".

A long-running reader (the compaction service) keeps in memory what it serves on every request:
the breaker's mode per context, the facts people corrected, the tokens and signing keys. Reading
them from DuckDB on every request costs a statement each (2-4 ms here) and, worse, the file: while
the console or an ingest holds it, the reader waits for the handover. So every write that changes
one of them (a breaker switch, a correction, a config save, a token or key change) appends one
line naming its scope to ``<db>.changes`` after its COMMIT: ``ctx <context id as JSON>`` for one
context, ``auth`` for tokens and keys, ``*`` for everything (the global switch, the config).
Readers ``stat`` the file (microseconds, no lease, any process) and read only the lines appended
since their last look, so a correction of one context leaves every other context's cache alone.
Appends are atomic across processes (O_APPEND, one short write); the file only grows, so an
offset never comes back; a replaced, deleted or shorter file reads as "everything changed".

A process that dies between its COMMIT and its line leaves readers stale until the next change or
their own backstop re-read (console/service/fresh.py re-reads every few seconds whatever the log
says), never for longer.

    >>> log = ChangeLog(Path("data/console.duckdb"))
    >>> log.bump(context_id="ctx-1")
    >>> log.read_since(ChangeLog.START)
    ((ino, 10), {'ctx:ctx-1'})
"""

from __future__ import annotations

import json
import os
from pathlib import Path

Version = tuple[int, int]  # (inode, size) of the log file
EVERYTHING = "*"
AUTH = "auth"


def context_scope(context_id: str) -> str:
    """The scope name of one context's changes (as readers receive it)."""
    return f"ctx:{context_id}"


class ChangeLog:
    """``<db>.changes``: a line per change, appended by writers, read incrementally by readers."""

    START: Version = (0, 0)

    def __init__(self, db_path: Path) -> None:
        self.path = db_path.with_name(db_path.name + ".changes")

    def bump(self, *, context_id: str | None = None, scope: str = EVERYTHING) -> None:
        """Record one change after its COMMIT: of ``context_id``, else of ``scope`` ('*', 'auth').
        Never raises: a reader's backstop covers a line lost to a full disk or a read-only folder."""
        line = f"ctx {json.dumps(context_id)}\n" if context_id is not None else f"{scope}\n"
        try:
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        except OSError:
            return
        try:
            os.write(fd, line.encode("utf-8"))
        except OSError:
            pass
        finally:
            os.close(fd)

    def version(self) -> Version:
        """(inode, size) of the log; (0, 0) while no change was ever recorded. One stat."""
        try:
            st = os.stat(self.path)
        except OSError:
            return self.START
        return (st.st_ino, st.st_size)

    def read_since(self, seen: Version) -> tuple[Version, set[str]]:
        """(version now, the scopes changed since ``seen``): {'ctx:<id>', 'auth', '*'}; {'*'} when the
        file was replaced or cut (the reader cannot know what changed). Empty when nothing did."""
        now = self.version()
        if now == seen:
            return now, set()
        if (now[0] != seen[0] and seen != self.START) or now[1] < seen[1]:
            return now, {EVERYTHING}
        start = seen[1] if now[0] == seen[0] else 0
        try:
            with open(self.path, "rb") as f:
                f.seek(start)
                chunk = f.read(now[1] - start)
        except OSError:
            return now, {EVERYTHING}
        scopes: set[str] = set()
        for raw in chunk.decode("utf-8", errors="replace").splitlines():
            kind, _, rest = raw.partition(" ")
            if kind == "ctx":
                try:
                    scopes.add(context_scope(str(json.loads(rest))))
                except ValueError:
                    scopes.add(EVERYTHING)
            else:
                scopes.add(kind or EVERYTHING)
        return (now[0], start + len(chunk)), scopes
