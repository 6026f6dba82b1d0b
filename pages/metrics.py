"""Metrics: the health metrics of the design over time, per source and overall, with their healthy
bounds and alert tiers, and a status row with each metric's current state."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import streamlit as st

from console.health import Severity
from console.resources import get_store
from console.services.metrics import (
    METRICS,
    SEVERITY_STYLE,
    format_value,
    load_dashboard,
    metric_figure,
)

RANGES = {"All time": None, "Last 24 hours": 1, "Last 7 days": 7, "Last 30 days": 30}
ALL_SOURCES = "All sources (and overall)"

store = get_store()

st.title("Health metrics")
st.markdown(
    "Is compaction healthy? Each chart shows one metric of the design over time: a thin line per "
    "source, a bold **overall** line, the **healthy range** as a green band, and each point "
    "coloured by its state. The row below says where each metric stands now (its latest bucket)."
)
with st.expander("How to read the colours and bounds"):
    tiers = store.current_config().alert_tiers
    st.markdown(
        "- **OK** (green): inside the healthy range.\n"
        f"- **WARNING** (violet): past the healthy bound, by less than {tiers[0]:.0%}.\n"
        f"- **YELLOW** / **ORANGE** / **RED**: {tiers[0]:.0%} / {tiers[1]:.0%} / {tiers[2]:.0%} or more "
        "past the bound, measured relative to the bound (the dotted lines on the charts).\n"
        "- **NO DATA** (grey): nothing recorded in the range.\n\n"
        "Bloat, fact decay and goal churn are the mean of the samples in a bucket (recorded by the "
        "ingest and by saved playground runs); success rate and latency come from the compaction "
        "records themselves. The alert tiers are the setting alert_tiers on the Config page."
    )
    for info in METRICS.values():
        st.markdown(f"**{info.title}**: {info.explains}")

left, middle, right = st.columns(3)
bucket = left.radio("Bucket", ["day", "hour"], horizontal=True, key="metrics_bucket")
source_choice = middle.selectbox("Source", [ALL_SOURCES, *store.sources()], key="metrics_source")
range_choice = right.selectbox("Time range", list(RANGES), key="metrics_range")
days = RANGES[range_choice]
start = datetime.now(UTC) - timedelta(days=days) if days else None
source = None if source_choice == ALL_SOURCES else source_choice

board = load_dashboard(store, store.current_config(), bucket=bucket, source=source, start=start)

st.subheader("Now" + ("" if source is None else f" ({source})"))
for column, (metric, status) in zip(st.columns(len(board.status)), board.status.items(), strict=True):
    _, badge_colour, label = SEVERITY_STYLE[status.severity]
    column.metric(METRICS[metric].title, format_value(metric, status.value), help=METRICS[metric].explains)
    column.badge(label, color=badge_colour)  # type: ignore[arg-type]
    column.caption(
        f"healthy {status.bound}"
        + (
            f" · {status.bucket:%Y-%m-%d %H:%M} UTC, n={status.n}"
            if status.severity != Severity.NO_DATA
            else ""
        )
    )

if board.empty:
    st.info(
        "No metrics in this range yet. They are recorded when dialogues are ingested "
        "(python -m console ingest FILE.jsonl) and when a playground run is saved as a session."
    )
else:
    metrics = list(METRICS)
    for i in range(0, len(metrics), 2):
        for column, metric in zip(st.columns(2), metrics[i : i + 2], strict=False):
            column.plotly_chart(metric_figure(board, metric), key=f"metrics_chart_{metric}")
