"""What the service caches from the store, and how it knows the cache is still good.

Measured under the load test (50 agents, an ingest and an operator on one file): every request
read the breaker (two statements), the people's corrections (one) and now and then its token
from DuckDB; each read took the file from the console or the ingest and waited for it, and a
handover costs a close (checkpoint) and a reopen (~40 ms here). Most of a ``GET context`` was
these reads. Now the service caches them under the store's change counter (data/changes.py:
every breaker switch, correction, config, token or key write bumps it after its COMMIT, in any
process). ``version()`` stats the counter (on every request by default, at most every ``poll``
seconds if set), so a switch committed in the console is served by the next request, one read
later; every ``max_age`` seconds the version moves on
its own (the backstop for a writer that died between its COMMIT and its bump, or a write made
outside the Store), so nothing cached is older than that whatever happens.

    >>> fresh = Freshness(store)
    >>> fresh.mode("ctx-1")       # one read; then cached until the counter moves
    'compressed'
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import TypeVar

from core.models import Mode
from data.service_store import ServiceStore

T = TypeVar("T")
# the counter is statted at most this often; 0: on every request (a stat costs microseconds), so a
# switch committed before a request started is always seen by it. Raise it where a stat is dear
# (a network filesystem): a switch is then seen within this many seconds.
POLL_S = 0.0
MAX_AGE_S = 10.0  # everything cached is read again at least this often, whatever the counter says
RAW_RECHECK_S = 1.0  # a 'raw' answer is read again after this: it may be the fail-closed one (busy file)
MAX_ENTRIES = 20_000  # cached modes kept before the cache is emptied (refilled one read per context)

Stamp = tuple[int, int, int]  # (counter inode, counter size, backstop epoch)


class Freshness:
    """The change counter as a cache key, and the per-context breaker modes cached under it."""

    def __init__(
        self,
        store: ServiceStore,
        *,
        poll: float = POLL_S,
        max_age: float = MAX_AGE_S,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.store = store
        self.poll = poll
        self.max_age = max_age
        self.clock = clock
        self.counter = store.changes
        self._lock = threading.Lock()
        self._checked = float("-inf")
        self._started = clock()
        self._stamp: Stamp = (0, 0, 0)
        self._modes: dict[str, tuple[Stamp, Mode, float]] = {}
        self._values: dict[str, tuple[Stamp, object]] = {}
        self.reads = 0  # store reads made on a miss (for /metrics and the tests)

    def version(self) -> Stamp:
        """The stamp now: the counter (statted at most every ``poll`` s) and the backstop epoch."""
        now = self.clock()
        with self._lock:
            if self.poll <= 0 or now - self._checked >= self.poll:
                ino, size = self.counter.version()
                self._stamp = (ino, size, int((now - self._started) // self.max_age))
                self._checked = now
            return self._stamp

    def cached_mode(self, context_id: str, stamp: Stamp | None = None) -> Mode | None:
        """The breaker mode cached for the current stamp, or None (no store read: safe on the loop)."""
        stamp = stamp or self.version()
        hit = self._modes.get(context_id)
        if hit is None or hit[0] != stamp:
            return None
        if hit[1] == "raw" and self.clock() - hit[2] >= RAW_RECHECK_S:
            return None  # Store.effective_mode fails closed to 'raw': never keep that answer long
        return hit[1]

    def mode(self, context_id: str) -> Mode:
        """'raw' or 'compressed' for a context (``Store.effective_mode``, which fails closed to raw),
        read from the store only when the stamp moved since it was cached."""
        stamp = self.version()  # taken before the read: a change during the read is seen next time
        cached = self.cached_mode(context_id, stamp)
        if cached is not None:
            return cached
        mode = self.store.effective_mode(context_id)
        self.reads += 1
        with self._lock:
            if len(self._modes) >= MAX_ENTRIES:
                self._modes.clear()
            self._modes[context_id] = (stamp, mode, self.clock())
        return mode

    def value(self, name: str, load: Callable[[], T]) -> T:
        """A store-wide value (the signing keys) cached under the stamp; ``load`` on a miss."""
        stamp = self.version()
        hit = self._values.get(name)
        if hit is not None and hit[0] == stamp:
            return hit[1]  # type: ignore[return-value]
        loaded = load()
        self.reads += 1
        with self._lock:
            self._values[name] = (stamp, loaded)
        return loaded
