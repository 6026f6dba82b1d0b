"""The assistant's read-back of the user's pick (core.choice_readback): "第二个" -> "好的，选择安心老人意外"
keeps the whole name as the user's agreed value, beside what the slot holds next."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.compressor import Compressor
from core.config import Config
from core.models import Message

pytestmark = pytest.mark.unit
TS = datetime(2026, 12, 1, 9, 0)


def _state(turns: list[tuple[str, str]]):
    msgs = [Message(idx=i, role=r, text=t, ts=TS) for i, (r, t) in enumerate(turns)]
    return Compressor(Config(use_embeddings=False)).compress(msgs, context_id="pick").state


OFFER = ("assistant", "老年意外险有两款：乐龄意外，每人每年298元；安心老人意外，每人每年459元，含骨折津贴。")


def test_a_pick_by_its_place_read_back_whole_is_the_users_agreed_value():
    state = _state([OFFER, ("user", "第二个"), ("assistant", "好的，选择安心老人意外，两人一年918元。"),
                    ("user", "寄老家，湖南邵阳隆回县六都寨镇"), ("assistant", "好的。")])
    agreed = [f for k, f in state.facts.items() if k.endswith(".name_agreed")]
    assert [f.value for f in agreed] == ["安心老人意外"]
    assert agreed[0].role == "user" and agreed[0].evidence.how == "confirmed"


def test_no_pick_without_the_acknowledged_choice_verb():
    state = _state([OFFER, ("user", "第二个"), ("assistant", "安心老人意外含骨折津贴，两人一年918元。")])
    assert not any(k.endswith(".name_agreed") for k in state.facts)
