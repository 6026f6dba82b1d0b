"""The load test's summary numbers: percentiles, each session's first POST apart from its later ones,
and the median of repeated runs. Apart from bench/service.py so that they import without its load
client (aiohttp comes with `make bench`, not with `make test`)."""

from __future__ import annotations

import statistics
from typing import Any


def pct(values: list[float], q: float) -> float:
    """The q-th percentile (inclusive method); NaN for no values."""
    if not values:
        return float("nan")
    return (
        statistics.quantiles(values, n=100, method="inclusive")[int(q) - 1] if len(values) > 1 else values[0]
    )


def first_and_later(timeline: list[tuple[str, float, float, str]]) -> dict[str, float]:
    """POST latencies split: each session's first POST (the herd of new sessions, which all start at
    once: a load and a pipeline queued behind 49 others) and the later ones. Measured in stop 23:
    the 50 first POSTs (2.5% of them) take ~0.6 s, so the overall p95 is the later POSTs' p97.5."""
    seen: set[str] = set()
    first: list[float] = []
    later: list[float] = []
    for kind, _, ms, cid in sorted(timeline, key=lambda row: row[1]):
        if kind == "POST":
            (later if cid in seen else first).append(ms)
            seen.add(cid)
    return {
        "post_first_p50_ms": round(pct(first, 50), 1) if first else 0.0,
        "post_later_p95_ms": round(pct(later, 95), 1) if later else 0.0,
    }


def repeated(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """The run with the median POST p95 (its numbers are the report's), with every run's headline
    numbers beside it under ``runs``: one run is not enough to call a latency goal met (stop 22
    measured p95 0.10-0.18 s across runs of the same code)."""
    ordered = sorted(runs, key=lambda r: r["post_p95_ms"])
    median = dict(ordered[(len(ordered) - 1) // 2])
    keys = (
        "post_p50_ms", "post_p95_ms", "get_p95_ms", "errors", "lost", "duplicated", "breaker_honoured_max_ms"
    )  # fmt: skip
    median["runs"] = [{k: r[k] for k in keys} for r in runs]
    median["clean_runs"] = sum(_clean(r) for r in runs)
    return median


def _clean(r: dict[str, Any]) -> bool:
    return r["errors"] == 0 and r["lost"] == 0 and r["duplicated"] == 0
