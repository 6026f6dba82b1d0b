"""Fixtures for the data layer: a Store on a fresh DuckDB file, and small hand-written contexts."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from core.models import ContextState, Fact, FactVersion, Message, ToolCall, ToolResult
from core.stage_outputs import CompactionRecord, ValidationReport
from data.records import CompactionEntry, ContextIngest, MetricPoint, StageTrace
from data.store import Store

T0 = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)


class FixedClock:
    """A clock the tests move by hand: every write is stamped with ``now``."""

    def __init__(self, now: datetime) -> None:
        self.now = now.replace(tzinfo=None)

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock() -> FixedClock:
    return FixedClock(datetime(2025, 3, 2, 12, 0))


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "console.duckdb"


@pytest.fixture
def store(db_path: Path, clock: FixedClock) -> Store:
    """A migrated Store; it keeps the file open between calls (nobody else waits for it here)."""
    s = Store.open(db_path, clock=clock, linger=5)
    yield s
    s.close()


def make_context(
    context_id: str = "ctx-1",
    *,
    source: str = "sgd",
    turns: int = 6,
    texts: dict[int, str] | None = None,
    health: str = "ok",
    start: datetime = T0,
) -> ContextIngest:
    """A small context: alternating user/assistant turns, a tool call at turn 1 and its result at 2,
    one fact corrected once (hotel.area: north -> centre at turn 4), one plain fact, one
    compaction at the last turn, per-turn parse traces and two metric samples."""
    texts = texts or {}
    messages = []
    for idx in range(turns):
        role = "user" if idx % 2 == 0 else "assistant"
        call = ToolCall(call_id="c1", name="find_hotel", args={"area": "north"}) if idx == 1 else None
        result = ToolResult(call_id="c1", status="ok", data={"count": 2}) if idx == 2 else None
        messages.append(
            Message(
                context_id=context_id,
                idx=idx,
                role=role if idx != 2 else "tool",
                text=texts.get(idx, f"turn {idx} of {context_id}"),
                ts=start + timedelta(minutes=idx),
                tokens=5,
                tool_call=call,
                tool_result=result,
            )
        )
    area = Fact(
        key="hotel.area",
        value="centre",
        norm="centre",
        strength="strong",
        first_idx=0,
        last_idx=4,
        history=[FactVersion(value="north", norm="north", idx=0, replaced_at=4, reason="user correction")],
    )
    people = Fact(key="hotel.people", value="2", norm="2", first_idx=2, last_idx=2)
    record = CompactionRecord(
        context_id=context_id,
        seq=1,
        at_turn=turns - 1,
        trigger="tokens",
        tier=0,
        fold_upto=2,
        tokens_in=30,
        tokens_out=12,
        ratio=0.4,
        latency_ms={"parse": 1.0, "total": 4.0},
        validation=ValidationReport(ok=True),
        created_at=start + timedelta(minutes=turns - 1),
    )
    state = ContextState(
        context_id=context_id, turn=turns - 1, facts={"hotel.area": area, "hotel.people": people}
    )
    return ContextIngest(
        context_id=context_id,
        source=source,
        lang="en",
        health=health,
        messages=messages,
        traces=[
            StageTrace(idx=i, stage=stage, payload={"stage": stage, "idx": i}, latency_ms=0.5)
            for i in range(turns)
            for stage in ("parse", "extract")
        ],
        facts=[area, people],
        compactions=[CompactionEntry(record=record, state=state, rendered="[FACT:hotel.area=centre]")],
        metrics=[
            MetricPoint(
                metric="bloat_rate", value=0.4, at=start + timedelta(minutes=turns - 1), idx=turns - 1
            ),
            MetricPoint(
                metric="fact_decay_ratio", value=0.2, at=start + timedelta(minutes=turns - 1), idx=turns - 1
            ),
        ],
        state=state,
        rendered="[FACT:hotel.area=centre]\nuser: hi",
        tokens_context=9,
    )
