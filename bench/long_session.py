"""Long sessions: consecutive conversations of a file chained into one session, fed message by message.

One conversation is too short for the default trigger (16k history tokens), so 20 of them are chained
into one session (turn idx renumbered, timestamps increasing, gold slots namespaced per task as
"t03/hotel.area") and fed to `Compressor.session(id).add(message)` one message at a time; the
triggers and tiers fire by themselves. Scored at the end:

- last task: the last conversation's scored final-state values found in the context (must stay ~100%);
- earlier tasks, live: the other conversations' values found in the context;
- earlier tasks, recallable: found in the context, among the values of the state's archive, or
  among the earlier versions its facts keep in their history
  (decayed facts the core can recall);
- every compaction's tier and tokens in/out (from the compaction records).
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from bench.conversations import REFERENCE_TS, TURN_GAP, Conversation
from bench.markers import occurs_unmarked
from bench.methods import MethodUnavailable
from bench.metrics import fold, occurs, percentile, ratio, scored_final_values
from core.embed import Embedder
from core.models import Message
from core.tokens import count_tokens

TASK_GAP = timedelta(minutes=10)


@dataclass
class ChainedSession:
    """Conversations chained into one message stream, with each task's scored values."""

    context_id: str
    messages: list[Message]
    tasks: list[list[tuple[str, str]]]  # per task: (namespaced slot, value) scored in its own transcript
    task_ids: list[str]


def chain_conversations(convs: Sequence[Conversation], context_id: str) -> ChainedSession:
    """Chain conversations into one session: idx renumbered, ts increasing, slots namespaced per task."""
    messages: list[Message] = []
    tasks: list[list[tuple[str, str]]] = []
    ts = REFERENCE_TS
    for k, conv in enumerate(convs):
        for m in conv.messages:
            messages.append(m.model_copy(update={"context_id": context_id, "idx": len(messages), "ts": ts}))
            ts += TURN_GAP
        ts += TASK_GAP
        tasks.append([(f"t{k:02d}/{slot}", v) for slot, v in scored_final_values(conv.gold, conv.transcript)])
    return ChainedSession(context_id, messages, tasks, [c.context_id for c in convs])


@dataclass
class CompactionPoint:
    """One compaction that fired during a long session."""

    at_turn: int
    tier: int
    trigger: str
    tokens_in: int
    tokens_out: int
    latency_ms: float | None
    fallback: bool


@dataclass
class LongSessionResult:
    """One chained session run through the core with one config."""

    context_id: str
    label: str
    conversations: int
    messages: int
    raw_tokens: int
    context_tokens: int
    mode: str
    last_total: int
    last_retained: int
    earlier_total: int
    earlier_live: int
    earlier_recallable: int
    add_p50_ms: float
    add_p95_ms: float
    compactions: list[CompactionPoint] = field(default_factory=list)
    last_lost: list[tuple[str, str]] = field(default_factory=list)
    error: str | None = None


def _records_of(session: Any, add_results: list[Any]) -> list[Any]:
    for attr in ("records", "compactions", "history"):
        recs = getattr(session, attr, None)
        if isinstance(recs, list) and (not recs or hasattr(recs[0], "tokens_out")):
            return recs
    return [getattr(r, "record", None) for r in add_results if getattr(r, "compacted", False)]


def run_long_session(chain: ChainedSession, compressor: Any, label: str) -> LongSessionResult:
    """Feed a chained session to the core message by message and score what the end context keeps."""
    session = compressor.session(chain.context_id)
    add_ms: list[float] = []
    add_results: list[Any] = []
    for m in chain.messages:
        t0 = time.perf_counter()
        add_results.append(session.add(m))
        add_ms.append((time.perf_counter() - t0) * 1000)
    view = session.context()
    text = view.text
    state = getattr(session, "state", None)
    # recallable: the values the state keeps out of the context: its archive (decayed facts, which
    # recall() brings back), facts not active, and every earlier version in a fact's history
    facts = list((getattr(state, "facts", {}) or {}).values())
    stored = list(getattr(state, "archive", []) or []) + [f for f in facts if f.status != "active"]
    versions = [v.value for f in [*facts, *stored] for v in f.history]
    archive = "\n".join([f.value for f in stored] + versions)
    last = chain.tasks[-1] if chain.tasks else []
    earlier = [pair for task in chain.tasks[:-1] for pair in task]
    last_lost = [p for p in last if not occurs_unmarked(p[1], text)]  # strict: current values
    live = [p for p in earlier if occurs(p[1], text)]
    recallable = [p for p in earlier if occurs(p[1], text) or (fold(p[1]).strip() and occurs(p[1], archive))]
    points = [
        CompactionPoint(
            at_turn=r.at_turn,
            tier=r.tier,
            trigger=r.trigger,
            tokens_in=r.tokens_in,
            tokens_out=r.tokens_out,
            latency_ms=(r.latency_ms or {}).get("total"),
            fallback=r.fallback,
        )
        for r in _records_of(session, add_results)
        if r is not None
    ]
    return LongSessionResult(
        context_id=chain.context_id,
        label=label,
        conversations=len(chain.tasks),
        messages=len(chain.messages),
        raw_tokens=count_tokens("\n".join(f"{m.role}: {m.text}" for m in chain.messages)),
        context_tokens=count_tokens(text),
        mode=str(getattr(view, "mode", "")),
        last_total=len(last),
        last_retained=len(last) - len(last_lost),
        earlier_total=len(earlier),
        earlier_live=len(live),
        earlier_recallable=len(recallable),
        add_p50_ms=percentile(add_ms, 50),
        add_p95_ms=percentile(add_ms, 95),
        compactions=points,
        last_lost=last_lost,
    )


