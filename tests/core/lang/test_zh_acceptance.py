"""Agreeing to the plan the assistant just laid out: "中，就这么弄" (Henan "OK", "do it like that") took
nothing, so the area, the material and the total the assistant had summed up were lost."""

from __future__ import annotations

import pytest

from core.lang.zh_cues import accepts
from tests.core.builders import state_after

pytestmark = pytest.mark.unit


@pytest.mark.parametrize("text", ["中，就这么弄", "中", "就这么办吧", "就这样吧"])
def test_a_dialect_ok_or_a_so_be_it_agrees(text: str) -> None:
    assert accepts(text)


@pytest.mark.parametrize("text", ["中午12点到", "中间那个", "中式的"])
def test_words_starting_with_zhong_do_not_agree(text: str) -> None:
    assert not accepts(text)


def test_the_plan_agreed_to_is_held() -> None:
    state = state_after([
        ("user", "院子想铺一下，预算一万五。"),
        ("assistant", "透水砖每平110元，院子96平铺透水砖，10560元，门口那段这次不做。"),
        ("user", "中，就这么弄"),
        ("assistant", "好的。"),
    ])
    held = " ".join(f.value for f in state.facts.values())
    assert "10560元" in held, held


@pytest.mark.parametrize("text", ["确认，我哥说了算，他出一半呢", "确定", "确认。"])
def test_confirm_opening_the_turn_agrees(text: str) -> None:
    assert accepts(text)


@pytest.mark.parametrize("text", ["确认一下地址", "确定是明天吗"])
def test_confirm_asking_for_a_check_does_not_agree(text: str) -> None:
    assert not accepts(text)


def test_the_total_confirmed_is_held_as_accepted() -> None:
    # "确认，...，他出一半呢" had been a question (its 呢) and no yes: the 13600元 the assistant asked to
    # confirm stayed an offer, and the budget dropped it from the context
    state = state_after([
        ("user", "种两颗牙，预算一万以内。"),
        ("assistant", "好的，改为瑞士士卓曼，两颗13600元，超出了原来一万的预算，确认吗？"),
        ("user", "确认，我哥说了算，他出一半呢"),
    ])
    price = [f for f in state.facts.values() if f.value == "13600元"]
    assert [f.evidence.how for f in price if f.evidence] == ["accepted"]
