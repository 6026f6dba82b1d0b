"""The health metrics of the design, computed from a session's records; and the breaker's trip rule.

Pure functions (numbers in, numbers out) for whoever records metrics (the ingest run, the
playground) and for the charts:

- bloat rate = tokens given to the model / tokens of the raw dialogue
- fact decay ratio = decayed facts / facts old enough to decay (NO DATA when fewer than 5 are)
- goal churn rate = new user goals per user turn
- compaction success rate = compactions validated without fallback and not failed / all
- compaction latency p50 / p95 (total milliseconds per compaction)

    >>> from console.metrics import bloat_rate, should_trip
    >>> bloat_rate(tokens_context=300, tokens_raw=1000)
    0.3
    >>> should_trip([(0, 2.5), (120, 2.6), (300, 2.4)], bloat_limit=2.0, seconds=300).trip
    True

A rate whose denominator is zero is None (no data), never 0: "no dialogue yet" is not "healthy".
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from datetime import datetime

from pydantic import BaseModel, Field

from console.health import (
    BLOAT_RATE,
    COMPACTION_SUCCESS_RATE,
    FACT_DECAY_RATIO,
    GOAL_CHURN_RATE,
    LATENCY_P50_MS,
    LATENCY_P95_MS,
    Severity,
    Thresholds,
    classify,
    worst,
)
from core.config import Config
from core.decay import DECAYED_BELOW, fact_weight
from core.models import ContextState, Fact, Units
from core.stage_outputs import CompactionRecord
from data.records import MetricPoint

LATENCY_SAMPLE = "compaction_latency_ms"  # one sample per compaction; the store aggregates p50/p95
Instant = datetime | float  # a sample's time: a datetime, or seconds on any common clock
MIN_DECAY_SAMPLE = 5  # facts old enough to decay below which the ratio is noise (1 fact: 0% or 100%)
MAX_HORIZON = 10_000  # user turns: a decay slower than this is counted as no decay


def bloat_rate(tokens_context: int, tokens_raw: int) -> float | None:
    """Tokens given to the model / tokens of the raw dialogue; None without raw tokens."""
    if tokens_raw <= 0:
        return None
    return tokens_context / tokens_raw


def decay_horizon(fact: Fact, config: Config) -> int | None:
    """User turns without a mention after which a fact of this kind has decayed (its weight under
    core.decay.DECAYED_BELOW); None for a fact that never decays (an instruction, a pinned or
    verified fact, a preference the user changed). Read off the core's own decay rule."""
    probe = fact.model_copy(update={"last_turn": 0, "mentions": 1})
    if fact_weight(probe, MAX_HORIZON, config) >= DECAYED_BELOW:
        return None
    low, high = 0, MAX_HORIZON  # a weight only falls with age: the first age under the bound, bisected
    while high - low > 1:
        mid = (low + high) // 2
        if fact_weight(probe, mid, config) < DECAYED_BELOW:
            high = mid
        else:
            low = mid
    return high


def fact_decay_ratio(
    state: ContextState, roles: Sequence[str] | None = None, config: Config | None = None
) -> float | None:
    """Decayed facts / facts old enough to decay; None (NO DATA) when fewer than MIN_DECAY_SAMPLE
    facts are old enough (one or two make the ratio 0%, 50% or 100%: red, whatever the session did).

    Old enough: a fact of a kind that decays, first stated at least its decay horizon ago, in
    user turns (:func:`decay_horizon`; with the defaults 10 for an ordinary fact at x0.95 a turn,
    3 for tool data and for a preference, 1 for a corrected answer). Decayed: now decayed or
    archived. A fact the user kept alive by mentioning it again is old enough and not decayed, so
    the ratio says how much of what has aged the state let go. roles: the session's turns in
    order, to count the user turns up to a fact's first turn (without them a fact's age counts
    from its last mention). A key both live and archived (recalled after decay) counts once."""
    config = config or Config()
    user_turns_upto = list(itertools.accumulate(r == "user" for r in roles)) if roles is not None else None
    live = state.facts
    facts = [*live.values(), *(f for f in state.archive if f.key not in live)]
    old = decayed = 0
    for fact in facts:
        horizon = decay_horizon(fact, config)
        if horizon is None:
            continue
        stated = fact.last_turn
        if user_turns_upto is not None and 0 <= fact.first_idx < len(user_turns_upto):
            stated = user_turns_upto[fact.first_idx]
        if state.user_turns - stated < horizon:
            continue
        old += 1
        decayed += fact.status in ("decayed", "archived") or fact.key not in live
    return decayed / old if old >= MIN_DECAY_SAMPLE else None