@dataclass
class LongSessionSummary:
    """Long sessions of one data set under one config, pooled."""

    label: str
    sessions: int
    conversations_per_session: int
    messages_mean: float
    raw_tokens_mean: float
    context_tokens_mean: float
    last_task_retention: float
    earlier_live_retention: float
    earlier_recallable_retention: float
    compactions_mean: float
    tokens_after_tier: dict[int, float]
    compactions_per_tier: dict[int, int]
    compaction_p50_ms: float
    compaction_p95_ms: float
    add_p95_ms: float
    fallbacks: int
    triggers: dict[str, int] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)


def summarize_long(label: str, results: Sequence[LongSessionResult], n_tiers: int = 3) -> LongSessionSummary:
    """Pool the long sessions of one config: rates over all values, tokens out per tier."""
    ok = [r for r in results if r.error is None]
    points = [p for r in ok for p in r.compactions]
    # the record's tier counts compactions (0, 1, 2, ...); the config has 3 fold depths, the last repeats
    tier_of = {id(p): min(p.tier, n_tiers - 1) for p in points}
    tiers = sorted(set(tier_of.values()))
    lat = [p.latency_ms for p in points if p.latency_ms is not None]
    n = len(ok)
    return LongSessionSummary(
        label=label,
        sessions=len(results),
        conversations_per_session=max((r.conversations for r in ok), default=0),
        messages_mean=ratio(sum(r.messages for r in ok), n),
        raw_tokens_mean=ratio(sum(r.raw_tokens for r in ok), n),
        context_tokens_mean=ratio(sum(r.context_tokens for r in ok), n),
        last_task_retention=ratio(sum(r.last_retained for r in ok), sum(r.last_total for r in ok)),
        earlier_live_retention=ratio(sum(r.earlier_live for r in ok), sum(r.earlier_total for r in ok)),
        earlier_recallable_retention=ratio(
            sum(r.earlier_recallable for r in ok), sum(r.earlier_total for r in ok)
        ),
        compactions_mean=ratio(len(points), n),
        tokens_after_tier={
            t: ratio(
                sum(p.tokens_out for p in points if tier_of[id(p)] == t),
                sum(tier_of[id(p)] == t for p in points),
            )
            for t in tiers
        },
        compactions_per_tier={t: sum(tier_of[id(p)] == t for p in points) for t in tiers},
        triggers=dict(Counter(p.trigger.split(":")[0].strip() for p in points)),
        compaction_p50_ms=percentile(lat, 50),
        compaction_p95_ms=percentile(lat, 95),
        add_p95_ms=max((r.add_p95_ms for r in ok), default=float("nan")),
        fallbacks=sum(p.fallback for p in points),
        errors=[f"{r.context_id}: {r.error}" for r in results if r.error],
    )


def make_compressor(config_overrides: dict[str, Any], embedder: Embedder | None) -> Any:
    """A Compressor with the default config plus overrides; MethodUnavailable if the core is missing."""
    try:
        from core.compressor import Compressor
        from core.config import Config
    except ImportError as exc:
        raise MethodUnavailable(f"core pipeline not importable ({exc})") from exc
    return Compressor(Config(**config_overrides), embedder=embedder)


def run_long_sessions(
    convs: Sequence[Conversation],
    label: str,
    config_overrides: dict[str, Any],
    embedder: Embedder | None = None,
    per_session: int = 20,
    max_sessions: int = 0,
    tick: Any = None,
) -> LongSessionSummary:
    """Chain consecutive conversations (per_session each) and run every chain with one config."""
    compressor = make_compressor(config_overrides, embedder)
    n_tiers = len(compressor.config.tiers)
    size = min(per_session, len(convs))
    starts = list(range(0, len(convs) - size + 1, size)) if size else []
    if max_sessions:
        starts = starts[:max_sessions]
    results: list[LongSessionResult] = []
    for start in starts:
        group = convs[start : start + size]
        chain = chain_conversations(group, f"chain-{group[0].source or 'data'}-{start:04d}-{label}")
        try:
            results.append(run_long_session(chain, compressor, label))
        except Exception as exc:  # a failed chain is reported, the others still run
            results.append(
                LongSessionResult(
                    chain.context_id,
                    label,
                    len(group),
                    len(chain.messages),
                    0,
                    0,
                    "error",
                    0,
                    0,
                    0,
                    0,
                    0,
                    float("nan"),
                    float("nan"),
                    error=f"{type(exc).__name__}: {exc}",
                )
            )
        if tick:
            tick(1)
    return summarize_long(label, results, n_tiers)
