"""Severity of a health metric: one pure ``classify(metric, value, thresholds) -> Severity``.

The healthy bounds are data (:class:`Bound`), not code: a ceiling (bloat rate < 120%), a floor
(compaction success rate >= 99.95%) or a band (fact decay ratio 15%-35%). How far a value lies past
its bound, relative to the bound, picks the alert tier: with the default tiers (Config.alert_tiers)
10% past is YELLOW, 20% ORANGE, 30% RED. A value past the bound but short of the first tier is
WARNING; None and NaN are NO_DATA.

    >>> from console.health import Severity, Thresholds, classify
    >>> t = Thresholds.default()
    >>> classify("bloat_rate", 0.8, t)        # under the 120% ceiling
    <Severity.OK: 'ok'>
    >>> classify("bloat_rate", 1.5, t)        # 25% past 1.2
    <Severity.ORANGE: 'orange'>
    >>> classify("compaction_success_rate", None, t)
    <Severity.NO_DATA: 'no_data'>

The UI only maps a Severity to a colour; nothing else decides what is healthy.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Literal

from core.config import Config

BoundKind = Literal["ceiling", "floor", "band"]
_EPS = 1e-9  # a value exactly on a tier boundary belongs to that tier despite float rounding

# metric names as stored in the metrics table and charted by the console
BLOAT_RATE = "bloat_rate"
FACT_DECAY_RATIO = "fact_decay_ratio"
GOAL_CHURN_RATE = "goal_churn_rate"
COMPACTION_SUCCESS_RATE = "compaction_success_rate"
LATENCY_P50_MS = "compaction_latency_p50_ms"
LATENCY_P95_MS = "compaction_latency_p95_ms"


class Severity(StrEnum):
    """How healthy a metric is, from no data to red; ordered by ``rank``."""

    NO_DATA = "no_data"
    OK = "ok"
    WARNING = "warning"  # past the healthy bound, short of the first alert tier
    YELLOW = "yellow"
    ORANGE = "orange"
    RED = "red"

    @property
    def rank(self) -> int:
        """0 for NO_DATA up to 5 for RED: the worse, the higher."""
        return list(Severity).index(self)

    @property
    def is_alert(self) -> bool:
        """True for WARNING and the three alert tiers."""
        return self.rank >= Severity.WARNING.rank


@dataclass(frozen=True)
class Bound:
    """A metric's healthy range: a ceiling, a floor, or a band with both.

    ``inclusive`` says whether a value equal to the bound is healthy (``<= 1.2`` vs ``< 1.2``).
    """

    kind: BoundKind
    low: float | None = None
    high: float | None = None
    inclusive: bool = True
    label: str = ""

    def __post_init__(self) -> None:
        if self.kind == "ceiling" and (self.high is None or self.low is not None):
            raise ValueError("a ceiling needs high and no low")
        if self.kind == "floor" and (self.low is None or self.high is not None):
            raise ValueError("a floor needs low and no high")
        if self.kind == "band" and (self.low is None or self.high is None or self.low > self.high):
            raise ValueError("a band needs low <= high")

    def excess(self, value: float) -> float:
        """How far past the healthy range ``value`` is, relative to the bound (0 inside it).

        A value exactly on a non-inclusive bound is just outside: a tiny positive excess.
        """
        if self.high is not None and value >= self.high:
            if value > self.high:
                return _relative(value - self.high, self.high)
            if not self.inclusive:
                return _EPS
        if self.low is not None and value <= self.low:
            if value < self.low:
                return _relative(self.low - value, self.low)
            if not self.inclusive:
                return _EPS
        return 0.0

    def describe(self) -> str:
        """The range in words, e.g. '< 1.2', '>= 0.9995', '0.15 - 0.35'."""
        if self.label:
            return self.label
        if self.kind == "ceiling":
            return f"{'<=' if self.inclusive else '<'} {self.high:g}"
        if self.kind == "floor":
            return f"{'>=' if self.inclusive else '>'} {self.low:g}"
        return f"{self.low:g} - {self.high:g}"


def _relative(distance: float, bound: float) -> float:
    # a bound of 0 has no scale: the distance itself is the share
    return distance / abs(bound) if bound else distance


DEFAULT_BOUNDS: Mapping[str, Bound] = {
    BLOAT_RATE: Bound("ceiling", high=1.2, inclusive=False, label="< 120%"),
    FACT_DECAY_RATIO: Bound("band", low=0.15, high=0.35, label="15% - 35%"),
    GOAL_CHURN_RATE: Bound("ceiling", high=1.2, label="<= 1.2 per user turn"),
    COMPACTION_SUCCESS_RATE: Bound("floor", low=0.9995, label=">= 99.95%"),
    LATENCY_P95_MS: Bound("ceiling", high=50.0, inclusive=False, label="< 50 ms"),
}


@dataclass(frozen=True)
class Thresholds:
    """The healthy bound of each metric and the alert tiers (shares past a bound)."""

    bounds: Mapping[str, Bound] = field(default_factory=lambda: dict(DEFAULT_BOUNDS))
    tiers: tuple[float, float, float] = (0.1, 0.2, 0.3)

    def __post_init__(self) -> None:
        if len(self.tiers) != 3 or any(t <= 0 for t in self.tiers) or sorted(self.tiers) != list(self.tiers):
            raise ValueError(f"alert tiers must be three increasing positive shares, not {self.tiers!r}")

    @classmethod
    def default(cls) -> Thresholds:
        """The design's bounds with the design's tiers (10% / 20% / 30%)."""
        return cls()

    @classmethod
    def from_config(cls, config: Config) -> Thresholds:
        """The design's bounds with the tiers of ``config.alert_tiers``."""
        return cls(tiers=tuple(config.alert_tiers))  # type: ignore[arg-type]

    def bound(self, metric: str) -> Bound:
        """The bound of ``metric``; KeyError naming the metric and the known ones."""
        try:
            return self.bounds[metric]
        except KeyError:
            known = ", ".join(sorted(self.bounds))
            raise KeyError(f"no healthy bound for metric {metric!r} (known: {known})") from None

    def tier_values(self, metric: str) -> dict[Severity, tuple[float | None, float | None]]:
        """Where each alert tier starts, below and above the range: {YELLOW: (low, high), ...}.

        For drawing tier lines on a chart; None where the bound has no side.
        """
        b = self.bound(metric)
        out: dict[Severity, tuple[float | None, float | None]] = {}
        for severity, share in zip((Severity.YELLOW, Severity.ORANGE, Severity.RED), self.tiers, strict=True):
            low = None if b.low is None else b.low - share * (abs(b.low) if b.low else 1.0)
            high = None if b.high is None else b.high + share * (abs(b.high) if b.high else 1.0)
            out[severity] = (low, high)
        return out


