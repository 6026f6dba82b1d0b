"""A read asked again after the user named new values in their own words ("Let's go for the Norland
9kg", "Actually, graphite.") was asked of values the user replaced, though no fact holds the new
ones: the earlier call line shows them "(was: ...)", and so do its result's fields that echo them and
the user's own earlier words quoted back. A read asked again with values the user never said between
the calls is a second question and stays as it was. Real parse / extract / merge / render stages."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from core.compressor import Compressor
from core.config import Config
from core.models import Message, ToolCall, ToolResult
from core.tool_supersede import said_by_user
from tests.core.builders import state_after

pytestmark = pytest.mark.unit
TS = datetime(2026, 12, 7, 10, 20)


_NEW = {"model": "Norland 9kg", "colour": "graphite", "store": "Canton"}


def _turns(between: str) -> list[Message]:
    turns: list[tuple[str, str, dict | None]] = [
        ("user", "A new washing machine, freestanding, 8kg, under £450.", None),
        ("assistant", "We have the Calder at £329 and the Norland 9kg at £399.", None),
        ("user", "Tidy, the Calder sounds fine", None),
        ("assistant", "White or graphite?", None),
        ("user", "White, the rest of the kitchen is white", None),
        ("assistant", "", {"call": ("c1", {"model": "Calder", "colour": "white", "store": "Canton"})}),
        ("tool", "", {"result": ("c1", {"stock_id": "ST-1210", "model": "Calder", "in_stock": 2})}),
        ("assistant", "Two in stock at £329.", None),
        ("user", between, None),
        ("assistant", "", {"call": ("c2", _NEW)}),
        ("tool", "", {"result": ("c2", {"stock_id": "ST-1211", "in_stock": 1})}),
        ("assistant", "One left. Shall I put your name on it?", None),
        ("user", "Yes, Bethan Pritchard.", None),
        ("assistant", "Done.", None),
    ]
    out = []
    for i, (role, text, tool) in enumerate(turns):
        call = result = None
        if tool and "call" in tool:
            call = ToolCall(call_id=tool["call"][0], name="check_stock", args=tool["call"][1])
        if tool and "result" in tool:
            result = ToolResult(call_id=tool["result"][0], status="ok", data=tool["result"][1])
        ts = TS + timedelta(minutes=i)
        out.append(Message(idx=i, role=role, text=text, ts=ts, tool_call=call, tool_result=result))
    return out


def _context(between: str) -> str:
    """The compacted context (the rendering itself, not the raw turns a short session is served)."""
    return Compressor(Config(use_embeddings=False)).compress(_turns(between)).rendered.text


def test_a_read_asked_again_with_values_the_user_said_in_their_own_words_marks_the_old_ones():
    ctx = _context("He says go bigger. Let's go for the Norland 9kg. Actually, graphite.")
    call = next(line for line in ctx.splitlines() if line.startswith("t5 check_stock"))
    assert "model=(was: Calder)" in call and "colour=(was: white)" in call and "store=Canton" in call
    assert '"model":"Calder"' not in call  # the result's echo of the old model is not shown as current
    assert "the (was: Calder) sounds fine" in ctx  # the user's quoted pick is marked too


def test_a_read_asked_again_with_values_the_user_did_not_say_is_a_second_question():
    ctx = _context("What else do you have?")
    call = next(line for line in ctx.splitlines() if line.startswith("t5 check_stock"))
    assert "model=Calder" in call and "colour=white" in call


def test_the_user_said_a_value_only_as_a_whole_word_of_a_turn_after_a_tool_call():
    state = state_after([("user", "need a fridge"), ("assistant", "ok")])
    state.user_texts = {4: "I prefer the bigger one", 6: "Let's go for the red one"}
    said = said_by_user(state)
    assert said("red", 3, 7) and not said("red", 3, 5)  # "prefer" holds no "red"; turn 6 is after 5
    assert not said("red", 6, 9)  # strictly between the two calls


def test_a_turn_adding_a_thing_is_no_evidence_the_first_value_was_replaced():
    # "also her atorvastatin ... its RX-448121": the read is asked again for a second prescription
    state = state_after([("user", "need a refill"), ("assistant", "ok")])
    state.user_texts = {4: "also her atorvastatin 20mg, same rx? no sorry its RX-448121"}
    assert not said_by_user(state)("RX-448121", 3, 7)
