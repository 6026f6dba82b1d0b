"""Ingest: run the core over dialogues turn by turn, as an agent would, and store every output.

Each conversation goes through ``recompute_session`` (the replay screen's own producer, so the
stored stage traces are exactly what the replay reads): compactions fire where the configured
triggers say, with their audit records, states and rendered contexts. Parse, extract and merge
are stored for every turn, render where it ran (a compaction); Replay computes the render stage
of any other turn on request. Its facts (live and
archived), the served context, the health metrics and the health label are bundled and saved,
``batch`` conversations per transaction: a crash loses at most the batch in flight, never part
of a context, and the next run completes it. A conversation already stored with the same turns
is recognised by its fingerprint before the core runs, so a rerun skips it at once.

    >>> report = ingest_files([Path("dialogues.jsonl")], store, Compressor(config), source="sgd")
    >>> report.created, report.bad_lines
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

from pydantic import BaseModel, Field

from console.health import Thresholds
from console.ingest_workers import CorePool, Task, TaskResult, embed_ahead, run_dialogue, tasks_of
from console.metrics import bloat_rate, metric_points, session_health, should_trip_for
from console.services.breaker import AUTO_ACTOR
from console.services.recompute import recompute_session
from core.cli import load_dialogues
from core.compressor import Compressor, ContextView, Session
from core.config import Config
from core.formats import Dialogue, DialogueError
from core.models import Fact, Message
from core.render import raw_history
from core.tokens import count_tokens
from data.queries.ingest_rows import messages_fingerprint
from data.records import CompactionEntry, ContextIngest, SaveOutcome
from data.stage_payloads import stage_traces
from data.store import Store

if TYPE_CHECKING:  # the producer's result type only: traces are written through data.stage_payloads
    from console.services.replay import SessionReplay

Progress = Callable[[int], None]
Retime = Callable[[Dialogue, int], list[Message]]


class IngestReport(BaseModel):
    """What an ingest run did."""

    read: int = Field(0, description="conversations read")
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    bad_lines: list[str] = Field(default_factory=list, description="'file:line: why', skipped")
    notes: list[str] = Field(default_factory=list, description="'file:line: what', e.g. empty turn skipped")
    failed: list[str] = Field(default_factory=list, description="conversations the core failed on, skipped")
    auto_trips: int = Field(0, description="contexts the automatic breaker rule switched to raw")
    workers: int = Field(1, description="processes that ran the core")
    core_seconds: float = Field(0.0, description="time in the core, summed over the worker processes")
    store_seconds: float = 0.0

    @property
    def ok(self) -> bool:
        """True when every line was read and stored."""
        return not self.bad_lines and not self.failed


class _Capturing(Compressor):
    """A Compressor that keeps its last session, so the served context can be asked of it."""

    last: Session | None = None

    def session(self, context_id: str | None = None) -> Session:
        self.last = super().session(context_id)
        return self.last


def renumbered(messages: Sequence[Message]) -> list[Message]:
    """Turns numbered 0..n-1 in order, as the core's session numbers them (empty turns skipped)."""
    return [m.model_copy(update={"idx": i}) for i, m in enumerate(messages)]


FUTURE_TOLERANCE = timedelta(days=1)  # clocks and time zones disagree; a year 2999 turn is wrong


def clamp_future_times(dialogue: Dialogue, now: datetime | None = None) -> list[str]:
    """Set every turn time later than now + FUTURE_TOLERANCE to now (in place); one note per turn.

    A turn dated in the far future would keep its context at the top of Sessions for ever and
    push every later correction's time there too (a version is never recorded before the one it
    replaces)."""
    now = now or datetime.now(UTC)
    notes = []
    for i, message in enumerate(dialogue.messages):
        ts = message.ts
        if ts is None:
            continue
        aware = ts if ts.tzinfo is not None else ts.replace(tzinfo=UTC)
        if aware > now + FUTURE_TOLERANCE:
            clamped = now if ts.tzinfo is not None else now.replace(tzinfo=None)
            dialogue.messages[i] = message.model_copy(update={"ts": clamped})
            notes.append(
                f"turn {message.idx}: time {ts.isoformat()} is in the future; "
                f"stored as {now:%Y-%m-%dT%H:%M:%SZ}"
            )
    return notes


def build_bundle(dialogue: Dialogue, compressor: Compressor, *, source: str, now: datetime) -> ContextIngest:
    """One conversation run through the core, bundled as the Store saves it (turn times past
    now + FUTURE_TOLERANCE set to now: clamp_future_times)."""
    clamp_future_times(dialogue)
    capturing = _Capturing(compressor.config, embedder=compressor.embedder)

    def turn_time() -> datetime:
        # a compaction is stamped with the time of the turn it ran at (a transcript's own time),
        # falling back to the compressor's clock for turns without a timestamp
        session = capturing.last
        last = session.messages[-1].ts if session is not None and session.messages else None
        return last or compressor.clock()

    capturing.clock = turn_time
    replay = recompute_session(
        dialogue.messages,
        capturing,
        context_id=dialogue.context_id,
        force_final=False,
        views=False,
        previews=False,
    )
    session = capturing.last
    assert session is not None
    config = compressor.config
    return bundle_of(replay, session, config, source=source or dialogue.source, lang=dialogue.lang, now=now)