def goal_churn_rate(new_goals: int, user_turns: int) -> float | None:
    """New user goals per user turn; None before the first user turn."""
    if user_turns <= 0:
        return None
    return new_goals / user_turns


def goal_churn_of(units: Sequence[Units], roles: Sequence[str]) -> float | None:
    """Goal churn over a session: goals the extract stage opened / user turns (roles per turn)."""
    if len(units) != len(roles):
        raise ValueError(f"{len(units)} units for {len(roles)} turns")
    new_goals = sum(len(u.goals) for u in units)
    return goal_churn_rate(new_goals, sum(1 for r in roles if r == "user"))


def compaction_passed(record: CompactionRecord) -> bool:
    """True when a compaction validated (or was not checked), did not fall back and did not fail."""
    validated = record.validation is None or record.validation.ok
    return validated and not record.fallback and not record.failed


def compaction_success_rate(records: Sequence[CompactionRecord]) -> float | None:
    """Compactions that passed / all compactions; None when there were none."""
    if not records:
        return None
    return sum(1 for r in records if compaction_passed(r)) / len(records)


def percentile(values: Sequence[float], q: float) -> float | None:
    """The q-quantile (0..1) with linear interpolation, as DuckDB's quantile_cont; None if empty."""
    if not 0 <= q <= 1:
        raise ValueError(f"quantile must be within 0..1, not {q}")
    data = sorted(v for v in values if not math.isnan(v))
    if not data:
        return None
    pos = q * (len(data) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(data) - 1)
    return data[lo] + (data[hi] - data[lo]) * (pos - lo)


def latency_percentiles(records: Sequence[CompactionRecord]) -> tuple[float | None, float | None]:
    """(p50, p95) of the compactions' total latency in ms; records without a total are skipped."""
    totals = [r.latency_ms["total"] for r in records if "total" in r.latency_ms]
    return percentile(totals, 0.5), percentile(totals, 0.95)


class SessionHealth(BaseModel):
    """The health metrics of one session, each None when it has no data yet."""

    bloat_rate: float | None = None
    fact_decay_ratio: float | None = None
    goal_churn_rate: float | None = None
    compaction_success_rate: float | None = None
    latency_p50_ms: float | None = None
    latency_p95_ms: float | None = None

    def values(self) -> dict[str, float | None]:
        """Metric name (as charted and classified) -> value."""
        return {
            BLOAT_RATE: self.bloat_rate,
            FACT_DECAY_RATIO: self.fact_decay_ratio,
            GOAL_CHURN_RATE: self.goal_churn_rate,
            COMPACTION_SUCCESS_RATE: self.compaction_success_rate,
            LATENCY_P50_MS: self.latency_p50_ms,
            LATENCY_P95_MS: self.latency_p95_ms,
        }

    def severities(self, thresholds: Thresholds) -> dict[str, Severity]:
        """Each bounded metric's severity (p50 latency has no bound and is left out)."""
        return {m: classify(m, v, thresholds) for m, v in self.values().items() if m in thresholds.bounds}

    def health(self, thresholds: Thresholds) -> Severity:
        """The session's overall health: its worst metric."""
        return worst(self.severities(thresholds).values())


