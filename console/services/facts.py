"""A context's facts for the Facts screen, and the form and grid corrections of them.

The form, the grid and the CSV upload all build ``FactCorrection`` events and send them through
``Store.apply_corrections`` (one path, one transaction per batch, audited with who, when and from
where); this module builds the form's and the grid's events. A viewer is refused here, not only
by a disabled button.

    >>> corrections = grid_corrections(shown, edited, context_id="c1", actor="ana", role="operator")
    >>> result = correct_facts(store, corrections, role="operator")
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, get_args

import pandas as pd
from pydantic import BaseModel

from console.services.permissions import require_actor, require_writer
from core.model_kinds import FactStatus, Strength
from data.records import CorrectionBatchResult, FactCorrection, FactHistoryEntry, FactRecord
from data.store import Store

STATUSES: tuple[str, ...] = get_args(FactStatus)
STRENGTHS: tuple[str, ...] = get_args(Strength)
EDITABLE_COLUMNS = ("value", "status", "strength", "pinned", "verified")
FACT_COLUMNS = (
    "key",
    "value",
    "status",
    "strength",
    "pinned",
    "verified",
    "kind",
    "role",
    "weight",
    "mentions",
    "versions",
    "first_turn",
    "last_turn",
    "updated_by",
    "source",
    "updated_at",
    "version",
)
GRID_REASON = "edited in the facts grid"


class FactSummary(BaseModel):
    """Counts shown above the facts grid."""

    total: int
    active: int
    decayed: int
    verified: int
    pinned: int
    corrected: int


def load_facts(store: Store, context_id: str) -> list[FactRecord]:
    """The context's current facts, each with every stored version."""
    return store.facts(context_id, with_history=True)


def summarize(records: Sequence[FactRecord]) -> FactSummary:
    """How many facts, and how many of them are active, decayed, verified, pinned, corrected."""
    facts = [r.fact for r in records]
    return FactSummary(
        total=len(facts),
        active=sum(f.status == "active" for f in facts),
        decayed=sum(f.status in ("decayed", "archived") for f in facts),
        verified=sum(f.verified_by_user for f in facts),
        pinned=sum(f.pinned for f in facts),
        corrected=sum(any(h.source != "pipeline" for h in r.history) for r in records),
    )


def facts_frame(records: Sequence[FactRecord]) -> pd.DataFrame:
    """One row per fact for the grid; ``key`` identifies the row, ``version`` guards edits."""
    rows = [
        {
            "key": r.fact.key,
            "value": r.fact.value,
            "status": r.fact.status,
            "strength": r.fact.strength,
            "pinned": bool(r.fact.pinned),
            "verified": bool(r.fact.verified_by_user),
            "kind": r.fact.kind,
            "role": r.fact.role,
            "weight": round(float(r.fact.weight), 3),
            "mentions": int(r.fact.mentions),
            "versions": len(r.history),
            "first_turn": int(r.fact.first_idx),
            "last_turn": int(r.fact.last_idx),
            "updated_by": r.updated_by,
            "source": r.source,
            "updated_at": r.updated_at.strftime("%Y-%m-%d %H:%M:%S"),
            "version": int(r.version),
        }
        for r in records
    ]
    return pd.DataFrame(rows, columns=list(FACT_COLUMNS))


def history_frame(entries: Sequence[FactHistoryEntry]) -> pd.DataFrame:
    """A fact's versions, newest first: what it became, from what, who, from where, why."""
    rows = [
        {
            "version": e.version,
            "at": e.at.strftime("%Y-%m-%d %H:%M:%S"),
            "old_value": e.old_value if e.old_value is not None else "",
            "new_value": e.new_value,
            "status": e.status,
            "strength": e.strength,
            "pinned": e.pinned,
            "verified": e.verified_by_user,
            "turn": e.turn,
            "actor": e.actor,
            "source": e.source,
            "reason": e.reason,
        }
        for e in reversed(entries)
    ]
    columns = [
        "version",
        "at",
        "old_value",
        "new_value",
        "status",
        "strength",
        "pinned",
        "verified",
        "turn",
        "actor",
        "source",
        "reason",
    ]
    return pd.DataFrame(rows, columns=columns)


def form_correction(
    records: Sequence[FactRecord],
    *,
    context_id: str,
    key: str,
    new_value: str,
    reason: str,
    actor: str,
    role: str,
) -> FactCorrection:
    """The correction event of the form: a new value with a reason; ValueError names what is wrong."""
    record = next((r for r in records if r.fact.key == key), None)
    if record is None:
        raise ValueError(f"context {context_id!r} has no fact {key!r}")
    value = (new_value or "").strip()
    if not value:
        raise ValueError("the new value is empty")
    if not (reason or "").strip():
        raise ValueError("say why the value is wrong (the reason goes into the fact's history)")
    return _form_event(context_id, key, value, reason, actor, role, expected_version=record.version)


