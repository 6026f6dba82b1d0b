"""The one correction path (form, grid, CSV and API alike): check a batch, then apply and log it.

A batch of corrections is validated against the stored facts as a whole; if any row is refused,
nothing is applied (the attempt is still logged in ``corrections`` and ``audit``). Otherwise every
changed fact gets version + 1 in ``facts``, a ``fact_history`` row, a ``corrections`` row and an
``audit`` row, all in the caller's one transaction, with set-based statements so a 100k-row CSV
costs a handful of statements rather than 100k.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

import pyarrow as pa

from data.queries.columns import arrow_table, insert_arrow, json_text, registered
from data.queries.fact_add import insert_new_facts, new_fact
from data.records import CorrectionBatchResult, CorrectionOutcome, FactCorrection

_S, _I, _B, _T = pa.string(), pa.int64(), pa.bool_(), pa.timestamp("us")
HUMAN_SOURCES = frozenset({"form", "grid", "csv", "api"})


def _current_facts(con: Any, pairs: list[tuple[str, str]]) -> dict[tuple[str, str], dict[str, Any]]:
    if not pairs:
        return {}
    rows = con.execute(
        "SELECT f.context_id, f.key, f.value, f.norm, f.status, f.strength, f.pinned, f.verified_by_user, "
        "f.version, f.last_idx, h.recorded_at FROM facts f "
        "JOIN (SELECT unnest(?::VARCHAR[]) AS cid, unnest(?::VARCHAR[]) AS k) w "
        "ON f.context_id = w.cid AND f.key = w.k "
        "LEFT JOIN fact_history h ON h.context_id = f.context_id AND h.key = f.key AND h.version = f.version",
        [[p[0] for p in pairs], [p[1] for p in pairs]],
    ).fetchall()
    names = (
        "value", "norm", "status", "strength", "pinned", "verified_by_user", "version", "last_idx", "last_at",
    )  # fmt: skip
    return {(r[0], r[1]): dict(zip(names, r[2:], strict=True)) for r in rows}


def _known_contexts(con: Any, ids: list[str]) -> set[str]:
    if not ids:
        return set()
    rows = con.execute(
        "SELECT c.context_id FROM contexts c "
        "JOIN (SELECT unnest(?::VARCHAR[]) AS id) w ON c.context_id = w.id",
        [ids],
    ).fetchall()
    return {r[0] for r in rows}


def _proposed(correction: FactCorrection, current: dict[str, Any]) -> dict[str, Any]:
    """The fact's fields after the correction."""
    value = correction.new_value if correction.new_value is not None else current["value"]
    verified = current["verified_by_user"]
    if correction.verified is not None:
        verified = correction.verified
    elif correction.new_value is not None and correction.source in HUMAN_SOURCES:
        verified = True
    return {
        "value": value,
        "norm": correction.new_norm
        or (value.casefold() if correction.new_value is not None else current["norm"]),
        "status": correction.status or current["status"],
        "strength": correction.strength or current["strength"],
        "pinned": correction.pinned if correction.pinned is not None else current["pinned"],
        "verified_by_user": verified,
    }


