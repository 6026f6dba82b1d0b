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
