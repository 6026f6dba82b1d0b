"""Reading sessions: search with paging, a context's timeline, one turn's stage traces, compactions."""

from __future__ import annotations

from typing import Any

from core.models import Message
from core.stage_outputs import CompactionRecord
from data.queries import search as search_sql
from data.queries.columns import from_db_time, parse_json, to_utc_naive
from data.records import (
    ContextFilter,
    ContextSummary,
    Page,
    StageTrace,
    StoredCompaction,
    StoredMessage,
    Timeline,
)

SUMMARY_COLUMNS = (
    "context_id, source, lang, created_at, updated_at, turns, tokens_raw, tokens_context, "
    "compactions, health, mode, served_reason, health_metrics"
)
# The sessions grid may sort by these; anything else is refused (column names cannot be parameters).
SORTABLE = frozenset({"context_id", "source", "created_at", "updated_at", "turns", "tokens_raw", "health"})


def _summary(row: tuple[Any, ...]) -> ContextSummary:
    cid, source, lang, created, updated, turns, raw, ctx, comps, health, mode, served, metrics = row
    return ContextSummary(
        context_id=cid,
        source=source,
        lang=lang,
        created_at=from_db_time(created),
        updated_at=from_db_time(updated),
        turns=turns,
        tokens_raw=raw,
        tokens_context=ctx,
        compactions=comps,
        health=health,
        mode=mode,
        served_reason=served or "",
        health_metrics=parse_json(metrics) if metrics else {},
    )


def _where(flt: ContextFilter) -> tuple[str, list[Any]]:
    clauses: list[str] = []
    params: list[Any] = []
    if flt.id_prefix:
        clauses.append("starts_with(lower(context_id), lower(?))")
        params.append(flt.id_prefix.strip())
    if flt.source:
        clauses.append("source = ?")
        params.append(flt.source)
    if flt.health:
        clauses.append("list_contains(?::VARCHAR[], health)")
        params.append(list(flt.health))
    if flt.lang:
        clauses.append("lang = ?")
        params.append(flt.lang)
    if flt.mode:
        clauses.append("mode = ?")
        params.append(flt.mode)
    if flt.updated_from:
        clauses.append("updated_at >= ?")
        params.append(to_utc_naive(flt.updated_from))
    if flt.updated_to:
        clauses.append("updated_at < ?")
        params.append(to_utc_naive(flt.updated_to))
    found, found_params = search_sql.match_clauses(flt)
    clauses += found
    params += found_params
    return (" WHERE " + " AND ".join(clauses)) if clauses else "", params


def find_contexts(
    con: Any, flt: ContextFilter, limit: int, offset: int, order_by: str, descending: bool
) -> Page[ContextSummary]:
    """One page of the contexts matching the filter, newest first by default, with the total."""
    if order_by not in SORTABLE:
        raise ValueError(f"cannot sort sessions by {order_by!r}; choose one of {sorted(SORTABLE)}")
    if limit < 1 or limit > 10_000 or offset < 0:
        raise ValueError(f"page out of range: limit={limit} (1..10000), offset={offset} (>= 0)")
    where, params = _where(flt)
    direction = "DESC" if descending else "ASC"
    # A search scans the turns: the page and its total come from one scan (count(*) OVER ()),
    # not two. Without one, a plain count and a top-N are cheaper than the window.
    searching = bool(flt.text or flt.tool or flt.behind)
    rows = con.execute(
        f"SELECT {SUMMARY_COLUMNS}, {'count(*) OVER ()' if searching else 'NULL'} FROM contexts{where} "
        f"ORDER BY {order_by} {direction}, context_id LIMIT ? OFFSET ?",
        [*params, limit, offset],
    ).fetchall()
    if searching and rows:
        total = rows[0][-1]
    else:  # no search, or past the last page: the total needs its own count
        total = con.execute(f"SELECT count(*) FROM contexts{where}", params).fetchone()[0]
    items = [_summary(r[:-1]) for r in rows]
    return Page[ContextSummary](items=items, total=total, limit=limit, offset=offset)


def context_key(con: Any, context_id: str) -> int | None:
    """The context's dense key (a primary-key lookup), or None if it is not stored.

    Per-context reads filter on ``context_key = ? AND context_id = ?``: the key lets DuckDB skip
    every row group whose min/max key cannot match (bulk ingest appends a context's rows together),
    the id keeps the filter exact.
    """
    row = con.execute("SELECT context_key FROM contexts WHERE context_id = ?", [context_id]).fetchone()
    return row[0] if row else None


def get_context(con: Any, context_id: str) -> ContextSummary | None:
    """The summary row of one context, or None."""
    row = con.execute(f"SELECT {SUMMARY_COLUMNS} FROM contexts WHERE context_id = ?", [context_id]).fetchone()
    return _summary(row) if row else None


def list_sources(con: Any) -> list[str]:
    """Distinct sources, for the filter widget."""
    return [r[0] for r in con.execute("SELECT DISTINCT source FROM contexts ORDER BY source").fetchall()]


# One turn version as stored; _stored_message reads a row of these columns, in this order.
_MESSAGE_COLUMNS = "version, role, text, ts, tokens, tool_call, tool_result, attachments"


