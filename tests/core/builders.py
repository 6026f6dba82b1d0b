"""Hand-built pipeline inputs for stage tests that must not depend on a language analyzer, and the
real stages run over (role, text) turns for the tests that check their outcome."""

from __future__ import annotations

from datetime import datetime, timedelta

from core.compressor import Compressor
from core.config import Config
from core.coverage import missing_user_clauses
from core.models import ActionMarker, Atom, ContextState, Entity, Message, Negation, ParsedMessage
from core.parse import parse_message

TS = datetime(2026, 12, 1, 9, 0)


def ent(etype: str, text: str, slot: str | None = None, value: str | None = None, start: int = -1) -> Entity:
    """An entity with its surface text; value defaults to the lowercased text."""
    return Entity(
        type=etype,
        text=text,
        value=value or text.lower(),
        slot=slot,
        start=start,
        end=start + len(text) if start >= 0 else -1,
    )


def parsed(
    idx: int,
    role: str,
    text: str,
    entities: list[Entity] | None = None,
    kind: str | None = None,
    domain: str | None = None,
    negation: str | None = None,
    pinned: bool = False,
    action: ActionMarker | None = None,
) -> ParsedMessage:
    """A one-atom parsed message."""
    default_kind = {"user": "instruction", "assistant": "answer", "tool": "result", "system": "instruction"}
    neg = (
        Negation(text=negation, cue=negation.split()[0], target=" ".join(negation.split()[1:]))
        if negation
        else None
    )
    atom = Atom(
        msg_idx=idx,
        role=role,
        kind=kind or default_kind[role],
        text=text,
        entities=entities or [],
        negation=neg,
        strength="strong" if neg or pinned else "medium",
        domain=domain,
        pinned=pinned,
        action=action,
    )
    return ParsedMessage(
        message=Message(idx=idx, role=role, text=text), lang="en", atoms=[atom], domain=domain
    )


def state_after(turns: list[tuple[str, str]], ts: datetime | None = None) -> ContextState:
    """The session state after the (role, text) turns, through the real stages (rules only, no model);
    with ts, the turns are a minute apart from it (relative dates and weekdays resolve against it)."""
    session = Compressor(Config(use_embeddings=False)).session("t")
    for idx, (role, text) in enumerate(turns):
        at = ts + timedelta(minutes=idx) if ts is not None else None
        session.add(Message(idx=idx, role=role, text=text, ts=at), auto_compact=False)
    return session.state


def rendered_text(turns: list[tuple[str, str]], ts: datetime = TS) -> str:
    """The context the real stages (rules only, no model) render for the (role, text) turns, a minute
    apart from ts."""
    msgs = [Message(idx=i, role=r, text=t, ts=ts + timedelta(minutes=i)) for i, (r, t) in enumerate(turns)]
    return Compressor(Config(use_embeddings=False)).compress(msgs).rendered.text


def replaced(state: ContextState) -> set[str]:
    """Every value a fact's history holds (shown as replaced)."""
    return {v.value for f in state.facts.values() for v in f.history}


def missing_clauses(turns: list[tuple[str, str]], context: str, ts: datetime | None = TS) -> list[str]:
    """The user's clauses the coverage validator finds missing from context after the (role, text)
    turns, parsed and compressed by the real stages (rules only, no model)."""
    parsed_turns = [parse_message(Message(idx=i, role=r, text=t, ts=ts)) for i, (r, t) in enumerate(turns)]
    state = Compressor(Config(use_embeddings=False)).compress([p.message for p in parsed_turns]).state
    return missing_user_clauses(context, parsed_turns, upto=len(turns), state=state)
