"""Run every method on every conversation of a data set, time it, and score it.

Quality comes from the first run (the methods are deterministic; later runs are compared with it and
a difference is reported). Timings are per conversation, the median over `runs` runs, after one
untimed warm-up call (model load, imports). Throughput is conversations per second of wall time of a
whole pass (median pass), the warm-up excluded.
"""

from __future__ import annotations

import contextlib
import statistics
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from bench.conversations import Conversation
from bench.methods import Method, MethodOutput, MethodUnavailable
from bench.metrics import (
    ConversationScore,
    Summary,
    occurs,
    oracle_text,
    percentile,
    score_conversation,
    summarize,
)
from core.tokens import count_tokens

# Order in which methods run: the equal-budget peers need the core's token counts first.
BUDGET_SOURCES = ("core", "core-rules")


@dataclass
class ConversationRow:
    """One method on one conversation: its context size, time and what it lost."""

    context_id: str
    tokens: int
    latency_ms: float
    final_total: int
    final_retained: int
    lost: list[tuple[str, str]] = field(default_factory=list)
    lost_said_by: list[str] = field(default_factory=list)
    falsely_superseded: list[tuple[str, str]] = field(default_factory=list)
    budget: int | None = None
    mode: str = ""
    fallback: bool = False
    consistent: bool | None = None
    anchors_ok: bool | None = None
    first_run_ms: float = 0.0
    engine_ms: float | None = None
    error: str | None = None


@dataclass
class MethodResult:
    """One method over one data set."""

    method: str
    status: str  # "ok", or "unavailable: why"
    summary: Summary | None = None
    latency_p50_ms: float = float("nan")
    latency_p95_ms: float = float("nan")
    first_run_p50_ms: float = float("nan")
    first_run_p95_ms: float = float("nan")
    engine_p50_ms: float = float("nan")
    engine_p95_ms: float = float("nan")
    throughput_cps: float = float("nan")
    consistency: float | None = None
    anchor_agreement: float | None = None
    fallback_rate: float | None = None
    raw_mode_rate: float | None = None
    deterministic: bool = True
    budget_source: str | None = None
    runs: int = 1
    errors: int = 0
    rows: list[ConversationRow] = field(default_factory=list)


@dataclass
class DatasetResult:
    """All methods over one data set, with the data set's own sizes."""

    file: str
    source: str
    lang: str
    conversations: int
    raw_tokens_mean: float
    oracle_tokens_mean: float
    methods: list[MethodResult] = field(default_factory=list)
    long_sessions: list[Any] = field(default_factory=list)

    def method(self, name: str) -> MethodResult | None:
        """The result of the named method, if it was run."""
        return next((m for m in self.methods if m.method == name), None)


def first_speaker(conv: Conversation, value: str) -> str:
    """Role and turn of the first turn that states value ('user@4'), for the failure list."""
    for m in conv.messages:
        if occurs(value, m.text):
            return f"{m.role}@{m.idx}"
    return "?"