def evaluate_corrections(
    con: Any, corrections: Sequence[FactCorrection]
) -> tuple[list[CorrectionOutcome], list[dict[str, Any]]]:
    """Check every row against the stored facts; returns the outcomes and the changes to make."""
    pairs = [(c.context_id, c.key) for c in corrections]
    current = _current_facts(con, sorted(set(pairs)))
    known = _known_contexts(con, sorted({c.context_id for c in corrections}))
    first_row: dict[tuple[str, str], int] = {}
    outcomes: list[CorrectionOutcome] = []
    changes: list[dict[str, Any]] = []
    for position, correction in enumerate(corrections):
        row = correction.row if correction.row is not None else position + 1
        pair = (correction.context_id, correction.key)
        fact = current.get(pair)
        base = dict(
            row=row,
            context_id=correction.context_id,
            key=correction.key,
            old_value=fact["value"] if fact else None,
            new_value=correction.new_value,
        )
        error = None
        if pair in first_row:
            error = f"duplicate: row {first_row[pair]} already corrects {correction.key!r} of this context"
        elif correction.context_id not in known:
            error = f"unknown context {correction.context_id!r}"
        elif correction.create and fact is not None:
            error = f"context {correction.context_id!r} already has a fact {correction.key!r}: correct it"
        elif fact is None and correction.create:
            fact = new_fact(con, correction.context_id)
        elif fact is None:
            error = f"context {correction.context_id!r} has no fact {correction.key!r}"
        elif correction.expected_version is not None and correction.expected_version != fact["version"]:
            error = (
                f"fact {correction.key!r} changed since it was shown (now version {fact['version']}, "
                f"edited version {correction.expected_version}); reload and edit again"
            )
        first_row.setdefault(pair, row)
        if error:
            outcomes.append(CorrectionOutcome(**base, status="rejected", error=error))
            continue
        after = _proposed(correction, fact)
        before = {k: fact[k] for k in after}
        if after == before:
            outcomes.append(CorrectionOutcome(**base, status="unchanged", version=fact["version"]))
            continue
        version = fact["version"] + 1
        outcomes.append(CorrectionOutcome(**base, status="applied", version=version))
        if correction.create:
            before = {"value": None}
        changes.append(
            {
                "correction": correction,
                "row": row,
                "before": before,
                "after": after,
                "version": version,
                "turn": fact["last_idx"],
                "last_at": fact["last_at"],
            }
        )
    return outcomes, changes


def write_corrections(
    con: Any,
    batch_id: str,
    corrections: Sequence[FactCorrection],
    outcomes: list[CorrectionOutcome],
    changes: list[dict[str, Any]],
    now: datetime,
) -> None:
    """Apply the changes (facts, fact_history) and log every row (corrections, audit)."""
    if changes:
        _apply_fact_changes(con, changes, now)
    log = {
        name: []
        for name in (
            "batch_id",
            "row_no",
            "context_id",
            "key",
            "old_value",
            "new_value",
            "reason",
            "actor",
            "source",
            "outcome",
            "error",
            "recorded_at",
        )
    }
    for correction, outcome in zip(corrections, outcomes, strict=True):
        for name, value in (
            ("batch_id", batch_id),
            ("row_no", outcome.row),
            ("context_id", outcome.context_id),
            ("key", outcome.key),
            ("old_value", outcome.old_value),
            ("new_value", outcome.new_value),
            ("reason", correction.reason),
            ("actor", correction.actor),
            ("source", correction.source),
            ("outcome", outcome.status),
            ("error", outcome.error),
            ("recorded_at", now),
        ):
            log[name].append(value)
    types = {n: (_I if n == "row_no" else _T if n == "recorded_at" else _S) for n in log}
    insert_arrow(con, "corrections", arrow_table(log, types))
    _audit_corrections(con, batch_id, corrections, changes, outcomes, now)


FUTURE_TOLERANCE = timedelta(days=1)


def _correction_time(now: datetime, last_at: datetime | None) -> datetime:
    """When a correction is recorded: the wall clock, or just after the version it replaces when a
    turn time from the dialogue is slightly later; never a far-future time a dialogue gave."""
    if last_at is None or last_at > now + FUTURE_TOLERANCE:
        return now
    return max(now, last_at)


