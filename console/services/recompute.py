"""Recomputing a session for the Replay screen: the core run over stored messages, nothing written.

:func:`recompute_session` runs the core turn by turn, as an agent would, and keeps every stage's
output as the payloads :mod:`console.services.replay` builds a turn's view from (an ingest stores
exactly these payloads). :func:`render_preview` runs the render stage on the state after one turn
of a stored session, which an ingest does not store (render is stored where a compaction ran).

    >>> replay = recompute_session(messages, compressor)
    >>> replay.turn(3).atoms[0].kind
    'instruction'
    >>> render_preview(messages, 3, compressor).text
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, Field

from console.services.replay import Progress, SessionReplay, TurnReplay, build_turn
from core.compressor import Compressor, Session
from core.intents import substantive
from core.models import ContextState, Message
from core.render import render
from core.stage_outputs import CompactionRecord
from core.tokens import count_tokens
from data.records import StoredCompaction
from data.stage_payloads import FactChange, MergePayload, RenderPayload, TurnPayloads


def _fact_changes(before: ContextState, after: ContextState) -> list[FactChange]:
    out = []
    archived_after = {f.key for f in after.archive}
    for key, fact in after.facts.items():
        old = before.facts.get(key)
        if old is None:
            recalled = any(f.key == key for f in before.archive)
            out.append(FactChange(key=key, change="recalled" if recalled else "added", after=fact.value))
        elif old.norm != fact.norm:
            out.append(FactChange(key=key, change="changed", before=old.value, after=fact.value))
        elif old.status != fact.status:
            out.append(FactChange(key=key, change=fact.status, before=old.value, after=fact.value))
    for key, old in before.facts.items():
        if key not in after.facts:
            change = "archived" if key in archived_after else "dropped"
            out.append(FactChange(key=key, change=change, before=old.value))
    return out


def _merge_payload(before: ContextState, after: ContextState, events: list[str]) -> MergePayload:
    changes = _fact_changes(before, after)
    return MergePayload(
        changes=changes,
        changed=[c.key for c in changes],
        events=events,
        task_state=after.task_state,
        facts=len(after.facts),
    )


def recompute_session(
    messages: Sequence[Message],
    compressor: Compressor,
    *,
    context_id: str | None = None,
    progress: Progress | None = None,
    force_final: bool = True,
    views: bool = True,
    previews: bool = True,
) -> SessionReplay:
    """Run the core over a transcript turn by turn, as an agent would, and keep every stage's output.

    Compactions fire where the configured triggers say; with force_final a last compaction runs
    at the end (as ``Compressor.compress`` does), so even a short session has one to look at. On a
    turn without a compaction the render column shows the render stage run on the state after
    the turn (a preview: the agent was not served it). Nothing is written to the store.

    views=False (an ingest, which stores the payloads and reads the screen's view back later):
    each turn keeps its payloads, latencies, language and token counts only, the screen's
    columns (atoms, proposed facts, ...) are left empty; the payloads are the same.

    previews=False (an ingest): the render stage runs only where it ran for the agent, at a
    compaction (or a failed one, to show what it made of the state); elsewhere the render payload
    holds the token counts alone, and the screen shows the compaction in effect, with the preview
    a click away (:func:`render_preview`). Measured on the 650 dev conversations, the per-turn
    previews were 11% of the core's time."""
    started = time.perf_counter()
    cid = context_id or (messages[0].context_id if messages and messages[0].context_id else None)
    session = compressor.session(cid)
    session.warm([m.text for m in messages if m.role == "user" and substantive(m.text)])
    turns: list[TurnReplay] = []
    compactions: list[StoredCompaction] = []
    total = len(messages)
    for i, message in enumerate(messages):
        turn, stored = replay_turn(
            session, message, force=force_final and i == total - 1, views=views, previews=previews
        )
        turns.append(turn)
        if stored is not None:
            compactions.append(stored)
        if progress is not None:
            progress(i + 1, total)
    return SessionReplay(
        context_id=session.context_id,
        turns=turns,
        compactions=compactions,
        origin="recomputed",
        elapsed_ms=round((time.perf_counter() - started) * 1000, 1),
        state=session.state,
        messages=session.messages,
    )


def replay_turn(
    session: Session, message: Message, *, force: bool = False, views: bool = True, previews: bool = True
) -> tuple[TurnReplay, StoredCompaction | None]:
    """One message through ``session.add`` as an agent sends it, with every stage's payload kept.

    The step of :func:`recompute_session`, public so a live session (the compaction service) stores
    exactly what a recompute and an ingest store. force: compact after the turn if no compaction
    ran (a last turn). Returns the turn and the compaction that ran at it, if one did."""
    config = session.config
    before = session.state
    result = session.add(message, auto_compact=True)
    merge = _merge_payload(before, session.state, result.events)
    latency = {k: v for k, v in result.latency_ms.items() if k != "total"}
    if force and not (result.record and not result.record.failed):
        record = session.compact(reason="forced", force=True)
        result = result.model_copy(update={"record": record, "compacted": not record.failed})
    stored = _stored(session, result.record) if result.record is not None else None
    served = session.history_tokens()  # what the model is served after the turn (counted once)
    render, render_ms = _render_payload(session, result.record, config, served, previews)
    if render_ms is not None:
        latency["render"] = render_ms
    # served against the raw dialogue: the bloat of this turn
    render = render.model_copy(update={"served_tokens": served, "raw_tokens": session.raw_tokens})
    payloads = TurnPayloads(parse=result.parsed, extract=result.units, merge=merge, render=render).dump()
    if views:
        return build_turn(session.context_id, message, payloads, latency, "recomputed"), stored
    return _bare_turn(session.context_id, message, payloads, latency), stored


def _stored(session: Any, record: CompactionRecord) -> StoredCompaction:
    if record.failed or session.rendered is None:
        return StoredCompaction(record=record)
    state = session.compacted_state.model_copy(deep=True) if session.compacted_state is not None else None
    return StoredCompaction(record=record, state=state, rendered=session.rendered.text)


def _bare_turn(
    context_id: str, message: Message, payloads: dict[str, Any], latency_ms: dict[str, float]
) -> TurnReplay:
    """A turn with its payloads and token counts only."""
    rendered = payloads["render"]
    return TurnReplay(
        context_id=context_id,
        idx=message.idx,
        role=message.role,
        text=message.text,
        lang=str(payloads["parse"].get("lang") or ""),
        render_ran="text" in rendered,
        served_tokens=rendered["served_tokens"],
        raw_tokens=rendered["raw_tokens"],
        latency_ms=latency_ms,
        origin="recomputed",
        payloads=payloads,
    )


def _render_payload(
    session: Session, record: CompactionRecord | None, config: Any, served_tokens: int, preview: bool = True
) -> tuple[RenderPayload, float | None]:
    """The render column of a turn: the compaction that ran there, else (with preview, or after a
    failed compaction) the render stage run on the state now, else no text (None: nothing ran)."""
    if record is None and not preview:
        return RenderPayload(), None
    text = session.compressed_text() if record is not None and not record.failed else None
    if record is not None and text is not None:
        label = (
            f"Compaction #{record.seq} ran at this turn ({record.trigger}): this is what the model is served."
        )
        return (
            RenderPayload(text=text, tokens=count_tokens(text), label=label, compaction_seq=record.seq),
            float(record.latency_ms.get("render", 0.0)),
        )
    t0 = time.perf_counter()
    keep = config.working_memory_turns
    recent = session.messages[-keep:] if keep else []
    preview = render(session.state, recent, config, served_tokens)
    elapsed = round((time.perf_counter() - t0) * 1000, 3)
    label = "Render stage run on the state after this turn (a preview: no compaction ran here)."
    if record is not None and record.failed:
        label = (
            f"Compaction #{record.seq} failed here ({record.error}): the model is served the raw dialogue. "
            "Below, what the render stage made of the state."
        )
    return RenderPayload(text=preview.text, tokens=preview.tokens, label=label), elapsed


class RenderPreview(BaseModel):
    """The render stage run on the state after one turn of a stored session (nothing is saved)."""

    idx: int
    text: str
    tokens: int
    label: str
    latency_ms: float | None = None
    elapsed_ms: float = Field(description="the whole recompute up to the turn")


def render_preview(
    messages: Sequence[Message], idx: int, compressor: Compressor, *, context_id: str | None = None
) -> RenderPreview:
    """What the render stage makes of the state after turn ``idx``, recomputed from the stored
    messages up to it with the compressor's config (an ingest stores the render stage only where
    it ran, at compactions). Nothing is written. KeyError when there is no turn ``idx``."""
    upto = [m for m in messages if m.idx <= idx]
    if not any(m.idx == idx for m in upto):
        raise KeyError(f"context {context_id!r} has no turn {idx}")
    started = time.perf_counter()
    session = compressor.session(context_id or upto[0].context_id or None)
    session.warm([m.text for m in upto if m.role == "user" and substantive(m.text)])
    for message in upto:
        session.add(message, auto_compact=True)
    payload, latency = _render_payload(session, None, compressor.config, session.history_tokens())
    return RenderPreview(
        idx=idx,
        text=payload.text or "",
        tokens=payload.tokens or 0,
        label=payload.label or "",
        latency_ms=latency,
        elapsed_ms=round((time.perf_counter() - started) * 1000, 1),
    )
