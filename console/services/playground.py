"""The playground: read a pasted or uploaded transcript, run the pipeline on it, keep every stage.

Two input formats:

- the dialogue JSONL of ``shared/data/dialogues`` (one conversation per line,
  ``{"context_id", "turns": [{"role", "text", ...}]}``), read by core.dialogue.parse_dialogue_line;
- plain lines ``role: text`` (roles user, assistant, tool, system and the aliases of core.dialogue,
  e.g. ``human:``, ``用户：``); an indented line continues the turn above it; blank lines are skipped.

Bad input raises :class:`TranscriptError` naming the line (and the field, for JSONL). The run
takes each turn through parse -> extract -> merge -> trigger exactly as a live session does, compacts
when the trigger fires (and, optionally, once more at the end), and keeps every output.

    >>> transcript = parse_transcript("user: a table for 2 at 7pm\\nassistant: which area?")[0]
    >>> run = run_playground(transcript, Config(use_embeddings=False))
    >>> [t.trigger.fire for t in run.turns]
    [False, False]
"""

from __future__ import annotations

import codecs
import json
import re
import uuid
from collections.abc import Callable
from datetime import datetime

from pydantic import BaseModel, Field

from console.ingest import build_bundle
from console.metrics import SessionHealth, session_health
from console.services.permissions import require_actor, require_writer
from core.compressor import BreakerCheck, Compressor, ContextView
from core.config import Config
from core.dialogue import ROLE_ALIASES, ROLES, Dialogue, DialogueError, clean_text, parse_dialogue_line
from core.embed import Embedder
from core.models import (
    CompactionRecord,
    ContextState,
    Message,
    ParsedMessage,
    Rendered,
    TriggerDecision,
    Units,
    ValidationReport,
)
from core.render import parse_anchors, raw_history
from core.tokens import count_tokens
from core.trigger import check_trigger
from data.records import AuditEntry, SaveOutcome
from data.store import Store

MAX_UPLOAD_BYTES = 5_000_000  # the playground runs inside a page; bigger files go through the CLI
PLAYGROUND_SOURCE = "playground"
_ROLE_LINE = re.compile(r"^\s*([^\s:：]{1,20})\s*[:：]\s?(.*)$", re.DOTALL)


class TranscriptError(ValueError):
    """Input that is not a usable transcript; ``line`` is 1-based (0: the whole input)."""

    def __init__(self, line: int, detail: str) -> None:
        super().__init__(f"line {line}: {detail}" if line else detail)
        self.line = line
        self.detail = detail


class Transcript(BaseModel):
    """One conversation ready to run."""

    context_id: str
    source: str = ""
    lang: str = ""
    format: str = Field(description="jsonl or lines")
    messages: list[Message]
    warnings: list[str] = Field(default_factory=list)
    line: int = Field(default=1, description="the input line the conversation starts on")


class LineError(BaseModel):
    """One input line that could not be read."""

    line: int
    detail: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.detail}"


class ParsedInput(BaseModel):
    """All conversations read from an input, and the lines that could not be read (JSONL only:
    a bad line does not stop the good ones)."""

    transcripts: list[Transcript]
    errors: list[LineError] = Field(default_factory=list)


def decode_upload(data: bytes, name: str = "upload") -> str:
    """An uploaded file's text: UTF-8 (with or without BOM); TranscriptError for big or binary files."""
    _check_size(data, name)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise TranscriptError(line, f"{name}: not UTF-8 text (byte {exc.start} cannot be decoded)") from exc


def _check_size(data: bytes, name: str) -> None:
    if len(data) > MAX_UPLOAD_BYTES:
        raise TranscriptError(
            0,
            f"{name}: {len(data):,} bytes, more than the playground takes ({MAX_UPLOAD_BYTES:,}); "
            "use the CLI ingest",
        )


def read_upload(data: bytes, name: str = "upload", context_id: str | None = None) -> ParsedInput:
    """An uploaded file's conversations, like read_transcripts; TranscriptError for big or unusable files.

    In a JSONL file a line that is not UTF-8 is named and skipped like any other bad line, and the
    good lines are kept; plain ``role: text`` lines are one conversation, so there a bad byte
    refuses the file (naming its line)."""
    body = data[len(codecs.BOM_UTF8) :] if data.startswith(codecs.BOM_UTF8) else data
    if not body.lstrip().startswith((b"{", b"[")):
        return read_transcripts(decode_upload(data, name), context_id)
    _check_size(data, name)
    lines: list[str] = []
    undecodable: list[LineError] = []
    for i, raw in enumerate(body.split(b"\n"), start=1):
        try:
            lines.append(raw.decode("utf-8"))
        except UnicodeDecodeError as exc:
            detail = f"{name}: not UTF-8 text (byte {exc.start} of the line cannot be decoded)"
            undecodable.append(LineError(line=i, detail=detail))
            lines.append("")
    try:
        parsed = read_transcripts("\n".join(lines), context_id)
    except TranscriptError as exc:
        first = min([*undecodable, LineError(line=exc.line, detail=exc.detail)], key=lambda e: e.line)
        raise TranscriptError(first.line, first.detail) from exc
    parsed.errors = sorted([*parsed.errors, *undecodable], key=lambda e: e.line)
    return parsed


