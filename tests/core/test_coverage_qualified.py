"""The user's words beside a value that say more than the value (core.qualified): "豆浆都要无糖的吧"
states "都要无糖" of the value "豆浆"; the value shown alone does not show it."""

from __future__ import annotations

import pytest

from core.compressor import Compressor
from core.config import Config
from core.coverage import missing_user_clauses
from core.models import Message
from core.parse import parse_message
from core.qualified import qualified_parts

pytestmark = pytest.mark.unit


def _parsed(turns: list[tuple[str, str]]):
    return [parse_message(Message(idx=i, role=r, text=t)) for i, (r, t) in enumerate(turns)]


def test_the_words_beside_a_shown_value_come_back_when_the_context_lacks_them():
    said = "豆浆都要无糖的吧 刚问了同事"
    parsed = _parsed([("assistant", "再来点喝的吗？"), ("user", said), ("assistant", "好的。")])
    state = Compressor(Config(use_embeddings=False)).compress([p.message for p in parsed]).state
    assert said in missing_user_clauses("[FACT:food.drink=豆浆]", parsed, upto=3, state=state)
    # the context saying them already (in one line) owes nothing
    shown = "[FACT:food.drink=豆浆|sugar=都要无糖的吧 刚问了同事]"
    assert missing_user_clauses(shown, parsed, 3, state) == []


def test_only_the_part_with_the_value_comes_back_and_not_a_bare_value_or_an_english_clause():
    atom = parse_message(Message(idx=0, role="user", text="我要退款，退到原来的支付宝")).atoms[0]
    assert qualified_parts(atom, "[fact:payment.name=支付宝]") == ["退到原来的支付宝"]
    assert qualified_parts(atom, "退到原来的支付宝") == []  # shown
    bare = parse_message(Message(idx=0, role="user", text="支付宝")).atoms[0]
    assert qualified_parts(bare, "") == []  # nothing beside the value
    refund = "Refund it to the original card ending 4421"
    english = parse_message(Message(idx=0, role="user", text=refund)).atoms[0]
    assert qualified_parts(english, "") == []
