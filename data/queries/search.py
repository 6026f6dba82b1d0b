"""Full-text search of the sessions list: words of the transcripts and fact values, and tool names.

DuckDB's ``fts`` extension is not bundled with the wheel (``LOAD fts`` needs a download, and the
console runs without network), so the search is a scan: a case-insensitive substring match
(``contains(lower(...))``, no pattern characters to escape, ~10x faster here than ``ILIKE ...
ESCAPE``) over the latest turns' text and the current fact values, and an exact (case-insensitive)
match of the tool names called. Each yields context keys, which the sessions filter tests the
contexts table's ``context_key`` against. Measured at 100k contexts (2M turns): ~0.1 s a query
(docs/benchmarks.md).

    >>> clause, params = match_clauses(ContextFilter(text="san jose", tool="find_restaurants"))
"""

from __future__ import annotations

from typing import Any

from data.queries.columns import to_utc_naive
from data.records import ContextFilter, PointFilter

MAX_TEXT = 200


def match_clauses(flt: ContextFilter) -> tuple[list[str], list[Any]]:
    """WHERE clauses (on ``contexts``) for the filter's text and tool search, with their parameters.

    text: a turn of the transcript or a current fact value contains it (any case).
    tool: a turn called a tool of that name (any case)."""
    clauses: list[str] = []
    params: list[Any] = []
    text = (flt.text or "").strip()
    if text:
        if len(text) > MAX_TEXT:
            raise ValueError(f"the search text is {len(text)} characters; at most {MAX_TEXT}")
        # messages keeps every version of a turn: a hit counts only in the turn's latest version
        # (an old one would find words the transcript no longer holds). Few turns have a second
        # version, so the anti-join's side (version > 1) is tiny; a UNION or a join against every
        # turn's max(version) instead costs 1-2 s at 2M turns (measured: docs/benchmarks.md).
        clauses.append(
            "(context_key IN (SELECT h.context_key FROM messages h WHERE contains(lower(h.text), lower(?)) "
            "AND NOT EXISTS (SELECT 1 FROM messages n WHERE n.version > 1 "
            "AND n.context_key = h.context_key AND n.idx = h.idx AND n.version > h.version)) "
            "OR context_key IN (SELECT context_key FROM facts WHERE contains(lower(value), lower(?))))"
        )
        params += [text, text]
    tool = (flt.tool or "").strip()
    if tool:
        clauses.append(
            "context_key IN (SELECT context_key FROM messages "
            "WHERE tool_call IS NOT NULL AND lower(tool_call ->> 'name') = lower(?))"
        )
        params.append(tool)
    if flt.behind is not None:
        clause, more = _behind(flt.behind)
        clauses.append(clause)
        params += more
    return clauses, params


# Metrics measured on the compaction records rather than stored as samples (console.health names).
_COMPACTION_METRICS = {
    "compaction_success_rate": "NOT (coalesce(validation_ok, true) AND NOT fallback AND NOT failed)",
}


def _behind(point: PointFilter) -> tuple[str, list[Any]]:
    """The contexts with an unhealthy value of the point's metric in its bucket."""
    window = [to_utc_naive(point.start), to_utc_naive(point.end)]
    if point.metric in _COMPACTION_METRICS:
        return (
            "context_key IN (SELECT context_key FROM compactions WHERE created_at >= ? AND created_at < ? "
            f"AND {_COMPACTION_METRICS[point.metric]})",
            window,
        )
    if point.metric.startswith("compaction_latency"):
        return (
            "context_key IN (SELECT context_key FROM compactions WHERE created_at >= ? AND created_at < ? "
            "AND latency_total_ms >= coalesce(?, 0))",
            [*window, point.high],
        )
    return (
        "context_key IN (SELECT context_key FROM metrics WHERE metric = ? AND recorded_at >= ? "
        "AND recorded_at < ? AND (value < coalesce(?, -'infinity'::DOUBLE) "
        "OR value > coalesce(?, 'infinity'::DOUBLE)))",
        [point.metric, *window, point.low, point.high],
    )
