"""What goes into and comes out of the Store: pydantic models around the core's models.

The core's models (Message, Fact, CompactionRecord, ContextState, ...) are stored as they are; the
models here add what only persistence knows (versions, who changed what and when) and bundle a
whole context's ingest so it can be written in one transaction. The operator's models (breaker
switches, audit rows, config versions, metric aggregates, the integrity report) are in
data/ops_records.py.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from core.model_kinds import ChangeSource, FactStatus, Mode, Strength
from core.models import ContextState, Fact, Message
from core.stage_outputs import CompactionRecord

Health = str  # the console's classify() decides the labels (ok, warning, ..., no_data); stored as given
SaveStatus = Literal["created", "updated", "unchanged"]
CorrectionStatus = Literal["applied", "unchanged", "rejected", "not_applied"]

T = TypeVar("T")


# --- ingest --------------------------------------------------------------------------------------


class StageTrace(BaseModel):
    """One stage's output for one turn, kept so the console can replay the turn stage by stage."""

    idx: int = Field(ge=0, description="turn index the stage ran on")
    stage: str = Field(min_length=1, description="parse, extract, merge, trigger, render, validate, ...")
    payload: Any = Field(description="the stage output, JSON-serialisable (a model_dump(mode='json'))")
    latency_ms: float | None = None


class CompactionEntry(BaseModel):
    """A compaction's audit record with the state and rendered context it produced (for diffs)."""

    record: CompactionRecord
    state: ContextState | None = None
    rendered: str | None = None


class MetricPoint(BaseModel):
    """One health-metric sample: e.g. bloat_rate of a context after turn idx."""

    metric: str = Field(min_length=1)
    value: float
    at: datetime
    idx: int | None = Field(default=None, description="turn the sample belongs to, if any")
    context_id: str | None = Field(default=None, description="None for a global sample")
    source: str = ""


class ContextIngest(BaseModel):
    """Everything one ingest run produced for one context; saved in one transaction."""

    context_id: str = Field(min_length=1)
    source: str = ""
    lang: str = "en"
    created_at: datetime | None = Field(default=None, description="defaults to the first turn's ts or now")
    health: Health = "no_data"
    mode: Mode = "compressed"
    messages: list[Message] = Field(default_factory=list)
    traces: list[StageTrace] = Field(default_factory=list)
    facts: list[Fact] = Field(default_factory=list, description="the final facts, each with its history")
    compactions: list[CompactionEntry] = Field(default_factory=list)
    metrics: list[MetricPoint] = Field(default_factory=list)
    state: ContextState | None = None
    rendered: str | None = Field(default=None, description="the context the model sees now")
    tokens_context: int = Field(default=0, ge=0, description="tokens of the rendered context")
    tokens_raw: int | None = Field(
        default=None,
        ge=0,
        description="tokens of the raw history as it would be served (role prefixes, tool calls and "
        "results), the measure tokens_context is compared with; None: the sum of the messages' tokens",
    )
    auto_trip: str | None = Field(
        default=None, description="why the automatic breaker rule switches this context to raw, if it does"
    )
    served_reason: str = Field(
        default="", description="why the session itself served raw ('' when compressed; core.served)"
    )
    health_metrics: dict[str, float | None] = Field(
        default_factory=dict, description="the health metrics the label was judged on (None: NO DATA)"
    )

    @model_validator(mode="after")
    def _check_consistent(self) -> ContextIngest:
        seen: set[int] = set()
        for message in self.messages:
            if message.context_id and message.context_id != self.context_id:
                raise ValueError(
                    f"message idx {message.idx} belongs to context {message.context_id!r}, "
                    f"not {self.context_id!r}"
                )
            if message.idx in seen:
                raise ValueError(f"context {self.context_id!r}: turn idx {message.idx} appears twice")
            seen.add(message.idx)
        for point in self.metrics:
            if point.context_id not in (None, self.context_id):
                raise ValueError(f"context {self.context_id!r}: a metric names context {point.context_id!r}")
        keys = [fact.key for fact in self.facts]
        if len(keys) != len(set(keys)):
            raise ValueError(f"context {self.context_id!r}: a fact key appears twice")
        return self


class SaveOutcome(BaseModel):
    """What saving one context did."""

    context_id: str
    status: SaveStatus
    messages_written: int = 0
    first_changed_idx: int | None = Field(default=None, description="lowest new or changed turn")


# --- reading sessions ----------------------------------------------------------------------------


class ContextSummary(BaseModel):
    """One row of the sessions list."""

    context_id: str
    source: str
    lang: str
    created_at: datetime
    updated_at: datetime
    turns: int
    tokens_raw: int
    tokens_context: int
    compactions: int
    health: Health
    mode: Mode = Field(description="the context's own breaker switch ('raw' when it is on)")
    served_reason: str = Field("", description="why the session itself served raw when saved (core.served)")
    health_metrics: dict[str, float | None] = Field(default_factory=dict, description="metric -> value")


