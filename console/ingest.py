"""Ingest: run the core over dialogues turn by turn, as an agent would, and store every output.

Each conversation goes through ``build_bundle`` (console/ingest_bundle.py: ``recompute_session``,
the replay screen's own producer, so the stored stage traces are exactly what the replay reads):
compactions fire where the configured triggers say, with their audit records, states and rendered
contexts. Parse, extract and merge are stored for every turn, render where it ran (a compaction);
Replay computes the render stage of any other turn on request. Its facts (live and archived), the
served context, the health metrics and the health label are bundled and saved, ``batch``
conversations per transaction: a crash loses at most the batch in flight, never part of a context,
and the next run completes it. A conversation already stored with the same turns is recognised by
its fingerprint before the core runs, so a rerun skips it at once.

    >>> report = ingest_files([Path("dialogues.jsonl")], store, Compressor(config), source="sgd")
    >>> report.created, report.bad_lines
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path

from pydantic import BaseModel, Field

from console.ingest_bundle import apply_auto_trips, clamp_future_times
from console.ingest_workers import CorePool, Task, TaskResult, embed_ahead, run_dialogue, tasks_of
from core.cli import load_dialogues
from core.compressor import Compressor
from core.formats import Dialogue, DialogueError
from core.models import Message
from data.queries.fingerprints import messages_fingerprint
from data.records import ContextIngest, SaveOutcome
from data.store import Store

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


def renumbered(messages: Sequence[Message]) -> list[Message]:
    """Turns numbered 0..n-1 in order, as the core's session numbers them (empty turns skipped)."""
    return [m.model_copy(update={"idx": i}) for i, m in enumerate(messages)]


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
