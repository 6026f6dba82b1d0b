"""Writing the service's live sessions: many contexts' new turns in a handful of set-based statements.

A DuckDB statement costs milliseconds whatever its size (measured here: 2-4 ms for a one-row
SELECT on a busy 2-core machine), and the ingest's update path runs about ten per context. The
service appends to live contexts whose stored state it knows (the turns below ``first`` are
stored, ``stored_compactions`` compactions too, ``saved_facts`` are the values stored), so one
batch of requests from many contexts becomes one Arrow INSERT per table plus a few
UPDATE ... FROM statements, whatever the number of contexts. Contexts not stored yet take the
ingest's own fast path (``write_prepared``). The caller's transaction holds it all.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import pyarrow as pa

from data.ops_records import AuditEntry
from data.queries.columns import arrow_table, insert_arrow, json_text, registered, to_utc_naive
from data.queries.fingerprints import context_fingerprint, prepare_turn
from data.queries.ingest import append_metrics, write_prepared
from data.queries.ingest_rows import (
    _add_compactions,
    _add_fact,
    _add_history,
    _add_message,
    _add_metrics,
    _add_traces,
    _Batch,
    _fact_extra,
    prepare_save,
    with_context_keys,
)
from data.records import ContextIngest

_S, _I, _F, _B, _T = pa.string(), pa.int64(), pa.float64(), pa.bool_(), pa.timestamp("us")


@dataclass
class LiveAppend:
    """One request's save: the whole context as bundled, and what of it the store holds already."""

    bundle: ContextIngest
    audit: AuditEntry
    stored: bool = False  # the context has a row already
    first: int = 0  # turns from this idx on are new
    stored_compactions: int = 0  # the bundle's compactions before this index are stored
    first_seq: int = 0  # the seq the first new compaction gets (the stored count)
    saved_facts: dict[str, tuple[str, str]] = field(default_factory=dict)  # key -> (value, norm) stored
    clock: tuple[str, int] | None = None
    state_json: str | None = None  # the state's JSON when the bundle carries none (a stored context)
    fingerprint: str | None = None  # of all the bundle's turns (RunningFingerprint), else computed here


def clocks(con: Any, context_ids: list[str]) -> dict[str, tuple[str, int]]:
    """context_id -> (session_id, lamport) stored, for the given ids."""
    rows = con.execute(
        "SELECT a.context_id, a.session_id, a.lamport FROM api_clocks a "
        "JOIN (SELECT unnest(?::VARCHAR[]) AS id) w ON a.context_id = w.id",
        [context_ids],
    ).fetchall()
    return {r[0]: (r[1], int(r[2])) for r in rows}


def write_live(con: Any, items: Sequence[LiveAppend], now: datetime) -> None:
    """Save every item's new rows, clocks and audit rows (in the caller's transaction)."""
    new = [i for i in items if not i.stored]
    known = [i for i in items if i.stored]
    if new:
        write_prepared(con, prepare_save([i.bundle for i in new], now))
    if known:
        _append_known(con, known, now)
    _write_clocks(con, [i for i in items if i.clock is not None], now)
    _write_audit(con, [i.audit for i in items])


