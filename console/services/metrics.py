"""The Metrics screen's data and charts: health metrics over time, per source and overall.

Bloat rate, fact decay ratio and goal churn come from the stored samples (Store.metric_series, the
bucket's mean); compaction success rate and latency p50/p95 come from the compaction records
(Store.compaction_stats), so they stay exact over any bucket. Every point is classified by
console.health.classify; this module only maps the resulting Severity to colours.

    >>> board = load_dashboard(store, Config(), bucket="day")
    >>> board.status[BLOAT_RATE].severity
    <Severity.OK: 'ok'>
    >>> fig = metric_figure(board, BLOAT_RATE)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Literal

from pydantic import BaseModel

from console.health import (
    BLOAT_RATE,
    COMPACTION_SUCCESS_RATE,
    FACT_DECAY_RATIO,
    GOAL_CHURN_RATE,
    LATENCY_P50_MS,
    LATENCY_P95_MS,
    MetricVerdict,
    Severity,
    Thresholds,
    classify,
)
from core.config import Config
from data.store import Store

Bucket = Literal["hour", "day"]
OVERALL = "overall"
SAMPLED = (BLOAT_RATE, FACT_DECAY_RATIO, GOAL_CHURN_RATE)  # stored as samples by the ingest


@dataclass(frozen=True)
class MetricInfo:
    """How the screen names, explains and formats one metric."""

    title: str
    explains: str
    unit: str  # "percent", "per_turn" or "ms"


METRICS: dict[str, MetricInfo] = {
    BLOAT_RATE: MetricInfo(
        "Context bloat rate",
        "Tokens given to the model / tokens of the raw dialogue. Under 100% the compaction saves "
        "tokens; over 120% the served context is bigger than the dialogue it replaces.",
        "percent",
    ),
    FACT_DECAY_RATIO: MetricInfo(
        "Fact decay ratio",
        "Decayed facts / facts old enough to decay. Old enough: a fact of a kind that decays (not an "
        "instruction, a pinned or verified fact, a preference the user changed) first stated at least "
        "its decay horizon ago: the user turns it takes, unmentioned, to fall under weight 0.6 (10 for "
        "an ordinary fact at x0.95 a turn, 3 for tool data and for a preference, with the defaults). "
        "A fact the user kept alive by mentioning it again counts, as not decayed. NO DATA while fewer "
        "than 5 facts are that old (a short session; one fact would read 0% or 100%): it is then not "
        "judged on decay. Too low: stale facts are "
        "kept forever; too high: facts are forgotten while still needed.",
        "percent",
    ),
    GOAL_CHURN_RATE: MetricInfo(
        "Goal churn rate",
        "New user goals per user turn (goals the extract stage opened / user turns; assistant and "
        "tool turns do not count; NO DATA before the first user turn). High churn means the extractor "
        "keeps opening goals (or the users keep changing their minds), which crowds the rendered context.",
        "per_turn",
    ),
    COMPACTION_SUCCESS_RATE: MetricInfo(
        "Compaction success rate",
        "Compactions that passed validation without the key-sentence fallback / all compactions. "
        "A failed or fallen-back compaction serves a worse context.",
        "percent",
    ),
    LATENCY_P95_MS: MetricInfo(
        "Compaction latency p95",
        "95th percentile of a compaction's total time (parse to validate). The dashed grey line "
        "is the overall median (p50), which has no bound.",
        "ms",
    ),
}

# The one place a Severity becomes a colour: (chart colour, st.badge colour, label)
SEVERITY_STYLE: dict[Severity, tuple[str, str, str]] = {
    Severity.NO_DATA: ("#9e9e9e", "gray", "NO DATA"),
    Severity.OK: ("#2e7d32", "green", "OK"),
    Severity.WARNING: ("#7e57c2", "violet", "WARNING"),
    Severity.YELLOW: ("#f9a825", "yellow", "YELLOW"),
    Severity.ORANGE: ("#ef6c00", "orange", "ORANGE"),
    Severity.RED: ("#c62828", "red", "RED"),
}


def _stepped_scale() -> list[list[Any]]:
    steps: list[list[Any]] = []
    n = len(Severity)
    for severity in Severity:
        colour = SEVERITY_STYLE[severity][0]
        steps += [[severity.rank / n, colour], [(severity.rank + 1) / n, colour]]
    return steps


_SEVERITY_SCALE = _stepped_scale()
_RANKS = {s.value: s.rank for s in Severity}


class MetricStatus(BaseModel):
    """A metric's current state: its latest bucket's value and severity."""

    metric: str
    value: float | None = None
    severity: Severity = Severity.NO_DATA
    bucket: datetime | None = None
    n: int = 0
    bound: str = ""


@dataclass
class MetricsDashboard:
    """Long-format points (one row per bucket x scope x metric) and the status of each metric."""

    points: Any  # pandas DataFrame: bucket (naive UTC), scope, metric, value, n, severity
    status: dict[str, MetricStatus]
    thresholds: Thresholds
    bucket: str
    sources: list[str] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        """True when no metric has a single point in the range."""
        return len(self.points) == 0


def load_dashboard(
    store: Store,
    config: Config,
    *,
    bucket: Bucket = "day",
    source: str | None = None,
    start: datetime | None = None,
    end: datetime | None = None,
) -> MetricsDashboard:
    """Every health metric per bucket, per source and overall, classified; and each one's status.

    source: one source only (its own line, and the status is that source's); None for all sources
    plus the overall line (the status is the overall one).
    """
    import pandas as pd  # the charts' dependency; kept out of import time

    thresholds = Thresholds.from_config(config)
    rows: list[tuple[datetime, str, str, float | None, int]] = []
    series = store.metric_series(SAMPLED, bucket=bucket, source=source, start=start, end=end)
    for b, src, overall, metric, n, mean in zip(
        series.bucket, series.source, series.overall, series.metric, series.n, series.mean, strict=True
    ):
        if source is not None and overall:
            continue  # one source: its own rows only (the overall row would repeat them)
        rows.append((b, OVERALL if overall else src, metric, mean, n))
    for s in store.compaction_stats(bucket=bucket, source=source, start=start, end=end):
        scope = OVERALL if s.source == "" else s.source
        if source is not None and scope == OVERALL:
            continue
        rows.append((s.bucket, scope, COMPACTION_SUCCESS_RATE, s.success_rate if s.n else None, s.n))
        rows.append((s.bucket, scope, LATENCY_P95_MS, s.latency_p95_ms, s.n))
        rows.append((s.bucket, scope, LATENCY_P50_MS, s.latency_p50_ms, s.n))
    frame = pd.DataFrame(rows, columns=["bucket", "scope", "metric", "value", "n"])
    # naive UTC datetime64: plotly takes it as one array (tz-aware objects are copied one by one)
    frame["bucket"] = pd.to_datetime(frame["bucket"], utc=True).dt.tz_localize(None)
    frame["severity"] = [
        classify(m, v, thresholds) if m in thresholds.bounds else Severity.NO_DATA
        for m, v in zip(frame["metric"], frame["value"], strict=True)
    ]
    status_scope = source if source is not None else OVERALL
    status = {m: _status(frame, m, status_scope, thresholds) for m in METRICS}
    sources = sorted({s for s in frame["scope"] if s != OVERALL})
    return MetricsDashboard(frame, status, thresholds, bucket, sources)


def _status(frame: Any, metric: str, scope: str, thresholds: Thresholds) -> MetricStatus:
    bound = thresholds.bound(metric).describe() if metric in thresholds.bounds else ""
    mine = frame[(frame["metric"] == metric) & (frame["scope"] == scope) & frame["value"].notna()]
    if mine.empty:
        return MetricStatus(metric=metric, bound=bound)
    last = mine.sort_values("bucket").iloc[-1]
    return MetricStatus(
        metric=metric,
        value=float(last["value"]),
        severity=last["severity"],
        bucket=last["bucket"].tz_localize("UTC").to_pydatetime(),
        n=int(last["n"]),
        bound=bound,
    )


def format_value(metric: str, value: float | None) -> str:
    """A metric value as the screen shows it: '85.0%', '0.75 / turn', '12.3 ms', or '-'."""
    if value is None:
        return "-"
    unit = METRICS[metric].unit if metric in METRICS else ("ms" if metric == LATENCY_P50_MS else "")
    if unit == "percent":
        return f"{value:.2%}" if metric == COMPACTION_SUCCESS_RATE else f"{value:.1%}"
    if unit == "per_turn":
        return f"{value:.2f} / turn"
    if unit == "ms":
        return f"{value:.1f} ms"
    return f"{value:g}"


def verdict_sentence(verdict: MetricVerdict) -> str:
    """One judged metric in words, e.g. 'Fact decay ratio 100.0%: RED (healthy 15% - 35%)'."""
    title = METRICS[verdict.metric].title if verdict.metric in METRICS else verdict.metric
    shown = format_value(verdict.metric, verdict.value) if verdict.value is not None else "NO DATA"
    return f"{title} {shown}: {SEVERITY_STYLE[verdict.severity][2]} (healthy {verdict.band})"


def metric_figure(board: MetricsDashboard, metric: str) -> Any:
    """A plotly figure of one metric over time: a line per source and a bold overall line, points
    coloured by severity, the healthy range as a green band and the alert tiers as dotted lines.

    Built as plain dicts of numpy arrays and validated once (plotly's add_hline is ~50 ms a call,
    and it validates Python lists item by item: 2.4 s for 20k hourly points, numpy ~0.2 s)."""
    import numpy as np
    import pandas as pd
    import plotly.graph_objects as go

    info = METRICS[metric]
    traces: list[dict[str, Any]] = []
    data = board.points[board.points["metric"] == metric]
    for scope in sorted(set(data["scope"]), key=lambda s: (s == OVERALL, s)):
        part = data[data["scope"] == scope].sort_values("bucket")
        overall = scope == OVERALL
        traces.append(
            {
                "type": "scatter",
                "x": part["bucket"].to_numpy(),
                "y": part["value"].to_numpy(dtype=float),
                "name": scope,
                "mode": "lines+markers",
                "line": {"width": 3 if overall else 1.2},
                "marker": {
                    "size": 9 if overall else 6,
                    # severity ranks on a stepped colour scale: plotly checks a numeric array at
                    # once, where a list of colour strings is validated one item at a time
                    "color": part["severity"].map(_RANKS).to_numpy(dtype=float),
                    "cmin": -0.5,
                    "cmax": len(Severity) - 0.5,
                    "colorscale": _SEVERITY_SCALE,
                    "line": {"width": 1, "color": "#ffffff"},
                },
                "customdata": np.array([SEVERITY_STYLE[s][2] for s in part["severity"]]),
                "hovertemplate": f"{scope}<br>%{{x}}<br>%{{y:.4g}} (%{{customdata}})<extra></extra>",
            }
        )
    if metric == LATENCY_P95_MS:
        p50 = board.points[(board.points["metric"] == LATENCY_P50_MS) & (board.points["scope"] == OVERALL)]
        if not p50.empty:
            p50 = p50.sort_values("bucket")
            traces.append(
                {
                    "type": "scatter",
                    "x": p50["bucket"].to_numpy(),
                    "y": p50["value"].to_numpy(dtype=float),
                    "name": "overall p50",
                    "mode": "lines",
                    "line": {"dash": "dash", "color": "#757575"},
                }
            )
    layout: dict[str, Any] = {
        "title": {"text": info.title, "font": {"size": 15}},
        "height": 320,
        "margin": {"l": 10, "r": 10, "t": 40, "b": 10},
        "legend": {"orientation": "h", "y": -0.2},
        "yaxis": {"tickformat": ".0%"} if info.unit == "percent" else {},
    }
    _bounds_layout(layout, board.thresholds, metric, data["value"].dropna().tolist())
    buckets = data["bucket"].unique()
    if len(buckets) == 1:  # one bucket: plotly would zoom to milliseconds around it
        step = timedelta(hours=1) if board.bucket == "hour" else timedelta(days=1)
        only = pd.Timestamp(buckets[0]).to_pydatetime()
        layout["xaxis"] = {"range": [only - step, only + step]}
    return go.Figure(data=traces, layout=layout)


def _bounds_layout(layout: dict[str, Any], thresholds: Thresholds, metric: str, values: list[float]) -> None:
    """Add the healthy band, the tier lines and a y range that shows them to a layout dict."""
    if metric not in thresholds.bounds:
        return
    bound = thresholds.bound(metric)
    tiers = thresholds.tier_values(metric)
    edges = [e for pair in tiers.values() for e in pair if e is not None]
    lo = min([*values, *edges, bound.low if bound.low is not None else 0.0, 0.0])
    hi = max([*values, *edges, bound.high if bound.high is not None else 1.0])
    pad = (hi - lo) * 0.05 or 0.05
    layout["yaxis"]["range"] = [lo - pad, hi + pad]
    y0 = bound.low if bound.low is not None else lo - pad
    y1 = bound.high if bound.high is not None else hi + pad
    span = {"xref": "paper", "x0": 0, "x1": 1, "yref": "y", "layer": "below"}
    shapes = [
        {
            "type": "rect",
            **span,
            "y0": y0,
            "y1": y1,
            "fillcolor": "#2e7d32",
            "opacity": 0.1,
            "line": {"width": 0},
        }
    ]
    for severity, pair in tiers.items():
        for edge in pair:
            if edge is not None:
                line = {"dash": "dot", "width": 1, "color": SEVERITY_STYLE[severity][0]}
                shapes.append({"type": "line", **span, "y0": edge, "y1": edge, "line": line})
    layout["shapes"] = shapes
    layout["annotations"] = [
        {
            "xref": "paper",
            "x": 0,
            "xanchor": "left",
            "yref": "y",
            "y": y1 if bound.high is not None else y0,
            "yanchor": "top" if bound.high is not None else "bottom",
            "text": f"healthy {bound.describe()}",
            "showarrow": False,
            "font": {"size": 11, "color": "#2e7d32"},
        }
    ]
