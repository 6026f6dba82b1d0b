"""What the Sessions screen draws for one session: the token timeline and the record tables.

The timeline plots, per turn, the tokens of the raw dialogue so far and the tokens the model is
served (after a compaction: the compacted context plus the turns since), with every compaction
marked: green when it validated, orange when it fell back to key sentences, red when it failed.
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from console.services.sessions import SessionDetail, compaction_outcome, compaction_points, token_series
from core.stage_outputs import CompactionRecord
from data.ops_records import AuditEntry
from data.records import StoredMessage

OUTCOME_COLOURS = {"ok": "#2e7d32", "fallback": "#ef6c00", "failed": "#c62828"}


def timeline_figure(detail: SessionDetail) -> dict[str, Any]:
    """Tokens over turns (raw dialogue vs served context) with the compactions marked.

    A plain plotly figure dict (``st.plotly_chart`` takes it): building ``go.Figure`` objects costs
    a validation pass that took longer than the rest of the page."""
    series = token_series(detail.messages, detail.compactions)
    hover = [f"turn {t} ({r})" for t, r in zip(series.turns, series.roles, strict=True)]
    data: list[dict[str, Any]] = [
        {
            "type": "scatter",
            "x": series.turns,
            "y": series.raw,
            "name": "raw dialogue",
            "mode": "lines",
            "line": {"color": "#90a4ae", "dash": "dot"},
            "text": hover,
            "hovertemplate": "%{text}<br>raw: %{y} tokens<extra></extra>",
        },
        {
            "type": "scatter",
            "x": series.turns,
            "y": series.served,
            "name": "served to the model",
            "mode": "lines+markers",
            "line": {"color": "#1565c0", "width": 2},
            "marker": {"size": 4},
            "text": hover,
            "hovertemplate": "%{text}<br>served: %{y} tokens<extra></extra>",
        },
    ]
    shapes = []
    points = compaction_points(detail.compactions)
    served_at = dict(zip(series.turns, series.served, strict=True))
    for outcome, colour in OUTCOME_COLOURS.items():
        chosen = [p for p in points if p.outcome == outcome]
        if not chosen:
            continue
        data.append(
            {
                "type": "scatter",
                "x": [p.turn for p in chosen],
                # a failed compaction changed nothing: mark it on the served line
                "y": [
                    served_at.get(p.turn, p.tokens_after) if p.outcome == "failed" else p.tokens_after
                    for p in chosen
                ],
                "name": f"compaction ({outcome})",
                "mode": "markers",
                "marker": {
                    "symbol": "diamond",
                    "size": 13,
                    "color": colour,
                    "line": {"width": 1, "color": "white"},
                },
                "customdata": [
                    [p.seq, p.trigger, p.tier, p.tokens_before, round(100 * p.ratio), p.tokens_after]
                    for p in chosen
                ],
                "hovertemplate": (
                    "compaction #%{customdata[0]} at turn %{x}<br>trigger %{customdata[1]}, "
                    "tier %{customdata[2]}<br>%{customdata[3]} → %{customdata[5]} tokens (%{customdata[4]}%)"
                    "<extra></extra>"
                ),
            }
        )
        shapes += [
            {
                "type": "line",
                "xref": "x",
                "yref": "paper",
                "x0": p.turn,
                "x1": p.turn,
                "y0": 0,
                "y1": 1,
                "line": {"color": colour, "width": 1, "dash": "dash"},
                "opacity": 0.5,
            }
            for p in chosen
        ]
    layout = {
        "height": 320,
        "margin": {"l": 10, "r": 10, "t": 30, "b": 10},
        "xaxis": {"title": {"text": "turn"}},
        "yaxis": {"title": {"text": "tokens"}, "rangemode": "tozero"},
        "legend": {"orientation": "h", "y": 1.12, "x": 0},
        "hovermode": "closest",
        "template": "plotly_white",
        "shapes": shapes,
    }
    return {"data": data, "layout": layout}


def compactions_frame(records: list[CompactionRecord]) -> pd.DataFrame:
    """The compaction audit records as rows: when, why, tokens in/out, latency, validation."""
    rows = []
    for c in records:
        validation = c.validation
        rows.append(
            {
                "seq": c.seq,
                "at_turn": c.at_turn,
                "outcome": compaction_outcome(c),
                "trigger": c.trigger,
                "tier": c.tier,
                "folded_upto": c.fold_upto,
                "tokens_in": c.tokens_in,
                "tokens_out": c.tokens_out,
                "ratio_pct": round(100 * c.ratio, 1),
                "latency_ms": round(c.latency_ms.get("total", 0.0), 2) if c.latency_ms else None,
                "validated": None if validation is None else validation.ok,
                "retries": c.retries,
                "problems": "; ".join(validation.errors) if validation else (c.error or ""),
                "change_notice": c.change_notice,
                "at": c.created_at.strftime("%Y-%m-%d %H:%M:%S") if c.created_at else "",
            }
        )
    columns = [
        "seq",
        "at_turn",
        "outcome",
        "trigger",
        "tier",
        "folded_upto",
        "tokens_in",
        "tokens_out",
        "ratio_pct",
        "latency_ms",
        "validated",
        "retries",
        "problems",
        "change_notice",
        "at",
    ]
    return pd.DataFrame(rows, columns=columns)


def audit_frame(entries: list[AuditEntry]) -> pd.DataFrame:
    """Operator actions on the context, newest first: who, role, what, from where, before/after."""
    rows = [
        {
            "at": e.at.strftime("%Y-%m-%d %H:%M:%S"),
            "actor": e.actor,
            "role": e.role,
            "action": e.action,
            "target": e.target,
            "source": e.source,
            "before": _short(e.before),
            "after": _short(e.after),
        }
        for e in entries
    ]
    return pd.DataFrame(
        rows, columns=["at", "actor", "role", "action", "target", "source", "before", "after"]
    )


def transcript_frame(messages: list[StoredMessage]) -> pd.DataFrame:
    """The dialogue as stored: turn, role, text, tokens, and the version when a turn was re-ingested."""
    rows = []
    for stored in messages:
        m = stored.message
        text = m.text
        if m.tool_call is not None:
            text = f"{text} <call {m.tool_call.name} {m.tool_call.args}>".strip()
        if m.tool_result is not None:
            text = f"{text} <result {m.tool_result.status}>".strip()
        rows.append(
            {
                "turn": m.idx,
                "role": m.role,
                "text": text,
                "tokens": m.tokens,
                "at": m.ts.strftime("%Y-%m-%d %H:%M:%S") if m.ts else "",
                "version": stored.version,
            }
        )
    return pd.DataFrame(rows, columns=["turn", "role", "text", "tokens", "at", "version"])


def _short(value: object, limit: int = 160) -> str:
    if value is None:
        return ""
    text = value if isinstance(value, str) else str(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"
