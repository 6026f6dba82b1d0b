"""An operator's correction in what the agent resumes from and in what the model is served.

A correction changes the ``facts`` table; without this module the context's saved state (what
``Store.load_state`` gives an agent to resume from) and its served context (``contexts.rendered``,
"the context the model is given now") kept the old value. Here, in the correction's own
transaction, each corrected fact is set in the saved state (marked ``verified_by_user``, the old
value in its history with who replaced it) and the served context is rendered again from the
last compaction's state with the same correction, followed by the turns since that compaction,
exactly as ``core.session.Session.context`` builds it.

A re-ingest rebuilds the state from the dialogue alone; ``reapply_verified`` puts the operator's
verified values back into it afterwards, except a value the user restated in a later turn.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from core.config import Config
from core.models import ContextState, Fact, FactVersion, Message
from core.render import RECENT_SEPARATOR, raw_history, render
from core.tokens import count_tokens
from data.queries.columns import json_text, parse_json
from data.queries.ops import current_config
from data.queries.sessions import compactions, timeline


@dataclass(frozen=True)
class VerifiedValue:
    """A fact's value as an operator set it (or confirmed it), to carry into the state."""

    key: str
    value: str
    norm: str
    status: str
    strength: str
    pinned: bool
    verified: bool
    actor: str
    source: str
    reason: str
    turn: int | None = None  # set: a state without the key gets the fact (one an operator added)


def from_changes(changes: Iterable[dict[str, Any]]) -> dict[str, list[VerifiedValue]]:
    """The applied changes of a correction batch (facts.evaluate_corrections), by context id."""
    out: dict[str, list[VerifiedValue]] = {}
    for change in changes:
        c, after = change["correction"], change["after"]
        out.setdefault(c.context_id, []).append(
            VerifiedValue(
                key=c.key,
                value=after["value"],
                norm=after["norm"],
                status=after["status"],
                strength=after["strength"],
                pinned=bool(after["pinned"]),
                verified=bool(after["verified_by_user"]),
                actor=c.actor,
                source=c.source,
                reason=c.reason or "operator correction",
                turn=change["turn"] if c.create else None,
            )
        )
    return out


def apply_to_served(con: Any, by_context: dict[str, list[VerifiedValue]]) -> None:
    """Set the values in each context's saved state and render its served context again."""
    if not by_context:
        return
    config = current_config(con)
    for cid, values in by_context.items():
        row = con.execute("SELECT state FROM contexts WHERE context_id = ?", [cid]).fetchone()
        if row is None:
            continue
        if row[0] is not None:
            state = ContextState.model_validate(parse_json(row[0]))
            for value in values:
                set_value(state, value)
            con.execute("UPDATE contexts SET state = ? WHERE context_id = ?", [json_text(state), cid])
        _render_again(con, cid, values, config)


def set_value(state: ContextState, value: VerifiedValue) -> bool:
    """Put ``value`` on the fact of the state (live or archived); False when the state lacks the key."""
    fact = state.facts.get(value.key) or next((f for f in state.archive if f.key == value.key), None)
    if fact is None and value.turn is not None:
        fact = state.facts[value.key] = Fact(
            key=value.key, value=value.value, norm=value.norm, first_idx=value.turn, last_idx=value.turn
        )
    if fact is None:
        return False
    if fact.value != value.value or fact.norm != value.norm:
        fact.history = [
            *fact.history,
            FactVersion(
                value=fact.value,
                norm=fact.norm,
                idx=fact.last_idx,
                replaced_at=max(state.turn, fact.last_idx),
                reason=value.reason,
                source=value.source if value.source != "pipeline" else "api",  # type: ignore[arg-type]
                actor=value.actor,
            ),
        ]
        fact.value, fact.norm, fact.aliases = value.value, value.norm, []
    updated = Fact.model_validate(
        fact.model_dump()
        | {
            "status": value.status,
            "strength": value.strength,
            "pinned": value.pinned,
            "verified_by_user": value.verified,
        }
    )
    for name in ("status", "strength", "pinned", "verified_by_user"):
        setattr(fact, name, getattr(updated, name))
    return True


def _render_again(con: Any, cid: str, values: list[VerifiedValue], config: Config) -> None:
    """Render the served context from the last compaction with the values set (as Session.context).

    Nothing to do when the context is served raw by the core (no compaction yet, the last one
    failed) or its last compaction was the key-sentence fallback (not made from the state)."""
    stored = compactions(con, cid, True)
    if not stored:
        return
    last = stored[-1]
    record = last.record
    if record.failed or record.fallback or last.state is None:
        return
    state = last.state.model_copy(deep=True)
    if not any([set_value(state, value) for value in values]):
        return
    found = timeline(con, cid)
    messages: list[Message] = [m.message for m in found.messages] if found else []
    recent = [m for m in messages if record.fold_upto <= m.idx <= record.at_turn]
    notice_shown = bool(record.change_notice) and f"Change: {record.change_notice}" in (last.rendered or "")
    rendered = render(
        state, recent, config, record.tokens_in, record.change_notice, notice_in_context=notice_shown
    )
    tail = [m for m in messages if m.idx >= record.fold_upto]
    text = rendered.state_text + (f"\n{RECENT_SEPARATOR}\n{raw_history(tail)}" if tail else "")
    con.execute(
        "UPDATE contexts SET rendered = ?, tokens_context = ? WHERE context_id = ?",
        [text, count_tokens(text), cid],
    )


def reapply_verified(con: Any, cid: str) -> None:
    """After a re-ingest: the operator's verified values of ``cid`` back in its state and served context."""
    rows = con.execute(
        "SELECT f.key, f.value, f.norm, f.status, f.strength, f.pinned, h.actor, h.source, h.reason, "
        "f.last_idx "
        "FROM facts f JOIN (SELECT key, arg_max(actor, version) AS actor, arg_max(source, version) AS "
        "source, arg_max(reason, version) AS reason FROM fact_history WHERE context_id = ? GROUP BY key) h "
        "USING (key) WHERE f.context_id = ? AND f.verified_by_user ORDER BY f.key",
        [cid, cid],
    ).fetchall()
    values = [
        VerifiedValue(
            key, value, norm, status, strength, bool(pinned), True, actor, source, reason or "", turn
        )
        for key, value, norm, status, strength, pinned, actor, source, reason, turn in rows
    ]
    if values:
        apply_to_served(con, {cid: values})
