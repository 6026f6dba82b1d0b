"""A "几" that counts a few is no question: "有几个回族同事，要单独一桌清真的，不要猪肉" was a question, so
its prohibition was never read and the context lost "不要猪肉". "有几个房间" still asks."""

from __future__ import annotations

import pytest

from core.lang.zh_kinds import user_kind
from tests.core.builders import missing_clauses, rendered_text

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(
    "text",
    [
        "有几个回族同事，要单独一桌清真的，不要猪肉",
        "我们好几个人都不吃辣",
        "这几天都在外地",
        "几个要求：一是只加微信联系",  # the count a colon's list follows
    ],
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


def test_every_rule_of_a_listed_clause_is_kept():
    """A colon's list of rules was a question ("几个要求：" asked how many) whose first prohibition
    alone reached the Must line: "我的信息不能给任何第三方" and "只加微信联系" were lost."""
    turns = [
        ("user", "你好，我想给宝宝存脐带血，了解一下流程。"),
        ("assistant", "您好！我们提供采集、检测和18年储存，一次付清16800元。预产期是什么时候？"),
        ("user", "明年3月10号，在省人民医院建档。"),
        ("assistant", "省人民医院是我们的合作医院。请问怎么联系您？"),
        ("user", "几个要求：一是只加微信联系，别打电话推销；二是我的信息不能给任何第三方"),
        ("assistant", "明白，都记下了。"),
        ("user", "叶澜，微信就是手机号150 6833 2917"),
        ("assistant", "好的叶女士，合同稍后发您。"),
        ("user", "好"),
        ("assistant", "祝您顺利！"),
    ]
    text = rendered_text(turns)
    assert "只加微信联系" in text and "我的信息不能给任何第三方" in text
