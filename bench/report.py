"""The benchmark's part of docs/benchmarks.md and its JSON dump (the chart: bench/chart.py).

The markdown section lives between the markers below; the rest of the file (other sections written
by other tools) is kept as it is.
"""

from __future__ import annotations

import dataclasses
import json
import math
import os
import platform
import subprocess
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bench.definitions import DEFINITIONS
from bench.metrics import Summary
from bench.runner import DatasetResult, MethodResult

START = "<!-- bench:core:start -->"
END = "<!-- bench:core:end -->"
PEERS_TO_BEAT = ("user-verbatim", "langchain-trim", "llamaindex-buffer")
TIER_NAMES = {0: "1st (30%)", 1: "2nd (50%)", 2: "3rd+ (all)"}


def machine_info() -> dict[str, str]:
    """Cores, RAM, CPU model, OS, Python and the git commit the numbers were measured on."""
    info = {
        "cores": str(os.cpu_count() or "?"),
        "python": platform.python_version(),
        "os": platform.platform(),
    }
    try:
        info["load"] = " / ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        info["load"] = "?"
    try:
        cpu = Path("/proc/cpuinfo").read_text()
        info["cpu"] = next(
            (ln.split(":", 1)[1].strip() for ln in cpu.splitlines() if ln.startswith("model name")), "?"
        )
        mem = Path("/proc/meminfo").read_text().splitlines()[0].split()
        info["ram"] = f"{int(mem[1]) / 1024 / 1024:.1f} GiB"
    except (OSError, IndexError, ValueError):
        info.setdefault("cpu", platform.processor() or "?")
        info.setdefault("ram", "?")
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, timeout=5
        )
        info["commit"] = out.stdout.strip() or "?"
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--", "core"], capture_output=True, text=True, timeout=5
        )
        if dirty.stdout.strip():
            info["commit"] += " (with uncommitted changes under core/)"
    except (OSError, subprocess.SubprocessError):
        info["commit"] = "?"
    return info


def _pct(x: float | None) -> str:
    return "n/a" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{100 * x:.1f}%"


def _num(x: float | None, digits: int = 1) -> str:
    return "n/a" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{x:,.{digits}f}"


def _consistency(m: MethodResult) -> str:
    if m.consistency is None:
        return "-"
    return f"{_pct(m.consistency)} / {_pct(m.anchor_agreement)}"


def _latency(m: MethodResult) -> str:
    cell = f"{_num(m.latency_p50_ms, 2)} / {_num(m.latency_p95_ms, 2)}"
    if m.runs > 1:
        cell += f" (first run {_num(m.first_run_p50_ms, 2)} / {_num(m.first_run_p95_ms, 2)})"
    return cell


def _row(m: MethodResult) -> str:
    if m.summary is None:
        return f"| {m.method} | {m.status} |" + " |" * 16
    s: Summary = m.summary
    notes = []
    if m.budget_source:
        notes.append(f"budget B from {m.budget_source}")
    if m.fallback_rate:
        notes.append(f"fallback {_pct(m.fallback_rate)}")
    if m.raw_mode_rate:
        notes.append(f"raw mode {_pct(m.raw_mode_rate)}")
    if m.errors:
        first = next(r.error for r in m.rows if r.error) or ""
        notes.append(f"{m.errors} errors, scored as empty (first: {first[:120]})")
    if s.must_not_replace:
        notes.append(
            f"must-not-replace values shown replaced {_pct(s.must_not_replace_replaced)} "
            f"of {s.must_not_replace}"
        )
    if not m.deterministic:
        notes.append("output differs between runs")
    if not math.isnan(m.engine_p50_ms):
        notes.append(f"compaction step alone {_num(m.engine_p50_ms, 1)} / {_num(m.engine_p95_ms, 1)} ms")
    cells = [
        m.method,
        _pct(s.final_state_retention),
        _pct(s.final_state_retention_loose),
        _pct(s.false_supersession),
        f"{_pct(s.old_unmarked)} of {s.olds}",
        _pct(s.joint_retention),
        _pct(s.constraint_retention),
        f"{_pct(s.correction_handled)} / {_pct(s.correction_new_present)}",
        _num(s.context_tokens_mean, 0),
        _pct(s.token_reduction),
        _num(s.oracle_overhead, 2),
        _num(s.eid, 2),
        _pct(s.goal_coverage),
        _consistency(m),
        _latency(m),
        _num(m.throughput_cps, 0),
        "; ".join(notes),
    ]
    return "| " + " | ".join(cells) + " |"


