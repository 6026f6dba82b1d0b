"""The playground: run the pipeline on a transcript (console.services.transcripts reads it) and
keep every stage.

The run takes each turn through parse -> extract -> merge -> trigger exactly as a live session
does, compacts when the trigger fires (and, optionally, once more at the end), and keeps every output.

    >>> transcript = parse_transcript("user: a table for 2 at 7pm\\nassistant: which area?")[0]
    >>> run = run_playground(transcript, Config(use_embeddings=False))
    >>> [t.trigger.fire for t in run.turns]
    [False, False]
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from pydantic import BaseModel, Field

from console.ingest_bundle import build_bundle
from console.metrics import SessionHealth, session_health
from console.services.permissions import require_actor, require_writer
from console.services.transcripts import Transcript
from core.compressor import BreakerCheck, Compressor, ContextView
from core.config import Config
from core.embed import Embedder
from core.formats import Dialogue
from core.models import ContextState, Message, ParsedMessage, Units
from core.render import parse_anchors, raw_history
from core.served import ServedDecision
from core.stage_outputs import CompactionRecord, Rendered, TriggerDecision, ValidationReport
from core.tokens import count_tokens
from data.ops_records import AuditEntry
from data.records import SaveOutcome
from data.store import Store

PLAYGROUND_SOURCE = "playground"


# --- the run -------------------------------------------------------------------------------------


class TurnStages(BaseModel):
    """What every stage did with one turn."""

    idx: int
    message: Message
    parsed: ParsedMessage
    units: Units
    changed: list[str] = Field(description="fact keys the merge added or changed")
    facts: dict[str, str] = Field(description="the state's facts after the merge: key -> value")
    task_state: str
    events: list[str]
    trigger: TriggerDecision
    compaction: CompactionRecord | None = None
    rendered: Rendered | None = Field(default=None, description="the context the compaction rendered")
    latency_ms: dict[str, float] = Field(default_factory=dict)


class PlaygroundRun(BaseModel):
    """A whole run: the stages per turn, the final state, render, validation and served context."""

    context_id: str
    embedder: str = Field(description="rules-only, or the embedder's name")
    config: Config
    turns: list[TurnStages]
    state: ContextState
    records: list[CompactionRecord]
    rendered: Rendered | None
    validation: ValidationReport | None
    anchors: dict = Field(
        default_factory=dict, description="goals, facts, actions read back from the anchors"
    )
    served: ContextView
    tokens_raw: int
    health: SessionHealth


def run_playground(
    transcript: Transcript,
    config: Config,
    *,
    embedder: Embedder | None = None,
    breaker: BreakerCheck | None = None,
    compact_at_end: bool = True,
    clock: Callable[[], datetime] | None = None,
) -> PlaygroundRun:
    """Run the pipeline turn by turn over a transcript and keep every stage's output.

    config.use_embeddings picks the rules-only mode (False: no model) or the embedder given. The
    breaker (context_id -> raw?) decides how the result is served, as in production.
    compact_at_end: compact once more after the last turn, whatever the trigger says (so a short
    transcript still shows render and validation).
    """
    compressor = Compressor(
        config, embedder=embedder if config.use_embeddings else None, breaker=breaker, clock=clock
    )
    session = compressor.session(transcript.context_id)
    session.warm([m.text for m in transcript.messages if m.role == "user" and m.text])
    turns: list[TurnStages] = []
    for message in transcript.messages:
        added = session.add(message, auto_compact=False)
        decision = session.compaction_decision()  # the decision maybe_compact acts on, kept for the screen
        record = rendered = None
        if decision.fire:
            record = session.compact(reason=decision.reason, fold_upto=decision.fold_upto, tier=decision.tier)
            rendered = session.rendered if not record.failed else None
        turns.append(
            TurnStages(
                idx=added.idx,
                message=session.messages[-1],
                parsed=added.parsed,
                units=added.units,
                changed=added.changed,
                facts={k: f.value for k, f in session.state.facts.items()},
                task_state=session.state.task_state,
                events=added.events,
                trigger=decision,
                compaction=record,
                rendered=rendered,
                latency_ms=added.latency_ms,
            )
        )
    if compact_at_end and session.messages:
        record = session.compact(reason="forced", force=True)
        if turns:
            turns[-1].compaction = record
            turns[-1].rendered = session.rendered if not record.failed else None
    last = session.records[-1] if session.records else None
    served = session.context()
    tokens_raw = count_tokens(raw_history(session.messages))
    return PlaygroundRun(
        context_id=session.context_id,
        embedder=_embedder_name(compressor),
        config=config,
        turns=turns,
        state=session.state,
        records=session.records,
        rendered=session.rendered,
        validation=last.validation if last else None,
        anchors=parse_anchors(session.rendered.text) if session.rendered else {},
        served=served,
        tokens_raw=tokens_raw,
        health=session_health(
            tokens_context=served.tokens,
            tokens_raw=tokens_raw,
            state=session.state,
            units=[t.units for t in turns],
            roles=[t.message.role for t in turns],
            records=session.records,
            config=config,
        ),
    )


def served_why(run: PlaygroundRun) -> str:
    """How the run's context is served, in words ('compressed', or 'raw: <why>'; core.served)."""
    return ServedDecision(mode=run.served.mode, reason=run.served.reason).why


