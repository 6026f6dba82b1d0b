"""What the operator's screens read and write besides sessions and facts: breaker switches, audit
rows, config versions, metric aggregates, compaction outcomes and the integrity report.

Pydantic models like those of :mod:`data.records`, returned by the Store's operations, metrics and
check methods (data/queries/ops.py, metrics.py, integrity.py).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, Field

from core.model_kinds import Mode

BreakerScope = Literal["global", "context"]


class BreakerState(BaseModel):
    """A raw-dialogue switch: global or for one context."""

    scope: BreakerScope
    context_id: str | None = None
    mode: Mode
    reason: str = ""
    actor: str
    since: datetime
    auto: bool = False


class AuditEntry(BaseModel):
    """Who did what to what, when, from where, with the value before and after."""

    id: int | None = None
    at: datetime
    actor: str
    role: str
    action: str
    target: str = ""
    source: str = ""
    context_id: str | None = Field(default=None, description="the context the action touched, if one")
    before: Any = None
    after: Any = None


class ConfigVersion(BaseModel):
    """A saved configuration and who saved it."""

    version: int
    config: dict[str, Any]
    actor: str
    reason: str = ""
    at: datetime


class MetricBucket(BaseModel):
    """A metric aggregated over one hour or day, for one source or all sources (overall)."""

    bucket: datetime
    source: str = Field(description="the source, or '' on the overall row")
    overall: bool = Field(description="True: aggregated over every source")
    metric: str
    n: int
    mean: float
    min: float
    max: float


class MetricSeries(BaseModel):
    """Metric buckets as columns (one entry per bucket x source x metric), ready for a chart.

    Columns rather than a list of MetricBucket: a month of hourly buckets for five sources and
    four metrics is ~15k rows, and one model per row cost more than the query (measured).
    Quantiles are not kept per hour (they do not add up across hours); the latency p50/p95 of
    the design come from ``Store.compaction_stats``.
    """

    bucket: list[datetime] = Field(default_factory=list, description="start of the hour or day, UTC")
    source: list[str] = Field(default_factory=list)
    overall: list[bool] = Field(default_factory=list)
    metric: list[str] = Field(default_factory=list)
    n: list[int] = Field(default_factory=list)
    mean: list[float] = Field(default_factory=list)
    min: list[float] = Field(default_factory=list)
    max: list[float] = Field(default_factory=list)

    def __len__(self) -> int:
        return len(self.bucket)

    def rows(self) -> list[MetricBucket]:
        """The same data as one MetricBucket per row (for small series and tests)."""
        names = list(MetricBucket.model_fields)
        columns = [getattr(self, name) for name in names]
        return [
            MetricBucket(**dict(zip(names, values, strict=True))) for values in zip(*columns, strict=True)
        ]

    def to_frame(self) -> Any:
        """A pandas DataFrame with one column per field (plotly takes it as it is)."""
        import pandas as pd  # only the console's charts need pandas

        return pd.DataFrame(self.model_dump())


class CompactionStats(BaseModel):
    """Compactions of one hour or day, for one source or all (overall): outcomes and latency."""

    bucket: datetime
    source: str = Field(description="the source, or '' on the overall row")
    overall: bool
    n: int
    passed: int = Field(description="validated without fallback and not failed")
    fallback: int
    failed: int
    latency_p50_ms: float | None
    latency_p95_ms: float | None

    @property
    def success_rate(self) -> float:
        """passed / all: the design's compaction success rate."""
        return self.passed / self.n if self.n else 0.0


class IntegrityReport(BaseModel):
    """The result of ``Store.check()``: counts, orphans and schema version."""

    path: str
    schema_version: int
    expected_version: int
    counts: dict[str, int]
    problems: list[str] = Field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True when the schema is current and no problem was found."""
        return self.schema_version == self.expected_version and not self.problems
