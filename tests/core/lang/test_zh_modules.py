"""The Chinese analyzer's modules called directly (test_zh.py goes through ChineseAnalyzer)."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.lang import (
    zh_clauses,
    zh_kinds,
    zh_names,
    zh_negation,
    zh_numbers,
    zh_segment,
    zh_slots,
    zh_time,
    zh_values,
)
from core.lang.zh import ChineseAnalyzer

pytestmark = pytest.mark.unit
MONDAY = datetime(2026, 1, 5, 12, 0)


@pytest.mark.parametrize(
    "text, value",
    [
        ("一万二千五百", 12500.0),
        ("两千", 2000.0),
        ("十五", 15.0),
        ("三", 3.0),
        ("8,980", 8980.0),  # thousands grouped by commas
        ("12,800.5", 12800.5),
    ],
)
def test_chinese_numerals(text: str, value: float) -> None:
    assert zh_numbers.zh_to_number(text) == value


def test_a_number_is_shown_in_its_shortest_form() -> None:
    assert zh_numbers.fmt_number(4.0) == "4" and zh_numbers.fmt_number(2.5) == "2.5"


def test_next_weeks_weekday_and_tomorrow_resolve_against_the_reference_day() -> None:
    (hit,) = zh_time.find_times("下周三下午3点", MONDAY)
    assert (hit.type, hit.value) == ("datetime", "2026-01-14T15:00")  # Wednesday of next week, 15:00
    (tomorrow,) = zh_time.find_times("明天", MONDAY)
    assert (tomorrow.type, tomorrow.value) == ("date", "2026-01-06")


def test_a_negation_is_kept_whole() -> None:
    (neg,) = zh_negation.find_negations("我不想要年费高的卡")
    assert (neg.cue, neg.target) == ("不想要", "年费高的卡")


def test_topic_pieces_cover_the_sentence() -> None:
    pieces = zh_clauses.topic_pieces("酒店要便宜的，餐厅要川菜")
    assert len(pieces) == 2 and "".join(pieces) == "酒店要便宜的，餐厅要川菜"


def test_domain_correction_and_stress_cues() -> None:
    assert zh_kinds.domain_of("我想订一家酒店") == "hotel"
    assert zh_kinds.is_correction("不对，改成周五") and not zh_kinds.is_correction("周五可以")
    assert zh_kinds.is_pinned("务必靠窗") and not zh_kinds.is_pinned("靠窗也行")
    assert zh_kinds.user_kind("你们几点开门？", False) == "question"
    assert zh_kinds.user_kind("不要辣的", True) == "constraint"


@pytest.mark.parametrize("text", ["工人每天走的时候马桶得能用", "换零件你得先问我"])
def test_de_before_what_must_hold_stresses_the_clause(text: str) -> None:
    assert zh_kinds.is_pinned(text)


@pytest.mark.parametrize("text", ["我觉得要快一点", "记得要带身份证", "累得要命", "得到了通知"])
def test_de_of_another_word_stresses_nothing(text: str) -> None:
    assert not zh_kinds.is_pinned(text)


def test_an_assistant_booking_is_a_done_action() -> None:
    action = zh_kinds.action_marker("已经为您预订好了", "assistant")
    assert action is not None and (action.verb, action.status) == ("预订", "done")


def test_values_are_typed_and_normalised() -> None:
    text = "预算5000元，两个人，电话13812345678"
    found = {text[h.start : h.end]: h for h in zh_values.find_values(text)}
    assert (found["5000元"].type, found["5000元"].value) == ("money", "5000 CNY")
    assert (found["两个人"].type, found["两个人"].value) == ("quantity", "2 people")
    assert (found["13812345678"].type, found["13812345678"].slot) == ("phone", "phone")


@pytest.mark.parametrize(
    ("text", "surface", "value", "slot"),
    [
        # thousands grouped by commas: each had been read from the last group on ("980日元")
        ("白色风雅F1，8,980日元，2月17日", "8,980日元", "8980 JPY", "price"),
        ("共1,640元", "1,640元", "1640 CNY", "total"),
        ("每人1,300元，两人2,600元", "2,600元", "2600 CNY", "total"),
    ],
)
def test_grouped_digits_are_one_amount(text: str, surface: str, value: str, slot: str) -> None:
    ents = ChineseAnalyzer().entities(text, MONDAY)
    assert (surface, value, slot) in [(e.text, e.value, e.slot) for e in ents]


@pytest.mark.parametrize(
    ("text", "budget"),
    [
        # 美刀 is the dollar (the ceiling had been a name, "一百五十美刀以内"), and the one thing it is per
        # after a comma no amount of one yuan (that 一块 had joined the budget, and "要两块板" then
        # corrected it to "两块")
        ("一百五十美刀以内，一块", "一百五十美刀以内"),
        ("三十美元以内一个", "三十美元以内一个"),
    ],
)
def test_a_foreign_ceiling_keeps_what_it_is_per_and_makes_no_other_amount(text: str, budget: str) -> None:
    ents = ChineseAnalyzer().entities(text, MONDAY)
    assert [(e.text, e.slot) for e in ents if e.type == "money"] == [(budget, "budget")]


@pytest.mark.parametrize("text", ["好的，一块Queens Pro 7.75。", "一块129在一百五以内"])
def test_kuai_before_a_name_or_a_price_counts_a_thing(text: str) -> None:
    ents = ChineseAnalyzer().entities(text, MONDAY)
    assert not [e for e in ents if e.type == "money" and e.text.startswith("一块")]


@pytest.mark.parametrize(
    ("text", "fee", "slot"),
    [
        # a fee waived or charged apart (it had been a name, "送货免运费", or nothing)
        ("自取还是送货？送货免运费。", "免运费", "delivery_fee"),
        ("包邮吗", "包邮", "delivery_fee"),
        ("笔79在八十以内，运费另算，行", "运费另算", "delivery_fee"),
        ("免费安装", "免费安装", "installation_fee"),
    ],
)
def test_a_fee_waived_or_charged_apart_is_a_term_of_the_fee(text: str, fee: str, slot: str) -> None:
    ents = ChineseAnalyzer().entities(text, MONDAY)
    assert (fee, slot) in [(e.text, e.slot) for e in ents]


def test_units_of_a_measure_are_read_whole() -> None:
    # "3000单位" (graft units) had been read as "3000单" (orders), the 位 left over
    text = "他说要做就做够，3000单位，下了3单"
    found = {text[h.start : h.end]: h.type for h in zh_values.find_values(text)}
    assert found.get("3000单位") == "quantity" and found.get("3单") == "quantity"
    assert "3000单" not in found


def test_segment_offsets_index_the_text() -> None:
    text = "我想订北京的酒店"
    tokens = zh_segment.tokens(text)
    assert "".join(word for word, _, _ in tokens) == text
    assert all(text[at : at + len(word)] == word for word, _, at in tokens)
    assert ("北京", "ns", 3) in tokens


def test_a_venue_is_told_by_its_suffix() -> None:
    assert zh_names.venue_suffix("全聚德烤鸭店") == "店" and zh_names.venue_suffix("北京") is None
    assert zh_slots.is_venue("全聚德烤鸭店") and not zh_slots.is_venue("张三")


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("黄建华", "黄建华"),
        ("南京鼓楼区中山北路200号，收件人我自己，杨帆", "杨帆"),
        ("投保人是王晓雯", "王晓雯"),
    ],
)
def test_a_persons_name_is_a_person_never_a_venue_name(text: str, person: str) -> None:
    # as name, "寄老家" or "3期免息" said next replaced it (shown as "was: 黄建华")
    from core.lang.registry import analyzer_for

    ents = analyzer_for("zh").entities(text, None)
    assert any(e.text == person and e.slot == "person" for e in ents)


@pytest.mark.parametrize("text", ["黄山", "我要去故宫", "高铁"])
def test_a_place_or_a_word_is_no_person(text: str) -> None:
    from core.lang.registry import analyzer_for

    assert not any(e.slot == "person" for e in analyzer_for("zh").entities(text, None))


@pytest.mark.parametrize("text", ["要，工行卡尾号6021", "那原来那个自动还款尾号6021的储蓄卡继续绑新卡"])
def test_a_cards_last_digits_are_an_account(text: str) -> None:
    # inside a name, the next name the user gave ("老婆林珊") showed the card as replaced
    from core.lang.registry import analyzer_for

    ents = analyzer_for("zh").entities(text, None)
    card = [e for e in ents if e.type == "id" and e.slot == "account"]
    assert [(e.text, e.value) for e in card] == [("尾号6021", "6021")]
    assert not any(e.type == "name" and "尾号" in e.text for e in ents)  # the cue is no name of its own
