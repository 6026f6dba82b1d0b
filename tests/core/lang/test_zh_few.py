"""A "几" that counts a few is no question: "有几个回族同事，要单独一桌清真的，不要猪肉" was a question, so
its prohibition was never read and the context lost "不要猪肉". "有几个房间" still asks."""

from __future__ import annotations

import pytest

from core.lang.zh_kinds import user_kind
from tests.core.builders import missing_clauses

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(
    "text", ["有几个回族同事，要单独一桌清真的，不要猪肉", "我们好几个人都不吃辣", "这几天都在外地"]
)
def test_a_few_counted_is_no_question(text: str):
    assert user_kind(text, False) != "question"


@pytest.mark.parametrize("text", ["你们有几个房间", "几点开门", "有几个停车位？"])
def test_a_question_with_ji_still_asks(text: str):
    assert user_kind(text, False) == "question"


def test_the_prohibition_beside_a_few_counted_is_owed():
    turns = [
        ("assistant", "好的。饭菜有什么忌口？"),
        ("user", "有几个回族同事，要单独一桌清真的，不要猪肉"),
        ("assistant", "明白。"),
    ]
    assert any("不要猪肉" in c for c in missing_clauses(turns, "[FACT:restaurant.food=清真]"))
