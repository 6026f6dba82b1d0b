"""What the service holds of one live context, and the two pure steps over it (console/service/live.py).

``Live`` is a context's core Session with what the store needs of it (what is saved, what a person
corrected, the Lamport clock, the context served); ``Pending`` a POST between its pipeline run and
its COMMIT; ``Appended`` what the POST did. ``snapshot`` copies what the writer saves behind the
session, and ``apply_people_facts`` writes the console's corrections into the live state.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

from console.ingest_bundle import bundle_of
from console.service.fresh import Stamp
from console.service.raw_tokens import RawCount
from console.services.replay import SessionReplay, TurnReplay
from core.compressor import ContextView, Session
from core.config import Config
from core.models import FactVersion, Message
from data.ops_records import AuditEntry
from data.queries.fingerprints import RunningFingerprint
from data.queries.service_rows import LiveAppend
from data.records import ContextIngest, StoredCompaction
from data.service_store import PeopleFact

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
    synced: Stamp | None = None  # the change stamp the people's corrections were last read under
    served: tuple[Stamp, ContextView] | None = None  # the context served, cached under its stamp
    raw: RawCount = field(default_factory=RawCount)  # tokens of the raw history, kept turn by turn
    fingerprint: RunningFingerprint = field(default_factory=RunningFingerprint)  # of the turns, kept too


@dataclass
class Pending:
    """A POST between its pipeline run and its COMMIT: the save to submit and what to do after it."""

    live: Live
    item: LiveAppend
    added: int
    first: int
    last: int
    compacted: bool
    now: datetime
    messages: list[Message] = field(default_factory=list)  # as stamped: what the journal records
    stamp: Stamp | None = None  # the change stamp ``view`` was built under
    view: ContextView | None = None  # the context served after the POST, unless the stamp moved


@dataclass
class Appended:
    """What one POST of messages did."""

    context_id: str
    added: int
    compacted: bool
    mode: str
    first_idx: int
    last_idx: int


def snapshot(bundle: ContextIngest, *, stored: bool) -> tuple[ContextIngest, str | None]:
    """The bundle with its own copies of what the live session goes on changing (the message list,
    the facts and the state the core updates in place): the writer saves it after the next POST of
    the context may have run. A fact is copied shallow (the core reassigns a fact's fields, it does
    not grow its lists in place). For a context already ``stored`` the writer needs the state only
    as its JSON column: it is serialised here, once, and returned beside a bundle without a state
    (measured: the JSON round trip of a model copy took 1-2 ms of a POST's pipeline, 2x the dump
    alone); a new context's first save (the ingest's path) gets a copy of the state."""
    state = bundle.state
    if state is not None and stored:
        state_json: str | None = state.model_dump_json()
        copied = None
    else:
        state_json = None
        copied = type(state).model_validate_json(state.model_dump_json()) if state is not None else None
    return bundle.model_copy(
        update={
            "messages": list(bundle.messages),
            "facts": [f.model_copy() for f in bundle.facts],
            "state": copied,
        }
    ), state_json


def apply_people_facts(live: Live, rows: Sequence[PeopleFact]) -> list[str]:
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


def save_of(
    live: Live,
    config: Config,
    view: ContextView,
    *,
    added: int,
    first: int,
    actor: str,
    role: str,
    clock: tuple[str, int] | None,
    now: datetime,
) -> LiveAppend:
    """The save of a POST that ran through ``live`` (its ``added`` messages from idx ``first`` on):
    the bundle of what the store does not hold yet, copied off the live session (``snapshot``), the
    audit row, and where the writer picks up (the stored turns, compactions and facts)."""
    session = live.session
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
        config,
        source=live.source,
        lang=live.lang,
        now=now,
        traces_from=live.stored_turns if live.stored else 0,  # the stored turns' traces are stored
        served=view,
        tokens_raw=live.raw.tokens(),
    )
    bundle, state_json = snapshot(bundle, stored=live.stored)
    last = len(session.messages) - 1
    audit = AuditEntry(
        at=now.replace(tzinfo=None),
        actor=actor,
        role=role,
        action="service.messages",
        target=f"context:{session.context_id}",
        source="api",
        context_id=session.context_id,
        after={"added": added, "idx": [first, last], "lamport": clock[1] if clock else None},
    )
    return LiveAppend(
        bundle=bundle,
        audit=audit,
        stored=live.stored,
        first=live.stored_turns,
        stored_compactions=live.stored_compactions,
        first_seq=live.db_compactions,
        saved_facts=live.saved_facts,
        clock=clock,
        state_json=state_json,
        fingerprint=live.fingerprint.hexdigest(),
    )