HEADER = (
    "| method | final-state retention (strict) | loose (markers included) | false supersession "
    "| old values shown unmarked | joint (strict) | constraint facts | corrections handled / new present "
    "| tokens (mean) | token reduction | oracle overhead | EID | goals covered "
    "| state consistency exact / anchors agree | latency p50 / p95 ms | conv/s | notes |\n"
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
)


def verdict(ds: DatasetResult) -> str:
    """Whether core beats the peers on final-state retention at an equal or smaller token count."""
    core = ds.method("core")
    if core is None or core.summary is None:
        return "core was not measured on this data set, so no comparison is possible."
    parts = []
    for name in PEERS_TO_BEAT:
        peer = ds.method(name)
        if peer is None or peer.summary is None:
            parts.append(f"{name}: not measured")
            continue
        c, p = core.summary, peer.summary
        ahead = c.final_state_retention > p.final_state_retention
        if peer.budget_source:  # the peer was given B = core's own tokens: an equal budget by design
            word = "ahead at equal budget" if ahead else "NOT ahead at equal budget"
        else:
            smaller = c.context_tokens_mean <= p.context_tokens_mean * 1.005
            word = (
                "ahead" if ahead and smaller else ("NOT ahead" if not ahead else "ahead but at MORE tokens")
            )
        parts.append(
            f"{name}: {word} ({_pct(c.final_state_retention)} vs {_pct(p.final_state_retention)}, "
            f"{_num(c.context_tokens_mean, 0)} vs {_num(p.context_tokens_mean, 0)} tokens)"
        )
    return (
        "core vs " + "; ".join(parts) + ". (Equal-budget peers keep whole messages, so they use at most B.)"
    )


