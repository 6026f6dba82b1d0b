"""Actions on many contexts at once: the breaker switch of a selection, and the export of a list.

Switching a selection is one transaction: every context gets its own switch and its own audit row
(each session's audit shows it), and one ``breaker.bulk`` row records the action as a whole (who,
why, which contexts) under a batch id the per-context rows carry as well.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from data.ops_records import AuditEntry, BreakerState
from data.queries.columns import from_db_time, parse_json
from data.queries.ops import add_audit, set_breaker

MAX_SELECTION = 1000


def set_breakers(
    con: Any,
    mode: str,
    context_ids: Sequence[str],
    reason: str,
    actor: str,
    role: str,
    now: datetime,
    batch_id: str,
) -> list[BreakerState]:
    """Set the switch of every given context (all must be stored) and audit each and the whole."""
    ids = list(dict.fromkeys(context_ids))
    if not ids or len(ids) > MAX_SELECTION:
        raise ValueError(f"a bulk switch takes 1 to {MAX_SELECTION} contexts, not {len(ids)}")
    known = {
        r[0]
        for r in con.execute(
            "SELECT context_id FROM contexts WHERE list_contains(?::VARCHAR[], context_id)", [ids]
        ).fetchall()
    }
    unknown = [cid for cid in ids if cid not in known]
    if unknown:
        raise KeyError(f"unknown context(s): {', '.join(map(repr, unknown[:10]))}")
    states = [set_breaker(con, mode, cid, reason, actor, role, False, f"bulk:{batch_id}", now) for cid in ids]
    add_audit(
        con,
        AuditEntry(
            at=now,
            actor=actor,
            role=role,
            action="breaker.bulk",
            target=f"batch:{batch_id}",
            source="bulk",
            after={"mode": mode, "reason": reason, "contexts": ids, "count": len(ids)},
        ),
    )
    return states


def transcripts(con: Any, context_ids: Sequence[str]) -> dict[str, list[dict[str, Any]]]:
    """The latest version of every turn of each given context, in order, as plain dicts."""
    rows = con.execute(
        "SELECT context_id, idx, role, text, ts, tool_call, tool_result FROM messages "
        "WHERE list_contains(?::VARCHAR[], context_id) "
        "QUALIFY version = max(version) OVER (PARTITION BY context_id, idx) ORDER BY context_id, idx",
        [list(context_ids)],
    ).fetchall()
    out: dict[str, list[dict[str, Any]]] = {}
    for cid, idx, role, text, ts, call, result in rows:
        turn: dict[str, Any] = {"idx": idx, "role": role, "text": text}
        if ts is not None:
            turn["ts"] = from_db_time(ts).isoformat()
        if call is not None:
            turn["tool_call"] = parse_json(call)
        if result is not None:
            turn["tool_result"] = parse_json(result)
        out.setdefault(cid, []).append(turn)
    return out


def current_facts(con: Any, context_ids: Sequence[str]) -> dict[str, list[dict[str, Any]]]:
    """The current facts of each given context (key, value, first turn, status, who verified)."""
    rows = con.execute(
        "SELECT context_id, key, value, first_idx, status, verified_by_user FROM facts "
        "WHERE list_contains(?::VARCHAR[], context_id) ORDER BY context_id, first_idx, key",
        [list(context_ids)],
    ).fetchall()
    out: dict[str, list[dict[str, Any]]] = {}
    for cid, key, value, first, status, verified in rows:
        out.setdefault(cid, []).append(
            {"slot": key, "value": value, "turn": first, "status": status, "verified_by_user": verified}
        )
    return out