def _embedder_name(compressor: Compressor) -> str:
    if not compressor.config.use_embeddings:
        return "rules-only"
    return getattr(compressor.embedder, "name", type(compressor.embedder).__name__)


# --- saving a run as a session ---------------------------------------------------------------------


def save_run(
    store: Store,
    transcript: Transcript,
    run: PlaygroundRun,
    *,
    actor: str,
    role: str,
    embedder: Embedder | None = None,
    source: str = PLAYGROUND_SOURCE,
) -> SaveOutcome:
    """Save a transcript as a session through the ingest path, with the run's config; audited.

    The session is stored exactly as an ingest of the transcript would store it (the stage traces
    the Replay screen reads; compactions where the trigger fires; the playground's forced final
    compaction is not part of it). Viewers are refused, and a context stored from another source
    is never overwritten by a playground run.
    """
    require_writer(role, "save a playground run as a session", actor=actor)
    actor = require_actor(actor)
    existing = store.get_context(run.context_id)
    if existing is not None and existing.source != source:
        raise ValueError(
            f"context {run.context_id!r} already exists (source {existing.source!r}); "
            "give the playground run another context id"
        )
    dialogue = Dialogue(
        context_id=run.context_id, source=source, lang=transcript.lang, messages=transcript.messages
    )
    compressor = Compressor(run.config, embedder=embedder if run.config.use_embeddings else None)
    bundle = build_bundle(dialogue, compressor, source=source, now=store.clock())
    outcome = store.save_context(bundle)
    store.record_audit(
        AuditEntry(
            at=store.clock(),
            actor=actor,
            role=role,
            action="session.save",
            target=f"context:{run.context_id}",
            source=source,
            context_id=run.context_id,
            before={"turns": existing.turns, "compactions": existing.compactions} if existing else None,
            after={"turns": len(bundle.messages), "status": outcome.status, "embedder": run.embedder},
        )
    )
    return outcome


# --- the stage tables the page shows ----------------------------------------------------------------


def atom_rows(turn: TurnStages) -> list[dict[str, object]]:
    """The parse stage: one row per atom."""
    return [
        {
            "kind": a.kind,
            "text": a.text,
            "strength": a.strength,
            "negation": a.negation.text if a.negation else "",
            "action": f"{a.action.verb} ({a.action.status})" if a.action else "",
            "pinned": a.pinned,
        }
        for a in turn.parsed.atoms
    ]


def entity_rows(turn: TurnStages) -> list[dict[str, object]]:
    """The parse stage: one row per entity, as written and normalized."""
    return [
        {"type": e.type, "as written": e.text, "normalized": e.value, "slot": e.slot or ""}
        for a in turn.parsed.atoms
        for e in a.entities
    ]


def unit_rows(turn: TurnStages) -> list[dict[str, object]]:
    """The extract stage: one row per fact candidate."""
    return [
        {"key": f.key, "value": f.value, "strength": f.strength, "kind": f.kind, "correction": f.correction}
        for f in turn.units.facts
    ]


def unit_summary(turn: TurnStages) -> dict[str, str]:
    """The extract stage's other units, one line each ('-' when none)."""
    u = turn.units
    return {
        "Goals": ", ".join(g.text for g in u.goals) or "-",
        "Constraints": ", ".join(c.text for c in u.constraints) or "-",
        "Actions": ", ".join(f"{a.tool} ({a.status})" for a in u.actions) or "-",
        "Todos": ", ".join(t.text for t in u.todos) or "-",
        "Events": ", ".join(u.events) or "-",
    }


def state_rows(turn: TurnStages) -> list[dict[str, object]]:
    """The merge stage: the state's facts after the turn, the ones it changed marked."""
    return [{"key": k, "value": v, "changed here": k in turn.changed} for k, v in turn.facts.items()]
