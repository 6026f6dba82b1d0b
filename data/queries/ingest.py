"""Writing ingest results: whole contexts, columnar, idempotent per (context_id, idx).

A context that is not stored yet is appended to every table with one Arrow INSERT per table for
the whole batch (the fast path, used by bulk ingest). A stored context whose turns are all
unchanged is left alone. A stored context with new or changed turns gets new message versions,
and its derived rows (traces, metrics) from the first changed turn on are replaced; a fact gets a
new version only where its value changed (an operator-verified fact is kept); compactions are
append-only audit records.

The rows are built, without the database, by :mod:`data.queries.ingest_rows`; this module checks
what is stored and writes, in the caller's transaction.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc

from core.models import Fact
from data.queries import served as served_sql
from data.queries.columns import insert_arrow, json_text, registered
from data.queries.fingerprints import _Turn, context_fingerprint
from data.queries.ingest_rows import (
    _CID,
    PreparedSave,
    _add_compactions,
    _add_fact,
    _add_history,
    _add_message,
    _add_metrics,
    _add_traces,
    _Batch,
    _fact_extra,
    gc_paused,
    prepare_save,
    with_context_keys,
)
from data.records import ContextIngest, SaveOutcome


def _append(con: Any, name: str, table: pa.Table) -> None:
    if name == "metrics":
        append_metrics(con, table)
    else:
        insert_arrow(con, name, table)


def append_metrics(con: Any, table: pa.Table) -> None:
    """Insert metric samples and fold them into the hourly rollup, in the caller's transaction."""
    if table.num_rows == 0:
        return
    insert_arrow(con, "metrics", table)
    with registered(con, "_new_metrics", table):
        con.execute(
            "INSERT INTO metric_rollup SELECT date_trunc('hour', recorded_at), source, metric, count(*), "
            "sum(value), min(value), max(value) FROM _new_metrics GROUP BY ALL "
            "ON CONFLICT (bucket, source, metric) DO UPDATE SET n = n + excluded.n, "
            "total = total + excluded.total, "
            "min = least(min, excluded.min), max = greatest(max, excluded.max)"
        )


def _write_batch(con: Any, batch: _Batch, context_key: int) -> None:
    """Append the rows of the one (already stored) context ``batch`` holds."""
    for name, table in batch.tables().items():
        if name != "contexts":
            _append(con, name, with_context_keys(table, [context_key]))


def write_prepared(con: Any, prepared: PreparedSave) -> list[SaveOutcome]:
    """Write a prepared batch in the caller's transaction; one outcome per bundle, in order."""
    with gc_paused():
        return _write_prepared(con, prepared)


def _write_prepared(con: Any, prepared: PreparedSave) -> list[SaveOutcome]:
    ids = [bundle.context_id for bundle in prepared.bundles]
    stored = _stored_fingerprints(con, ids)
    outcomes: list[SaveOutcome] = []
    for bundle, turns, fingerprint in zip(
        prepared.bundles, prepared.turns, prepared.fingerprints, strict=True
    ):
        cid = bundle.context_id
        if cid not in stored:
            first = min((t.message.idx for t in turns), default=None)
            outcomes.append(
                SaveOutcome(
                    context_id=cid, status="created", messages_written=len(turns), first_changed_idx=first
                )
            )
        elif stored[cid] == fingerprint:
            outcomes.append(SaveOutcome(context_id=cid, status="unchanged"))
        else:
            outcomes.append(_update_context(con, bundle, list(turns), prepared.now))
    new_refs = [ref for ref, cid in enumerate(ids) if cid not in stored]
    if not new_refs:
        return outcomes
    fresh_keys = [r[0] for r in con.execute(
        "SELECT nextval('context_key_seq') AS k FROM range(?) ORDER BY k", [len(new_refs)]
    ).fetchall()]  # fmt: skip
    key_by_ref: list[int | None] = [None] * len(ids)
    for ref, key in zip(new_refs, fresh_keys, strict=True):
        key_by_ref[ref] = key
    for name, table in prepared.tables.items():
        if len(new_refs) < len(ids):
            table = _only_contexts(table, new_refs)
        _append(con, name, with_context_keys(table, key_by_ref))
    return outcomes


