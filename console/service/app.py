"""The compaction service's FastAPI app: ``create_app(ServiceSettings(...))``, run by uvicorn.

The lifespan opens the store (the console's ``CONSOLE_DB``, same file, shared through the leases
of data/concurrency.py), reads the saved Config, loads the embedding model once (a first encode,
so no request pays the cold start) and makes one Compressor whose breaker hook asks the store on
every context build. Endpoints: console/service/routes.py. Errors are JSON ``{"error": "..."}``.

    >>> app = create_app(ServiceSettings(db=Path("data/console.duckdb")))
    >>> uvicorn.run(app, host="127.0.0.1", port=8700)
"""

from __future__ import annotations

import asyncio
import logging
import sys
import time
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import anyio
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from console.service.auth import Authenticator, AuthError
from console.service.fresh import POLL_S, Freshness
from console.service.gcwatch import GcWatch
from console.service.journal import Journal, journal_dir
from console.service.live import LiveSessions
from console.service.metrics import ServiceMetrics
from console.service.protocol import ProtocolError, ProtocolMode, version_hash
from console.service.recovery import replay_journal
from console.service.writer import GroupWriter
from core.compressor import Compressor
from core.embed import default_embedder
from core.models import Message
from data.concurrency import RetryPolicy, StoreBusyError, StoreError
from data.service_store import ServiceStore

log = logging.getLogger(__name__)
R = TypeVar("R")

MAX_BODY_BYTES = 1_048_576  # 1 MiB: a few hundred turns; a longer history is sent in several requests
SERVICE_DEADLINE_S = 8.0  # a request waits at most this long for a file another process holds
SERVICE_LINGER_S = 5.0  # the file stays open between requests unless another process waits
THREADS = 40  # the thread pool of the store calls (reads that may wait for the file)
# The core's work is Python (the GIL): measured, 200 request threads running it at once made
# every thread, the event loop's too, wait its turn for the GIL, so even a cached GET waited
# behind the pipelines in flight. The pipeline runs in this many threads; the POSTs beyond
# wait in its queue, in order, holding no thread; the embedding (torch) releases the GIL.
PIPELINE_WORKERS = 2
# The interpreter's GIL switch interval while the service runs (Python's default: 5 ms). Every
# socket call of the event loop releases the GIL, and a pipeline thread running Python takes it
# until the next forced switch: with 5 ms, each of a request's few socket calls could cost the
# loop 5 ms of waiting (the convoy effect), so a GET answered from memory still took tens of ms
# while POSTs ran. A shorter interval hands the GIL back to the loop sooner.
SWITCH_INTERVAL_S = 0.001
# The group-commit writer's least time between two transactions (console/service/writer.py,
# "Pacing"): the saves of that time share one transaction. Measured (bench.service, 50 agents x 40
# turns with an ingest and an operator, 2 runs each on a quiet machine): 0.25 s took the service's
# CPU from 35.8 to 21.7 s (739 -> 175 transactions), POST p95 32.0 / 34.4 -> 32.6 / 28.2 ms, first
# POST p50 439 -> 313 ms. The console sees a POST's turns up to this much later.
WRITER_INTERVAL_S = 0.25


@dataclass(frozen=True)
class ServiceSettings:
    """How the service runs: which database, which protocol mode, how big a body may be."""

    db: Path
    protocol: ProtocolMode = "v1+v2"
    max_body: int = MAX_BODY_BYTES
    rules_only: bool = False
    linger: float = SERVICE_LINGER_S
    deadline: float = SERVICE_DEADLINE_S
    pipeline_workers: int = PIPELINE_WORKERS
    poll: float = POLL_S
    switch_interval: float = SWITCH_INTERVAL_S
    writer_interval: float = WRITER_INTERVAL_S


