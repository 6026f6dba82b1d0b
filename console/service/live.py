"""Live sessions of the compaction service: one core Session per context, kept in memory, saved per request.

A context's Session is made on its first request: empty for a new context id, or rebuilt from
the stored turns (an ingest, the console's playground or an earlier run of the service stored
them; the core is deterministic, so the rebuilt state is the one that was stored). Each POST runs
its messages through the Session turn by turn (``replay_turn``: the same step an ingest and the
Replay screen run, so the stored stage traces are what Replay reads), appends the POST's input to
the journal (console/service/journal.py, fsync'd: the request is answered then) and hands the
context's new turns, traces, facts, compactions and metrics, its Lamport clock and the request's
audit row to the group-commit writer (console/service/writer.py), which saves them behind, in one
transaction shared with the other contexts' saves waiting at that moment. Until then memory (and
the journal) runs ahead of the file: the served context has the POST at once, the console sees it
once saved (``stored_turns`` and the other counts below say what the store holds or will hold once
the queue is saved; a rebuild waits for the context's saves in flight, ``wait_applied``). A save
that fails for good drops the session from memory: the next request rebuilds it from the store.

Corrections made in the console are facts whose stored source is not 'pipeline'. Before it
serves or extends a context, the service reads those (one query, only when the store's change
counter moved since the context last read them: console/service/fresh.py) and, where a version is
new to it, writes the corrected value into the live state (the old value into the fact's history,
``verified_by_user`` set, so the core's merge keeps it) and compacts again (trigger
'correction'), so the very next context served carries the correction. The core has no public
"apply a correction to a live session" operation; :func:`apply_people_facts` is that operation,
written here.

The context served is cached per context (``Live.served``) under the change counter's stamp, and
dropped by every append and every correction applied: a ``GET context`` whose stamp is still the
cached one is answered from memory on the event loop (``cached_context``), with no thread and no
read. A POST is three steps (``prepare`` in the pipeline worker, the journal's fsync awaited by the
event loop then ``acknowledge``, ``finish``); ``append`` runs them in a row for callers outside the
event loop, waiting for the COMMIT instead of the journal (the tests, the journal's replay).
"""

from __future__ import annotations

import asyncio
import logging
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import Future, wait
from datetime import UTC, datetime

from console.service.combine import ReadCombiner
from console.service.fresh import Freshness
from console.service.journal import Journal
from console.service.live_rebuild import rebuild, step
from console.service.live_state import (
    MAX_LIVE,
    Appended,
    Live,
    Pending,
    UnknownContextError,
    apply_people_facts,
    save_of,
)
from console.service.writer import GroupWriter
from core.compressor import Compressor, ContextView
from core.models import Message
from data.queries.service_rows import LiveAppend
from data.records import StoredCompaction
from data.service_store import ServiceStore, StaleClockError

log = logging.getLogger(__name__)

