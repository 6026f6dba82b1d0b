"""Metrics: the health metrics of the design over time, per source and overall, with their healthy
bounds and alert tiers, and a status row with each metric's current state."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import streamlit as st

from console.health import Severity
from console.resources import get_store
from console.services.alerts import alert_frame, metric_states, selected_point
from console.services.metrics import (
    METRICS,
    SEVERITY_STYLE,
    format_value,
    load_dashboard,
    metric_figure,
)
from console.widgets import page_link

LINK_COLUMN = st.column_config.LinkColumn("Sessions", display_text="sessions behind it")
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

st.subheader("Open alerts")
states = metric_states(board)
alerts = [a for a in states if a.is_open]
if not alerts:
    st.success("No open alert: every metric with data is inside its healthy range in its latest bucket.")
else:
    st.caption(
        "A metric is in alert while its latest buckets are past the healthy bound; it opened at the "
        "first bucket of that run. Follow the link to the sessions behind the latest bucket."
    )
    st.dataframe(
        alert_frame(alerts, bucket),
        hide_index=True,
        width="stretch",
        key="metrics_alerts",
        column_config={
            "sessions": st.column_config.LinkColumn("Sessions", display_text="sessions behind it")
        },
    )
recovered = [a for a in states if not a.is_open and a.recovered_at is not None]
quiet = [a for a in states if a.state == Severity.NO_DATA]
if recovered:
    with st.expander(f"Recovered ({len(recovered)})"):
        st.dataframe(
            alert_frame(recovered, bucket), hide_index=True, width="stretch", key="metrics_recovered"
        )
if quiet:
    st.caption(
        "NO DATA (nothing recorded in the range): "
        + ", ".join(f"{METRICS[a.metric].title} ({a.scope})" for a in quiet)
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
            figure = metric_figure(board, metric)
            event = column.plotly_chart(
                figure, key=f"metrics_chart_{metric}", on_select="rerun", selection_mode="points"
            )
            picked = selected_point(board, figure, metric, event)
            if picked is not None:
                params, severity = picked
                with column:
                    page_link(
                        "sessions",
                        f"Sessions behind this {SEVERITY_STYLE[severity][2]} point "
                        f"({params.get('source', 'all sources')}, {params['at'].replace('T', ' ')} UTC)",
                        ":material/arrow_forward:",
                        params,
                    )
            else:
                column.caption("Click a point to open the sessions behind it.")
