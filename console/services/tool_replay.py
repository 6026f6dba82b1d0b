"""Replay of agent sessions: the tool records of a session as they stood at one turn.

A tool call and its result are one record in the core (``core/tool_records.py``): tool, arguments,
status, the result's shape, a digest while it is fresh, and the values it keeps by JSON path once it
decayed. This module reads the records the core kept (``ContextState.actions`` of the stored state)
and the raw call and result of each from the stored turns, and says for a turn of the replay:

* which records existed by then (a call whose result came later is still pending);
* whether each was fresh (one of the last ``FRESH_RESULTS`` results: the model reads its detail) or
  decayed (the model reads its summary, the paths the core kept);
* the line the render stage writes for it then (``core.render_tools.record_line``), and the result
  values later turns named (promoted facts ``tool@tN.path``, kept for good).

    >>> records = records_at(state, messages, turn=7)
    >>> records[-1].tool, records[-1].fresh
    ('get_zipcode_based_on_city', True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, Field

from core.models import ActionUnit, ContextState, Fact, Message
from core.render_tools import FRESH_RESULTS, record_line
from core.slot_keys import is_promoted_key


class PromotedValue(BaseModel):
    """A value of a result that a later turn named: kept as a pinned fact keyed by the call."""

    key: str
    path: str
    value: str
    named_at: int = Field(description="the turn that named it")


class ToolRecordView(BaseModel):
    """One tool record as the replay shows it at a turn."""

    tool: str
    call_id: str
    call_idx: int
    result_idx: int | None = Field(default=None, description="turn of the result; None while pending")
    status: str = Field(description="done, failed or pending (at the replayed turn)")
    write: bool = False
    args: dict[str, Any] = Field(default_factory=dict)
    result: Any = Field(default=None, description="the result's data exactly as the tool returned it")
    shape: str = ""
    detail: str = Field(default="", description="the digest a model reads while the result is fresh")
    summary: dict[str, str] = Field(default_factory=dict, description="path -> value the core keeps")
    error: str = ""
    fresh: bool = Field(default=True, description="one of the last results: rendered in detail")
    line: str = Field(default="", description="the line the render stage writes for the record at the turn")
    promoted: list[PromotedValue] = Field(default_factory=list)

    @property
    def turns(self) -> list[int]:
        """The turns the record spans: its call and, once it came, its result."""
        return [self.call_idx] if self.result_idx is None else [self.call_idx, self.result_idx]


def _promoted(facts: dict[str, Fact], turn: int) -> dict[int, list[Fact]]:
    """Promoted facts named by ``turn``, by the result turn in their key (``tool@tN.path``)."""
    out: dict[int, list[Fact]] = {}
    for key, fact in facts.items():
        if is_promoted_key(key) and fact.first_idx <= turn:
            out.setdefault(int(key.partition(".")[0].rpartition("@t")[2]), []).append(fact)
    return out


def records_at(state: ContextState | None, messages: Sequence[Message], turn: int) -> list[ToolRecordView]:
    """The tool records of a session as they stood after ``turn``, in call order.

    state: the session's stored state (its ``actions`` are the records the core kept); messages:
    its stored turns (the raw arguments and result data come from them). A record whose call came
    after ``turn`` is left out; one whose result came after it is shown pending."""
    if state is None:
        return []
    by_idx = {m.idx: m for m in messages}
    records = [a for a in state.actions if a.call_id and a.idx <= turn]
    arrived = sorted(a.result_idx for a in records if a.result_idx is not None and a.result_idx <= turn)
    fresh_from = arrived[-FRESH_RESULTS] if len(arrived) >= FRESH_RESULTS else -1
    promoted = _promoted(state.facts, turn)
    return [_view(rec, by_idx, turn, fresh_from, promoted) for rec in records]


def _view(
    rec: ActionUnit, by_idx: dict[int, Message], turn: int, fresh_from: int, promoted: dict[int, list[Fact]]
) -> ToolRecordView:
    came = rec.result_idx is not None and rec.result_idx <= turn
    at_turn = rec if came else rec.model_copy(update={"status": "pending", "result_idx": None})
    result_msg = by_idx.get(rec.result_idx) if came and rec.result_idx is not None else None
    call_msg = by_idx.get(rec.idx)
    fresh = came and (rec.result_idx or -1) >= fresh_from
    mine = promoted.get(rec.result_idx, []) if came and rec.result_idx is not None else []
    args = call_msg.tool_call.args if call_msg is not None and call_msg.tool_call is not None else rec.args
    return ToolRecordView(
        tool=rec.tool,
        call_id=rec.call_id or "",
        call_idx=rec.idx,
        result_idx=rec.result_idx if came else None,
        status=at_turn.status,
        write=rec.write,
        args=dict(args),
        result=result_msg.tool_result.data if result_msg is not None and result_msg.tool_result else None,
        shape=rec.shape if came else "",
        detail=rec.detail if came else "",
        summary=dict(rec.summary) if came else {},
        error=rec.error if came else "",
        fresh=fresh,
        line=record_line(at_turn, 1, fresh, mine),
        promoted=[
            PromotedValue(key=f.key, path=f.key.partition(".")[2], value=f.value, named_at=f.first_idx)
            for f in mine
        ],
    )


def record_of_turn(records: Sequence[ToolRecordView], turn: int) -> ToolRecordView | None:
    """The record a tool call or result turn belongs to (None for a turn of neither)."""
    return next((r for r in records if turn in r.turns), None)