def added_fact(
    records: Sequence[FactRecord],
    *,
    context_id: str,
    key: str,
    value: str,
    reason: str,
    actor: str,
    role: str,
) -> FactCorrection:
    """The correction event that adds a fact the pipeline missed (a key the context lacks).

    Same path as a correction: validated, applied in one transaction, audited as ``fact.add``,
    marked verified by a user; ValueError names what is wrong."""
    key, value = (key or "").strip(), (value or "").strip()
    if not key:
        raise ValueError("the new fact needs a key, e.g. restaurant.area")
    if any(r.fact.key == key for r in records):
        raise ValueError(f"context {context_id!r} already has a fact {key!r}: correct it instead")
    if not value:
        raise ValueError("the new fact needs a value")
    if not (reason or "").strip():
        raise ValueError("say where the value comes from (the reason goes into the fact's history)")
    return _form_event(context_id, key, value, reason, actor, role, create=True)


def _form_event(
    context_id: str, key: str, value: str, reason: str, actor: str, role: str, **how: Any
) -> FactCorrection:
    """The correction event a form makes (verified by the user who filed it)."""
    return FactCorrection(
        context_id=context_id,
        key=key,
        new_value=value,
        reason=reason.strip(),
        actor=require_actor(actor),
        role=role,
        source="form",
        verified=True,
        **how,
    )


def _as_bool(value: Any, where: str) -> bool:
    if isinstance(value, bool):
        return value
    if value is None or (isinstance(value, float) and pd.isna(value)):
        return False
    text = str(value).strip().lower()
    if text in ("true", "1", "yes", "y"):
        return True
    if text in ("false", "0", "no", "n", ""):
        return False
    raise ValueError(f"{where}: {value!r} is not true or false")


def grid_corrections(
    shown: pd.DataFrame,
    edited: pd.DataFrame,
    *,
    context_id: str,
    actor: str,
    role: str,
    reason: str = "",
) -> list[FactCorrection]:
    """The correction events for the cells an operator changed in the grid (source 'grid').

    ``shown`` is the frame the grid was given, ``edited`` what it returned; rows are matched by key
    and each carries the version it was shown at, so an edit of a fact that changed meanwhile is
    refused by the Store instead of overwriting the newer value. ValueError names a bad cell."""
    if edited is None or edited.empty:
        return []
    before = {str(row["key"]): row for row in shown.to_dict("records")}
    out: list[FactCorrection] = []
    for row in edited.to_dict("records"):
        key = str(row.get("key", ""))
        old = before.get(key)
        if old is None:
            continue  # a row the grid invented (none can be added); ignore it
        change: dict[str, Any] = {}
        value = "" if row.get("value") is None else str(row["value"]).strip()
        if value != str(old["value"]):
            if not value:
                raise ValueError(f"{key}: the value is empty")
            change["new_value"] = value
        for column, allowed in (("status", STATUSES), ("strength", STRENGTHS)):
            cell = str(row.get(column, old[column])).strip()
            if cell != old[column]:
                if cell not in allowed:
                    raise ValueError(f"{key}: {column} must be one of {', '.join(allowed)}, not {cell!r}")
                change[column] = cell
        for column, target in (("pinned", "pinned"), ("verified", "verified")):
            flag = _as_bool(row.get(column, old[column]), f"{key}: {column}")
            if flag != bool(old[column]):
                change[target] = flag
        if change:
            out.append(
                FactCorrection(
                    context_id=context_id,
                    key=key,
                    reason=(reason or "").strip() or GRID_REASON,
                    actor=require_actor(actor),
                    role=role,
                    source="grid",
                    expected_version=int(old["version"]),
                    **change,
                )
            )
    return out


def correct_facts(store: Store, corrections: Sequence[FactCorrection], *, role: str) -> CorrectionBatchResult:
    """Apply form or grid corrections as one all-or-nothing batch; refuses a viewer."""
    if not corrections:
        require_writer(role, "correct facts", actor="")
        raise ValueError("nothing to correct")
    require_writer(role, "correct facts", actor=corrections[0].actor)
    for c in corrections:
        if c.role != role:
            raise PermissionError(f"a correction by role {c.role!r} cannot be sent as {role!r}")
        if c.actor != corrections[0].actor:
            raise PermissionError("one batch of corrections is sent by one actor")
    return store.apply_corrections(list(corrections))


def describe_outcomes(result: CorrectionBatchResult) -> list[str]:
    """One line per row for the operator: 'key: old -> new (version n)' or the refusal."""
    lines = []
    for o in result.outcomes:
        if o.status == "applied":
            change = f"{o.old_value} → {o.new_value}" if o.new_value is not None else "attributes changed"
            change = f"added {o.new_value}" if o.old_value is None and o.new_value is not None else change
            lines.append(f"{o.key}: {change} (version {o.version})")
        elif o.status == "unchanged":
            lines.append(f"{o.key}: no change")
        elif o.status == "rejected":
            lines.append(f"row {o.row}, {o.key}: {o.error}")
        else:
            lines.append(f"{o.key}: not applied (another row was refused)")
    return lines
