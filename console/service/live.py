"""Live sessions of the compaction service: one core Session per context, kept in memory, saved per request.

A context's Session is made on its first request: empty for a new context id, or rebuilt from
the stored turns (an ingest, the console's playground or an earlier run of the service stored
them; the core is deterministic, so the rebuilt state is the one that was stored). Each POST runs
its messages through the Session turn by turn (``replay_turn``: the same step an ingest and the
Replay screen run, so the stored stage traces are what Replay reads) and saves the context's new
turns, traces, facts, compactions and metrics, its Lamport clock and the request's audit row in
one transaction, shared with the other contexts' requests waiting at that moment (the group
commit of console/service/writer.py); the request is answered after the COMMIT. A save that
fails drops the session from memory: the next request rebuilds it from what the store holds, so
memory never runs ahead of the file.

Corrections made in the console are facts whose stored source is not 'pipeline'. Before it
serves or extends a context, the service reads those (one query) and, where a version is new to
it, writes the corrected value into the live state (the old value into the fact's history,
``verified_by_user`` set, so the core's merge keeps it) and compacts again (trigger
'correction'), so the very next context served carries the correction. The core has no public
"apply a correction to a live session" operation; :func:`apply_people_facts` is that operation,
written here.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime

from console.ingest import apply_auto_trips, bundle_of
from console.service.writer import GroupWriter
from console.services.recompute import replay_turn
from console.services.replay import SessionReplay, TurnReplay
from core.compressor import Compressor, ContextView, Session
from core.models import FactVersion, Message
from data.queries.service_rows import LiveAppend
from data.records import AuditEntry, StoredCompaction
from data.service_store import ServiceStore, StaleClockError

DEFAULT_SOURCE = "service"
MAX_LIVE = 2000  # sessions kept in memory; the least recently used is rebuilt from the store when asked


class UnknownContextError(KeyError):
    """No context with this id is stored or live."""


@dataclass
class Live:
    """One context's core Session with what the store needs of it."""

    session: Session
    source: str = DEFAULT_SOURCE
    lang: str = ""
    turns: list[TurnReplay] = field(default_factory=list)
    compactions: list[StoredCompaction] = field(default_factory=list)
    people: dict[str, int] = field(default_factory=dict)  # fact key -> stored version applied
    lamport: tuple[str, int] | None = None
    last_activity: datetime | None = None
    stored: bool = False  # the context has a row in the store
    stored_turns: int = 0  # turns 0 .. stored_turns - 1 are in the store
    stored_compactions: int = 0  # of ``compactions``, those before this index are in the store
    db_compactions: int = 0  # compactions the store holds for the context (the next seq)
    saved_facts: dict[str, tuple[str, str]] = field(default_factory=dict)  # key -> (value, norm) stored
    lock: threading.RLock = field(default_factory=threading.RLock)


@dataclass
class Appended:
    """What one POST of messages did."""

    context_id: str
    added: int
    compacted: bool
    mode: str
    first_idx: int
    last_idx: int


def apply_people_facts(live: Live, rows: Sequence[tuple[str, str, str, str, int, bool, str]]) -> list[str]:
    """Write the facts a person changed (console form, grid, CSV) into the live state; returns the
    keys whose stored version was new to this session. The replaced value goes to the fact's history
    (rendered '(was: ...)'), and the fact is marked verified_by_user, so later turns do not undo it."""
    state = live.session.state
    changed = []
    last_idx = len(live.session.messages) - 1
    for key, value, norm, status, version, verified, source in rows:
        if live.people.get(key) == version:
            continue
        live.people[key] = version
        fact = state.facts.get(key)
        if fact is None:
            archived = next((f for f in state.archive if f.key == key), None)
            if archived is None:
                continue  # a fact this session never had (a stale row): nothing to put right
            fact = archived
            state.archive = [f for f in state.archive if f.key != key]
        history = list(fact.history)
        if fact.norm != norm or fact.value != value:
            history.append(
                FactVersion(
                    value=fact.value,
                    norm=fact.norm,
                    idx=fact.last_idx,
                    replaced_at=max(last_idx, fact.last_idx),
                    reason="corrected by an operator",
                    source=source if source != "pipeline" else "api",
                    actor=source,
                )
            )
        state.facts[key] = fact.model_copy(
            update={
                "value": value,
                "norm": norm,
                "status": status,
                "verified_by_user": verified,
                "history": history,
            }
        )
        changed.append(key)
    return changed