def _only_contexts(table: pa.Table, refs: list[int]) -> pa.Table:
    """The rows of ``table`` whose dictionary-encoded context_id is one of ``refs``."""
    if table.num_rows == 0 or not refs:
        return table.slice(0, 0)
    column = table.column(_CID).combine_chunks()
    return table.filter(pc.is_in(column.indices, value_set=pa.array(refs, type=pa.int32())))


def save_contexts(con: Any, bundles: Sequence[ContextIngest], now: datetime) -> list[SaveOutcome]:
    """Prepare and write in one go (callers that hold no lock while preparing use the two steps)."""
    return write_prepared(con, prepare_save(bundles, now))


def stored_fingerprints(con: Any, ids: list[str]) -> dict[str, str]:
    """context_id -> stored fingerprint, for the given ids that are stored."""
    return _stored_fingerprints(con, ids)


def _stored_fingerprints(con: Any, ids: list[str]) -> dict[str, str]:
    rows = con.execute(
        "SELECT c.context_id, c.fingerprint FROM contexts c "
        "JOIN (SELECT unnest(?::VARCHAR[]) AS id) wanted ON c.context_id = wanted.id",
        [ids],
    ).fetchall()
    return dict(rows)


def _update_context(con: Any, bundle: ContextIngest, turns: list[_Turn], now: datetime) -> SaveOutcome:
    """A stored context with new or changed turns: new versions, derived rows from there on."""
    cid = bundle.context_id
    key = con.execute("SELECT context_key FROM contexts WHERE context_id = ?", [cid]).fetchone()[0]
    latest = {
        idx: (version, content_hash)
        for idx, version, content_hash in con.execute(
            "SELECT idx, max(version), arg_max(content_hash, version) FROM messages "
            "WHERE context_key = ? AND context_id = ? GROUP BY idx",
            [key, cid],
        ).fetchall()
    }
    batch = _Batch()
    ref = batch.ref(cid)
    changed: list[int] = []
    for turn in sorted(turns, key=lambda t: t.message.idx):
        stored = latest.get(turn.message.idx)
        if stored is not None and stored[1] == turn.content_hash:
            continue
        _add_message(batch, ref, turn, stored[0] + 1 if stored else 1, now)
        changed.append(turn.message.idx)
    if not changed:  # a prefix or a subset of what is stored: nothing new
        return SaveOutcome(context_id=cid, status="unchanged")
    first = min(changed)
    con.execute(
        "DELETE FROM stage_traces WHERE context_key = ? AND context_id = ? AND idx >= ?", [key, cid, first]
    )
    _add_traces(batch, ref, [t for t in bundle.traces if t.idx >= first])
    # metrics are a time series of observations: the new version's samples are appended
    _add_metrics(batch, ref, bundle, [p for p in bundle.metrics if p.idx is None or p.idx >= first])
    next_seq = con.execute(
        "SELECT coalesce(max(seq) + 1, 0) FROM compactions WHERE context_key = ? AND context_id = ?",
        [key, cid],
    ).fetchone()[0]
    later = [c for c in bundle.compactions if c.record.at_turn >= first]
    _add_compactions(batch, ref, bundle, later, first_seq=next_seq, now=now)
    _merge_pipeline_facts(con, batch, ref, bundle, {t.message.idx: t.ts for t in turns}, now)
    _write_batch(con, batch, key)
    _refresh_context_row(con, bundle, key, turns, now)
    served_sql.reapply_verified(con, cid)  # the dialogue's state again, the operator's values kept
    return SaveOutcome(
        context_id=cid, status="updated", messages_written=len(changed), first_changed_idx=first
    )


