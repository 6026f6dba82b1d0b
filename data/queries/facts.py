"""Reading facts with their history: a context's current facts and every version of one.

A fact's stored history (``fact_history``, one row per version) is also turned into the core's
view of it (each earlier value and the change that replaced it), so a fact read back is the Fact
the core would hold. The one correction path that writes them is :mod:`data.queries.corrections`.
"""

from __future__ import annotations

import itertools
from typing import Any

from core.models import Fact, FactVersion
from data.queries.columns import from_db_time, parse_json
from data.queries.sessions import context_key
from data.records import FactHistoryEntry, FactRecord

_FACT_COLUMNS = (
    "key, value, norm, strength, kind, status, weight, first_idx, last_idx, mentions, role, pinned, "
    "negated, verified_by_user, version, updated_at, updated_by, source, extra"
)
_HISTORY_COLUMNS = (
    "version, old_value, new_value, norm, status, strength, pinned, verified_by_user, turn, reason, "
    "actor, source, recorded_at"
)


def _history_entry(row: tuple[Any, ...]) -> FactHistoryEntry:
    (version, old, new, norm, status, strength, pinned, verified, turn, reason, actor, source, at) = row
    return FactHistoryEntry(
        version=version,
        old_value=old,
        new_value=new,
        norm=norm,
        status=status,
        strength=strength,
        pinned=pinned,
        verified_by_user=verified,
        turn=turn,
        reason=reason,
        actor=actor,
        source=source,
        at=from_db_time(at),
    )


def _core_history(entries: list[FactHistoryEntry]) -> list[FactVersion]:
    """The core's view of the history: each earlier value and the change that replaced it."""
    versions = []
    for before, after in itertools.pairwise(entries):
        if after.new_value == before.new_value:
            continue  # an attribute-only change is not an earlier value
        versions.append(
            FactVersion(
                value=before.new_value,
                norm=before.norm,
                idx=before.turn if before.turn is not None else -1,
                replaced_at=after.turn if after.turn is not None else -1,
                reason=after.reason,
                source=after.source,
                actor=after.actor,
            )
        )
    return versions


def fact_history(con: Any, context_id: str, key: str) -> list[FactHistoryEntry]:
    """Every version of one fact, oldest first."""
    rows = con.execute(
        f"SELECT {_HISTORY_COLUMNS} FROM fact_history "
        "WHERE context_key = ? AND context_id = ? AND key = ? ORDER BY version",
        [context_key(con, context_id), context_id, key],
    ).fetchall()
    return [_history_entry(r) for r in rows]


def facts(con: Any, context_id: str, with_history: bool = True) -> list[FactRecord]:
    """A context's current facts ordered by key, each with its history when asked."""
    ckey = context_key(con, context_id)
    rows = con.execute(
        f"SELECT {_FACT_COLUMNS} FROM facts WHERE context_key = ? AND context_id = ? ORDER BY key",
        [ckey, context_id],
    ).fetchall()
    history: dict[str, list[FactHistoryEntry]] = {}
    if with_history:
        for row in con.execute(
            f"SELECT key, {_HISTORY_COLUMNS} FROM fact_history WHERE context_key = ? AND context_id = ? "
            "ORDER BY key, version",
            [ckey, context_id],
        ).fetchall():
            history.setdefault(row[0], []).append(_history_entry(row[1:]))
    out = []
    for row in rows:
        (
            key,
            value,
            norm,
            strength,
            kind,
            status,
            weight,
            first_idx,
            last_idx,
            mentions,
            role,
            pinned,
            negated,
            verified,
            version,
            updated_at,
            updated_by,
            source,
            extra,
        ) = row
        entries = history.get(key, [])
        fact = Fact.model_validate(
            {
                **(parse_json(extra) or {}),
                "key": key,
                "value": value,
                "norm": norm,
                "strength": strength,
                "kind": kind,
                "status": status,
                "weight": weight,
                "first_idx": first_idx,
                "last_idx": last_idx,
                "mentions": mentions,
                "role": role,
                "pinned": pinned,
                "negated": negated,
                "verified_by_user": verified,
                "history": _core_history(entries),
            }
        )
        out.append(
            FactRecord(
                context_id=context_id,
                fact=fact,
                version=version,
                updated_at=from_db_time(updated_at),
                updated_by=updated_by,
                source=source,
                history=entries,
            )
        )
    return out
