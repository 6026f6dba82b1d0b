"""The agent-trace section of docs/benchmarks.md: one table per trace file, and its definitions."""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

from bench.agent_run import AgentDatasetResult, AgentMethodResult

AGENT_MARKERS = ("<!-- bench:agent:start -->", "<!-- bench:agent:end -->")

HEADER = (
    "| method | needed values kept | cuts with all needed | from history kept "
    "| needed shown only as replaced | tokens (mean) | token reduction (total) | (mean of cuts) "
    "| add() p50 / p95 ms | compaction p50 / p95 ms | notes |\n"
    "|---|---|---|---|---|---|---|---|---|---|---|"
)


def _pct(x: float | None) -> str:
    return "n/a" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{100 * x:.1f}%"


def _num(x: float | None, digits: int = 1) -> str:
    return "n/a" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{x:,.{digits}f}"


def _pair(a: float, b: float) -> str:
    return "-" if math.isnan(a) and math.isnan(b) else f"{_num(a, 1)} / {_num(b, 1)}"


def _row(m: AgentMethodResult) -> str:
    if m.summary is None:
        return f"| {m.method} | {m.status} |" + " |" * 9
    s = m.summary
    notes = []
    if m.raw_mode_rate:
        notes.append(f"raw mode {_pct(m.raw_mode_rate)}")
    if m.fallback_rate:
        notes.append(f"key-sentence fallback {_pct(m.fallback_rate)}")
    if m.failed_compactions:
        notes.append(f"{m.failed_compactions} forced compactions failed")
    if m.auto_compactions:
        notes.append(f"{m.auto_compactions} auto compactions during add()")
    if m.adds_timed:
        notes.append(f"{m.adds_timed} first-seen adds timed")
    if m.errors:
        first = next(r.error for r in m.rows if r.error) or ""
        notes.append(f"{m.errors} errors, scored as empty (first: {first[:120]})")
    cells = [
        m.method,
        f"{_pct(s.needed_retention)} of {s.needed}",
        _pct(s.all_needed),
        f"{_pct(s.from_history_retention)} of {s.from_history}",
        _pct(s.only_marked),
        _num(s.tokens_mean, 0),
        _pct(s.total_reduction),
        _pct(s.token_reduction),
        _pair(m.add_p50_ms, m.add_p95_ms),
        _pair(m.compaction_p50_ms, m.compaction_p95_ms),
        "; ".join(notes),
    ]
    return "| " + " | ".join(cells) + " |"


def _lost_examples(ds: AgentDatasetResult, n: int = 5) -> list[str]:
    core = ds.method("core") or ds.method("core-rules")
    if core is None or not core.rows:
        return []
    bad = [r for r in core.rows if r.lost][:n]
    if not bad:
        return [f"- {Path(ds.file).name}: {core.method} kept every needed value."]
    out = []
    for r in bad:
        lost = ", ".join(f'"{v}"' + (" (only as replaced)" if v in r.only_marked else "") for v in r.lost)
        out.append(
            f"- {Path(ds.file).name} `{r.context_id}` ({r.tokens} tokens, "
            f"kept {r.needed_kept}/{r.needed_total}): lost {lost}"
        )
    return out


def render_agent_section(
    datasets: Sequence[AgentDatasetResult],
    command: str,
    machine: dict[str, str],
    when: datetime,
    embedder: str = "default",
    limit: int = 0,
) -> str:
    """The markdown of the agent-trace section (without the markers)."""
    lines = [
        "## Agent traces: does the next call find its arguments?",
        "",
        f"Measured {when:%Y-%m-%d %H:%M} UTC on {machine.get('cpu', '?')}, {machine.get('cores', '?')} "
        f"cores; Python {machine.get('python', '?')}; commit {machine.get('commit', '?')}. Load average "
        f"(1 / 5 / 15 min) at the start: {machine.get('load_start', '?')}, at the end: "
        f"{machine.get('load', '?')}. The core's embedder: "
        + ("the n-gram stand-in (NOT the production MiniLM)." if embedder == "ngram" else "its default.")
        + (f" First {limit} cuts of each file." if limit else " Every cut of each file."),
        "",
        "Command (`make bench` runs it on both trace files):",
        "",
        "```",
        command,
        "```",
    ]
    for ds in datasets:
        lines += [
            "",
            f"### {Path(ds.file).name} ({ds.source}, {ds.cuts} cuts; raw trace {_num(ds.raw_tokens_mean, 0)} "
            f"tokens on average; {ds.needed} needed values, {ds.from_history} of them from history)",
            "",
            HEADER,
            *(_row(m) for m in ds.methods),
        ]
    examples = [ln for ds in datasets for ln in _lost_examples(ds)]
    if examples:
        lines += ["", "### Cuts where the core lost needed values (first 5 per file)", "", *examples]
    lines += ["", AGENT_DEFINITIONS]
    return "\n".join(lines)


AGENT_DEFINITIONS = """### Definitions (agent traces)

- Data: `shared/data/agent_traces` (BFCL multi-turn base and long-context; each line a trace cut just
  before the agent's next calls) and, under `make bench`, the held-out traces of other domains
  `bench/data/agent_heldout` (retail, airline, banking, calendar, devops, CRM; never tuned on).
  **needed values**: the gold `needed` list (the scalar arguments of
  the next calls that occur in the trace so far); **from history**: the gold `needed_from_history`
  (those not in the last user message).
- **kept**: the value occurs, case-insensitively, in the context served **outside every
  `(was: ...)` marker** (a value shown only as replaced misleads the agent, and is counted in
  **needed shown only as replaced**). Rates pool the values of all cuts; **cuts with all needed**:
  share of cuts with at least one needed value that keep every one.
- **tokens**: cl100k (`core.tokens.count_tokens`). **token reduction (total)**: 1 - the context
  tokens of all cuts / their raw trace tokens (what a deployment saves); **(mean of cuts)**: 1 -
  context tokens / raw trace tokens, averaged over cuts (a short cut weighs as much as a long one).
  The raw trace is what the core's raw mode serves (`core.render.raw_history`): every turn as
  `role: text`, a tool call as `<call NAME {args}>` and a result as `<result STATUS data>`, both as
  compact JSON in full; `raw` serves exactly that.
- **core**: the cut's messages fed one by one through `Session.add` (auto compaction on, default
  config), then `Session.compact(force=True)`; served `session.context().text`. **add()**: p50 / p95
  over the messages an agent would feed for the first time (a cut that extends an earlier cut of
  the same trace repeats its messages; those repeats are not timed twice); **compaction**: the forced
  compaction's record `latency_ms["total"]`, one per cut. One untimed warm-up cut per file.
- **last-n**: the last 5 turns; **user-verbatim**: every user turn; **clear-tools-N**: the whole trace
  with every tool result but the last N replaced by `[tool result cleared]` (the context editing of
  model APIs), calls and other turns kept."""
