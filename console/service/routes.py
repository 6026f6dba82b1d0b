"""The service's endpoints (JSON in and out; OpenAPI docs at /docs).

Bodies are read raw (the v2 signature is over the exact bytes) and checked by the protocol before
the messages are read. The core work runs in the thread pool: the event loop only parses and
answers.
"""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from datetime import UTC, datetime
from typing import Any, Literal

from fastapi import APIRouter, Request, Response
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from console.service import protocol
from console.service.app import ApiError, ServiceState
from console.service.auth import bearer
from console.service.formats import MessagesError, messages_from_body
from console.service.live_state import UnknownContextError
from console.service.recovery import journal_record
from console.services.served import served_now
from data.api_records import ApiToken, TokenRole
from data.service_store import StaleClockError

router = APIRouter()
MAX_ID = 512


class MessagesIn(BaseModel):
    """POST /v1/sessions/{context_id}/messages and POST /v1/compress."""

    messages: list[dict[str, Any]] = Field(
        description="turns: {role, text|content, tool_call, tool_result, ts}"
    )
    protocol: Literal["v1", "v2"] = "v1"
    session_id: str | None = Field(None, description="v2: the agent session the workers share")
    version_hash: str | None = Field(None, description="v2: engine version + config hash (GET /v1/version)")
    lamport: int | None = Field(None, description="v2: Lamport clock, above the last applied for the context")


class BreakerIn(BaseModel):
    """PUT /v1/breaker and PUT /v1/breaker/{context_id}."""

    mode: Literal["raw", "compressed"]
    reason: str = Field(min_length=1, max_length=2000)


def _body_doc(model: type[BaseModel]) -> dict[str, Any]:
    return {
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": model.model_json_schema()}},
        }
    }


def _state(request: Request) -> ServiceState:
    return request.app.state.service


async def _who(request: Request, need: TokenRole, action: str) -> ApiToken:
    auth = _state(request).auth
    value = bearer(request.headers.get("authorization"))
    found, token = auth.cached(value)  # a hit reads nothing: checked on the event loop
    if not found:
        token = await run_in_threadpool(auth.lookup, value)
    return auth.authorize(token, need=need, action=action)


def _context_id(context_id: str) -> str:
    cid = context_id.strip()
    if not cid or len(cid) > MAX_ID:
        raise ApiError(400, f"context_id must be 1 to {MAX_ID} characters")
    return cid


def _json(raw: bytes) -> dict[str, Any]:
    try:
        body = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as exc:
        raise ApiError(400, f"the request body is not JSON: {exc}") from exc
    if not isinstance(body, dict):
        raise ApiError(400, f"the request body must be a JSON object, not {type(body).__name__}")
    return body


async def _envelope(request: Request, state: ServiceState) -> tuple[dict[str, Any], protocol.Envelope]:
    raw = await request.body()
    body = _json(raw)
    keys = []
    if body.get("protocol") == "v2":  # cached under the change counter: a rotation bumps it
        keys = await run_in_threadpool(state.fresh.value, "signing_keys", state.store.signing_keys)
    envelope = protocol.check(
        body,
        raw,
        request.headers,
        mode=state.settings.protocol,
        expected_version=state.version_hash,
        keys=keys,
        now=datetime.now(UTC).replace(tzinfo=None),
    )
    state.metrics.count_protocol(envelope.protocol)
    return body, envelope


def _with_protocol(
    payload: dict[str, Any], envelope: protocol.Envelope, response: Response
) -> dict[str, Any]:
    payload["protocol"] = envelope.protocol
    if envelope.warning:
        payload["warning"] = envelope.warning
        response.headers["X-Compaction-Warning"] = envelope.warning
    return payload