def bundle_of(
    replay: SessionReplay,
    session: Session,
    config: Config,
    *,
    source: str,
    lang: str,
    now: datetime,
    traces_from: int = 0,
    served: ContextView | None = None,
    tokens_raw: int | None = None,
) -> ContextIngest:
    """A replayed session bundled as the Store saves it: its turns with their stage traces, facts
    (live and archived), compactions, health metrics, the served context and the automatic trip.
    The ingest and the compaction service (a live session) both save this; traces_from: the stage
    traces of the turns from this idx on only (the service saves only its new turns' traces);
    served: the session's context() if the caller has it already (it is not built twice);
    tokens_raw: the tokens of ``raw_history(replay.messages)`` if the caller keeps that count (the
    service, turn by turn: counting the whole history again was most of a long session's POST)."""
    assert replay.state is not None
    served = served if served is not None else session.context()
    state = replay.state
    facts: dict[str, Fact] = dict(state.facts)
    for archived in state.archive:  # decayed facts stay recallable, so the grid shows them too
        facts.setdefault(archived.key, archived)
    records = [c.record for c in replay.compactions]
    if tokens_raw is None:
        tokens_raw = count_tokens(raw_history(replay.messages))
    health = session_health(
        tokens_context=served.tokens,
        tokens_raw=tokens_raw,
        state=state,
        units=session.units,
        roles=[m.role for m in replay.messages],
        records=records,
        config=config,
    )
    times = [m.ts for m in replay.messages if m.ts is not None]
    at = max(times) if times else now
    trip = should_trip_for(bloat_samples(replay, now), config)
    src = source
    return ContextIngest(
        context_id=replay.context_id,
        source=src,
        lang=lang or (replay.turns[0].lang if replay.turns else "") or "en",
        created_at=min(times) if times else now,
        health=health.health(Thresholds.from_config(config)).value,
        messages=replay.messages,
        traces=[
            trace
            for turn in replay.turns
            if turn.idx >= traces_from
            for trace in stage_traces(turn.idx, turn.payloads, turn.latency_ms)
        ],
        facts=list(facts.values()),
        compactions=[
            CompactionEntry(record=c.record, state=c.state, rendered=c.rendered) for c in replay.compactions
        ],
        metrics=metric_points(
            health, records, at=at, context_id=replay.context_id, source=src, idx=len(replay.messages) - 1
        ),
        state=state,
        rendered=served.text,
        tokens_context=served.tokens,
        tokens_raw=tokens_raw,
        mode="raw" if trip.trip else "compressed",
        auto_trip=trip.reason if trip.trip else None,
        served_reason=served.own_reason,
        health_metrics=health.values(),
    )


def bloat_samples(replay: SessionReplay, now: datetime) -> list[tuple[datetime, float | None]]:
    """(time, bloat rate) after each turn: tokens served to the model / tokens of the raw dialogue."""
    out = []
    for turn, message in zip(replay.turns, replay.messages, strict=False):
        rate = bloat_rate(turn.served_tokens or 0, turn.raw_tokens or 0) if turn.raw_tokens else None
        out.append((message.ts or now, rate))
    return out


def apply_auto_trips(store: Store, bundles: Sequence[ContextIngest]) -> int:
    """Switch to raw the contexts whose bloat stayed over the limit long enough (audited as automatic);
    a context already raw keeps who set it and why. Returns how many were switched."""
    tripped = 0
    for bundle in bundles:
        if bundle.auto_trip is None:
            continue
        own = store.get_breaker(bundle.context_id)
        if own is None or own.mode != "raw":
            store.set_breaker(
                "raw",
                context_id=bundle.context_id,
                reason=bundle.auto_trip,
                actor=AUTO_ACTOR,
                role="system",
                auto=True,
                source="auto",
            )
            tripped += 1
    return tripped


def _dialogues(paths: Iterable[Path], report: IngestReport) -> Iterator[Dialogue]:
    """Every good conversation of the files; bad and duplicate lines go to the report."""
    for path in paths:
        first_line: dict[str, int] = {}
        for item in load_dialogues(path):
            if isinstance(item, DialogueError):
                report.bad_lines.append(f"{path}:{item.line}: {item.detail}")
                continue
            if item.context_id in first_line:
                report.bad_lines.append(
                    f"{path}:{item.line}: context_id {item.context_id!r} already on line "
                    f"{first_line[item.context_id]} of this file; skipped"
                )
                continue
            first_line[item.context_id] = item.line
            report.notes += [f"{path}:{item.line}: {warning}" for warning in item.warnings]
            report.notes += [f"{path}:{item.line}: {note}" for note in clamp_future_times(item)]
            yield item


