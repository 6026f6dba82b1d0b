"""Run the agent-trace methods over a trace file and score them (no files written here).

Each file gets freshly built methods (a new Compressor, so a file never profits from the embedding
cache of another). The core is warmed on the file's first cut, untimed (model load), then every cut
runs once. add() latency is pooled over the messages an agent would feed at that point for the
first time: a cut whose turns extend an earlier cut of the same trace (cuts are prefixes of one
another) repeats that cut's messages, and those repeated adds (embeddings cached) are left out.
Compaction latency is the forced compaction's record latency 'total', one per cut.
"""

from __future__ import annotations

import contextlib
import hashlib
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from bench.agent_methods import AgentMethod, AgentOutput, compact_json, raw_trace_text
from bench.agent_score import (
    AgentSummary,
    CutScore,
    gold_values,
    p50_p95,
    score_cut,
    summarize_cuts,
)
from bench.conversations import Conversation
from bench.methods import MethodUnavailable
from core.formats import DialogueError
from core.models import Message
from core.tokens import count_tokens


@dataclass
class CutRow:
    """One method at one cut: size, what it lost, and the core's timings."""

    context_id: str
    tokens: int
    needed_total: int
    needed_kept: int
    lost: list[str] = field(default_factory=list)
    only_marked: list[str] = field(default_factory=list)
    mode: str = ""
    compaction_ms: float | None = None
    error: str | None = None


@dataclass
class AgentMethodResult:
    """One method over one trace file."""

    method: str
    status: str  # "ok", or "unavailable: why"
    summary: AgentSummary | None = None
    add_p50_ms: float = float("nan")
    add_p95_ms: float = float("nan")
    adds_timed: int = 0
    compaction_p50_ms: float = float("nan")
    compaction_p95_ms: float = float("nan")
    raw_mode_rate: float | None = None
    fallback_rate: float | None = None
    failed_compactions: int = 0
    auto_compactions: int = 0
    errors: int = 0
    rows: list[CutRow] = field(default_factory=list)


@dataclass
class AgentDatasetResult:
    """All methods over one trace file, with the file's own sizes."""

    file: str
    source: str
    cuts: int
    raw_tokens_mean: float
    needed: int
    from_history: int
    methods: list[AgentMethodResult] = field(default_factory=list)

    def method(self, name: str) -> AgentMethodResult | None:
        """The result of the named method, if it was run."""
        return next((m for m in self.methods if m.method == name), None)


def _turn_key(message: Message) -> str:
    call = message.tool_call.model_dump(mode="json") if message.tool_call else None
    result = message.tool_result.model_dump(mode="json") if message.tool_result else None
    return compact_json([message.role, message.text, call, result])


def first_seen_flags(convs: Sequence[Conversation]) -> list[list[bool]]:
    """Per cut, per message: True when no earlier cut had the same history up to that message."""
    seen: set[str] = set()
    flags: list[list[bool]] = []
    for conv in convs:
        digest = hashlib.sha1()
        row = []
        for m in conv.messages:
            digest.update(_turn_key(m).encode("utf-8") + b"\n")
            key = digest.hexdigest()
            row.append(key not in seen)
            seen.add(key)
        flags.append(row)
    return flags


def run_agent_method(
    method: AgentMethod,
    convs: Sequence[Conversation],
    raw_tokens: Sequence[int],
    first_seen: Sequence[Sequence[bool]],
    tick: Callable[[int], None] = lambda n: None,
) -> AgentMethodResult:
    """Run one method on every cut once (after an untimed warm-up cut) and score it."""
    try:
        method.prepare()
    except MethodUnavailable as exc:
        tick(len(convs))
        return AgentMethodResult(method=method.name, status=f"unavailable: {exc}")
    if convs:
        # warm-up: imports, model load; an error here shows again in the scored run
        with contextlib.suppress(Exception):
            method.run(convs[0])
    scores: list[CutScore] = []
    rows: list[CutRow] = []
    outputs: list[AgentOutput] = []
    adds: list[float] = []
    for pos, conv in enumerate(convs):
        error = None
        try:
            out = method.run(conv)
        except Exception as exc:  # one bad cut must not stop the bench; it is scored as empty
            error = f"{type(exc).__name__}: {exc} @ {traceback.extract_tb(exc.__traceback__)[-1].name}"
            out = AgentOutput(text="", tokens=0, mode="error")
        outputs.append(out)
        adds += [ms for ms, new in zip(out.add_ms, first_seen[pos], strict=False) if new]
        score = score_cut(conv.context_id, out.text, out.tokens, conv.gold, raw_tokens[pos])
        scores.append(score)
        rows.append(
            CutRow(
                context_id=conv.context_id,
                tokens=out.tokens,
                needed_total=score.needed_total,
                needed_kept=score.needed_kept,
                lost=score.lost,
                only_marked=score.only_marked,
                mode=out.mode,
                compaction_ms=out.compaction_ms,
                error=error,
            )
        )
        tick(1)
    return _result(method.name, scores, rows, outputs, adds)


def _result(
    name: str, scores: list[CutScore], rows: list[CutRow], outputs: list[AgentOutput], adds: list[float]
) -> AgentMethodResult:
    comp = [o.compaction_ms for o in outputs if o.compaction_ms is not None]
    core_like = any(o.mode in ("compressed", "raw") for o in outputs)
    add50, add95 = p50_p95(adds)
    c50, c95 = p50_p95(comp)
    n = len(outputs)
    return AgentMethodResult(
        method=name,
        status="ok",
        summary=summarize_cuts(scores),
        add_p50_ms=add50,
        add_p95_ms=add95,
        adds_timed=len(adds),
        compaction_p50_ms=c50,
        compaction_p95_ms=c95,
        raw_mode_rate=sum(o.mode == "raw" for o in outputs) / n if core_like and n else None,
        fallback_rate=sum(o.fallback for o in outputs) / n if core_like and n else None,
        failed_compactions=sum(o.failed for o in outputs),
        auto_compactions=sum(o.auto_compactions for o in outputs),
        errors=sum(r.error is not None for r in rows),
        rows=rows,
    )


def run_agent_file(
    file: str,
    convs: Sequence[Conversation],
    methods: Sequence[AgentMethod],
    tick: Callable[[int], None] = lambda n: None,
) -> AgentDatasetResult:
    """Run the methods on one trace file's cuts (a malformed gold list stops it before any run)."""
    for conv in convs:
        for key in ("needed", "needed_from_history"):
            try:
                gold_values(conv.gold, key)
            except ValueError as exc:
                detail = f"{exc} (context {conv.context_id})"
                raise DialogueError(conv.line, detail, f"gold.{key}", file=file) from exc
    raw = [count_tokens(raw_trace_text(c.messages)) for c in convs]
    first_seen = first_seen_flags(convs)
    results = [run_agent_method(m, convs, raw, first_seen, tick) for m in methods]
    needed = sum(len(gold_values(c.gold, "needed")) for c in convs)
    history = sum(len(gold_values(c.gold, "needed_from_history")) for c in convs)
    return AgentDatasetResult(
        file=file,
        source=convs[0].source if convs else "",
        cuts=len(convs),
        raw_tokens_mean=sum(raw) / len(raw) if raw else float("nan"),
        needed=needed,
        from_history=history,
        methods=results,
    )
