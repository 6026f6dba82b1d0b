"""Health metrics over time: samples appended as a time series, read back per hour or day."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, Literal

import pyarrow as pa

from data.queries.columns import arrow_table, from_db_time, insert_arrow, to_utc_naive
from data.records import CompactionStats, MetricBucket, MetricPoint

Bucket = Literal["hour", "day"]
_TYPES = {
    "context_id": pa.string(),
    "source": pa.string(),
    "metric": pa.string(),
    "value": pa.float64(),
    "idx": pa.int64(),
    "recorded_at": pa.timestamp("us"),
}


def add_metrics(con: Any, points: Sequence[MetricPoint]) -> int:
    """Append samples (one Arrow insert); returns how many."""
    cols: dict[str, list[Any]] = {name: [] for name in _TYPES}
    for p in points:
        for name, value in (
            ("context_id", p.context_id),
            ("source", p.source),
            ("metric", p.metric),
            ("value", p.value),
            ("idx", p.idx),
            ("recorded_at", to_utc_naive(p.at)),
        ):
            cols[name].append(value)
    insert_arrow(con, "metrics", arrow_table(cols, _TYPES))
    return len(points)


def _range(start: datetime | None, end: datetime | None, column: str) -> tuple[list[str], list[Any]]:
    clauses, params = [], []
    if start:
        clauses.append(f"{column} >= ?")
        params.append(to_utc_naive(start))
    if end:
        clauses.append(f"{column} < ?")
        params.append(to_utc_naive(end))
    return clauses, params


def metric_series(
    con: Any,
    metrics: Sequence[str] | None,
    bucket: Bucket,
    source: str | None,
    start: datetime | None,
    end: datetime | None,
) -> list[MetricBucket]:
    """Per bucket and metric: every source's aggregate and the overall one (source '')."""
    if bucket not in ("hour", "day"):
        raise ValueError(f"bucket must be 'hour' or 'day', not {bucket!r}")
    clauses, params = _range(start, end, "recorded_at")
    if metrics:
        clauses.append("list_contains(?::VARCHAR[], metric)")
        params.append(list(metrics))
    if source is not None:
        clauses.append("source = ?")
        params.append(source)
    where = (" WHERE " + " AND ".join(clauses)) if clauses else ""
    rows = con.execute(
        "SELECT date_trunc(?, recorded_at) AS bucket, coalesce(source, '') AS src, metric, count(*) AS n, "
        "avg(value), "
        "quantile_cont(value, 0.5), quantile_cont(value, 0.95), min(value), max(value) "
        f"FROM metrics{where} GROUP BY GROUPING SETS ((bucket, metric, source), (bucket, metric)) "
        "ORDER BY bucket, metric, src",
        [bucket, *params],
    ).fetchall()
    out = []
    for b, src, metric, n, mean, p50, p95, lo, hi in rows:
        out.append(
            MetricBucket(
                bucket=from_db_time(b),
                source=src,
                metric=metric,
                n=n,
                mean=mean,
                p50=p50,
                p95=p95,
                min=lo,
                max=hi,
            )
        )
    return out


def compaction_stats(
    con: Any, bucket: Bucket, source: str | None, start: datetime | None, end: datetime | None
) -> list[CompactionStats]:
    """Per bucket and source ('' overall): compactions, passed, fallen back, failed, latency p50/p95."""
    if bucket not in ("hour", "day"):
        raise ValueError(f"bucket must be 'hour' or 'day', not {bucket!r}")
    clauses, params = _range(start, end, "k.created_at")
    if source is not None:
        clauses.append("c.source = ?")
        params.append(source)
    where = (" WHERE " + " AND ".join(clauses)) if clauses else ""
    rows = con.execute(
        "SELECT date_trunc(?, k.created_at) AS bucket, coalesce(c.source, '') AS src, count(*) AS n, "
        "count(*) FILTER (WHERE coalesce(k.validation_ok, true) AND NOT k.fallback AND NOT k.failed) "
        "AS passed, "
        "count(*) FILTER (WHERE k.fallback) AS fallback, count(*) FILTER (WHERE k.failed) AS failed, "
        "quantile_cont(k.latency_total_ms, 0.5) AS p50, quantile_cont(k.latency_total_ms, 0.95) AS p95 "
        f"FROM compactions k JOIN contexts c USING (context_id){where} "
        "GROUP BY GROUPING SETS ((bucket, c.source), (bucket)) ORDER BY bucket, src",
        [bucket, *params],
    ).fetchall()
    return [
        CompactionStats(
            bucket=from_db_time(b),
            source=src,
            n=n,
            passed=passed,
            fallback=fallback,
            failed=failed,
            latency_p50_ms=p50,
            latency_p95_ms=p95,
        )
        for b, src, n, passed, fallback, failed, p50, p95 in rows
    ]
