"""The core of an ingest on worker processes: conversations in, store bundles out, in input order.

The core is pure Python and single-threaded, so on a machine with two cores two processes run it
twice as fast. Each worker (started with ``spawn``: no inherited DuckDB handles, no forked torch
thread pools) builds its own ``Compressor`` from the ingest's ``Config`` and loads the embedding
model lazily, on its first English turn. The main process keeps the store: it hands out small
tasks (a few conversations each), takes the bundles back strictly in input order and writes them
in its own transactions, so what is stored, and when a batch commits, is the same as in-process.

A worker watches its parent: when the ingest process dies (killed mid-run, the reliability tests
do that) the worker exits too instead of running on. If the worker processes themselves break,
the remaining conversations run in the main process (a note says so).

    >>> with CorePool(config, workers=2) as pool:
    ...     for dialogues, outcomes, seconds in pool.run(tasks):
    ...         ...
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from datetime import datetime
from typing import TYPE_CHECKING

from core.config import Config
from core.dialogue import Dialogue

if TYPE_CHECKING:
    from core.compressor import Compressor
    from data.records import ContextIngest

# One task: conversations with the 'now' each is stamped with when its turns carry no time.
Task = list[tuple[Dialogue, datetime]]
# A task's result: its conversations, each one's bundle or why the core could not take it
# ('line N (id): Error: ...'), and the seconds the core took.
TaskResult = tuple[list[Dialogue], list["ContextIngest | str"], float]

# Conversations per task: small enough that two workers finish together (a task is ~0.3 s of core
# work) and that a task's user turns stay under the embedder's two-thread batch size (128 texts).
TASK_SIZE = 24
# Texts per embedding call in a worker: a multiple of the model's batch (32), under 128 so the
# model keeps to one thread (two workers already use both cores).
EMBED_SLICE = 96
PARENT_POLL_S = 0.5

_compressor: Compressor | None = None


def run_dialogue(
    dialogue: Dialogue, compressor: Compressor, source: str, now: datetime
) -> ContextIngest | str:
    """One conversation through the core, or the reason it failed (one bad one never stops the rest)."""
    from console.ingest import build_bundle

    try:
        return build_bundle(dialogue, compressor, source=source, now=now)
    except Exception as exc:
        return f"line {dialogue.line} ({dialogue.context_id}): {type(exc).__name__}: {exc}"


def embed_ahead(dialogues: Sequence[Dialogue], compressor: Compressor, slice_size: int | None = None) -> None:
    """Embed the user turns of many conversations in one pass, so each session finds them cached.

    slice_size: at most that many texts per model call (texts sorted by length first, so the
    model's padded batches are the same as in one call)."""
    from core.intents import substantive

    texts = [m.text for d in dialogues for m in d.messages if m.role == "user" and substantive(m.text)]
    if not slice_size:
        compressor.warm(texts)
        return
    ordered = sorted(dict.fromkeys(texts), key=len)
    for k in range(0, len(ordered), slice_size):
        compressor.warm(ordered[k : k + slice_size])


def run_task(task: Task, compressor: Compressor, source: str, slice_size: int | None = None) -> TaskResult:
    """A task in this process: embed its user turns in one pass, then each conversation in order."""
    started = time.perf_counter()
    dialogues = [d for d, _ in task]
    if dialogues:
        embed_ahead(dialogues, compressor, slice_size)
    outcomes = [run_dialogue(d, compressor, source, now) for d, now in task]
    return dialogues, outcomes, time.perf_counter() - started


def _watch_parent(parent: int) -> None:
    """Exit this worker as soon as the process that started it is gone (it was killed)."""
    while True:
        time.sleep(PARENT_POLL_S)
        if os.getppid() != parent:
            os._exit(1)


def _init_worker(config: Config, parent: int) -> None:
    """Worker start: one core thread, a parent watch, and this worker's own Compressor."""
    global _compressor
    os.environ.setdefault("OMP_NUM_THREADS", "1")  # before torch is imported (lazily, by the embedder)
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True, name="parent-watch").start()
    from core.compressor import Compressor

    _compressor = Compressor(config)


def _worker_task(task: Task, source: str) -> TaskResult:
    assert _compressor is not None, "worker not initialised"
    return run_task(task, _compressor, source, EMBED_SLICE)


class CorePool:
    """``workers`` processes running the core; results come back in the order tasks went in."""

    def __init__(self, config: Config, workers: int, fallback: Compressor, source: str = "") -> None:
        self.config = config
        self.workers = workers
        self.fallback = fallback  # runs what is left in this process if the workers break
        self.source = source
        self.broken: str | None = None  # why the workers stopped, when they did
        self._executor: ProcessPoolExecutor | None = None

    def __enter__(self) -> CorePool:
        context = multiprocessing.get_context("spawn")
        self._executor = ProcessPoolExecutor(
            self.workers, mp_context=context, initializer=_init_worker, initargs=(self.config, os.getpid())
        )
        return self

    def __exit__(self, *exc: object) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=True, cancel_futures=True)
            self._executor = None

    def run(self, tasks: Iterable[Task], ahead: int | None = None) -> Iterator[TaskResult]:
        """Each task's result in input order; up to ``ahead`` tasks in flight (default 2 per worker + 1).

        Tasks are taken from ``tasks`` only as room frees up, so the caller may read its input
        (and the store) lazily between results."""
        assert self._executor is not None, "use CorePool as a context manager"
        window = ahead or 2 * self.workers + 1
        flying: deque[tuple[Task, Future | None]] = deque()
        source = iter(tasks)
        exhausted = False
        while True:
            while not exhausted and len(flying) < window:
                task = next(source, None)
                if task is None:
                    exhausted = True
                    break
                flying.append((task, self._submit(task)))
            if not flying:
                return
            task, future = flying.popleft()
            yield self._result(task, future)

    def _submit(self, task: Task) -> Future | None:
        if self.broken is not None or self._executor is None:
            return None
        try:
            return self._executor.submit(_worker_task, task, self.source)
        except (BrokenProcessPool, RuntimeError) as exc:
            self.broken = f"{type(exc).__name__}: {exc}"
            return None

    def _result(self, task: Task, future: Future | None) -> TaskResult:
        if future is not None:
            try:
                return future.result()
            except BrokenProcessPool as exc:
                self.broken = self.broken or f"{type(exc).__name__}: {exc}"
        return run_task(task, self.fallback, self.source)


def tasks_of(dialogues: Sequence[tuple[Dialogue, datetime]], size: int = TASK_SIZE) -> list[Task]:
    """Conversations cut into tasks of ``size`` (in order)."""
    return [list(dialogues[k : k + size]) for k in range(0, len(dialogues), size)]


def default_workers(conversations: int, cpus: int | None = None, threshold: int = 100) -> int:
    """How many core processes an ingest of ``conversations`` should use: one per core (at most 2)
    when there are enough to pay for starting them (each loads the parser's dictionaries and the
    model: a few seconds), else 1 (in this process)."""
    cpus = cpus if cpus is not None else (os.cpu_count() or 1)
    return max(1, min(2, cpus)) if conversations >= threshold else 1