def classify(metric: str, value: float | None, thresholds: Thresholds) -> Severity:
    """The severity of one metric value: NO_DATA, OK, WARNING, YELLOW, ORANGE or RED.

    None and NaN are NO_DATA; an infinite value past a bound is RED. Raises KeyError for a metric
    without a bound and TypeError for a value that is not a number (a bool or a string).
    """
    bound = thresholds.bound(metric)
    if value is None:
        return Severity.NO_DATA
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"metric {metric!r}: value must be a number or None, not {type(value).__name__}")
    if math.isnan(value):
        return Severity.NO_DATA
    excess = bound.excess(float(value))
    if excess <= 0:
        return Severity.OK
    yellow, orange, red = thresholds.tiers
    if excess >= red - _EPS:
        return Severity.RED
    if excess >= orange - _EPS:
        return Severity.ORANGE
    if excess >= yellow - _EPS:
        return Severity.YELLOW
    return Severity.WARNING


def worst(severities: Iterable[Severity]) -> Severity:
    """The most severe of several (NO_DATA when there are none or all are NO_DATA)."""
    return max(severities, key=lambda s: s.rank, default=Severity.NO_DATA)


# --- which metric made a session red --------------------------------------------------------------

@dataclass(frozen=True)
class MetricVerdict:
    """One metric of a session judged: its value, severity and healthy band."""

    metric: str
    value: float | None
    severity: Severity
    band: str  # the healthy range in words, e.g. '15% - 35%' (Bound.describe)


def verdicts(values: Mapping[str, float | None], thresholds: Thresholds) -> list[MetricVerdict]:
    """Each bounded metric of ``values`` judged, worst first (NO DATA last: it does not apply)."""
    out = [
        MetricVerdict(metric, value, classify(metric, value, thresholds), thresholds.bound(metric).describe())
        for metric, value in values.items()
        if metric in thresholds.bounds
    ]
    return sorted(out, key=lambda v: -v.severity.rank)


def culprits(values: Mapping[str, float | None], thresholds: Thresholds) -> list[MetricVerdict]:
    """The metrics that set a session's health: those at its worst severity, if that is an alert."""
    judged = verdicts(values, thresholds)
    if not judged or not judged[0].severity.is_alert:
        return []
    return [v for v in judged if v.severity is judged[0].severity]