@router.post("/v1/sessions/{context_id}/messages", openapi_extra=_body_doc(MessagesIn))
async def post_messages(context_id: str, request: Request, response: Response) -> dict[str, Any]:
    """Append messages to a context: the pipeline runs as Session.add does, everything is stored."""
    token = await _who(request, "agent", "post messages")
    state = _state(request)
    cid = _context_id(context_id)
    body, envelope = await _envelope(request, state)
    try:
        messages = messages_from_body(body.get("messages"), cid)
    except MessagesError as exc:
        raise ApiError(422, str(exc)) from exc
    try:
        async with state.sessions.guard(cid):  # this context's requests in order, to the COMMIT
            if not state.sessions.ready(cid):  # its store reads first, where no pipeline waits for them
                await run_in_threadpool(state.sessions.prefetch, cid)
            pending = await state.run(
                state.sessions.prepare,
                cid,
                messages,
                stage="pipeline",
                actor=f"token:{token.name}",
                role=token.role,
                clock=envelope.clock,
            )
            t0 = time.perf_counter()
            try:  # durable in the journal (a group fsync), awaited here: no thread waits for it
                segment = await asyncio.wrap_future(state.journal.append(journal_record(pending)))
            except BaseException:
                state.sessions.forget(cid)  # memory holds turns no file does: rebuild next time
                raise
            state.metrics.observe_stage("journal", time.perf_counter() - t0)
            state.sessions.acknowledge(pending, segment)  # the writer applies it to DuckDB behind
            t0 = time.perf_counter()  # not in the pipeline's queue: it is durable, answer now
            done = state.sessions.finish_now(pending)  # on the loop: no read, no build (most POSTs)
            if done is None:
                done = await run_in_threadpool(state.sessions.finish, pending)
            state.metrics.observe_stage("finish", time.perf_counter() - t0)
    except StaleClockError as exc:
        raise ApiError(409, str(exc), kind=exc.kind, last_lamport=exc.last) from exc
    if done.compacted:
        state.metrics.count_compaction()
    payload = {
        "context_id": done.context_id,
        "added": done.added,
        "compacted": done.compacted,
        "mode": done.mode,
        "idx": [done.first_idx, done.last_idx],
    }
    if envelope.clock is not None:
        payload["lamport"] = envelope.lamport
    return _with_protocol(payload, envelope, response)


@router.get("/v1/sessions/{context_id}/context")
async def get_context(context_id: str, request: Request) -> JSONResponse:
    """The context the model is served now; the breaker is asked on every call."""
    await _who(request, "agent", "read contexts")
    state = _state(request)
    cid = _context_id(context_id)
    view = state.sessions.cached_context(cid)  # nothing changed since it was served: from memory
    state.metrics.observe_stage("context.cached" if view is not None else "context.built", 0.0)
    try:
        if view is None:
            # not behind the context's guard: a breaker switch would wait for the POST in flight
            # (its pipeline queue and its COMMIT, seconds under load); the session lock is enough.
            # The store-call pool, not the pipeline's, for the same reason.
            view = await run_in_threadpool(state.sessions.context, cid)
    except UnknownContextError as exc:
        raise ApiError(404, f"no context {cid!r}: post its messages first") from exc
    return JSONResponse(  # strings, ints and bools: no jsonable_encoder pass over the text
        {
            "context_id": view.context_id,
            "text": view.text,
            "tokens": view.tokens,
            "mode": view.mode,
            "fallback": view.fallback,
            "reason": view.reason,
        }
    )


def _session_view(state: ServiceState, cid: str) -> dict[str, Any] | None:
    state.sessions.wait_applied(cid, timeout=state.settings.deadline)  # the turns it acknowledged
    timeline = state.store.timeline(cid)
    if timeline is None:
        return None
    served = served_now(state.store, timeline.context)  # decided as the core decides (core.served)
    return {
        "context_id": cid,
        "source": timeline.context.source,
        "mode": served.mode,
        "reason": served.reason,
        "last_activity": timeline.context.updated_at.isoformat(),
        "turns": [
            {
                "idx": m.message.idx,
                "role": m.message.role,
                "text": m.message.text,
                "ts": m.message.ts.isoformat() if m.message.ts else None,
            }
            for m in timeline.messages
        ],
        "compactions": [
            {
                "seq": r.seq,
                "at_turn": r.at_turn,
                "trigger": r.trigger,
                "tier": r.tier,
                "tokens_in": r.tokens_in,
                "tokens_out": r.tokens_out,
                "failed": r.failed,
                "fallback": r.fallback,
            }
            for r in timeline.compactions
        ],
    }


@router.get("/v1/sessions/{context_id}")
async def get_session(context_id: str, request: Request) -> dict[str, Any]:
    """A stored context: its turns, mode, compactions and last activity."""
    await _who(request, "agent", "read sessions")
    state = _state(request)
    cid = _context_id(context_id)
    view = await run_in_threadpool(_session_view, state, cid)
    if view is None:
        raise ApiError(404, f"no context {cid!r}")
    return view


@router.post("/v1/compress", openapi_extra=_body_doc(MessagesIn))
async def compress(request: Request, response: Response) -> dict[str, Any]:
    """One-shot compression of a message list (forced compaction at the end); nothing is stored."""
    await _who(request, "agent", "compress")
    state = _state(request)
    body, envelope = await _envelope(request, state)
    cid = f"oneshot-{uuid.uuid4()}"
    try:
        messages = messages_from_body(body.get("messages"), cid)
    except MessagesError as exc:
        raise ApiError(422, str(exc)) from exc
    result = await state.run(state.compressor.compress, messages, True, cid)
    payload = {
        "text": result.context.text,
        "tokens": result.context.tokens,
        "tokens_raw": result.tokens_raw,
        "mode": result.mode,
        "fallback": result.fallback,
        "reason": result.context.reason,
    }
    return _with_protocol(payload, envelope, response)


