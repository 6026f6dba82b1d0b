"""The Replay screen: one turn of a session through parse / extract / render.

A turn's view (:class:`TurnReplay`) comes from the stage traces stored at ingest
(``Store.stage_traces``), or, for a context stored without traces, from running the core again
over its stored messages (:func:`console.services.recompute.recompute_session`, nothing is
written). Both paths build the view
from the same per-stage payloads, so they show the same thing:

* ``parse``: a ``ParsedMessage`` dump (atoms with kinds, entities, negations, action markers);
* ``extract``: a ``Units`` dump (proposed facts, goals, actions, constraints, todos, events);
* ``merge``: ``{"changes": [{"key", "before", "after", "change"}], "changed", "events", "task_state"}``;
* ``render``: ``{"text", "tokens", "label", "compaction_seq"}`` where the render stage ran on the
  turn (with the served and raw token counts on every turn).

Payloads of other shapes (older ingests, synthetic data) are read field by field; what is missing
is shown as missing, never invented. :func:`turn_traces` turns a recomputed turn back into
``StageTrace`` rows, so an ingest can store exactly what this screen reads.

    >>> turn = load_turn(store, cid, 3)
    >>> turn.atoms[0].kind
    'instruction'

The screen's other half, anchors highlighted and two compactions compared, is
:mod:`console.services.compaction_diff`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Literal

from pydantic import BaseModel, Field

from core.models import ContextState, Message
from data.records import StageTrace, StoredCompaction
from data.stage_payloads import FactChange, stage_traces
from data.store import Store

Origin = Literal["stored", "recomputed"]
Progress = Callable[[int, int], None]


class EntityView(BaseModel):
    """An entity found in a turn: type, text as written, normalized value, slot hint."""

    type: str
    text: str
    value: str = ""
    slot: str | None = None


class AtomView(BaseModel):
    """One atom of the parse stage, flattened for display."""

    kind: str
    text: str
    strength: str = ""
    domain: str | None = None
    pinned: bool = False
    negation: str | None = None
    action: str | None = None
    entities: list[EntityView] = Field(default_factory=list)


class ProposedFact(BaseModel):
    """A fact the extract stage proposed from this turn."""

    key: str
    value: str
    strength: str = ""
    kind: str = ""
    role: str = ""
    correction: bool = False
    negated: bool = False


class TurnReplay(BaseModel):
    """One turn through the stages, ready for the three columns."""

    context_id: str
    idx: int
    role: str
    text: str
    lang: str = ""
    domain: str | None = None
    atoms: list[AtomView] = Field(default_factory=list)
    proposed: list[ProposedFact] = Field(default_factory=list)
    goals: list[str] = Field(default_factory=list)
    actions: list[str] = Field(default_factory=list)
    constraints: list[str] = Field(default_factory=list)
    todos: list[str] = Field(default_factory=list)
    decisions: list[str] = Field(default_factory=list)
    events: list[str] = Field(default_factory=list)
    changes: list[FactChange] = Field(default_factory=list)
    task_state: str | None = None
    rendered: str | None = None
    rendered_tokens: int | None = None
    rendered_label: str = ""
    render_ran: bool = Field(
        default=False, description="the render stage ran on this turn (a compaction, or a recomputed preview)"
    )
    served_tokens: int | None = Field(default=None, description="tokens the model is served after the turn")
    raw_tokens: int | None = Field(default=None, description="tokens of the raw dialogue up to the turn")
    latency_ms: dict[str, float] = Field(default_factory=dict)
    origin: Origin = "stored"
    missing_stages: list[str] = Field(default_factory=list, description="stages with no recorded output")
    payloads: dict[str, Any] = Field(default_factory=dict, description="the raw stage outputs")


class SessionReplay(BaseModel):
    """Every turn of a session replayed, with the compactions that happened on the way."""

    context_id: str
    turns: list[TurnReplay]
    compactions: list[StoredCompaction] = Field(default_factory=list)
    origin: Origin = "recomputed"
    elapsed_ms: float = 0.0
    state: ContextState | None = Field(default=None, description="the state after the last turn")
    messages: list[Message] = Field(default_factory=list, description="the turns as the core buffered them")

    def turn(self, idx: int) -> TurnReplay:
        """The replay of turn ``idx``; KeyError if the session has no such turn."""
        for t in self.turns:
            if t.idx == idx:
                return t
        raise KeyError(f"context {self.context_id!r} has no turn {idx}")

    @property
    def steps(self) -> list[int]:
        """The turn numbers, in order (the stepper's positions)."""
        return [t.idx for t in self.turns]


# --- building a turn's view from stage payloads ---------------------------------------------------


def _s(value: Any) -> str:
    return "" if value is None else str(value)


def _int(value: Any) -> int | None:
    """An integer a stored payload holds (older traces have none; JSON may hold it as a float)."""
    return int(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def _atoms(parse: Any) -> list[AtomView]:
    atoms = parse.get("atoms") if isinstance(parse, dict) else None
    out = []
    for atom in atoms or []:
        if not isinstance(atom, dict):
            continue
        negation = atom.get("negation")
        action = atom.get("action")
        out.append(
            AtomView(
                kind=_s(atom.get("kind")) or "?",
                text=_s(atom.get("text")),
                strength=_s(atom.get("strength")),
                domain=atom.get("domain"),
                pinned=bool(atom.get("pinned")),
                negation=_s(negation.get("text")) if isinstance(negation, dict) else None,
                action=_action_text(action) if isinstance(action, dict) else None,
                entities=[
                    EntityView(
                        type=_s(e.get("type")),
                        text=_s(e.get("text")),
                        value=_s(e.get("value")),
                        slot=e.get("slot"),
                    )
                    for e in atom.get("entities") or []
                    if isinstance(e, dict)
                ],
            )
        )
    return out


def _action_text(action: dict[str, Any]) -> str:
    parts = [_s(action.get("verb")) or _s(action.get("tool")) or "action", f"({_s(action.get('status'))})"]
    if action.get("ref"):
        parts.append(f"ref {action['ref']}")
    return " ".join(p for p in parts if p and p != "()")


def _texts(items: Any, field: str = "text") -> list[str]:
    out = []
    for item in items or []:
        if isinstance(item, dict):
            out.append(_s(item.get(field)))
        elif item is not None:
            out.append(_s(item))
    return [t for t in out if t]


def _proposed(extract: Any) -> list[ProposedFact]:
    facts = extract.get("facts") if isinstance(extract, dict) else None
    out = []
    for f in facts or []:
        if isinstance(f, dict) and f.get("key"):
            out.append(
                ProposedFact(
                    key=_s(f.get("key")),
                    value=_s(f.get("value")),
                    strength=_s(f.get("strength")),
                    kind=_s(f.get("kind")),
                    role=_s(f.get("role")),
                    correction=bool(f.get("correction")),
                    negated=bool(f.get("negated")),
                )
            )
    return out


def _actions(extract: dict[str, Any]) -> list[str]:
    out = []
    for a in extract.get("actions") or []:
        if isinstance(a, dict):
            args = ", ".join(f"{k}={v}" for k, v in (a.get("args") or {}).items())
            line = f"{_s(a.get('tool'))}({args}) [{_s(a.get('status')) or 'done'}]"
            if a.get("result_summary"):
                line += f" → {a['result_summary']}"
            out.append(line)
    return out


def _changes(merge: Any) -> list[FactChange]:
    if not isinstance(merge, dict):
        return []
    listed = [
        FactChange(
            key=_s(c.get("key")),
            change=_s(c.get("change")) or "changed",
            before=c.get("before"),
            after=c.get("after"),
        )
        for c in merge.get("changes") or []
        if isinstance(c, dict) and c.get("key")
    ]
    seen = {c.key for c in listed}
    listed += [
        FactChange(key=_s(k), change="changed") for k in merge.get("changed") or [] if _s(k) not in seen
    ]
    return listed


def build_turn(
    context_id: str,
    message: Message,
    payloads: dict[str, Any],
    latency_ms: dict[str, float],
    origin: Origin,
) -> TurnReplay:
    """A turn's view from its stage payloads (stored or recomputed alike)."""
    parse = payloads.get("parse") if isinstance(payloads.get("parse"), dict) else {}
    extract = payloads.get("extract") if isinstance(payloads.get("extract"), dict) else {}
    merge = payloads.get("merge") if isinstance(payloads.get("merge"), dict) else {}
    rendered = payloads.get("render") if isinstance(payloads.get("render"), dict) else None
    render_ran = rendered is not None and "text" in rendered
    events = [*_texts(extract.get("events"), ""), *_texts(merge.get("events"), "")]
    return TurnReplay(
        context_id=context_id,
        idx=message.idx,
        role=message.role,
        text=message.text,
        lang=_s(parse.get("lang")),
        domain=parse.get("domain"),
        atoms=_atoms(parse),
        proposed=_proposed(extract),
        goals=_texts(extract.get("goals")),
        actions=_actions(extract),
        constraints=_texts(extract.get("constraints")),
        todos=_texts(extract.get("todos")),
        decisions=_texts(extract.get("decisions")),
        events=list(dict.fromkeys(events)),
        changes=_changes(merge),
        task_state=merge.get("task_state"),
        rendered=_s(rendered.get("text")) if render_ran else None,
        render_ran=render_ran,
        rendered_tokens=rendered.get("tokens") if rendered else None,
        rendered_label=_s(rendered.get("label")) if rendered else "",
        served_tokens=_int(rendered.get("served_tokens")) if rendered else None,
        raw_tokens=_int(rendered.get("raw_tokens")) if rendered else None,
        latency_ms=latency_ms,
        origin=origin,
        missing_stages=[s for s in ("parse", "extract", "merge") if s not in payloads],
        payloads=payloads,
    )


# --- stored traces --------------------------------------------------------------------------------


def replay_steps(store: Store, context_id: str) -> list[int]:
    """The turns of a context that have stored stage traces (empty: offer a recompute)."""
    return store.traced_turns(context_id)


def load_turn(
    store: Store,
    context_id: str,
    idx: int,
    *,
    messages: Sequence[Message] | None = None,
    compactions: Sequence[StoredCompaction] | None = None,
) -> TurnReplay:
    """Turn ``idx`` from its stored traces; the render column falls back to the compaction in effect.

    messages / compactions: pass them when already loaded (the page loads them once per context)."""
    if messages is None:
        timeline = store.timeline(context_id)
        messages = [m.message for m in timeline.messages] if timeline else []
    message = next((m for m in messages if m.idx == idx), None)
    if message is None:
        raise KeyError(f"context {context_id!r} has no turn {idx}")
    traces = store.stage_traces(context_id, idx)
    payloads = {t.stage: t.payload for t in traces}
    latency = {t.stage: float(t.latency_ms) for t in traces if t.latency_ms is not None}
    turn = build_turn(context_id, message, payloads, latency, "stored")
    if turn.rendered is None:
        if compactions is None:
            compactions = store.compactions(context_id, with_state=True)
        apply_compaction_in_effect(turn, compactions)
    return turn


def compaction_in_effect(compactions: Sequence[StoredCompaction], idx: int) -> StoredCompaction | None:
    """The last good compaction at or before turn ``idx`` (the one whose context the turn shows)."""
    done = [c for c in compactions if not c.record.failed and c.record.at_turn <= idx and c.rendered]
    return max(done, key=lambda c: (c.record.at_turn, c.record.seq)) if done else None


def apply_compaction_in_effect(turn: TurnReplay, compactions: Sequence[StoredCompaction]) -> None:
    """Fill the render column with the last good compaction at or before the turn, or say raw."""
    last = compaction_in_effect(compactions, turn.idx)
    if last is None:
        turn.rendered = None
        turn.rendered_label = "No compaction yet at this turn: the model is served the raw dialogue."
        return
    turn.rendered = last.rendered
    turn.rendered_tokens = last.record.tokens_out
    where = "at this turn" if last.record.at_turn == turn.idx else f"at turn {last.record.at_turn}"
    turn.rendered_label = f"Context in effect: compaction #{last.record.seq} {where} ({last.record.trigger})."


def turn_traces(turn: TurnReplay) -> list[StageTrace]:
    """A replayed turn as the StageTrace rows an ingest stores (what ``load_turn`` reads back)."""
    return stage_traces(turn.idx, turn.payloads, turn.latency_ms)
