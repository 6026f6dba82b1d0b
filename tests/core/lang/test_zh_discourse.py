"""The Chinese analyzer's negations, clause kinds, flags, domains, actions and sentence split."""

from __future__ import annotations

import pytest

from core.lang.base import DOMAINS, SLOTS
from core.lang.zh_negation import asked_negations, find_negations
from core.lang.zh_numbers import zh_to_number
from tests.core.lang.zh_helpers import ZH, ents

pytestmark = pytest.mark.unit


# --- negations -------------------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("text", "whole", "cue", "target"),
    [
        ("我不想要年费高的卡", "我不想要年费高的卡", "不想要", "年费高的卡"),
        ("不要靠窗的座位", "不要靠窗的座位", "不要", "靠窗的座位"),
        ("别放香菜，谢谢", "别放香菜", "别", "香菜"),
        ("我不吃辣", "我不吃辣", "不吃", "辣"),
        # what the bound is of stays with it: a "500元" ceiling of the total, not of anything
        ("总价不能超过500元。", "总价不能超过500元", "不能超过", "500元"),
    ],
)
def test_negation_kept_whole(text: str, whole: str, cue: str, target: str) -> None:
    negs = ZH.negations(text)
    assert len(negs) == 1
    assert (negs[0].text, negs[0].cue, negs[0].target) == (whole, cue, target)


@pytest.mark.parametrize(
    "text", ["不用了，谢谢", "没有了", "不客气", "周边没有酒店", "能不能便宜点", "分别是什么"]
)
def test_courtesy_reports_and_questions_are_not_negations(text: str) -> None:
    assert ZH.negations(text) == []


# --- clause kinds, flags, domains, actions --------------------------------------------------------

@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("你好", "greeting"),
        ("谢谢", "filler"),
        ("没有了，谢谢", "filler"),
        ("帮我订一个酒店", "instruction"),
        ("这个景点周边有什么酒店？", "question"),
        ("必须在500元以内", "constraint"),
        ("不要靠窗的座位", "constraint"),
        ("我喜欢安静一点的", "preference"),
        ("好的", "confirmation"),
        ("改成周四吧", "correction"),
        ("不是周三，是周四", "correction"),
        ("还是去故宫吧", "correction"),
    ],
)
def test_user_kinds(text: str, kind: str) -> None:
    assert ZH.kind(text, "user") == kind


def test_assistant_kinds_and_actions() -> None:
    done = ZH.action("已为您预订成功，订单号是AB1234。", "assistant")
    assert done is not None and (done.status, done.ref) == ("done", "AB1234")
    failed = ZH.action("抱歉，没有查到符合条件的酒店。", "assistant")
    assert failed is not None and failed.status == "failed"
    offered = ZH.action("需要我帮您预订吗？", "assistant")
    assert offered is not None and offered.status == "offered"
    pending = ZH.action("正在为您查询，请稍等", "assistant")
    assert pending is not None and pending.status == "pending"
    assert ZH.action("推荐您去故宫。", "assistant") is None
    assert ZH.action("已为您预订成功", "user") is None
    assert ZH.kind("已为您预订成功。", "assistant") == "action"
    assert ZH.kind("需要我帮您预订吗？", "assistant") == "question"
    assert ZH.kind("推荐您去故宫。", "assistant") == "result"


def test_pinned_and_corrections() -> None:
    assert ZH.pinned("务必在8点前到")
    assert ZH.pinned("这个很重要，一定要靠窗")
    assert not ZH.pinned("不一定要靠窗")
    assert ZH.is_correction("我说错了，是周四")
    assert ZH.is_correction("算了，换一家吧")
    assert not ZH.is_correction("帮我找个酒店")


@pytest.mark.parametrize(
    ("text", "domain"),
    [
        ("帮我找个评分高的酒店", "hotel"),
        ("这个酒店周边有什么景点", "attraction"),
        ("周边有什么餐馆", "restaurant"),
        ("从故宫打车到酒店", "taxi"),
        ("坐地铁去天安门", "metro"),
        ("我想订明天的火车票", "train"),
        ("我想办一张信用卡", "bank"),
        ("你好", None),
    ],
)
def test_domain(text: str, domain: str | None) -> None:
    assert ZH.domain(text) == domain
    assert domain is None or domain in DOMAINS


@pytest.mark.parametrize(
    ("text", "pieces"),
    [
        ("中华民族园这个景点的周边有价格在400-500元的酒店吗？",
         [("中华民族园这个景点的", "attraction"), ("周边有价格在400-500元的酒店吗？", "hotel")]),
        ("花家怡园(四合院总店)的电话是多少，周边有酒店吗？",
         [("花家怡园(四合院总店)的电话是多少，", None), ("周边有酒店吗？", "hotel")]),
        ("周边有什么景点吗，想顺路玩玩。", [("周边有什么景点吗，想顺路玩玩。", "attraction")]),
        ("帮我找个酒店，价格在500元以内。", [("帮我找个酒店，价格在500元以内。", "hotel")]),
    ],
)
def test_split_where_the_topic_changes_domain(text: str, pieces: list[tuple[str, str | None]]) -> None:
    assert [(p, ZH.domain(p)) for p in ZH.split(text)] == pieces


def test_split_keeps_substrings_in_order() -> None:
    text = "你好，可以帮我推荐一个酒店吗？价格在500元以内。谢谢"
    parts = ZH.split(text)
    assert parts == ["你好，", "可以帮我推荐一个酒店吗？", "价格在500元以内。", "谢谢"]
    pos = 0
    for p in parts:
        pos = text.index(p, pos) + len(p)


def test_a_listed_item_joined_to_its_list_keeps_the_space_between() -> None:
    # the list's items are one sentence; joining them must keep the text as written, or the piece
    # is no substring of the turn (found by the randomized test below with ':; 0')
    for text in ("有两款：A； B。", ":; 0"):
        for part in ZH.split(text):
            assert part in text
    assert ZH.split("有两款：安心版； 尊享版。") == ["有两款：安心版； 尊享版。"]


def test_slot_hints_are_canonical() -> None:
    text = "从故宫到天安门广场，人均100元，评分4分以上，3个人，明天下午3点，电话010-65666606，有早餐服务"
    assert all(e[3] is None or e[3] in SLOTS for e in ents(text))


def test_chinese_numerals() -> None:
    assert [zh_to_number(s) for s in ("十二", "两百五", "三百零五", "一万五", "1千5", "4.5")] == [
        12, 250, 305, 15000, 1500, 4.5]
    assert zh_to_number("半") is None


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("预算只有6000，能不能少两个人", []),  # 能不能 asks "fewer?": its 不能 forbids nothing
        ("能不能不砸砖？", ["不砸砖"]),
        ("可不可以别打电话", ["别打电话"]),
    ],
)
def test_an_a_not_a_question_asks_no_negated_action(text, asked):
    assert [n.text for n in asked_negations(text)] == asked


@pytest.mark.parametrize(
    ("text", "negation"),
    [
        ("那书柜就不做了。", "书柜就不做了"),  # was "就不做了": the Must line said nothing of what
        ("周五就不用去了", "周五就不用去了"),
        ("香菜也不要", "香菜也不要"),
        ("我们不要腊味", "我们不要腊味"),  # a subject of its own starts it as before
    ],
)
def test_the_thing_before_an_adverb_belongs_to_its_negation(text, negation):
    assert [n.text for n in find_negations(text)] == [negation]
