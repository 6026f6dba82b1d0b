"""Helpers for the tests of the metrics, breaker, playground and config services and pages.

A Store on a fresh DuckDB file with a clock the test moves, and small stored contexts.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from core.models import ContextState, Fact, Message
from core.stage_outputs import CompactionRecord, ValidationReport
from data.records import CompactionEntry, ContextIngest, MetricPoint
from data.store import Store

T0 = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)

FOUR_TURNS = """user: I want to book a table for 2 at 7pm on Friday, no spicy food.
assistant: Sure, which area would you like?
user: The north please. Actually make it 3 people.
assistant: I found Golden Dragon in the north for 3 people at 7pm. Shall I book it?
"""


class MovableClock:
    """A naive-UTC clock a test sets by hand (every Store write is stamped with ``now``)."""

    def __init__(self, now: datetime = datetime(2025, 3, 2, 12, 0)) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


def open_store(path: Path, clock: MovableClock | None = None) -> Store:
    """A migrated Store on ``path`` that releases the file at once (an app may open it next)."""
    return Store.open(path, clock=clock or MovableClock(), linger=0)


def small_context(
    context_id: str,
    *,
    source: str = "sgd",
    at: datetime = T0,
    bloat: float = 0.4,
    decay: float = 0.2,
    churn: float = 0.5,
    latency_ms: float = 10.0,
    passed: bool = True,
) -> ContextIngest:
    """A 4-turn context with one compaction and one sample of each sampled metric at ``at``."""
    messages = [
        Message(
            context_id=context_id, idx=i, role="user" if i % 2 == 0 else "assistant", text=f"turn {i}", ts=at
        )
        for i in range(4)
    ]
    fact = Fact(key="hotel.area", value="north", norm="north", first_idx=0, last_idx=0)
    record = CompactionRecord(
        context_id=context_id,
        seq=0,
        at_turn=3,
        trigger="tokens",
        tier=0,
        fold_upto=1,
        tokens_in=40,
        tokens_out=16,
        ratio=0.4,
        latency_ms={"total": latency_ms},
        validation=ValidationReport(ok=passed),
        created_at=at,
    )
    state = ContextState(context_id=context_id, turn=3, facts={fact.key: fact})
    return ContextIngest(
        context_id=context_id,
        source=source,
        messages=messages,
        facts=[fact],
        compactions=[CompactionEntry(record=record, state=state, rendered="[FACT:hotel.area=north]")],
        metrics=[
            MetricPoint(metric="bloat_rate", value=bloat, at=at, source=source),
            MetricPoint(metric="fact_decay_ratio", value=decay, at=at, source=source),
            MetricPoint(metric="goal_churn_rate", value=churn, at=at, source=source),
        ],
        state=state,
        rendered="[FACT:hotel.area=north]",
        tokens_context=8,
    )


def hours(n: float) -> timedelta:
    """n hours."""
    return timedelta(hours=n)