def _chunks(items: Iterable, size: int) -> Iterator[list]:
    chunk: list = []
    for item in items:
        chunk.append(item)
        if len(chunk) >= size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _todo_chunks(
    paths: Sequence[Path],
    store: Store,
    report: IngestReport,
    batch: int,
    retime: Retime | None,
    progress: Progress | None,
) -> Iterator[list[Dialogue]]:
    """The conversations the core must run, ``batch`` lines at a time (a transaction each): numbered
    and retimed; those stored already with the same turns are counted unchanged and left out."""
    for chunk in _chunks(enumerate(_dialogues(paths, report)), batch):
        prepared = []
        for number, dialogue in chunk:
            report.read += 1
            if retime is not None:
                dialogue = dialogue.model_copy(update={"messages": retime(dialogue, number)})
            prepared.append(dialogue.model_copy(update={"messages": renumbered(dialogue.messages)}))
        stored = store.fingerprints([d.context_id for d in prepared])
        todo = []
        for dialogue in prepared:
            if stored.get(dialogue.context_id) == messages_fingerprint(dialogue.messages):
                report.unchanged += 1
                if progress:
                    progress(1)
            else:
                todo.append(dialogue)
        yield todo


def _in_process(
    chunks: Iterable[list[Dialogue]], compressor: Compressor, source: str, clock: Callable[[], datetime]
) -> Iterator[tuple[TaskResult, bool]]:
    """The core in this process: a chunk's user turns embedded in one pass, then one result per
    conversation (True after a chunk's last)."""
    for todo in chunks:
        if not todo:
            continue
        t0 = time.perf_counter()
        embed_ahead(todo, compressor)  # the turns are known: one batched model pass for the chunk
        ahead = time.perf_counter() - t0
        for n, dialogue in enumerate(todo):
            t0 = time.perf_counter()
            outcome = run_dialogue(dialogue, compressor, source, clock())
            seconds = time.perf_counter() - t0 + (ahead if n == 0 else 0.0)
            yield ([dialogue], [outcome], seconds), n == len(todo) - 1


def _on_workers(
    pool: CorePool, chunks: Iterable[list[Dialogue]], clock: Callable[[], datetime]
) -> Iterator[tuple[TaskResult, bool]]:
    """The core on the pool's processes: each chunk cut into small tasks, results in input order
    (True after a chunk's last task)."""
    ends: deque[bool] = deque()

    def tasks() -> Iterator[Task]:
        for todo in chunks:
            cut = tasks_of([(d, clock()) for d in todo])
            for n, task in enumerate(cut):
                ends.append(n == len(cut) - 1)
                yield task

    for result in pool.run(tasks()):
        yield result, ends.popleft()


def ingest_files(
    paths: Sequence[Path],
    store: Store,
    compressor: Compressor,
    *,
    source: str = "",
    batch: int = 50,
    progress: Progress | None = None,
    retime: Retime | None = None,
    clock: Callable[[], datetime] | None = None,
    workers: int = 1,
) -> IngestReport:
    """Ingest every conversation of ``paths`` into ``store``; see the module docstring.

    source: overrides each line's own source; batch: conversations per transaction;
    progress: called with the number of conversations handled; retime: gives a conversation's turns
    new timestamps (the demo seed spreads sessions over past days); clock: 'now' for turns without
    time; workers: processes running the core (1: this one, with ``compressor``; more: this one
    and ``workers - 1`` spawned, each with its own ``Compressor(compressor.config)``, see
    console/ingest_workers.py).
    """
    report = IngestReport(workers=workers)
    clock = clock or (lambda: datetime.now(UTC))
    pending: list[ContextIngest] = []

    def flush() -> None:
        if not pending:
            return
        t0 = time.perf_counter()
        outcomes: list[SaveOutcome] = store.save_contexts(pending)
        report.auto_trips += apply_auto_trips(store, pending)
        report.store_seconds += time.perf_counter() - t0
        for outcome in outcomes:
            setattr(report, outcome.status, getattr(report, outcome.status) + 1)
        pending.clear()

    def take(result: TaskResult, chunk_end: bool) -> None:
        dialogues, outcomes, seconds = result
        report.core_seconds += seconds
        for outcome in outcomes:
            if isinstance(outcome, str):  # one conversation the core cannot take must not stop the others
                report.failed.append(outcome)
                continue
            if any(p.context_id == outcome.context_id for p in pending):
                flush()  # the same id in two files: the second becomes an update of the first
            pending.append(outcome)
        if progress:
            progress(len(dialogues))
        if chunk_end:
            flush()

    chunks = _todo_chunks(paths, store, report, batch, retime, progress)
    if workers <= 1:
        for result, chunk_end in _in_process(chunks, compressor, source, clock):
            take(result, chunk_end)
    else:
        with CorePool(compressor.config, workers, local=compressor, source=source) as pool:
            for result, chunk_end in _on_workers(pool, chunks, clock):
                take(result, chunk_end)
        if pool.broken:
            report.notes.append(f"the worker processes stopped ({pool.broken}); the rest ran in this process")
    flush()
    return report