def session_health(
    *,
    tokens_context: int,
    tokens_raw: int,
    state: ContextState,
    units: Sequence[Units],
    roles: Sequence[str],
    records: Sequence[CompactionRecord],
    config: Config | None = None,
) -> SessionHealth:
    """Every health metric of one session from its pipeline outputs (e.g. a CompressResult's parts);
    config: the decay rules the session ran with (fact decay counts facts old enough to decay)."""
    p50, p95 = latency_percentiles(records)
    return SessionHealth(
        bloat_rate=bloat_rate(tokens_context, tokens_raw),
        fact_decay_ratio=fact_decay_ratio(state, roles, config),
        goal_churn_rate=goal_churn_of(units, roles),
        compaction_success_rate=compaction_success_rate(records),
        latency_p50_ms=p50,
        latency_p95_ms=p95,
    )


def metric_points(
    health: SessionHealth,
    records: Sequence[CompactionRecord],
    *,
    at: datetime,
    context_id: str,
    source: str = "",
    idx: int | None = None,
) -> list[MetricPoint]:
    """The samples to store for a session: bloat, decay and churn now, plus one latency per compaction.

    Success rate and latency percentiles are not stored as samples: the store aggregates them from
    the compaction records (Store.compaction_stats), so they stay exact over any time bucket.
    """
    points = [
        MetricPoint(metric=name, value=value, at=at, idx=idx, context_id=context_id, source=source)
        for name, value in (
            (BLOAT_RATE, health.bloat_rate),
            (FACT_DECAY_RATIO, health.fact_decay_ratio),
            (GOAL_CHURN_RATE, health.goal_churn_rate),
        )
        if value is not None
    ]
    for r in records:
        if "total" in r.latency_ms:
            points.append(
                MetricPoint(
                    metric=LATENCY_SAMPLE,
                    value=r.latency_ms["total"],
                    at=r.created_at or at,
                    idx=r.at_turn,
                    context_id=context_id,
                    source=source,
                )
            )
    return points


# --- the automatic breaker trip ------------------------------------------------------------------


class TripDecision(BaseModel):
    """Whether bloat stayed over the limit long enough to switch the context to raw dialogue."""

    trip: bool
    over_since: Instant | None = Field(default=None, description="start of the current run over the limit")
    over_seconds: float = Field(default=0.0, description="how long the current run has lasted")
    peak: float | None = Field(default=None, description="highest bloat in the current run")
    reason: str = ""


def should_trip(
    samples: Sequence[tuple[Instant, float | None]],
    *,
    bloat_limit: float,
    seconds: float,
    now: Instant | None = None,
) -> TripDecision:
    """The automatic breaker rule: bloat over ``bloat_limit`` for at least ``seconds`` -> trip.

    samples: (time, bloat rate) pairs in any order. Each sample holds until the next one, so the
    current run over the limit starts at the first sample of the unbroken run of samples over it
    that ends with the latest, and lasts until ``now`` (default: the latest sample's time). A
    sample at or under the limit, or without a value (None, NaN), ends a run. "Over" is strict:
    exactly the limit does not count. Give times of one kind (all aware, all naive, or all seconds).
    """
    if seconds < 0:
        raise ValueError(f"seconds must be >= 0, not {seconds}")
    ordered = sorted(samples, key=lambda s: _seconds(s[0]))
    run: list[tuple[Instant, float]] = []
    for at, value in ordered:
        if value is None or math.isnan(value) or value <= bloat_limit:
            run = []
        else:
            run.append((at, value))
    if not run:
        return TripDecision(trip=False)
    start = run[0][0]
    end = now if now is not None else ordered[-1][0]
    lasted = _seconds(end) - _seconds(start)
    peak = max(v for _, v in run)
    trip = lasted >= seconds
    reason = (
        f"auto: bloat over {bloat_limit:.0%} for {lasted:.0f} s (peak {peak:.0%}, limit {seconds:g} s)"
        if trip
        else ""
    )
    return TripDecision(trip=trip, over_since=start, over_seconds=lasted, peak=peak, reason=reason)


def should_trip_for(
    samples: Sequence[tuple[Instant, float | None]], config: Config, now: Instant | None = None
) -> TripDecision:
    """``should_trip`` with the limits of a Config (breaker_bloat, breaker_seconds)."""
    return should_trip(samples, bloat_limit=config.breaker_bloat, seconds=config.breaker_seconds, now=now)


def _seconds(at: Instant) -> float:
    return at.timestamp() if isinstance(at, datetime) else float(at)
