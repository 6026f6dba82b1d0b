"""A read asked again after the user corrected one of its arguments (core.tool_supersede): the first
call was asked of a replaced value, and neither its line nor the user's clause shows that value as
current."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from core.compressor import Compressor
from core.config import Config
from core.models import Message, ToolCall, ToolResult

pytestmark = pytest.mark.unit
TS = datetime(2026, 12, 10, 9, 0)


def _messages() -> list[Message]:
    out: list[Message] = []

    def add(role: str, text: str = "", call: ToolCall | None = None, result: ToolResult | None = None):
        ts = TS + timedelta(minutes=len(out))
        out.append(Message(idx=len(out), role=role, text=text, ts=ts, tool_call=call, tool_result=result))

    add("user", "Hi, I need a mooring permit at Quay 4. The boat is a Centaur, sail number GBR 4471K.")
    add("assistant", "Let me check the quay and the boat.")
    first = {"quay": "Quay 4", "sail": "GBR 4471K"}
    add("assistant", call=ToolCall(call_id="c1", name="check_mooring", args=first))
    add("tool", result=ToolResult(call_id="c1", data={"eligible": True, "berths": 3, "price_gbp": 410}))
    add("assistant", "Quay 4 has 3 berths, £410 a season. Sail number GBR 4471K, right?")
    add("user", "oh sorry, it's GBR 4417K, I swapped the digits")
    again = {"quay": "Quay 4", "sail": "GBR 4417K"}
    add("assistant", call=ToolCall(call_id="c2", name="check_mooring", args=again))
    add("tool", result=ToolResult(call_id="c2", data={"eligible": True, "berths": 3, "price_gbp": 410}))
    add("assistant", "GBR 4417K is fine too, £410 a season.")
    add("user", "great, thanks")
    add("assistant", "You're welcome.")
    return out


def test_the_first_call_and_the_users_clause_show_the_corrected_argument_as_replaced() -> None:
    text = Compressor(Config(use_embeddings=False)).compress(_messages()).rendered.text
    state = text.split("--- recent turns ---")[0]
    assert "check_mooring(quay=Quay 4, sail=(was: GBR 4471K))" in state
    assert "check_mooring(quay=Quay 4, sail=GBR 4417K)" in state
    assert "sail number (was: GBR 4471K)" in state
    assert "sail=GBR 4471K" not in state and "sail number GBR 4471K" not in state