def _append_known(con: Any, items: Sequence[LiveAppend], now: datetime) -> None:
    ids = [i.bundle.context_id for i in items]
    keys = dict(
        con.execute(
            "SELECT c.context_id, c.context_key FROM contexts c "
            "JOIN (SELECT unnest(?::VARCHAR[]) AS id) w ON c.context_id = w.id",
            [ids],
        ).fetchall()
    )
    missing = [cid for cid in ids if cid not in keys]
    if missing:
        raise KeyError(f"contexts not stored (removed while live?): {', '.join(missing[:5])}")
    batch = _Batch()
    changed: dict[str, list[Any]] = {name: [] for name in _CHANGED_TYPES}
    context_rows: dict[str, list[Any]] = {name: [] for name in _CONTEXT_UPDATE_TYPES}
    for item in items:
        bundle = item.bundle
        ref = batch.ref(bundle.context_id)
        # the new turns only, when the fingerprint comes with the item: preparing the whole history
        # on every save made a session's saves quadratic in its length
        whole = item.fingerprint is None
        turns = [prepare_turn(m) for m in bundle.messages if whole or m.idx >= item.first]
        ts_by_idx = {m.idx: to_utc_naive(m.ts) for m in bundle.messages}
        for turn in turns:
            if turn.message.idx >= item.first:
                _add_message(batch, ref, turn, 1, now)
        _add_traces(batch, ref, [t for t in bundle.traces if t.idx >= item.first])
        _add_metrics(batch, ref, bundle, [p for p in bundle.metrics if p.idx is None or p.idx >= item.first])
        later = bundle.compactions[item.stored_compactions :]
        _add_compactions(batch, ref, bundle, later, first_seq=item.first_seq, now=now)
        for fact in bundle.facts:
            saved = item.saved_facts.get(fact.key)
            if saved is None:
                _add_fact(batch, ref, fact, now)
                _add_history(batch, ref, fact, ts_by_idx, now, start_version=1, old_value=None)
            elif saved != (fact.value, fact.norm):
                reason = fact.history[-1].reason if fact.history else "stated"
                turn_ts = ts_by_idx.get(fact.last_idx) or now
                for name, value in (
                    ("context_id", bundle.context_id), ("key", fact.key), ("value", fact.value),
                    ("norm", fact.norm), ("strength", fact.strength), ("kind", fact.kind),
                    ("status", fact.status), ("weight", fact.weight), ("first_idx", fact.first_idx),
                    ("last_idx", fact.last_idx), ("mentions", fact.mentions), ("role", fact.role),
                    ("pinned", fact.pinned), ("negated", fact.negated), ("extra", _text(_fact_extra(fact))),
                    ("reason", reason or "stated"), ("recorded_at", max(turn_ts, now)),
                ):  # fmt: skip
                    changed[name].append(value)
        times = [ts for ts in ts_by_idx.values() if ts is not None]
        hashes = [(t.message.idx, t.content_hash) for t in turns]
        fingerprint = item.fingerprint or context_fingerprint(hashes)
        for name, value in (
            ("context_id", bundle.context_id), ("updated_at", max(times) if times else now),
            ("turns", len(bundle.messages)),
            ("tokens_raw", bundle.tokens_raw if bundle.tokens_raw is not None
             else sum(m.tokens for m in bundle.messages)),
            ("tokens_context", bundle.tokens_context), ("compactions_added", len(later)),
            ("health", bundle.health),
            ("fingerprint", fingerprint),
            ("rendered", bundle.rendered), ("state", item.state_json or json_text(bundle.state)),
            ("served_reason", bundle.served_reason), ("health_metrics", json_text(bundle.health_metrics)),
        ):  # fmt: skip
            context_rows[name].append(value)
    key_by_ref = [keys[cid] for cid in batch.context_ids]
    for name, table in batch.tables().items():
        if name == "contexts" or table.num_rows == 0:
            continue
        table = with_context_keys(table, key_by_ref)
        if name == "metrics":
            append_metrics(con, table)
        else:
            insert_arrow(con, name, table)
    if changed["key"]:
        _update_changed_facts(con, arrow_table(changed, _CHANGED_TYPES))
    with registered(con, "_svc_contexts", arrow_table(context_rows, _CONTEXT_UPDATE_TYPES)):
        con.execute(
            "UPDATE contexts SET updated_at = greatest(contexts.updated_at, u.updated_at), turns = u.turns, "
            "tokens_raw = u.tokens_raw, tokens_context = u.tokens_context, "
            "compactions = contexts.compactions + u.compactions_added, health = u.health, "
            "fingerprint = u.fingerprint, rendered = coalesce(u.rendered, contexts.rendered), "
            "state = coalesce(u.state, contexts.state), served_reason = u.served_reason, "
            "health_metrics = u.health_metrics "
            "FROM _svc_contexts u WHERE contexts.context_id = u.context_id"
        )