def _long_table(ds: DatasetResult) -> list[str]:
    if not ds.long_sessions:
        return []
    per = max((ls.conversations_per_session for ls in ds.long_sessions if not isinstance(ls, str)), default=0)
    out = [
        "",
        f"Long sessions ({per} consecutive conversations chained into one session, fed message by "
        "message through `Compressor.session().add()`, MiniLM embedder unless stated). The default "
        "trigger fires at 16k history tokens, which 20 short conversations may not reach, so each file "
        "is also run with a small window (`Config(max_history_tokens_override=...)`). add() p95 "
        "includes the compactions add() ran; tokens out per tier are the compaction records' tokens_out.",
        "",
        "| config | sessions | messages | raw tokens | context tokens at end | last task retained (strict) "
        "| earlier tasks in context (markers included) | earlier tasks in context, archive or history "
        "| compactions per session "
        "| tokens out per tier (count) | compaction p50 / p95 ms | add() p95 ms |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for ls in ds.long_sessions:
        if isinstance(ls, str):
            out.append(f"| {ls} |" + " |" * 11)
            continue
        tiers = (
            ", ".join(
                f"{TIER_NAMES.get(t, f'tier {t + 1}')}: {_num(v, 0)} ({ls.compactions_per_tier.get(t, 0)})"
                for t, v in ls.tokens_after_tier.items()
            )
            or "none fired"
        )
        cells = [
            ls.label,
            str(ls.sessions),
            _num(ls.messages_mean, 0),
            _num(ls.raw_tokens_mean, 0),
            _num(ls.context_tokens_mean, 0),
            _pct(ls.last_task_retention),
            _pct(ls.earlier_live_retention),
            _pct(ls.earlier_recallable_retention),
            _num(ls.compactions_mean, 1),
            tiers,
            f"{_num(ls.compaction_p50_ms, 1)} / {_num(ls.compaction_p95_ms, 1)}",
            _num(ls.add_p95_ms, 1),
        ]
        out.append("| " + " | ".join(cells) + " |")
    for ls in ds.long_sessions:
        if isinstance(ls, str):
            continue
        triggers = ", ".join(
            f"{name} {count}" for name, count in sorted(ls.triggers.items(), key=lambda t: -t[1])
        )
        out.append(f"\n{ls.label}: compaction triggers over all sessions: {triggers or 'none'}.")
        if ls.errors:
            out.append(f"{len(ls.errors)} chained sessions failed: {'; '.join(ls.errors[:3])}")
    return out


def _failures(ds: DatasetResult, n: int = 5) -> list[str]:
    core = ds.method("core")
    if core is None or not core.rows:
        return []
    bad = sorted((r for r in core.rows if r.lost), key=lambda r: (-len(r.lost), r.context_id))[:n]
    if not bad:
        return [f"- {ds.file}: core lost no final-state value."]
    out = []
    for r in bad:
        said = r.lost_said_by or ["?"] * len(r.lost)
        superseded = set(r.falsely_superseded)
        lost = "; ".join(
            f'`{slot}` = "{value}" (first said by {who}'
            + ("; shown only as replaced" if (slot, value) in superseded else "")
            + ")"
            for (slot, value), who in zip(r.lost, said, strict=False)
        )
        out.append(
            f"- `{r.context_id}` ({r.tokens} tokens, kept {r.final_retained}/{r.final_total}): lost {lost}"
        )
    return out


def render_section(
    datasets: Sequence[DatasetResult],
    command: str,
    machine: dict[str, str],
    when: datetime,
    runs: int,
    chart_html: str | None,
    chart_png: str | None,
    chart_note: str = "",
    embedder: str = "default",
    heading: str = "Core against its peers",
    make_note: str = "`make bench` runs it on the three dev samples",
) -> str:
    """The markdown of the benchmark section (without the markers)."""
    lines = [
        f"## {heading}",
        "",
        f"Measured {when:%Y-%m-%d %H:%M} UTC on {machine.get('cpu', '?')}, {machine.get('cores', '?')} "
        f"cores, {machine.get('ram', '?')} RAM; Python {machine.get('python', '?')}; "
        f"commit {machine.get('commit', '?')}. Load average (1 / 5 / 15 min) at the start: "
        f"{machine.get('load_start', '?')}, at the end: {machine.get('load', '?')} (timings on a shared "
        "machine are inflated when this exceeds the core count). The core's embedder: "
        + (
            "the n-gram stand-in (NOT the production MiniLM)."
            if embedder == "ngram"
            else "its default (MiniLM for English, character n-grams for Chinese)."
        ),
        "",
        f"Command ({make_note}):",
        "",
        "```",
        command,
        "```",
        "",
        f"Timings: per conversation, the median of {runs} runs after one untimed warm-up (model loaded, "
        "embedding caches warm after the first run); p50 / p95 over conversations; conv/s is the wall "
        "time of a whole pass. Every method is scored by case-insensitive string match of gold values in "
        "its context; tokens are cl100k (core.tokens.count_tokens) for every method. Definitions below "
        "the tables.",
    ]
    for ds in datasets:
        lines += [
            "",
            f"### {Path(ds.file).name} ({ds.source}, {ds.lang}, {ds.conversations} conversations; "
            f"raw transcript {_num(ds.raw_tokens_mean, 0)} tokens, oracle {_num(ds.oracle_tokens_mean, 0)} "
            "tokens on average)",
            "",
            HEADER,
            *(_row(m) for m in ds.methods),
            "",
            f"**Verdict:** {verdict(ds)}",
            *_long_table(ds),
        ]
    if chart_html or chart_png:
        lines += ["", "### Retention against tokens", ""]
        if chart_png:
            lines.append(f"![final-state retention against context tokens]({chart_png})")
            lines.append("")
        if chart_html:
            lines.append(f"Interactive chart: [{chart_html}]({chart_html}). {chart_note}".rstrip())
    failure_lines = [ln for ds in datasets for ln in _failures(ds)]
    if failure_lines:
        lines += [
            "",
            "### Failure cases: conversations where core lost final-state values",
            "",
            *failure_lines,
        ]
    lines += ["", DEFINITIONS]
    return "\n".join(lines)


def section_markers(name: str) -> tuple[str, str]:
    """The start and end markers of a named section of docs/benchmarks.md ('core': the default)."""
    return f"<!-- bench:{name}:start -->", f"<!-- bench:{name}:end -->"


def write_section(path: str | Path, section: str, markers: tuple[str, str] = (START, END)) -> None:
    """Put section between the markers of the file (the core's by default), keeping everything else."""
    p = Path(path)
    start, end = markers
    block = f"{start}\n{section.rstrip()}\n{end}"
    if not p.exists():
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(f"# Benchmarks\n\n{block}\n", encoding="utf-8")
        return
    text = p.read_text(encoding="utf-8")
    if start in text and end in text and text.index(start) < text.index(end):
        head, rest = text.split(start, 1)
        tail = rest.split(end, 1)[1]
        p.write_text(f"{head}{block}{tail}", encoding="utf-8")
    else:
        p.write_text(text.rstrip("\n") + f"\n\n{block}\n", encoding="utf-8")


def _plain(obj: Any) -> Any:
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: _plain(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    if isinstance(obj, dict):
        return {str(k): _plain(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_plain(v) for v in obj]
    if isinstance(obj, float) and math.isnan(obj):
        return None
    return obj


def write_json(path: str | Path, datasets: Sequence[DatasetResult], meta: dict[str, Any]) -> None:
    """Every number of the run, per method and conversation, as JSON (NaN written as null)."""
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    payload = {"meta": meta, "datasets": _plain(list(datasets))}
    Path(path).write_text(json.dumps(payload, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")


def now_utc() -> datetime:
    """The time stamp of the run."""
    return datetime.now(UTC)
