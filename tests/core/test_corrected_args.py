"""A call's argument the user corrected after the call is shown as replaced on the call's line
(core.corrected_args): the call was made with a value that no longer holds."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from core.compressor import Compressor
from core.config import Config
from core.corrected_args import mark_corrected_args
from core.models import ActionUnit, Message, ToolCall, ToolResult

pytestmark = pytest.mark.unit
TS = datetime(2026, 12, 1, 9, 0)


def _compressed(correction: str):
    turns = [
        Message(idx=0, role="user", text="We need a venue in Bath for 60 guests in June.", ts=TS),
        Message(
            idx=1,
            role="assistant",
            tool_call=ToolCall(call_id="c1", name="search_venues", args={"area": "Bath", "guests": 60}),
            ts=TS,
        ),
        Message(idx=2, role="tool", tool_result=ToolResult(call_id="c1", data={"results": [{"id": "V-1"}]})),
        Message(idx=3, role="assistant", text="I found one venue, V-1.", ts=TS),
        Message(idx=4, role="user", text=correction, ts=TS),
        Message(idx=5, role="assistant", text="Noted.", ts=TS),
        Message(idx=6, role="user", text="thanks", ts=TS),
        Message(idx=7, role="assistant", text="You're welcome.", ts=TS),
    ]
    turns = [m.model_copy(update={"ts": TS + timedelta(minutes=m.idx)}) for m in turns]
    return Compressor(Config(use_embeddings=False)).compress(turns)


def test_a_count_corrected_after_the_search_is_marked_in_the_calls_arguments() -> None:
    result = _compressed("actually make it 64 guests, we need to invite the cousins")
    text = result.rendered.text
    assert "guests=(was: 60)" in text
    assert "64" in text


def test_an_argument_nobody_corrected_stays_as_it_was() -> None:
    result = _compressed("the garden one sounds lovely")
    assert "guests=60" in result.rendered.text


def test_a_correction_before_the_call_does_not_mark_it() -> None:
    result = _compressed("actually make it 64 guests")
    records = [a for a in result.state.actions if a.call_id]
    later = [r.model_copy(update={"idx": 9}) for r in records]  # the call made after the correction
    marked = mark_corrected_args(later, result.state)
    assert all(isinstance(r, ActionUnit) and r.args["guests"] == 60 for r in marked)


def test_a_number_argument_is_not_marked_for_a_replaced_time_of_that_number() -> None:
    # "finishes at 3" (a time) replaced later: the call's children=3 is a count, not that time
    turns = [
        Message(idx=0, role="user", text="Three kids. The nursery finishes at 3.", ts=TS),
        Message(
            idx=1,
            role="assistant",
            tool_call=ToolCall(call_id="c1", name="find_sitters", args={"children": 3, "town": "Bath"}),
            ts=TS,
        ),
        Message(idx=2, role="tool", tool_result=ToolResult(call_id="c1", data={"sitters": ["Grace"]})),
        Message(idx=3, role="assistant", text="Grace is free. When can you meet her?", ts=TS),
        Message(idx=4, role="user", text="actually the nursery finishes at 4 now, not 3", ts=TS),
    ]
    turns = [m.model_copy(update={"ts": TS + timedelta(minutes=m.idx)}) for m in turns]
    result = Compressor(Config(use_embeddings=False)).compress(turns)
    replaced = {v.value for f in result.state.facts.values() for v in f.history if f.vtype == "time"}
    assert "3" in replaced  # the time was replaced: the rule is what keeps the count unmarked
    assert "children=3" in result.rendered.text