class LiveSessions:
    """The service's live sessions over one store and one compressor (see the module docstring)."""

    def __init__(
        self,
        store: ServiceStore,
        compressor: Compressor,
        writer: GroupWriter,
        *,
        fresh: Freshness | None = None,
        max_live: int = MAX_LIVE,
        journal: Journal | None = None,
    ) -> None:
        self.store = store
        self.compressor = compressor
        self.writer = writer
        self.fresh = fresh or Freshness(store)
        self.max_live = max_live
        self._live: OrderedDict[str, Live] = OrderedDict()
        self._lock = threading.Lock()
        self._loading: dict[str, threading.Lock] = {}
        self._starts = ReadCombiner(store.live_starts)  # contexts loaded at once share one read
        self._unapplied: dict[str, Future] = {}  # context -> its last save acknowledged, not committed yet
        self.journal: Journal | None = journal
        self._guards: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()

    def guard(self, context_id: str) -> asyncio.Lock:
        """The event loop's lock of a context: its POSTs run one at a time, in order, from the
        pipeline run to the COMMIT (call on the event loop only). A GET does not wait for it: one
        made while a POST awaits its COMMIT may show that POST's turns already (its agent, which
        waits for the POST's answer, never sees that)."""
        lock = self._guards.get(context_id)
        if lock is None:
            lock = asyncio.Lock()
            self._guards[context_id] = lock
        return lock

    def __len__(self) -> int:
        return len(self._live)

    def get(self, context_id: str, *, create: bool) -> Live:
        """The live session of a context, rebuilt from the store on first use; a new one if
        ``create`` and the context is unknown, else UnknownContextError."""
        with self._lock:
            live = self._live.get(context_id)
            if live is not None:
                self._live.move_to_end(context_id)
                return live
            loading = self._loading.setdefault(context_id, threading.Lock())
        with loading:  # one rebuild per context, however many requests ask at once
            with self._lock:
                live = self._live.get(context_id)
            if live is not None:
                return live
            try:
                live = self._load(context_id, create)
            finally:
                with self._lock:
                    self._loading.pop(context_id, None)
            with self._lock:
                self._live[context_id] = live
                while len(self._live) > self.max_live:
                    self._live.popitem(last=False)
        return live

    def forget(self, context_id: str) -> None:
        """Drop a live session (after a failed save: the next request rebuilds it from the store)."""
        with self._lock:
            self._live.pop(context_id, None)

    def _load(self, context_id: str, create: bool) -> Live:
        self.wait_applied(context_id)  # acknowledged turns not in the file yet: rebuild once they are
        stamp = self.fresh.version(context_id)  # before the read: a change during it is seen next time
        start = self._starts.get(context_id)  # one read of the file, shared with other loads
        self.fresh.prime(context_id, stamp, start.reason)
        session = self.compressor.session(context_id)
        if start.timeline is None:
            if not create:
                raise UnknownContextError(context_id)
            return Live(session=session, lamport=start.clock, synced=stamp)  # no corrections to read
        return rebuild(session, start, stamp)

    def ready(self, context_id: str) -> bool:
        """True when a POST of the context makes no store read: its session is live, and its
        corrections and its breaker mode were read under the current change stamp. No I/O but a
        stat (safe on the event loop)."""
        with self._lock:
            live = self._live.get(context_id)
        if live is None:
            return False
        stamp = self.fresh.version(context_id)
        return live.synced == stamp and self.fresh.cached_reason(context_id, stamp)[0]

    def prefetch(self, context_id: str) -> None:
        """A POST's store reads done ahead, in the calling thread (the store-call pool): the
        context's load, the people's corrections, the breaker. Measured under the load test: done in
        the two pipeline threads, each read waited for the file (the operator's or the ingest's
        handover) with a thread the other contexts' POSTs queued for, and slow POSTs came in bursts."""
        live = self.get(context_id, create=True)
        with live.lock:
            self.sync_corrections(live)
        self.fresh.reason(context_id)

    def sync_corrections(self, live: Live) -> bool:
        """Bring the console's corrections into the live state; compact again if any was new. Reads
        the store only when a change of the context was logged since the last read (call with live.lock)."""
        stamp = self.fresh.version(live.session.context_id)  # before the read: a later one is read next

        if live.synced == stamp:
            return False
        changed = apply_people_facts(live, self.store.people_facts(live.session.context_id))
        live.synced = stamp
        if changed:
            live.served = None
        if changed and live.session.messages:
            record = live.session.compact(reason="correction", force=True)
            live.compactions.append(StoredCompaction(record=record))
        return bool(changed)

    def append(
        self,
        context_id: str,
        messages: Sequence[Message],
        *,
        actor: str,
        role: str,
        clock: tuple[str, int] | None = None,
        now: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> Appended:
        """Run ``messages`` through the context's session and save them with the clock and the audit row,
        waiting for the COMMIT in this thread (the routes await it on the event loop instead).

        StaleClockError (nothing applied) when a v2 clock is not newer than the last applied."""
        with self.get(context_id, create=True).lock:  # held to the COMMIT: no guard outside the loop
            pending = self.prepare(context_id, messages, actor=actor, role=role, clock=clock, now=now)
            future = self.acknowledge(pending)
            self.writer.hurry()  # this thread waits for the COMMIT: no pause between transactions
            future.result()  # after the COMMIT (group commit); a failure forgot it
            return self.finish(pending)

    def wait_applied(self, context_id: str, timeout: float | None = None) -> None:
        """Wait until the context's acknowledged saves are in the file (read-your-writes for a
        reader of the store: ``GET /v1/sessions/{id}``); a failed save ends the wait too."""
        with self._lock:
            unapplied = self._unapplied.get(context_id)
        if unapplied is not None:
            self.writer.hurry()
            wait([unapplied], timeout=timeout)

    def acknowledge(self, pending: Pending, segment: int | None = None) -> Future:
        """Hand a prepared POST's save to the group-commit writer (after its journal record, in
        ``segment``, is durable); the future resolves after the COMMIT. Call in the context's order
        (its guard held): a context's saves build on each other. A save that fails drops the live
        session (rebuilt from the file next time); one committed marks its journal record applied."""
        cid = pending.live.session.context_id
        with self._lock:
            future = self.writer.submit(pending.item, after=self._unapplied.get(cid))
            self._unapplied[cid] = future

        def done(f: Future) -> None:
            with self._lock:
                if self._unapplied.get(cid) is f:
                    del self._unapplied[cid]
            if f.exception() is not None:
                self.forget(cid)  # memory holds turns the file does not: rebuild next time
            elif segment is not None and self.journal is not None:
                self.journal.applied([segment])

        future.add_done_callback(done)
        return future

    def prepare(
        self,
        context_id: str,
        messages: Sequence[Message],
        *,
        actor: str,
        role: str,
        clock: tuple[str, int] | None = None,
        now: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> Pending:
        """Step 1 of a POST: run the messages through the session and make the save (not submitted).
        Until ``finish`` the caller holds the context's ``guard``; a save that fails must ``forget``."""
        live = self.get(context_id, create=True)
        with live.lock:
            if clock is not None and live.lamport is not None and clock[1] <= live.lamport[1]:
                raise StaleClockError(context_id, clock[1], live.lamport[1], live.lamport[0])
            try:
                return self._prepare_locked(live, messages, actor=actor, role=role, clock=clock, now=now())
            except BaseException:
                self.forget(context_id)  # memory may hold turns the file does not: rebuild next time
                raise

    def _prepare_locked(
        self,
        live: Live,
        messages: Sequence[Message],
        *,
        actor: str,
        role: str,
        clock: tuple[str, int] | None,
        now: datetime,
    ) -> Pending:
        session = live.session
        stamp = self.fresh.version(session.context_id)  # before the sync: see _serve
        self.sync_corrections(live)
        live.served = None
        first = len(session.messages)
        compacted = False
        stamped = [m if m.ts is not None else m.model_copy(update={"ts": now}) for m in messages]
        for message in stamped:
            compacted = step(live, message) or compacted
        view = session.context()  # served once the POST is durable, if nothing changes meanwhile
        item = save_of(
            live, self.compressor.config, view, added=len(messages), first=first, actor=actor, role=role,
            clock=clock, now=now,
        )  # fmt: skip
        last = len(session.messages) - 1
        return Pending(
            live=live,
            item=item,
            added=len(messages),
            first=first,
            last=last,
            compacted=compacted,
            now=now,
            messages=stamped,
            stamp=stamp,
            view=view,
        )

    def finish(self, pending: Pending) -> Appended:
        """Step 3 of a POST, once it is durable: note what the store holds (or will, once the writer's
        queue is saved) and cache the context served (built again if a change was logged meanwhile)."""
        live, item, now = pending.live, pending.item, pending.now
        with live.lock:
            return self._finish_locked(live, item, pending, now)

    def finish_now(self, pending: Pending) -> Appended | None:
        """``finish`` without a store read or a context build, for the event loop: when the session
        lock is free and no change was logged since the POST's context was built (the common case);
        None otherwise (call ``finish`` in a thread then)."""
        live = pending.live
        if pending.view is None or not live.lock.acquire(blocking=False):
            return None
        try:
            if self.fresh.version(live.session.context_id) != pending.stamp:
                return None
            return self._finish_locked(live, pending.item, pending, pending.now)
        finally:
            live.lock.release()

    def _finish_locked(self, live: Live, item: LiveAppend, pending: Pending, now: datetime) -> Appended:
        session, bundle, clock = live.session, item.bundle, item.clock
        saved = len(bundle.compactions) - live.stored_compactions
        live.stored, live.stored_turns = True, len(session.messages)
        live.stored_compactions, live.db_compactions = len(bundle.compactions), live.db_compactions + saved
        if not item.stored:
            live.db_compactions = len(bundle.compactions)
        live.saved_facts = {f.key: (f.value, f.norm) for f in bundle.facts}
        if clock is not None:
            live.lamport = clock
        live.last_activity = now
        # an automatic trip the bundle asks for: the writer's, after the COMMIT
        if pending.view is not None and self.fresh.version(session.context_id) == pending.stamp:
            view = pending.view  # built by prepare, nothing changed since: not built again
            live.served = (pending.stamp, view)
        else:
            view = self._serve(live)
        return Appended(
            context_id=session.context_id,
            added=pending.added,
            compacted=pending.compacted,
            mode=view.mode,
            first_idx=pending.first,
            last_idx=pending.last,
        )

    def _serve(self, live: Live) -> ContextView:
        # the stamp first, then the corrections and the breaker read under it (or a newer one): the
        # view cached under the stamp holds every change committed before it. Without the sync, a
        # POST whose pipeline ran before a correction would cache its view under the stamp after it.
        stamp = self.fresh.version(live.session.context_id)
        self.sync_corrections(live)
        view: ContextView = live.session.context()
        live.served = (stamp, view)
        return view

    def context(self, context_id: str) -> ContextView:
        """The context the model is served now (corrections applied; the breaker asked by the core)."""
        live = self.get(context_id, create=False)
        with live.lock:
            self.sync_corrections(live)
            served = live.served
            if served is not None and served[0] == self.fresh.version(context_id):
                return served[1]
            return self._serve(live)

    def cached_context(self, context_id: str) -> ContextView | None:
        """The context served, if it is cached under the current stamp; None otherwise. Reads no
        store and takes no session lock, so the event loop answers a GET with it directly."""
        with self._lock:
            live = self._live.get(context_id)
        if live is None:
            return None
        served = live.served  # one attribute read: the view cached by the last finish or context
        if served is None or served[0] != self.fresh.version(context_id):
            return None
        return served[1]
