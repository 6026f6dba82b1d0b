"""A name the user said is replaced only with evidence (issue 12, item 2): a later name in the same
guessed slot leaves the first one owed to the context, in the user's words; and the bare Chinese
verbs 吃 / 做 name a dish only outside a sentence about health ("在吃阿司匹林" is a medicine taken,
"要做白内障手术" a procedure undergone)."""

from __future__ import annotations

import re

import pytest

from core.compressor import Compressor
from core.config import Config
from core.lang.registry import analyzer_for
from core.models import Message

pytestmark = pytest.mark.unit
WAS = re.compile(r"\(was: [^()]*\)")
TURNS = [
    ("user", "我爸要做白内障手术，帮忙约一下术前检查"),
    ("assistant", "好的，请问叔叔的姓名和年龄？"),
    ("user", "曹德明，73"),
    ("assistant", "请问有过敏史或者在服用的药物吗？"),
    ("user", "在吃华法林，心脏装过瓣膜"),
    ("assistant", "好的，已记录。"),
    ("user", "好"),
    ("assistant", "好的"),
]


def test_a_name_followed_by_another_name_without_a_cue_stays_shown():
    msgs = [Message(idx=i, role=r, text=t) for i, (r, t) in enumerate(TURNS)]
    text = Compressor(Config(use_embeddings=False)).compress(msgs, context_id="x").rendered.state_text
    assert "白内障手术" in WAS.sub(" ", text)


@pytest.mark.parametrize(
    "text, name, food",
    [
        ("我爸要做白内障手术，帮忙约一下术前检查", "白内障手术", False),
        ("我奶奶要去拔牙，她在吃阿司匹林，这个要紧吗", "阿司匹林", False),
        ("晚饭吃宫保鸡丁吧", "宫保鸡丁", True),
        ("我想吃北京烤鸭", "北京烤鸭", True),
    ],
)
def test_eat_and_do_name_a_dish_only_outside_health(text: str, name: str, food: bool):
    slots = {e.text: e.slot for e in analyzer_for("zh").entities(text, None)}
    assert (slots.get(name) == "food") is food, slots