def _apply_fact_changes(con: Any, changes: list[dict[str, Any]], now: datetime) -> None:
    insert_new_facts(con, [c for c in changes if c["correction"].create], now)
    cols: dict[str, list[Any]] = {
        n: []
        for n in (
            "context_id",
            "key",
            "value",
            "norm",
            "status",
            "strength",
            "pinned",
            "verified_by_user",
            "version",
            "updated_by",
            "source",
            "old_value",
            "turn",
            "reason",
            "recorded_at",
        )
    }
    for change in changes:
        c: FactCorrection = change["correction"]
        after = change["after"]
        for name in ("value", "norm", "status", "strength", "pinned", "verified_by_user"):
            cols[name].append(after[name])
        for name, value in (
            ("context_id", c.context_id),
            ("key", c.key),
            ("version", change["version"]),
            ("updated_by", c.actor),
            ("source", c.source),
            ("old_value", change["before"]["value"]),
            ("turn", change["turn"]),
            ("reason", c.reason),
            ("recorded_at", _correction_time(now, change["last_at"])),
        ):
            cols[name].append(value)
    types = {n: _S for n in cols} | {
        "pinned": _B,
        "verified_by_user": _B,
        "version": _I,
        "turn": _I,
        "recorded_at": _T,
    }
    with registered(con, "_fact_changes", arrow_table(cols, types)):
        con.execute(
            "UPDATE facts SET value = u.value, norm = u.norm, status = u.status, strength = u.strength, "
            "pinned = u.pinned, verified_by_user = u.verified_by_user, version = u.version, "
            "updated_at = u.recorded_at, "
            "updated_by = u.updated_by, source = u.source "
            "FROM _fact_changes u WHERE facts.context_id = u.context_id AND facts.key = u.key"
        )
        con.execute(
            "INSERT INTO fact_history (context_id, context_key, key, version, old_value, new_value, norm, "
            "status, strength, pinned, verified_by_user, turn, reason, actor, source, recorded_at) "
            "SELECT u.context_id, c.context_key, u.key, u.version, u.old_value, u.value, u.norm, u.status, "
            "u.strength, u.pinned, u.verified_by_user, u.turn, u.reason, u.updated_by, u.source, "
            "u.recorded_at "
            "FROM _fact_changes u JOIN contexts c USING (context_id)"
        )


def _audit_corrections(
    con: Any,
    batch_id: str,
    corrections: Sequence[FactCorrection],
    changes: list[dict[str, Any]],
    outcomes: list[CorrectionOutcome],
    now: datetime,
) -> None:
    rows: dict[str, list[Any]] = {
        n: []
        for n in (
            "recorded_at",
            "actor",
            "role",
            "action",
            "target",
            "source",
            "context_id",
            "before",
            "after",
        )
    }

    def add(c: FactCorrection, action: str, target: str, cid: str | None, before: Any, after: Any) -> None:
        for name, value in (
            ("recorded_at", now),
            ("actor", c.actor),
            ("role", c.role),
            ("action", action),
            ("target", target),
            ("source", c.source),
            ("context_id", cid),
            ("before", json_text(before)),
            ("after", json_text(after)),
        ):
            rows[name].append(value)

    if any(o.status == "rejected" for o in outcomes):
        first = corrections[0]
        refused = [
            o.model_dump(include={"row", "context_id", "key", "error"})
            for o in outcomes
            if o.status == "rejected"
        ]
        contexts = {c.context_id for c in corrections}
        cid = next(iter(contexts)) if len(contexts) == 1 else None
        add(
            first,
            "fact.correct.rejected",
            f"batch:{batch_id}",
            cid,
            None,
            {"rows": len(outcomes), "refused": refused},
        )
    for change in changes:
        c = change["correction"]
        after = {**change["after"], "version": change["version"], "reason": c.reason, "batch_id": batch_id}
        action = "fact.add" if c.create else "fact.correct"
        add(c, action, f"fact:{c.context_id}/{c.key}", c.context_id, change["before"], after)
    types = {n: (_T if n == "recorded_at" else _S) for n in rows}
    insert_arrow(con, "audit", arrow_table(rows, types))


def batch_result(batch_id: str, outcomes: list[CorrectionOutcome], applied: bool) -> CorrectionBatchResult:
    """The batch outcome; when not applied, rows that were fine say so (not_applied)."""
    if not applied:
        cleared = {"status": "not_applied", "version": None}
        outcomes = [o if o.status == "rejected" else o.model_copy(update=cleared) for o in outcomes]
    return CorrectionBatchResult(batch_id=batch_id, applied=applied, outcomes=outcomes)
