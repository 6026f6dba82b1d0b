"""The benchmark's retention-vs-tokens chart (plotly): HTML always, PNG when kaleido can render."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bench.runner import DatasetResult


def _marker(method: str, colour: str) -> dict[str, Any]:
    # the core is drawn as an open ring on top, so core-rules at nearly the same point stays visible
    if method == "core":
        return {"size": 18, "symbol": "circle-open", "color": colour, "line": {"width": 3}}
    return {"size": 12, "color": colour, "line": {"width": 1, "color": "white"}}


def retention_figure(datasets: Sequence[DatasetResult]) -> Any:
    """Plotly scatter per data set: mean context tokens (x) against final-state retention (y).

    One panel per data set, one colour per method (the same in every panel), the raw transcript's
    mean size as a dotted line for scale."""
    import plotly.graph_objects as go
    from plotly.colors import qualitative
    from plotly.subplots import make_subplots

    names = list(dict.fromkeys(m.method for ds in datasets for m in ds.methods if m.summary is not None))
    colour = {name: qualitative.D3[i % len(qualitative.D3)] for i, name in enumerate(names)}
    fig = make_subplots(
        rows=1,
        cols=max(1, len(datasets)),
        subplot_titles=[Path(ds.file).name for ds in datasets],
        shared_yaxes=True,
    )
    for col, ds in enumerate(datasets, start=1):
        for m in ds.methods:
            if m.summary is None:
                continue
            fig.add_trace(
                go.Scatter(
                    x=[m.summary.context_tokens_mean],
                    y=[100 * m.summary.final_state_retention],
                    mode="markers",
                    marker=_marker(m.method, colour[m.method]),
                    name=m.method,
                    legendgroup=m.method,
                    showlegend=col == 1,
                    hovertemplate=f"{m.method}<br>%{{x:.0f}} tokens<br>%{{y:.1f}}%<extra></extra>",
                ),
                row=1,
                col=col,
            )
        fig.add_vline(x=ds.raw_tokens_mean, line_dash="dot", line_color="grey", row=1, col=col)
        fig.update_xaxes(title_text="context tokens (dotted: raw)", row=1, col=col)
    fig.update_yaxes(title_text="final-state retention (strict), %", row=1, col=1)
    fig.update_layout(
        title="Final-state retention (strict) against context size (means per conversation)",
        template="plotly_white",
        width=420 * max(1, len(datasets)) + 160,
        height=480,
    )
    return fig


def write_chart(datasets: Sequence[DatasetResult], html_path: Path, png: bool = True) -> tuple[bool, str]:
    """Write the chart as HTML (plotly.js from its CDN) and, when kaleido finds a Chromium, as PNG.

    Returns (png written, a note saying why not when it was not)."""
    fig = retention_figure(datasets)
    html_path.parent.mkdir(parents=True, exist_ok=True)
    fig.write_html(str(html_path), include_plotlyjs="cdn")
    if not png:
        return False, ""
    try:
        fig.write_image(str(html_path.with_suffix(".png")))
    except Exception as exc:  # the PNG is optional; the HTML chart stays
        return False, f"(No PNG: kaleido could not render here: {type(exc).__name__}.)"
    return True, ""