class LiveSessions:
    """The service's live sessions over one store and one compressor (see the module docstring)."""

    def __init__(
        self, store: ServiceStore, compressor: Compressor, writer: GroupWriter, *, max_live: int = MAX_LIVE
    ) -> None:
        self.store = store
        self.compressor = compressor
        self.writer = writer
        self.max_live = max_live
        self._live: OrderedDict[str, Live] = OrderedDict()
        self._lock = threading.Lock()
        self._loading: dict[str, threading.Lock] = {}

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
        timeline = self.store.timeline(context_id)
        session = self.compressor.session(context_id)
        if timeline is None:
            if not create:
                raise UnknownContextError(context_id)
            return Live(session=session, lamport=self.store.clock_of(context_id))
        live = Live(
            session=session,
            source=timeline.context.source,
            lang=timeline.context.lang,
            lamport=self.store.clock_of(context_id),
            last_activity=timeline.context.updated_at,
            stored=True,
            stored_turns=len(timeline.messages),
            db_compactions=len(timeline.compactions),
        )
        messages = [m.message for m in timeline.messages]
        session.warm([m.text for m in messages if m.role == "user"])
        for message in messages:
            self._step(live, message)
        live.stored_compactions = len(live.compactions)  # recomputed: the ones stored (deterministic)
        live.saved_facts = {
            r.fact.key: (r.fact.value, r.fact.norm) for r in self.store.facts(context_id, with_history=False)
        }
        apply_people_facts(live, self.store.people_facts(context_id))
        return live

    def _step(self, live: Live, message: Message) -> bool:
        turn, stored = replay_turn(live.session, message, views=False, previews=False)
        live.turns.append(turn)
        if stored is not None:
            live.compactions.append(stored)
            return not stored.record.failed
        return False

    def sync_corrections(self, live: Live) -> bool:
        """Bring the console's corrections into the live state; compact again if any was new."""
        changed = apply_people_facts(live, self.store.people_facts(live.session.context_id))
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
        """Run ``messages`` through the context's session and save them with the clock and the audit row.

        StaleClockError (nothing applied) when a v2 clock is not newer than the last applied."""
        live = self.get(context_id, create=True)
        with live.lock:
            if clock is not None and live.lamport is not None and clock[1] <= live.lamport[1]:
                raise StaleClockError(context_id, clock[1], live.lamport[1], live.lamport[0])
            try:
                return self._append_locked(live, messages, actor=actor, role=role, clock=clock, now=now())
            except BaseException:
                self.forget(context_id)  # memory may hold turns the file does not: rebuild next time
                raise

    def _append_locked(
        self,
        live: Live,
        messages: Sequence[Message],
        *,
        actor: str,
        role: str,
        clock: tuple[str, int] | None,
        now: datetime,
    ) -> Appended:
        session = live.session
        self.sync_corrections(live)
        first = len(session.messages)
        compacted = False
        for message in messages:
            stamped = message if message.ts is not None else message.model_copy(update={"ts": now})
            compacted = self._step(live, stamped) or compacted
        replay = SessionReplay(
            context_id=session.context_id,
            turns=live.turns,
            compactions=live.compactions,
            state=session.state,
            messages=session.messages,
        )
        bundle = bundle_of(
            replay,
            session,
            self.compressor.config,
            source=live.source,
            lang=live.lang,
            now=now,
            traces_from=live.stored_turns if live.stored else 0,  # the stored turns' traces are stored
        )
        last = len(session.messages) - 1
        audit = AuditEntry(
            at=now.replace(tzinfo=None),
            actor=actor,
            role=role,
            action="service.messages",
            target=f"context:{session.context_id}",
            source="api",
            context_id=session.context_id,
            after={"added": len(messages), "idx": [first, last], "lamport": clock[1] if clock else None},
        )
        item = LiveAppend(
            bundle=bundle,
            audit=audit,
            stored=live.stored,
            first=live.stored_turns,
            stored_compactions=live.stored_compactions,
            first_seq=live.db_compactions,
            saved_facts=live.saved_facts,
            clock=clock,
        )
        self.writer.submit(item).result()  # after the COMMIT (group commit with other contexts)
        saved = len(bundle.compactions) - live.stored_compactions
        live.stored, live.stored_turns = True, len(session.messages)
        live.stored_compactions, live.db_compactions = len(bundle.compactions), live.db_compactions + saved
        if not item.stored:
            live.db_compactions = len(bundle.compactions)
        live.saved_facts = {f.key: (f.value, f.norm) for f in bundle.facts}
        if clock is not None:
            live.lamport = clock
        live.last_activity = now
        if bundle.auto_trip is not None:
            apply_auto_trips(self.store, [bundle])
        view: ContextView = session.context()
        return Appended(
            context_id=session.context_id,
            added=len(messages),
            compacted=compacted,
            mode=view.mode,
            first_idx=first,
            last_idx=last,
        )

    def context(self, context_id: str) -> ContextView:
        """The context the model is served now (corrections applied; the breaker asked by the core)."""
        live = self.get(context_id, create=False)
        with live.lock:
            self.sync_corrections(live)
            return live.session.context()
