"""The core of an ingest on several processes: conversations in, store bundles out, in input order.

The core is pure Python and single-threaded, so on a machine with two cores two processes run it
about twice as fast. ``CorePool(workers=2)`` spawns one worker (``spawn``: no inherited DuckDB
handle, no forked torch thread pool) that builds its own ``Compressor`` from the ingest's
``Config`` and loads the embedding model lazily, on its first English turn; this process runs
tasks too whenever the next result it needs is not ready yet. Tasks are a few dozen
conversations each: the user turns of a task are embedded in one pass (the model's batches pad
little), and results are handed back strictly in input order, so the store writes the same rows
in the same transactions as an in-process ingest.

A worker watches its parent: when the ingest process dies (killed mid-run, the reliability tests
do that) the worker exits too instead of running on. If the workers break, the remaining tasks
run in this process (the report's notes say so).

    >>> with CorePool(config, workers=2, local=compressor) as pool:
    ...     for dialogues, outcomes, seconds in pool.run(tasks_of(items)):
    ...         ...
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from datetime import datetime
from itertools import pairwise
from typing import TYPE_CHECKING

import numpy as np

from core.config import Config
from core.embed import Embedder
from core.formats import Dialogue

if TYPE_CHECKING:
    from core.compressor import Compressor
    from data.records import ContextIngest

# One task: conversations with the 'now' each is stamped with when its turns carry no time.
Task = list[tuple[Dialogue, datetime]]
# A task's result: its conversations, each one's bundle or why the core could not take it
# ('line N (id): Error: ...'), and the seconds the core took.
TaskResult = tuple[list[Dialogue], list["ContextIngest | str"], float]

# Conversations per task: about 1 s of core work, so two processes finish close together, and
# enough user turns for the model's batches to pad little (8 a task cost 18% more model time).
TASK_SIZE = 24
# Texts per embedding call in a pool: a multiple of the model's batch (32), under 128 so the
# model keeps to one thread (the pool's processes already use every core).
EMBED_SLICE = 96
PARENT_POLL_S = 0.5

_compressor: Compressor | None = None


class CachedEmbedder:
    """An embedder whose vectors are kept per text (the oldest dropped past ``size``): the n-gram
    embedder of Chinese turns has no cache of its own, and a session compares each user turn with
    every goal turn so far."""

    def __init__(self, inner: Embedder, size: int = 50_000) -> None:
        self.inner = inner
        self.name = inner.name
        self._size = size
        self._vectors: OrderedDict[str, np.ndarray] = OrderedDict()
        self._lock = threading.Lock()

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """The inner embedder's vectors of texts; each text is embedded once."""
        with self._lock:
            todo = list(dict.fromkeys(t for t in texts if t not in self._vectors))
        if todo:
            fresh = self.inner.encode(todo)
            with self._lock:
                for text, vec in zip(todo, fresh, strict=True):
                    self._vectors[text] = vec
                    if len(self._vectors) > self._size:
                        self._vectors.popitem(last=False)
                rows = [self._vectors.get(t) for t in texts]
            if any(r is None for r in rows):  # evicted meanwhile (a batch bigger than the cache)
                return self.inner.encode(list(texts))
        else:
            with self._lock:
                rows = [self._vectors[t] for t in texts]
        if not rows:
            return self.inner.encode([])
        return np.stack(rows)


def ingest_compressor(config: Config) -> Compressor:
    """The Compressor an ingest runs: the production embedder (MiniLM for English, n-grams for
    Chinese), with the Chinese vectors cached too (the same vectors, computed once)."""
    from core.compressor import Compressor
    from core.embed import MiniLMEmbedder, NgramEmbedder, RoutedEmbedder

    return Compressor(config, embedder=RoutedEmbedder(MiniLMEmbedder(), CachedEmbedder(NgramEmbedder())))


def run_dialogue(
    dialogue: Dialogue, compressor: Compressor, source: str, now: datetime
) -> ContextIngest | str:
    """One conversation through the core, or the reason it failed (one bad one never stops the rest)."""
    from console.ingest_bundle import build_bundle

    try:
        return build_bundle(dialogue, compressor, source=source, now=now)
    except Exception as exc:
        return f"line {dialogue.line} ({dialogue.context_id}): {type(exc).__name__}: {exc}"


def embed_ahead(dialogues: Sequence[Dialogue], compressor: Compressor, slice_size: int | None = None) -> None:
    """Embed the user turns of many conversations in one pass, so each session finds them cached.

    slice_size: at most that many texts per model call (texts sorted by length first, so each
    call's batches still group texts of similar length and pad little)."""
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
    _compressor = ingest_compressor(config)


def _worker_task(task: Task, source: str) -> TaskResult:
    assert _compressor is not None, "worker not initialised"
    return run_task(task, _compressor, source, EMBED_SLICE)


