"""Scores of the agent-trace benchmark: are the values the agent's next call needs in its context?

A needed value (gold ``needed``: the scalar arguments of the calls right after the cut that occur
in the trace so far) counts as kept when it occurs, case-insensitively, in the context OUTSIDE every
"(was: ...)" marker (bench.markers): a value shown only as replaced misleads the agent. The
same for ``needed_from_history`` (the needed values not in the last user message). Rates pool the
values of all cuts; "all needed" is the share of cuts (with at least one needed value) that keep
every one; token reduction (total) is 1 - the context tokens of all cuts / their raw trace tokens
(tokens mean / raw mean: what a deployment saves); token reduction (mean of cuts) is the mean over
cuts of 1 - context tokens / raw trace tokens (every cut weighs alike, short ones too).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bench.markers import occurs_unmarked, only_marked
from bench.metrics import percentile, ratio, token_reduction


def gold_values(gold: Mapping[str, Any], key: str) -> list[str]:
    """The distinct non-empty values of one gold list, as strings, in order."""
    values = gold.get(key) or []
    if not isinstance(values, list):
        raise ValueError(f"gold '{key}' must be a list, got {type(values).__name__}")
    return list(dict.fromkeys(str(v) for v in values if str(v).strip()))


@dataclass
class CutScore:
    """One method's context at one cut: which needed values it keeps, and its size."""

    context_id: str
    tokens: int
    raw_tokens: int
    needed_total: int = 0
    needed_kept: int = 0
    lost: list[str] = field(default_factory=list)
    only_marked: list[str] = field(default_factory=list)
    history_total: int = 0
    history_kept: int = 0

    @property
    def all_kept(self) -> bool:
        """Every needed value of the cut is kept (vacuously true for a cut without any)."""
        return self.needed_kept == self.needed_total


def score_cut(
    context_id: str, context: str, tokens: int, gold: Mapping[str, Any], raw_tokens: int
) -> CutScore:
    """Score one context against the gold of its cut."""
    needed = gold_values(gold, "needed")
    history = gold_values(gold, "needed_from_history")
    kept = [v for v in needed if occurs_unmarked(v, context)]
    return CutScore(
        context_id=context_id,
        tokens=tokens,
        raw_tokens=raw_tokens,
        needed_total=len(needed),
        needed_kept=len(kept),
        lost=[v for v in needed if v not in kept],
        only_marked=[v for v in needed if only_marked(v, context)],
        history_total=len(history),
        history_kept=sum(occurs_unmarked(v, context) for v in history),
    )


@dataclass
class AgentSummary:
    """One method over one trace file (rates in 0..1, NaN where nothing was scored)."""

    cuts: int
    needed: int
    needed_retention: float
    all_needed: float
    from_history: int
    from_history_retention: float
    only_marked: float
    tokens_mean: float
    token_reduction: float
    total_reduction: float = float("nan")


def summarize_cuts(scores: Sequence[CutScore]) -> AgentSummary:
    """Pool the cut scores of one method (see the module docstring)."""
    with_needed = [s for s in scores if s.needed_total]
    needed = sum(s.needed_total for s in scores)
    history = sum(s.history_total for s in scores)
    return AgentSummary(
        cuts=len(scores),
        needed=needed,
        needed_retention=ratio(sum(s.needed_kept for s in scores), needed),
        all_needed=ratio(sum(s.all_kept for s in with_needed), len(with_needed)),
        from_history=history,
        from_history_retention=ratio(sum(s.history_kept for s in scores), history),
        only_marked=ratio(sum(len(s.only_marked) for s in scores), needed),
        tokens_mean=ratio(sum(s.tokens for s in scores), len(scores)),
        token_reduction=ratio(sum(token_reduction(s.tokens, s.raw_tokens) for s in scores), len(scores)),
        total_reduction=token_reduction(sum(s.tokens for s in scores), sum(s.raw_tokens for s in scores)),
    )


def p50_p95(values: Sequence[float]) -> tuple[float, float]:
    """The 50th and 95th percentiles (NaN for no values)."""
    return percentile(values, 50), percentile(values, 95)