@dataclass
class ServiceState:
    """What the lifespan opened once and every request shares."""

    settings: ServiceSettings
    store: ServiceStore
    compressor: Compressor
    writer: GroupWriter
    sessions: LiveSessions
    auth: Authenticator
    metrics: ServiceMetrics
    version_hash: str
    fresh: Freshness
    pipeline: ThreadPoolExecutor
    journal: Journal
    gc: GcWatch = field(default_factory=GcWatch)

    async def run(self, fn: Callable[..., R], *args: Any, stage: str = "", **kwargs: Any) -> R:
        """Run core work in the bounded pipeline pool (the event loop only parses and answers);
        with ``stage``, the time queued and the time run go to /metrics as ``stage``.queue / .run."""
        loop = asyncio.get_running_loop()
        queued = time.perf_counter()
        started: list[float] = []

        def timed() -> R:
            started.append(time.perf_counter())
            return fn(*args, **kwargs)

        try:
            return await loop.run_in_executor(self.pipeline, timed)
        finally:
            if stage and started:
                self.metrics.observe_stage(f"{stage}.queue", started[0] - queued)
                self.metrics.observe_stage(f"{stage}.run", time.perf_counter() - started[0])


class ApiError(Exception):
    """An error answered as ``{"error": message}`` with ``status``."""

    def __init__(self, status: int, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status, self.message, self.extra = status, message, extra


class BodyLimit:
    """ASGI middleware: a body over ``max_bytes`` is answered 413 before the app reads it (declared
    length or streamed bytes alike); the app gets the buffered body."""

    def __init__(self, app: Any, max_bytes: int) -> None:
        self.app, self.max_bytes = app, max_bytes

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.max_bytes:
            await self._too_large(scope, send, int(declared))
            return
        chunks, size, more = [], 0, True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_bytes:
                await self._too_large(scope, send, size)
                return
            chunks.append(chunk)
            more = message.get("more_body", False)
        body, delivered = b"".join(chunks), False

        async def replay() -> dict:
            nonlocal delivered
            if not delivered:
                delivered = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _too_large(self, scope: dict, send: Callable, size: int) -> None:
        response = JSONResponse(
            {
                "error": f"request body too large: {size} bytes or more, the limit is "
                f"{self.max_bytes} bytes; send the history in several requests"
            },
            status_code=413,
        )
        await response(scope, _no_receive, send)


class Observe:
    """ASGI middleware: each request's route, status and latency to /metrics. A plain ASGI wrapper:
    measured under the load test, Starlette's ``@app.middleware("http")`` (a task group and a
    memory stream per request) cost the event loop as much as the routes it wrapped."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        t0 = time.perf_counter()
        status = 500  # an exception before the answer started: the server answers 500

        async def observed(message: dict) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, observed)
        finally:
            state: ServiceState | None = getattr(scope["app"].state, "service", None)
            if state is not None:
                path = getattr(scope.get("route"), "path", "unmatched")
                state.metrics.observe(path, scope["method"], status, time.perf_counter() - t0)


async def _no_receive() -> dict:
    return {"type": "http.disconnect"}


def _open_state(settings: ServiceSettings) -> ServiceState:
    """Open the store, the config, the model (one warm-up encode) and the compressor: once per process."""
    store = ServiceStore.open(
        settings.db, policy=RetryPolicy(deadline=settings.deadline), linger=settings.linger
    )
    config = store.current_config()
    if settings.rules_only:
        config = config.model_copy(update={"use_embeddings": False})
    embedder = default_embedder() if config.use_embeddings else None
    if embedder is not None:
        t0 = time.perf_counter()
        embedder.encode(["warm up the model once, at start, not on the first request"])
        log.info("embedding model loaded in %.2f s", time.perf_counter() - t0)

    fresh = Freshness(store, poll=settings.poll)

    def is_raw(context_id: str) -> str | None:
        # Store.breaker_reason, cached under the change log; fails closed: 'breaker_error' when unreadable
        return fresh.reason(context_id)

    compressor = Compressor(config, embedder=embedder, breaker=is_raw)
    warm_up(compressor)
    writer = GroupWriter(store, interval=settings.writer_interval)
    writer.start()
    journal = Journal.open(journal_dir(settings.db))
    sessions = LiveSessions(store, compressor, writer, fresh=fresh, journal=journal)
    replay_journal(journal, sessions)
    return ServiceState(
        settings=settings,
        store=store,
        compressor=compressor,
        writer=writer,
        journal=journal,
        sessions=sessions,
        auth=Authenticator(store, fresh=fresh),
        metrics=ServiceMetrics(),
        version_hash=version_hash(config),
        fresh=fresh,
        pipeline=ThreadPoolExecutor(settings.pipeline_workers, thread_name_prefix="pipeline"),
    )


WARM_UP_TURNS = (
    ("user", "I need a hotel in the north for 2 people next Friday at 3pm, no smoking, budget 120 pounds."),
    ("assistant", "Acorn Guest House is in the north. Shall I book it?"),
    ("user", "Move the check-in to 12/03/2026, please."),  # a numeric date: dateparser (1.6 s cold)
    ("user", "我想订下周三下午3点的餐厅，两个人，不要辣的。"),
    ("assistant", "好的，已为您预订。"),
)


def warm_up(compressor: Compressor) -> float:
    """Run a throwaway English and Chinese session through every stage once, so what the core loads
    lazily (date parsing, Chinese segmentation, the tokenizer) loads at start, not on an agent's
    first request (measured: a first Chinese turn took 3.1 s, a first English one 1.1 s, a first
    numeric date 1.6-4 s: dateparser builds its time-zone patterns then). Seconds."""
    t0 = time.perf_counter()
    session = Compressor(compressor.config, embedder=compressor.embedder).session("warm-up")
    for idx, (role, text) in enumerate(WARM_UP_TURNS):
        session.add(Message(idx=idx, role=role, text=text))
    session.compact(reason="warm-up", force=True)
    session.context()
    return time.perf_counter() - t0


def create_app(settings: ServiceSettings) -> FastAPI:
    """The service app; nothing opens until the lifespan starts (uvicorn, or a TestClient block)."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        anyio.to_thread.current_default_thread_limiter().total_tokens = THREADS
        app.state.service = _open_state(settings)
        app.state.service.gc.start()  # after the model and the warm-up: their objects are frozen
        switch = sys.getswitchinterval()
        sys.setswitchinterval(settings.switch_interval)
        try:
            yield
        finally:
            sys.setswitchinterval(switch)
            app.state.service.pipeline.shutdown(wait=True)
            app.state.service.writer.stop()  # what is queued is saved before the file closes
            app.state.service.journal.close()  # every record applied: its segments are gone
            app.state.service.store.close()
            app.state.service.gc.stop()

    app = FastAPI(
        title="Context compaction service",
        description="Agents post messages and get back the context to give the model.",
        version="1",
        lifespan=lifespan,
    )
    from console.service.routes import router  # the routes read app.state.service

    app.include_router(router)

    @app.exception_handler(ApiError)
    async def _api_error(request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse({"error": exc.message, **exc.extra}, status_code=exc.status)

    @app.exception_handler(AuthError)
    async def _auth_error(request: Request, exc: AuthError) -> JSONResponse:
        headers = {"WWW-Authenticate": "Bearer"} if exc.status == 401 else None
        return JSONResponse({"error": exc.message}, status_code=exc.status, headers=headers)

    @app.exception_handler(ProtocolError)
    async def _protocol_error(request: Request, exc: ProtocolError) -> JSONResponse:
        return JSONResponse({"error": exc.message}, status_code=exc.status)

    @app.exception_handler(StoreBusyError)
    async def _busy(request: Request, exc: StoreBusyError) -> JSONResponse:
        return JSONResponse(
            {"error": f"database busy, try again: {exc}"}, status_code=503, headers={"Retry-After": "1"}
        )

    @app.exception_handler(StoreError)
    async def _store_error(request: Request, exc: StoreError) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=500)

    app.add_middleware(Observe)  # inside BodyLimit: a 413 is answered before it
    app.add_middleware(BodyLimit, max_bytes=settings.max_body)  # outermost: before anything reads
    return app