def _merge_pipeline_facts(
    con: Any,
    batch: _Batch,
    ref: int,
    bundle: ContextIngest,
    ts_by_idx: dict[int, datetime | None],
    now: datetime,
) -> None:
    """New keys get their whole chain; a changed value gets one version; operator-verified facts
    stay unless the user stated another value in a turn after the one the operator corrected."""
    cid = bundle.context_id
    stored = {
        key: (value, norm, version, verified, latest, turn)
        for key, value, norm, version, verified, latest, turn in con.execute(
            "SELECT f.key, f.value, f.norm, f.version, f.verified_by_user, h.latest, h.turn FROM facts f "
            "LEFT JOIN (SELECT key, max(recorded_at) AS latest, arg_max(turn, version) AS turn "
            "FROM fact_history WHERE context_id = ? GROUP BY key) h USING (key) WHERE f.context_id = ?",
            [cid, cid],
        ).fetchall()
    }
    for fact in bundle.facts:
        if fact.key not in stored:
            _add_fact(batch, ref, fact, now)
            _add_history(batch, ref, fact, ts_by_idx, now, start_version=1, old_value=None)
            continue
        value, norm, version, verified, latest, turn = stored[fact.key]
        if fact.value == value and fact.norm == norm:
            continue
        if verified and not (fact.role == "user" and fact.last_idx > (turn if turn is not None else -1)):
            continue  # the user has not spoken of it since the turn the operator corrected
        _update_fact_row(con, cid, fact, version + 1, now)
        current = fact.model_copy(update={"history": []})
        _add_history(
            batch,
            ref,
            current,
            ts_by_idx,
            now,
            start_version=version + 1,
            old_value=value,
            reason="re-ingest: value changed",
            floor=latest,
        )


def _update_fact_row(con: Any, cid: str, fact: Fact, version: int, now: datetime) -> None:
    extra = _fact_extra(fact)
    con.execute(
        "UPDATE facts SET value = ?, norm = ?, strength = ?, kind = ?, status = ?, weight = ?, "
        "first_idx = ?, last_idx = ?, mentions = ?, role = ?, pinned = ?, negated = ?, version = ?, "
        "verified_by_user = ?, updated_at = ?, updated_by = 'pipeline', source = 'pipeline', extra = ? "
        "WHERE context_id = ? AND key = ?",
        [
            fact.value,
            fact.norm,
            fact.strength,
            fact.kind,
            fact.status,
            fact.weight,
            fact.first_idx,
            fact.last_idx,
            fact.mentions,
            fact.role,
            fact.pinned,
            fact.negated,
            version,
            fact.verified_by_user,
            now,
            extra.decode() if extra else None,
            cid,
            fact.key,
        ],
    )


def _refresh_context_row(
    con: Any, bundle: ContextIngest, key: int, turns: list[_Turn], now: datetime
) -> None:
    """Recompute the context row from what is stored now (after the new versions were written).

    The mode is left alone: after creation it belongs to the circuit breaker.
    """
    cid = bundle.context_id
    merged = con.execute(
        "SELECT idx, arg_max(content_hash, version) FROM messages WHERE context_key = ? AND context_id = ? "
        "GROUP BY idx",
        [key, cid],
    ).fetchall()
    times = [t.ts for t in turns if t.ts is not None]
    con.execute(
        "UPDATE contexts SET updated_at = greatest(updated_at, ?), turns = ?, "
        "tokens_raw = coalesce(?, (SELECT coalesce(sum(tokens), 0) FROM (SELECT arg_max(tokens, version) "
        "  AS tokens FROM messages WHERE context_key = ? GROUP BY idx))), "
        "tokens_context = ?, compactions = (SELECT count(*) FROM compactions WHERE context_key = ?), "
        "health = ?, fingerprint = ?, rendered = coalesce(?, rendered), state = coalesce(?, state), "
        "served_reason = ?, health_metrics = ? WHERE context_id = ?",
        [
            max(times) if times else now,
            len(merged),
            bundle.tokens_raw,
            key,
            bundle.tokens_context,
            key,
            bundle.health,
            context_fingerprint(merged),
            bundle.rendered,
            json_text(bundle.state),
            bundle.served_reason,
            json_text(bundle.health_metrics),
            cid,
        ],
    )