class PointFilter(BaseModel):
    """The contexts behind a point of a health chart: an unhealthy value of ``metric`` in a bucket."""

    metric: str
    start: datetime = Field(description="the bucket's start, inclusive, UTC")
    end: datetime = Field(description="the bucket's end, exclusive, UTC")
    low: float | None = Field(default=None, description="healthy from here (a value below is unhealthy)")
    high: float | None = Field(default=None, description="healthy up to here (a value above is unhealthy)")


class ContextFilter(BaseModel):
    """The sessions search: every field optional, all given fields must match."""

    id_prefix: str | None = Field(default=None, description="case-insensitive prefix or a full id")
    source: str | None = None
    health: list[str] | None = None
    lang: str | None = None
    mode: Mode | None = None
    updated_from: datetime | None = Field(default=None, description="inclusive, UTC")
    updated_to: datetime | None = Field(default=None, description="exclusive, UTC")
    text: str | None = Field(default=None, description="words in a turn or a fact value (any case)")
    tool: str | None = Field(default=None, description="the name of a tool a turn called (any case)")
    behind: PointFilter | None = Field(default=None, description="the sessions behind a chart point")


class Page(BaseModel, Generic[T]):
    """One page of a longer result, with the total so the UI can show 'n of N'."""

    items: list[T]
    total: int
    limit: int
    offset: int


class StoredMessage(BaseModel):
    """The latest version of a turn, with its version number."""

    message: Message
    version: int


class StoredCompaction(BaseModel):
    """A compaction as stored: the record, and (when asked for) its state and rendered context."""

    record: CompactionRecord
    state: ContextState | None = None
    rendered: str | None = None


class Timeline(BaseModel):
    """A context's turns and compactions in order, for the session screen."""

    context: ContextSummary
    messages: list[StoredMessage]
    compactions: list[CompactionRecord]
    rendered: str | None = None


# --- facts and corrections -----------------------------------------------------------------------


class FactHistoryEntry(BaseModel):
    """One version of a fact: what it became, from what, when, why, by whom, from where."""

    version: int
    old_value: str | None
    new_value: str
    norm: str
    status: FactStatus
    strength: Strength
    pinned: bool
    verified_by_user: bool
    turn: int | None
    reason: str
    actor: str
    source: ChangeSource
    at: datetime


class FactRecord(BaseModel):
    """A fact's current value as stored, with its version and (when asked for) its history."""

    context_id: str
    fact: Fact
    version: int
    updated_at: datetime
    updated_by: str
    source: ChangeSource
    history: list[FactHistoryEntry] = Field(default_factory=list)


class FactCorrection(BaseModel):
    """The one correction event: the form, a grid edit, a CSV row and the API all produce this.

    Give a new value, or an attribute change (status, strength, pinned, verified), or both.
    A human correction of the value marks the fact verified_by_user unless ``verified`` says otherwise.
    ``expected_version`` lets an editor refuse to overwrite a fact that changed since it was shown.
    """

    model_config = ConfigDict(str_strip_whitespace=True)

    context_id: str = Field(min_length=1, max_length=512)
    key: str = Field(min_length=1, max_length=512)
    new_value: str | None = Field(default=None, max_length=10_000)
    new_norm: str | None = Field(
        default=None, description="normalized new value (the core's normalizer); default: casefolded value"
    )
    reason: str = Field(default="", max_length=2_000)
    actor: str = Field(min_length=1, max_length=200)
    role: str = Field(default="operator", min_length=1, max_length=50)
    source: ChangeSource
    row: int | None = Field(default=None, description="row number in its batch (CSV line); 1-based")
    status: FactStatus | None = None
    strength: Strength | None = None
    pinned: bool | None = None
    verified: bool | None = None
    expected_version: int | None = Field(default=None, ge=1)
    create: bool = Field(default=False, description="add a fact the pipeline missed (the key must be new)")

    @field_validator("new_value")
    @classmethod
    def _not_blank(cls, value: str | None) -> str | None:
        if value is not None and not value:
            raise ValueError("new value is empty")
        return value

    @model_validator(mode="after")
    def _changes_something(self) -> FactCorrection:
        if self.create and self.new_value is None:
            raise ValueError("a new fact needs a value")
        if self.new_value is None and all(
            v is None for v in (self.status, self.strength, self.pinned, self.verified)
        ):
            raise ValueError("a correction needs a new value or an attribute to change")
        return self


class CorrectionOutcome(BaseModel):
    """What happened to one correction of a batch."""

    row: int
    context_id: str
    key: str
    old_value: str | None = None
    new_value: str | None = None
    status: CorrectionStatus
    error: str | None = None
    version: int | None = Field(default=None, description="the fact's version after the change")


class CorrectionBatchResult(BaseModel):
    """The outcome of a whole batch: applied all-or-nothing."""

    batch_id: str
    applied: bool
    outcomes: list[CorrectionOutcome]

    @property
    def errors(self) -> list[CorrectionOutcome]:
        """The rejected rows (empty when the batch was applied or previewed cleanly)."""
        return [o for o in self.outcomes if o.status == "rejected"]
