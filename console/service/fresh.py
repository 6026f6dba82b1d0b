"""What the service caches from the store, and how it knows the cache is still good.

Measured under the load test (50 agents, an ingest and an operator on one file): every request
read the breaker (two statements), the people's corrections (one) and now and then its token
from DuckDB; each read took the file from the console or the ingest and waited for it, and a
handover costs a close (checkpoint) and a reopen (~40 ms here). Most of a ``GET context`` was
these reads. Now the service caches them under the store's change log (data/changes.py: every
breaker switch, correction, config, token or key write logs its scope after its COMMIT, in any
process: one context, the tokens and keys, or everything). ``version(context_id)`` stats the
log (on every request by default, at most every ``poll`` seconds if set) and reads the lines
added since, so a switch committed in the console is served by the next request, one read
later, and a correction of one context leaves the others' caches alone. Every ``max_age``
seconds every stamp moves on its own (the backstop for a writer that died between its COMMIT
and its line, or a write made outside the Store): nothing cached is older than that.

    >>> fresh = Freshness(store)
    >>> fresh.mode("ctx-1")       # one read; then cached until a change of ctx-1 (or all) is logged
    'compressed'
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import TypeVar

from core.model_kinds import Mode
from data.changes import AUTH, EVERYTHING
from data.service_store import ServiceStore

T = TypeVar("T")
# the counter is statted at most this often; 0: on every request (a stat costs microseconds), so a
# switch committed before a request started is always seen by it. Raise it where a stat is dear
# (a network filesystem): a switch is then seen within this many seconds.
POLL_S = 0.0
# everything cached is read again at least this often, whatever the counter says. Measured under the
# load test (50 agents, an ingest alongside): at 10 s, these re-reads were most of the service's
# store reads (~1800 in a run), each on a request's path and each waiting for the file the ingest
# held: a third to a half of the POST pipeline's samples (py-spy). The log says when something
# changed; this only covers a writer that died between its COMMIT and its line.
MAX_AGE_S = 60.0
RAW_RECHECK_S = 1.0  # a 'raw' answer is read again after this: it may be the fail-closed one (busy file)
MAX_ENTRIES = 20_000  # cached modes kept before the cache is emptied (refilled one read per context)

Stamp = tuple[int, int, int]  # (changes of everything, changes of the scope, backstop epoch)


class Freshness:
    """The change log as cache keys per context, and the breaker modes cached under them."""

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
        self.log = store.changes
        self._lock = threading.Lock()
        self._checked = float("-inf")
        self._started = clock()
        self._seen = self.log.version()  # what was logged before the service started: nothing cached
        self._everything = 0
        self._auth = 0
        self._contexts: dict[str, int] = {}
        self._modes: dict[str, tuple[Stamp, str | None, float]] = {}  # context -> (stamp, reason, at)
        self._values: dict[str, tuple[Stamp, object]] = {}
        self.reads = 0  # store reads made on a miss (for /metrics and the tests)

    def version(self, context_id: str | None = None) -> Stamp:
        """The stamp of one context's cached answers now (of the tokens and keys without one): it
        moves when a change of that context, or of everything, is logged, and every ``max_age`` s."""
        now = self.clock()
        with self._lock:
            if self.poll <= 0 or now - self._checked >= self.poll:
                self._seen, scopes = self.log.read_since(self._seen)
                self._checked = now
                for scope in scopes:
                    self._note_locked(scope)
            epoch = int((now - self._started) // self.max_age)
            if context_id is None:
                return (self._everything, self._auth, epoch)
            return (self._everything, self._contexts.get(context_id, 0), epoch)

    def _note_locked(self, scope: str) -> None:
        if scope == EVERYTHING:
            self._everything += 1
        elif scope == AUTH:
            self._auth += 1
        elif scope.startswith("ctx:"):
            cid = scope[4:]
            if cid not in self._contexts and len(self._contexts) >= MAX_ENTRIES:
                self._contexts.clear()  # forget who changed: everything counts as changed once
                self._everything += 1
            self._contexts[cid] = self._contexts.get(cid, 0) + 1
        else:
            self._everything += 1  # a scope this version does not know: assume the worst

    def cached_reason(self, context_id: str, stamp: Stamp | None = None) -> tuple[bool, str | None]:
        """(hit, reason): the breaker reason cached for the current stamp (None: no switch serves
        it raw), and whether there was one (no store read: safe on the loop)."""
        stamp = stamp or self.version(context_id)
        hit = self._modes.get(context_id)
        if hit is None or hit[0] != stamp:
            return False, None
        if hit[1] == "breaker_error" and self.clock() - hit[2] >= RAW_RECHECK_S:
            return False, None  # Store.breaker_reason fails closed: never keep that answer long
        return True, hit[1]

    def cached_mode(self, context_id: str, stamp: Stamp | None = None) -> Mode | None:
        """The breaker mode cached for the current stamp, or None (no store read: safe on the loop)."""
        hit, reason = self.cached_reason(context_id, stamp)
        if not hit:
            return None
        return "raw" if reason is not None else "compressed"

    def reason(self, context_id: str) -> str | None:
        """Which switch serves a context raw (``Store.breaker_reason``: global_switch,
        context_switch, auto_trip, breaker_error when unreadable), None when none does; read from
        the store only when the stamp moved since it was cached."""
        stamp = self.version(context_id)  # before the read: a change during it is seen next time
        hit, cached = self.cached_reason(context_id, stamp)
        if hit:
            return cached
        reason = self.store.breaker_reason(context_id)
        self.reads += 1
        self.prime(context_id, stamp, reason)
        return reason

    def prime(self, context_id: str, stamp: Stamp, reason: str | None) -> None:
        """Cache a breaker reason read under ``stamp`` (by ``reason``, or by a caller inside a read it
        made anyway: the service's load of a context, so its first request reads no breaker)."""
        with self._lock:
            if len(self._modes) >= MAX_ENTRIES:
                self._modes.clear()
            self._modes[context_id] = (stamp, reason, self.clock())

    def mode(self, context_id: str) -> Mode:
        """'raw' when a switch serves the context raw (or the breaker is unreadable), else
        'compressed'."""
        return "raw" if self.reason(context_id) is not None else "compressed"

    def value(self, name: str, load: Callable[[], T]) -> T:
        """A store-wide value (the signing keys) cached under the tokens-and-keys stamp."""
        stamp = self.version()
        hit = self._values.get(name)
        if hit is not None and hit[0] == stamp:
            return hit[1]  # type: ignore[return-value]
        loaded = load()
        self.reads += 1
        with self._lock:
            self._values[name] = (stamp, loaded)
        return loaded