def parse_transcript(text: str, context_id: str | None = None) -> list[Transcript]:
    """The conversations in ``text``; TranscriptError for the first bad line.

    context_id: the id to use (for plain lines, or to override a single JSONL conversation's id).
    """
    parsed = read_transcripts(text, context_id)
    if parsed.errors:
        raise TranscriptError(parsed.errors[0].line, parsed.errors[0].detail)
    return parsed.transcripts


def read_transcripts(text: str, context_id: str | None = None) -> ParsedInput:
    """Like parse_transcript, but a JSONL file's bad lines are reported and its good ones kept.

    Plain-line input is one conversation, so any bad line makes it fail (TranscriptError)."""
    if not text.strip():
        raise TranscriptError(0, "the transcript is empty: paste JSONL or 'role: text' lines")
    cid = (context_id or "").strip() or None
    if text.lstrip().startswith(("{", "[")):
        parsed = _read_jsonl(text)
        if cid and len(parsed.transcripts) == 1:
            only = parsed.transcripts[0]
            parsed.transcripts[0] = only.model_copy(
                update={
                    "context_id": cid,
                    "messages": [m.model_copy(update={"context_id": cid}) for m in only.messages],
                }
            )
        if not parsed.transcripts:
            raise TranscriptError(parsed.errors[0].line, parsed.errors[0].detail)
        return parsed
    return ParsedInput(transcripts=[_read_lines(text, cid or f"playground-{uuid.uuid4().hex[:12]}")])


def _read_jsonl(text: str) -> ParsedInput:
    lines = text.splitlines()
    first = next(i for i, line in enumerate(lines) if line.strip())
    try:
        json.loads(lines[first])
    except (json.JSONDecodeError, RecursionError):
        # not one object per line: maybe one pretty-printed conversation
        try:
            whole = json.loads(text)
        except (json.JSONDecodeError, RecursionError):
            pass
        else:
            if isinstance(whole, dict):
                lines = ["" for _ in range(first)] + [json.dumps(whole, ensure_ascii=False)]
    transcripts, errors = [], []
    for i, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            d = parse_dialogue_line(line, i)
        except DialogueError as exc:
            errors.append(LineError(line=exc.line, detail=exc.detail))
            continue
        transcripts.append(
            Transcript(
                context_id=d.context_id,
                source=d.source,
                lang=d.lang,
                format="jsonl",
                messages=d.messages,
                warnings=[f"line {i}: {w}" for w in d.warnings],
                line=i,
            )
        )
    seen: dict[str, int] = {}
    kept = []
    for t in transcripts:
        if t.context_id in seen:
            detail = f"context_id {t.context_id!r} repeats line {seen[t.context_id]}; this line is skipped"
            errors.append(LineError(line=t.line, detail=detail))
            continue
        seen[t.context_id] = t.line
        kept.append(t)
    errors.sort(key=lambda e: e.line)
    return ParsedInput(transcripts=kept, errors=errors)


def _read_lines(text: str, cid: str) -> Transcript:
    turns: list[tuple[str, list[str], int]] = []
    for i, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        if line[0] in " \t" and turns:
            turns[-1][1].append(line.strip())
            continue
        m = _ROLE_LINE.match(line)
        role = ROLE_ALIASES.get(m.group(1).strip().lower(), m.group(1).strip().lower()) if m else ""
        if not m or role not in ROLES:
            shown = line if len(line) <= 60 else line[:57] + "..."
            raise TranscriptError(
                i,
                f"expected 'role: text' with a role of {', '.join(ROLES)} (or indent a line to continue "
                f"the turn above), got {shown!r}",
            )
        turns.append((role, [m.group(2).strip()], i))
    messages = []
    for role, parts, line_no in turns:
        text_ = clean_text("\n".join(p for p in parts if p))
        if not text_.strip():
            raise TranscriptError(line_no, f"the {role} turn has no text")
        messages.append(Message(context_id=cid, idx=len(messages), role=role, text=text_))  # type: ignore[arg-type]
    return Transcript(context_id=cid, format="lines", messages=messages)


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
    events: list[str] = []
    for message in transcript.messages:
        added = session.add(message, auto_compact=False)
        events += added.events
        done = len([r for r in session.records if not r.failed])
        decision = check_trigger(
            session.state,
            len(session.messages),
            session.history_tokens(),
            session.folded_upto,
            done,
            events,
            config,
        )
        record = rendered = None
        if decision.fire:  # what Session.maybe_compact does, with the decision kept for the screen
            record = session.compact(reason=decision.reason, fold_upto=decision.fold_upto, tier=decision.tier)
            rendered = session.rendered if not record.failed else None
            if not record.failed:
                events = []
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
        ),
    )


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
    require_writer(role, "save a playground run as a session")
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