def _text(value: bytes | None) -> str | None:
    return value.decode("utf-8") if value is not None else None


_CHANGED_TYPES = {
    "context_id": _S, "key": _S, "value": _S, "norm": _S, "strength": _S, "kind": _S, "status": _S,
    "weight": _F, "first_idx": _I, "last_idx": _I, "mentions": _I, "role": _S, "pinned": _B,
    "negated": _B, "extra": _S, "reason": _S, "recorded_at": _T,
}  # fmt: skip
_CONTEXT_UPDATE_TYPES = {
    "context_id": _S, "updated_at": _T, "turns": _I, "tokens_raw": _I, "tokens_context": _I,
    "compactions_added": _I, "health": _S, "fingerprint": _S, "rendered": _S, "state": _S,
    "served_reason": _S, "health_metrics": _S,
}  # fmt: skip


def _update_changed_facts(con: Any, table: pa.Table) -> None:
    """A new version of each changed pipeline fact (history first, from the stored row); facts an
    operator verified are left as they are, as the ingest leaves them."""
    where = (
        "f.context_id = u.context_id AND f.key = u.key AND NOT f.verified_by_user "
        "AND (f.value <> u.value OR f.norm <> u.norm)"
    )
    with registered(con, "_svc_facts", table):
        con.execute(
            "INSERT INTO fact_history (context_id, context_key, key, version, old_value, new_value, norm, "
            "status, strength, pinned, verified_by_user, turn, reason, actor, source, recorded_at) "
            "SELECT u.context_id, f.context_key, u.key, f.version + 1, f.value, u.value, u.norm, u.status, "
            "u.strength, u.pinned, false, u.last_idx, u.reason, 'pipeline', 'pipeline', u.recorded_at "
            f"FROM _svc_facts u JOIN facts f ON {where}"
        )
        con.execute(
            "UPDATE facts f SET value = u.value, norm = u.norm, strength = u.strength, kind = u.kind, "
            "status = u.status, weight = u.weight, first_idx = u.first_idx, last_idx = u.last_idx, "
            "mentions = u.mentions, role = u.role, pinned = u.pinned, negated = u.negated, "
            "version = f.version + 1, updated_at = u.recorded_at, updated_by = 'pipeline', "
            f"source = 'pipeline', extra = u.extra FROM _svc_facts u WHERE {where}"
        )


def _write_clocks(con: Any, items: Sequence[LiveAppend], now: datetime) -> None:
    if not items:
        return
    cols = {
        "context_id": [i.bundle.context_id for i in items],
        "session_id": [i.clock[0] for i in items if i.clock],
        "lamport": [i.clock[1] for i in items if i.clock],
        "updated_at": [now] * len(items),
    }
    with registered(
        con,
        "_svc_clocks",
        arrow_table(cols, {"context_id": _S, "session_id": _S, "lamport": _I, "updated_at": _T}),
    ):
        con.execute(
            "INSERT INTO api_clocks SELECT context_id, session_id, lamport, updated_at FROM _svc_clocks "
            "ON CONFLICT (context_id) DO UPDATE SET session_id = excluded.session_id, "
            "lamport = excluded.lamport, updated_at = excluded.updated_at"
        )


def _write_audit(con: Any, entries: Sequence[AuditEntry]) -> None:
    cols: dict[str, list[Any]] = {
        "recorded_at": [to_utc_naive(e.at) for e in entries],
        "actor": [e.actor for e in entries],
        "role": [e.role for e in entries],
        "action": [e.action for e in entries],
        "target": [e.target for e in entries],
        "source": [e.source for e in entries],
        "context_id": [e.context_id for e in entries],
        "before": [json_text(e.before) for e in entries],
        "after": [json_text(e.after) for e in entries],
    }
    types = {name: _S for name in cols} | {"recorded_at": _T}
    insert_arrow(con, "audit", arrow_table(cols, types))
