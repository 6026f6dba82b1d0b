"""What the trigger, render and validate stages return, and the audit record of one compaction:
pydantic models beside the shared pipeline vocabulary in core.models."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, Field


class TriggerDecision(BaseModel):
    """Whether to compact now, why, and how deep."""

    fire: bool
    reason: str = ""
    tier: int = Field(default=0, description="0: oldest 30%, 1: 50%, 2+: everything")
    fold_upto: int = Field(default=0, description="messages with idx < fold_upto are folded")
    history_tokens: int = 0


class Rendered(BaseModel):
    """The context the model sees, with its parts kept apart for the console."""

    text: str
    tokens: int
    state_text: str = Field(description="the compacted part without the raw working-memory turns")
    recent_idx: list[int] = Field(default_factory=list, description="raw turns appended verbatim")
    anchors: list[str] = Field(default_factory=list)
    dropped: list[str] = Field(default_factory=list, description="items left out for the budget")
    change_notice: str = ""


class ValidationReport(BaseModel):
    """What the validate stage checked and found."""

    ok: bool
    missing_facts: list[str] = Field(default_factory=list)
    goal_similarity: float | None = None
    roundtrip_ok: bool = True
    roundtrip_diff: list[str] = Field(default_factory=list)
    errors: list[str] = Field(default_factory=list)
    served_raw: str = Field(
        "", description="why the context is served raw although the checks passed (it is not smaller)"
    )


class CompactionRecord(BaseModel):
    """The audit record of one compaction (successful, fallen back or failed)."""

    context_id: str
    seq: int
    at_turn: int
    trigger: str
    tier: int
    fold_upto: int
    tokens_in: int
    tokens_out: int
    ratio: float
    latency_ms: dict[str, float] = Field(default_factory=dict, description="per stage and 'total'")
    validation: ValidationReport | None = None
    retries: int = 0
    fallback: bool = False
    failed: bool = False
    error: str | None = None
    change_notice: str = ""
    created_at: datetime | None = None
