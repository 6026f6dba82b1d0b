"""Open alerts of the health metrics, as monitors show them: state, since when, and recovery.

Each metric is judged per scope (every source, and overall) bucket by bucket (console.health
classify, already done in the Metrics dashboard). A metric's state is that of its latest bucket
with a value (NO DATA when it has none). An alert is open while the latest buckets are past the
healthy bound (WARNING, YELLOW, ORANGE or RED); it opened at the first bucket of that streak, and
its worst tier is the worst bucket of the streak. An alert that ended has recovered at the first
healthy bucket after it. A chart point, or an alert, links to the sessions behind it (the sessions
with an unhealthy value of the metric in that bucket: console.services.session_links).

    >>> board = load_dashboard(store, Config(), bucket="day")
    >>> [a.metric for a in open_alerts(board)]
    ['bloat_rate']
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from pydantic import BaseModel, Field

from console.health import Severity
from console.services.metrics import METRICS, OVERALL, MetricsDashboard
from console.services.session_links import point_params


class MetricState(BaseModel):
    """Where one metric of one scope stands, and how it got there."""

    metric: str
    scope: str
    state: Severity
    value: float | None = None
    bucket: datetime | None = Field(default=None, description="the latest bucket with a value")
    since: datetime | None = Field(default=None, description="start of the current streak (alert or OK)")
    worst: Severity = Severity.NO_DATA
    buckets: int = Field(0, description="buckets in the current streak")
    recovered_at: datetime | None = Field(default=None, description="when the last closed alert ended")
    last_alert: Severity | None = Field(default=None, description="the worst tier of that closed alert")
    bound: str = ""

    @property
    def is_open(self) -> bool:
        """True while the metric is past its healthy bound."""
        return self.state.is_alert


def metric_states(board: MetricsDashboard) -> list[MetricState]:
    """The state of every bounded metric in every scope of the board, worst first."""
    out: list[MetricState] = []
    points = board.points
    for metric in METRICS:
        if metric not in board.thresholds.bounds:
            continue
        bound = board.thresholds.bound(metric).describe()
        mine = points[(points["metric"] == metric) & points["value"].notna()] if len(points) else points
        scopes = (
            sorted(set(mine["scope"]) | {OVERALL}, key=lambda s: (s != OVERALL, s))
            if len(mine)
            else [OVERALL]
        )
        for scope in scopes:
            part = mine[mine["scope"] == scope].sort_values("bucket") if len(mine) else mine
            severities = [Severity(v) for v in part["severity"]] if len(part) else []
            rows = list(zip(part["bucket"], part["value"], severities, strict=True)) if len(part) else []
            out.append(_state(metric, scope, bound, rows))
    return sorted(out, key=lambda s: (-s.state.rank if s.state.is_alert else 10, s.metric, s.scope))


def _state(metric: str, scope: str, bound: str, rows: list[tuple[Any, float, Severity]]) -> MetricState:
    if not rows:
        return MetricState(metric=metric, scope=scope, state=Severity.NO_DATA, bound=bound)
    alerting = [sev.is_alert for _, _, sev in rows]
    end = len(rows) - 1
    start = end
    while start > 0 and alerting[start - 1] == alerting[end]:
        start -= 1
    streak = rows[start:]
    recovered_at = last_alert = None
    if not alerting[end]:  # healthy now: did an alert end before this streak?
        if start > 0:
            recovered_at = _when(rows[start][0])
            back = start - 1
            closed = []
            while back >= 0 and alerting[back]:
                closed.append(rows[back][2])
                back -= 1
            last_alert = max(closed, key=lambda s: s.rank)
    else:  # an open alert: did an earlier one recover before it?
        back = start - 1
        while back >= 0 and not alerting[back]:
            back -= 1
        if back >= 0:
            recovered_at = _when(rows[back + 1][0])
    return MetricState(
        metric=metric,
        scope=scope,
        state=rows[end][2],
        value=float(rows[end][1]),
        bucket=_when(rows[end][0]),
        since=_when(streak[0][0]),
        worst=max((sev for _, _, sev in streak), key=lambda s: s.rank),
        buckets=len(streak),
        recovered_at=recovered_at,
        last_alert=last_alert,
        bound=bound,
    )


def _when(value: Any) -> datetime:
    return value.to_pydatetime() if hasattr(value, "to_pydatetime") else value


def open_alerts(board: MetricsDashboard) -> list[MetricState]:
    """The metric states past their healthy bound, worst first."""
    return [s for s in metric_states(board) if s.is_open]


def sessions_link(state: MetricState, bucket: str) -> dict[str, str]:
    """The Sessions link of an alert: the sessions behind its latest bucket."""
    assert state.bucket is not None
    return point_params(state.metric, state.bucket, bucket, state.scope)


def selected_point(
    board: MetricsDashboard, figure: Any, metric: str, selection: Mapping[str, Any] | None
) -> tuple[dict[str, str], Severity] | None:
    """The Sessions link and severity of the chart point an operator clicked, or None.

    ``selection`` is what ``st.plotly_chart(on_select="rerun")`` returns; the clicked trace's name
    is its scope (a source or overall), its x the bucket's start."""
    points = ((selection or {}).get("selection") or {}).get("points") or []
    if not points:
        return None
    point = points[0]
    curve = point.get("curve_number")
    if curve is None or curve >= len(figure.data) or point.get("x") is None:
        return None
    scope = figure.data[curve].name
    import pandas as pd

    at = pd.Timestamp(point["x"]).to_pydatetime().replace(tzinfo=None)
    frame = board.points
    hit = frame[
        (frame["metric"] == metric) & (frame["scope"] == scope) & (frame["bucket"] == pd.Timestamp(at))
    ]
    if hit.empty:
        return None
    return point_params(metric, at, board.bucket, scope), Severity(hit.iloc[0]["severity"])


def alert_frame(states: list[MetricState], bucket: str) -> Any:
    """The alerts as the screen's table: metric, scope, state, value, since, worst, recovery, link."""
    from urllib.parse import urlencode

    import pandas as pd

    from console.services.metrics import SEVERITY_STYLE, format_value

    rows = [
        {
            "metric": METRICS[s.metric].title,
            "scope": s.scope,
            "state": SEVERITY_STYLE[s.state][2],
            "value": format_value(s.metric, s.value),
            "healthy": s.bound,
            "since (UTC)": f"{s.since:%Y-%m-%d %H:%M}" if s.since else "",
            "buckets": s.buckets,
            "worst": SEVERITY_STYLE[s.worst][2] if s.is_open else SEVERITY_STYLE[s.last_alert or s.worst][2],
            "recovered (UTC)": f"{s.recovered_at:%Y-%m-%d %H:%M}" if s.recovered_at else "",
            "sessions": "/sessions?" + urlencode(sessions_link(s, bucket)) if s.bucket else "",
        }
        for s in states
    ]
    return pd.DataFrame(rows)