class CorePool:
    """The core on ``workers`` processes: this one and ``workers - 1`` spawned; results come back
    in the order tasks went in.

    This process runs tasks too, whenever the next result it needs is not ready yet: it would
    only wait otherwise, and each spawned worker costs its own start-up (imports, dictionaries,
    the model: about 4 s of CPU)."""

    def __init__(self, config: Config, workers: int, local: Compressor, source: str = "") -> None:
        self.config = config
        self.workers = workers
        self.local = local  # this process's compressor; it also runs what is left if the workers break
        self.source = source
        self.broken: str | None = None  # why the workers stopped, when they did
        self._executor: ProcessPoolExecutor | None = None

    def __enter__(self) -> CorePool:
        if self.workers > 1:
            context = multiprocessing.get_context("spawn")
            self._executor = ProcessPoolExecutor(
                self.workers - 1,
                mp_context=context,
                initializer=_init_worker,
                initargs=(self.config, os.getpid()),
            )
        return self

    def __exit__(self, *exc: object) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=True, cancel_futures=True)
            self._executor = None

    def run(self, tasks: Iterable[Task], per_worker: int = 4, held: int = 12) -> Iterator[TaskResult]:
        """Each task's result in input order.

        Each spawned worker has up to ``per_worker`` tasks queued, so it never idles while this
        process is busy with a task of its own or with the caller's work (the store); while the
        oldest is not done, this process runs the next task itself (up to ``held`` results kept
        waiting for their turn). Queued tasks are never cancelled to run here instead: Python 3.11's
        pool, should a worker die, fails on a cancelled task and leaves the others unresolved.
        Tasks are taken from ``tasks`` only as they are handed out, so the caller may read its
        input (and the store) lazily between results."""
        flying = (self.workers - 1) * per_worker
        queue: deque[tuple[Task, Future | None, TaskResult | None]] = deque()
        source = iter(tasks)
        exhausted = False

        def take() -> Task | None:
            nonlocal exhausted
            task = None if exhausted else next(source, None)
            exhausted = task is None
            return task

        while True:
            while not exhausted and sum(f is not None and not f.done() for _, f, _ in queue) < flying:
                task = take()
                if task is not None:
                    queue.append((task, self._submit(task), None))
                if self.broken is not None:
                    break
            if not queue:
                task = take()
                if task is None:
                    return
                queue.append((task, None, run_task(task, self.local, self.source, EMBED_SLICE)))
                continue
            task, future, done = queue[0]
            waiting = future is not None and not future.done()
            if waiting and not exhausted and len(queue) < held:
                task = take()  # the worker is busy with the head: run the next task here meanwhile
                if task is not None:
                    queue.append((task, None, run_task(task, self.local, self.source, EMBED_SLICE)))
                continue
            queue.popleft()
            yield done if done is not None else self._result(task, future)

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
        return run_task(task, self.local, self.source, EMBED_SLICE)


def tasks_of(dialogues: Sequence[tuple[Dialogue, datetime]], size: int = TASK_SIZE) -> list[Task]:
    """Conversations cut, in order, into the fewest tasks of at most ``size``, evenly (50 makes
    16 + 17 + 17, not 24 + 24 + 2: a tiny task embeds its few turns in a poorly filled batch)."""
    parts = -(-len(dialogues) // size) if dialogues else 0
    bounds = [len(dialogues) * k // parts for k in range(parts + 1)] if parts else [0]
    return [list(dialogues[a:b]) for a, b in pairwise(bounds)]


def default_workers(
    conversations: int, cpus: int | None = None, load: float | None = None, threshold: int = 100
) -> int:
    """How many processes an ingest of ``conversations`` should run the core on: 2 when there are
    enough to pay for a worker's start-up (about 4 s of CPU) and two cores are free now, else 1.

    load: the cores busy now (default: sampled from /proc/stat over a quarter of a second; the
    1-minute load average lags a minute behind, and read right after another job it kept two idle
    cores at one process). Measured here with another process holding one core, two processes made
    an ingest slower, not faster (the 650 dev conversations, rules only: 40 s against 22-27 s on
    one): they shared the one free core and each spent a quarter to a third more CPU time."""
    cpus = cpus if cpus is not None else (os.cpu_count() or 1)
    if load is None:
        load = busy_cores()
    return 2 if conversations >= threshold and cpus >= 2 and cpus - load >= 1.5 else 1


def busy_cores(sample_seconds: float = 0.25) -> float:
    """Cores busy over the next ``sample_seconds`` (from /proc/stat; the 1-minute load average where
    /proc/stat cannot be read)."""

    def times() -> tuple[int, int]:
        with open("/proc/stat", encoding="ascii") as fh:
            fields = [int(v) for v in fh.readline().split()[1:]]
        return sum(fields), fields[3] + (fields[4] if len(fields) > 4 else 0)  # total, idle + iowait

    try:
        total0, idle0 = times()
        time.sleep(sample_seconds)
        total1, idle1 = times()
    except (OSError, ValueError, IndexError):
        try:
            return os.getloadavg()[0]
        except OSError:
            return 0.0
    elapsed = max(1, total1 - total0)
    return (os.cpu_count() or 1) * (1.0 - (idle1 - idle0) / elapsed)