def _switch(state: ServiceState, cid: str | None, change: BreakerIn, token: ApiToken) -> dict[str, Any]:
    current = state.store.get_breaker(cid)
    before = current.mode if current is not None else "compressed"
    if before == change.mode:
        return {"scope": "context" if cid else "global", "context_id": cid, "mode": before, "changed": False}
    try:
        after = state.store.set_breaker(
            change.mode,
            context_id=cid,
            reason=change.reason,
            actor=f"token:{token.name}",
            role=token.role,
            source="api",
        )
    except KeyError as exc:
        raise ApiError(404, f"no context {cid!r}: only stored contexts have a switch") from exc
    except ValueError as exc:
        raise ApiError(422, str(exc)) from exc
    return {
        "scope": after.scope,
        "context_id": cid,
        "mode": after.mode,
        "changed": True,
        "since": after.since.isoformat(),
        "actor": after.actor,
    }


def _breaker_body(raw: bytes) -> BreakerIn:
    try:
        return BreakerIn.model_validate(_json(raw))
    except ValueError as exc:
        if isinstance(exc, ApiError):
            raise
        raise ApiError(422, f"breaker body: {exc}") from exc


@router.put("/v1/breaker/{context_id}", openapi_extra=_body_doc(BreakerIn))
async def put_context_breaker(context_id: str, request: Request) -> dict[str, Any]:
    """Switch one context to raw dialogue or back (operator tokens only; audited)."""
    token = await _who(request, "operator", "switch the breaker")
    change = _breaker_body(await request.body())
    return await run_in_threadpool(_switch, _state(request), _context_id(context_id), change, token)


@router.put("/v1/breaker", openapi_extra=_body_doc(BreakerIn))
async def put_global_breaker(request: Request) -> dict[str, Any]:
    """Switch every context to raw dialogue or back (operator tokens only; audited)."""
    token = await _who(request, "operator", "switch the breaker")
    change = _breaker_body(await request.body())
    return await run_in_threadpool(_switch, _state(request), None, change, token)


@router.get("/v1/version")
async def get_version(request: Request) -> dict[str, Any]:
    """The engine version and config hash a v2 client must send as version_hash."""
    state = _state(request)
    return {
        "engine": protocol.engine_version(),
        "config_hash": protocol.config_hash(state.compressor.config),
        "version_hash": state.version_hash,
        "protocol": state.settings.protocol,
    }


@router.get("/healthz")
async def healthz(request: Request) -> dict[str, Any]:
    """Liveness: the service is up; its database, protocol mode and live sessions."""
    state = _state(request)
    return {
        "status": "ok",
        "db": str(state.store.path),
        "protocol": state.settings.protocol,
        "live_sessions": len(state.sessions),
        "embeddings": state.compressor.config.use_embeddings,
    }


def _gauges(state: ServiceState) -> dict[str, float]:
    switches = state.store.breakers()
    global_raw = any(b.scope == "global" and b.mode == "raw" for b in switches)
    return {
        "compaction_breaker_global_raw": 1.0 if global_raw else 0.0,
        "compaction_breaker_raw_contexts": float(
            sum(b.scope == "context" and b.mode == "raw" for b in switches)
        ),
        "compaction_live_sessions": float(len(state.sessions)),
        "compaction_writer_batches_total": float(state.writer.batches),
        "compaction_writer_saves_total": float(state.writer.items),
        "compaction_writer_seconds_total": state.writer.seconds,
        "compaction_writer_backlog": float(state.writer.backlog()),
        "compaction_writer_retries_total": float(state.writer.retries),
        "compaction_journal_unapplied": float(state.journal.pending()),
        "compaction_journal_records_total": float(state.journal.records),
        "compaction_journal_fsyncs_total": float(state.journal.fsyncs),
        "compaction_cache_store_reads_total": float(state.fresh.reads),
        **state.gc.gauges(),
    }


@router.get("/metrics")
async def metrics(request: Request) -> Response:
    """Prometheus text: requests, latency histogram, compactions, protocol paths, breaker state."""
    state = _state(request)
    gauges = await run_in_threadpool(_gauges, state)
    return Response(state.metrics.render(lambda: gauges), media_type="text/plain; version=0.0.4")