def _budget_for(conv_id: str, budgets: dict[str, dict[str, int]], raw_tokens: int) -> tuple[int, str]:
    for source in BUDGET_SOURCES:
        if conv_id in budgets.get(source, {}):
            return budgets[source][conv_id], source
    return max(1, raw_tokens // 2), "raw/2"


def run_method(
    method: Method,
    convs: Sequence[Conversation],
    budgets: dict[str, dict[str, int]],
    runs: int = 3,
    tick: Callable[[int], None] = lambda n: None,
) -> MethodResult:
    """Run one method on all conversations `runs` times and score its first run."""
    try:
        method.prepare()
    except MethodUnavailable as exc:
        tick(len(convs) * runs)
        return MethodResult(method=method.name, status=f"unavailable: {exc}")
    raw_tokens = {c.context_id: count_tokens(c.raw_text) for c in convs}
    plan = {c.context_id: _budget_for(c.context_id, budgets, raw_tokens[c.context_id]) for c in convs}
    if convs:  # warm-up: imports, model load, caches of the first conversation
        # an error here shows again in the timed runs, which record it per conversation
        with contextlib.suppress(Exception):
            method.run(convs[0], plan[convs[0].context_id][0] if method.needs_budget else None)
    first: dict[str, MethodOutput | str] = {}
    times: dict[str, list[float]] = {c.context_id: [] for c in convs}
    pass_seconds: list[float] = []
    deterministic = True
    for run in range(max(1, runs)):
        t_pass = time.perf_counter()
        for conv in convs:
            budget = plan[conv.context_id][0] if method.needs_budget else None
            t0 = time.perf_counter()
            try:
                out: MethodOutput | str = method.run(conv, budget)
            except Exception as exc:  # one bad conversation must not stop the bench
                out = f"{type(exc).__name__}: {exc} @ {traceback.extract_tb(exc.__traceback__)[-1].name}"
            times[conv.context_id].append((time.perf_counter() - t0) * 1000)
            if run == 0:
                first[conv.context_id] = out
            elif isinstance(out, MethodOutput) and isinstance(first[conv.context_id], MethodOutput):
                deterministic &= out.text == first[conv.context_id].text  # type: ignore[union-attr]
            tick(1)
        pass_seconds.append(time.perf_counter() - t_pass)
    result = _score(method, convs, first, times, pass_seconds, plan, deterministic)
    result.runs = max(1, runs)
    return result


def _score(
    method: Method,
    convs: Sequence[Conversation],
    first: dict[str, MethodOutput | str],
    times: dict[str, list[float]],
    pass_seconds: list[float],
    plan: dict[str, tuple[int, str]],
    deterministic: bool,
) -> MethodResult:
    scores: list[ConversationScore] = []
    rows: list[ConversationRow] = []
    for conv in convs:
        out = first[conv.context_id]
        error = out if isinstance(out, str) else None
        text, tokens = ("", 0) if isinstance(out, str) else (out.text, out.tokens)
        score = score_conversation(
            conv.context_id,
            text,
            tokens,
            conv.gold,
            conv.transcript,
            count_tokens(conv.raw_text),
            count_tokens(oracle_text(conv.gold.get("final_state") or {})),
        )
        scores.append(score)
        ok = out if isinstance(out, MethodOutput) else None
        rows.append(
            ConversationRow(
                context_id=conv.context_id,
                tokens=tokens,
                latency_ms=statistics.median(times[conv.context_id]),
                final_total=score.final_total,
                final_retained=score.final_retained,
                lost=score.lost,
                lost_said_by=[first_speaker(conv, value) for _, value in score.lost],
                falsely_superseded=score.falsely_superseded,
                budget=plan[conv.context_id][0] if method.needs_budget else None,
                mode=ok.mode if ok else "error",
                fallback=ok.fallback if ok else False,
                consistent=ok.consistent if ok else None,
                anchors_ok=ok.anchors_ok if ok else None,
                first_run_ms=times[conv.context_id][0],
                engine_ms=ok.engine_ms if ok else None,
                error=error,
            )
        )
    lat = [r.latency_ms for r in rows]
    eng = [r.engine_ms for r in rows if r.engine_ms is not None]
    checked = [r.consistent for r in rows if r.consistent is not None]
    agreed = [r.anchors_ok for r in rows if r.anchors_ok is not None]
    core_like = any(r.mode in ("compressed", "raw") for r in rows)
    sources = sorted({plan[c.context_id][1] for c in convs}) if method.needs_budget else []
    return MethodResult(
        method=method.name,
        status="ok",
        summary=summarize(scores),
        latency_p50_ms=percentile(lat, 50),
        latency_p95_ms=percentile(lat, 95),
        first_run_p50_ms=percentile([r.first_run_ms for r in rows], 50),
        first_run_p95_ms=percentile([r.first_run_ms for r in rows], 95),
        engine_p50_ms=percentile(eng, 50),
        engine_p95_ms=percentile(eng, 95),
        throughput_cps=len(convs) / statistics.median(pass_seconds)
        if pass_seconds and convs
        else float("nan"),
        consistency=sum(checked) / len(checked) if checked else None,
        anchor_agreement=sum(agreed) / len(agreed) if agreed else None,
        fallback_rate=sum(r.fallback for r in rows) / len(rows) if core_like and rows else None,
        raw_mode_rate=sum(r.mode == "raw" for r in rows) / len(rows) if core_like and rows else None,
        deterministic=deterministic,
        budget_source=", ".join(sources) or None,
        errors=sum(r.error is not None for r in rows),
        rows=rows,
    )


def run_dataset(
    file: str,
    convs: Sequence[Conversation],
    methods: Sequence[Method],
    runs: int = 3,
    tick: Callable[[int], None] = lambda n: None,
) -> DatasetResult:
    """Run the methods on one data set; budget sources (core, core-rules) run first."""
    rank = {name: i for i, name in enumerate(BUDGET_SOURCES)}
    order = sorted(methods, key=lambda m: rank.get(m.name, len(rank)))
    budgets: dict[str, dict[str, int]] = {}
    by_name: dict[str, MethodResult] = {}
    for method in order:
        result = run_method(method, convs, budgets, runs=runs, tick=tick)
        by_name[method.name] = result
        if method.name in BUDGET_SOURCES and result.status == "ok":
            budgets[method.name] = {r.context_id: max(1, r.tokens) for r in result.rows if r.error is None}
    raw = [count_tokens(c.raw_text) for c in convs]
    oracle = [count_tokens(oracle_text(c.gold.get("final_state") or {})) for c in convs]
    first = convs[0] if convs else None
    return DatasetResult(
        file=file,
        source=first.source if first else "",
        lang=first.lang if first else "",
        conversations=len(convs),
        raw_tokens_mean=sum(raw) / len(raw) if raw else float("nan"),
        oracle_tokens_mean=sum(oracle) / len(oracle) if oracle else float("nan"),
        methods=[by_name[m.name] for m in methods],
    )
