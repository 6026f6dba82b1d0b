"""A statement the user makes before asking, in one Chinese sentence, is a clause of its own: "我膝盖
不太好，按压的时候要一直跪着吗" was one question, and the context lost the knee. A request asked about
("我奶奶要去拔牙，她在吃阿司匹林，这个要紧吗") stays one question: it states the task. A 呢 after a clause
that says something ("他出一半呢") stresses it and asks nothing; after a thing named alone ("那上海呢")
it asks."""

from __future__ import annotations

import pytest

from core.lang.zh import ChineseAnalyzer
from core.lang.zh_kinds import asks
from tests.core.builders import missing_clauses

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(
    ("text", "stated"),
    [
        ("我膝盖不太好，按压的时候要一直跪着吗", "我膝盖不太好，"),
        ("山地车后胎扎了，能修吗", "山地车后胎扎了，"),
        ("还有两个同事怀孕了，她们能参加吗", "还有两个同事怀孕了，"),  # counted people the user acts for
    ],
)
def test_a_statement_before_a_question_is_split_off(text: str, stated: str):
    assert ChineseAnalyzer().split(text) == [stated, text[len(stated) :]]


@pytest.mark.parametrize(
    "text",
    [
        "我奶奶要去拔牙，她在吃阿司匹林，这个要紧吗",
        "能不能便宜点，有没有优惠",
        "这个课是全天吗，几点开始？",
        # a remark, a pick or a request's values before the question: one question (CrossWOZ's style)
        "时间蛮方便的，门票多少钱？",
        "就去珍宝馆吧，这里的地址是多少？",
        "那北京海洋馆附近的这些地方，评分4.5以上的，有啥推荐？",
        "我打算乘地铁从前门大街到北京新世界酒店，你知道附近地铁站都是什么吗？",
    ],
)
def test_a_request_or_a_question_throughout_stays_whole(text: str):
    assert ChineseAnalyzer().split(text) == [text]


def test_the_condition_stated_before_a_question_is_owed():
    turns = [
        ("assistant", "课程是周六全天，中间有实操练习。"),
        ("user", "我膝盖不太好，按压的时候要一直跪着吗"),
        ("assistant", "可以垫软垫，也可以换着姿势练。"),
    ]
    assert any("膝盖不太好" in c for c in missing_clauses(turns, "[FACT:general.date=周六]"))


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("摇蜜那个环节小孩子能参与吗，别让他们靠近蜂箱太近就行", "摇蜜那个环节小孩子能参与吗，"),
        ("可以带狗吗，不要太大的那种", "可以带狗吗，"),
    ],
)
def test_a_rule_set_after_a_question_is_split_off(text: str, asked: str):
    """A prohibition after a question in one sentence is set, not asked: a clause of its own."""
    assert ChineseAnalyzer().split(text) == [asked, text[len(asked) :]]


def test_a_question_that_goes_on_asking_stays_whole():
    assert ChineseAnalyzer().split("能参与吗，大概多久") == ["能参与吗，大概多久"]


@pytest.mark.parametrize("text", ["他出一半呢", "我在开会呢", "确认，我哥说了算，他出一半呢"])
def test_ne_after_a_clause_that_says_something_asks_nothing(text: str) -> None:
    assert not asks(text)


@pytest.mark.parametrize("text", ["那上海呢", "你们呢", "撤场呢", "周日呢？", "这个怎么弄呢"])
def test_ne_after_a_thing_named_alone_or_before_a_question_mark_asks(text: str) -> None:
    assert asks(text)


@pytest.mark.parametrize("text", ["就是跟他下班後去哪裡，拍照就好", "哪天都行", "什么颜色都可以啦"])
def test_a_clause_ending_on_what_suffices_asks_nothing(text: str):
    assert not asks(text)
    assert ChineseAnalyzer().kind(text, "user") != "question"


@pytest.mark.parametrize("text", ["拍照就好吗？", "去哪里都行吗", "你去哪里"])
def test_a_question_word_without_what_suffices_still_asks(text: str):
    assert asks(text)