def _stored_message(context_id: str, idx: int, row: tuple[Any, ...]) -> StoredMessage:
    version, role, text, ts, tokens, call, result, attachments = row
    message = Message(
        context_id=context_id,
        idx=idx,
        role=role,
        text=text,
        ts=from_db_time(ts),
        tokens=tokens,
        tool_call=parse_json(call),
        tool_result=parse_json(result),
        attachments=parse_json(attachments) or [],
    )
    return StoredMessage(message=message, version=version)


def known_contexts(con: Any, context_ids: list[str]) -> set[str]:
    """Those of the given context ids the store has (one query)."""
    rows = con.execute(
        "SELECT c.context_id FROM contexts c "
        "JOIN (SELECT unnest(?::VARCHAR[]) AS id) w ON c.context_id = w.id",
        [context_ids],
    ).fetchall()
    return {r[0] for r in rows}


def timeline(con: Any, context_id: str) -> Timeline | None:
    """Latest version of every turn and every compaction record, in order; None if unknown."""
    summary = get_context(con, context_id)
    if summary is None:
        return None
    key = context_key(con, context_id)
    rows = con.execute(
        f"SELECT idx, {_MESSAGE_COLUMNS} FROM messages "
        "WHERE context_key = ? AND context_id = ? "
        "QUALIFY version = max(version) OVER (PARTITION BY idx) ORDER BY idx",
        [key, context_id],
    ).fetchall()
    messages = [_stored_message(context_id, row[0], row[1:]) for row in rows]
    records = [c.record for c in compactions(con, context_id, with_state=False)]
    rendered = con.execute("SELECT rendered FROM contexts WHERE context_id = ?", [context_id]).fetchone()[0]
    return Timeline(context=summary, messages=messages, compactions=records, rendered=rendered)


def message_versions(con: Any, context_id: str, idx: int) -> list[StoredMessage]:
    """Every stored version of one turn, oldest first."""
    rows = con.execute(
        f"SELECT {_MESSAGE_COLUMNS} FROM messages "
        "WHERE context_key = ? AND context_id = ? AND idx = ? ORDER BY version",
        [context_key(con, context_id), context_id, idx],
    ).fetchall()
    return [_stored_message(context_id, idx, row) for row in rows]


def stage_traces(con: Any, context_id: str, idx: int) -> list[StageTrace]:
    """The stage outputs recorded for one turn, in the order the stages ran."""
    rows = con.execute(
        "SELECT stage, payload, latency_ms FROM stage_traces "
        "WHERE context_key = ? AND context_id = ? AND idx = ? ORDER BY pos",
        [context_key(con, context_id), context_id, idx],
    ).fetchall()
    return [StageTrace(idx=idx, stage=s, payload=parse_json(p), latency_ms=lat) for s, p, lat in rows]


def traced_turns(con: Any, context_id: str) -> list[int]:
    """The turn indices that have stage traces (the replay's step list)."""
    rows = con.execute(
        "SELECT DISTINCT idx FROM stage_traces WHERE context_key = ? AND context_id = ? ORDER BY idx",
        [context_key(con, context_id), context_id],
    ).fetchall()
    return [r[0] for r in rows]


_COMPACTION_COLUMNS = (
    "seq, at_turn, trigger, tier, fold_upto, tokens_in, tokens_out, ratio, latency_ms, validation, "
    "retries, fallback, failed, error, change_notice, created_at"
)


def _compaction(context_id: str, row: tuple[Any, ...]) -> CompactionRecord:
    (
        seq,
        at_turn,
        trigger,
        tier,
        fold,
        t_in,
        t_out,
        ratio,
        latency,
        validation,
        retries,
        fallback,
        failed,
        error,
        notice,
        created,
    ) = row
    return CompactionRecord(
        context_id=context_id,
        seq=seq,
        at_turn=at_turn,
        trigger=trigger,
        tier=tier,
        fold_upto=fold,
        tokens_in=t_in,
        tokens_out=t_out,
        ratio=ratio,
        latency_ms=parse_json(latency) or {},
        validation=parse_json(validation),
        retries=retries,
        fallback=fallback,
        failed=failed,
        error=error,
        change_notice=notice,
        created_at=from_db_time(created),
    )


def compactions(
    con: Any, context_id: str, with_state: bool = False, seqs: list[int] | None = None
) -> list[StoredCompaction]:
    """A context's compactions by seq (all, or the given seqs), optionally with state and rendered text."""
    extra = ", state, rendered" if with_state else ""
    sql = f"SELECT {_COMPACTION_COLUMNS}{extra} FROM compactions WHERE context_key = ? AND context_id = ?"
    params: list[Any] = [context_key(con, context_id), context_id]
    if seqs is not None:
        sql += " AND list_contains(?::INTEGER[], seq)"
        params.append(list(seqs))
    rows = con.execute(sql + " ORDER BY seq", params).fetchall()
    out = []
    for row in rows:
        record = _compaction(context_id, row[:16])
        state = parse_json(row[16]) if with_state else None
        out.append(StoredCompaction(record=record, state=state, rendered=row[17] if with_state else None))
    return out
