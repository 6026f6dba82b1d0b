"""The Chinese analyzer: dates, times and values with offsets and normalized values, and the
randomized tests (names are in test_zh_names, negations, kinds, domains and split in
test_zh_discourse)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.core.lang.zh_helpers import ZH, ents, find

pytestmark = pytest.mark.unit


# --- dates and times: expected values worked out by hand against a calendar -----------------------

def test_next_wednesday_afternoon_is_wednesday_of_next_week() -> None:
    # Monday 2026-01-05 -> next week's Monday is 01-12, its Wednesday 01-14; 下午3点 = 15:00
    found = find("下周三下午3点开会", "下周三下午3点")
    assert found == ("datetime", "下周三下午3点", "2026-01-14T15:00", "datetime")


def test_tomorrow_evening_and_bare_weekday() -> None:
    assert find("明天晚上7点", "明天晚上7点")[2] == "2026-01-06T19:00"
    assert find("这周五去", "这周五")[2] == "2026-01-09"
    assert find("周三", "周三")[2] == "2026-01-07"  # the coming Wednesday of this week


def test_absolute_dates_and_half_hours() -> None:
    assert find("3月5日", "3月5日")[:3] == ("date", "3月5日", "2026-03-05")
    assert find("2025年12月31号上午10点", "2025年12月31号上午10点")[2] == "2025-12-31T10:00"
    assert find("今晚八点半", "今晚八点半")[2] == "2026-01-05T20:30"
    assert find("营业时间10:00-21:00", "10:00-21:00")[:3] == ("time", "10:00-21:00", "10:00-21:00")


def test_month_relative_days_and_midnight() -> None:
    assert find("下个月5号", "下个月5号")[2] == "2026-02-05"
    assert find("晚上12点", "晚上12点")[2] == "00:00"
    assert find("中午1点", "中午1点")[2] == "13:00"


def test_no_timestamp_uses_fixed_reference() -> None:
    # reference 2026-01-01 (a Thursday): 明天 is 2026-01-02, whatever the clock says
    assert find("明天", "明天", ts=None)[2] == "2026-01-02"


def test_a_little_is_not_one_oclock() -> None:
    assert all(e[0] != "time" for e in ents("我有点累，便宜一点的"))


# --- values --------------------------------------------------------------------------------------

def test_money_ranges_keep_the_surface() -> None:
    assert find("人均消费100-150元的餐馆", "100-150元")[:4] == ("money", "100-150元", "100-150 CNY", "price")
    assert find("价格1000元以上", "1000元以上")[2] == ">=1000 CNY"
    assert find("价格在400元至500元的", "400元至500元")[2] == "400-500 CNY"
    assert find("大概两百块钱", "两百块钱")[2] == "200 CNY"
    assert find("门票免费", "免费")[:2] == ("term", "免费")


def test_ratings_durations_types() -> None:
    assert find("评分4.5分的", "4.5分")[:4] == ("rating", "4.5分", "4.5", "rating")
    assert find("评分4分以上", "4分以上")[2] == ">=4"
    assert find("游玩时间1小时 - 4小时", "1小时 - 4小时")[:3] == ("duration", "1小时 - 4小时", "PT1H-PT4H")
    assert find("玩3天", "3天")[2] == "P3D"
    assert find("高档型的酒店", "高档型")[:2] == ("term", "高档型")
    assert all(e[1] != "车型" for e in ents("车型和车牌是什么"))


def test_quantities_phones_ids_facilities() -> None:
    assert find("我们3个人", "3个人")[2:] == ("3 people", "people")
    assert find("住两晚", "两晚")[2:] == ("2 nights", "nights")
    # the head a price is per is no count of people ("320元一个人"); one person alone is
    assert all(e[3] != "people" for e in ents("全日320元一个人，半日260元一位"))
    # the head a price is per, said in words, is part of it
    assert find("全日320元一个人，半日260元一位", "320元一个人")[2:] == ("320 CNY", "unit_price")
    assert find("一个人去", "一个人")[2:] == ("1 people", "people")
    # how many a table seats, said with its verb: the verb is part of the value
    assert find("要坐十二个人才够", "坐十二个人")[2:] == ("12 people", "people")
    assert find("电话是010-65666606。", "010-65666606")[:3] == ("phone", "010-65666606", "01065666606")
    assert find("订单号是AB1234", "AB1234")[0::3] == ("id", "ref")
    assert find("有无线网络和早餐服务吗", "无线网络")[3] == "facility"
    assert find("有无线网络和早餐服务吗", "早餐服务")[3] == "facility"
    # a facility word inside a longer word is not that facility: 租车 inside 出租车
    assert all(e[1] != "租车" for e in ents("乘坐出租车的话"))


def test_the_start_of_a_longer_spaced_number_is_no_phone() -> None:
    # a pet's 15-digit chip "156 1000 2781 3345" was the phone "156 1000 2781", which the owner's own
    # number then showed as replaced
    assert all(e[0] != "phone" for e in ents("我看看哈，是 156 1000 2781 3345"))
    assert find("方晓雯，手机 137 5719 0328", "137 5719 0328")[0] == "phone"


def test_amounts_and_domain_terms() -> None:
    text = "帮我办一张信用卡，年费不要超过200元，额度最好5万以上"
    assert find(text, "5万以上")[2:] == (">=50000", "amount")
    assert find(text, "信用卡")[0::3] == ("term", "item")
    assert find(text, "200元")[2] == "200 CNY"


def test_address_after_cue() -> None:
    assert find("地址是北京市海淀区颐和园路5号。", "北京市海淀区颐和园路5号")[0] == "address"


# --- never crash, offsets always index the text -----------------------------------------------------

_CJK_CHARS = "我不想要去从到的是吗元分点半天周下午明后三十5.0-（）()、，。？！ 酒店站路馆A\n"
_CJK_TEXT = st.text(
    alphabet=st.sampled_from(list(_CJK_CHARS)),
    max_size=60,
)


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.text(max_size=80), _CJK_TEXT))
def test_never_crashes_and_offsets_index_the_text(text: str) -> None:
    for e in ZH.entities(text, None):
        assert 0 <= e.start <= e.end <= len(text)
        assert text[e.start:e.end] == e.text
    for n in ZH.negations(text):
        assert n.text in text
    for part in ZH.split(text):
        assert part and part in text
    assert ZH.kind(text, "user") in (
        "instruction", "constraint", "preference", "question", "answer", "confirmation", "greeting",
        "filler", "action", "result", "correction")
    ZH.kind(text, "assistant")
    ZH.domain(text)
    ZH.action(text, "assistant")


@pytest.mark.parametrize(
    "text, value",
    [
        ("样品，申报价值800美元", ("money", "800美元", "800 USD")),
        ("一箱，大概6公斤，50*40*30", ("quantity", "6公斤", "6 公斤")),
        ("空腹血糖8.2mmol/L", ("quantity", "8.2mmol/L", "8.2 mmol/L")),
        ("3期免息", ("quantity", "3期", "3 期")),
        ("保价5000，屏幕是好的别压坏了", None),
    ],
)
def test_a_number_with_its_unit_is_a_value_and_never_part_of_a_name(text, value):
    found = ents(text)
    assert not [e for e in found if e[0] == "name"], found  # "申报价值800美元", "保价5000" were names
    if value is not None:
        assert value in [e[:3] for e in found]
    assert ("name", "798艺术区", "798艺术区", "name") in ents("我想去798艺术区")  # a venue keeps its digits


def test_an_adverb_a_count_or_a_predicate_ends_a_name():
    assert [e[1] for e in ents("那云闪卡更划算，还免年费") if e[0] == "name"] == ["云闪卡"]  # was "云闪卡更"
    assert not [e for e in ents("其中一份加俩鸡蛋") if e[0] == "name"]  # was "加俩鸡蛋"
    assert "海鲜过敏" not in [e[1] for e in ents("有个同事海鲜过敏，菜里务必不要虾蟹。")]


def test_raising_or_lowering_a_value_to_a_number_is_a_correction():
    assert ZH.is_correction("算了，还是安心百万，预算加到4500")
    assert ZH.is_correction("额度降到三万吧")
    assert not ZH.is_correction("加到购物车")  # adding to a cart changes no value


@pytest.mark.parametrize(
    "text, target",
    [
        ("青霉素过敏，头孢也不行", "青霉素"),
        ("对磺胺过敏，青霉素也过敏。", "磺胺"),
        ("有个同事海鲜过敏，菜里务必不要虾蟹。", "海鲜"),
    ],
)
def test_an_allergy_forbids_its_allergen(text, target):
    assert ZH.negations(text)[0].target == target  # an allergen is no dish the user wants
    assert not ZH.negations("我不过敏") and not ZH.negations("有没有过敏史")


def test_actually_up_to_a_number_is_a_correction():
    assert ZH.is_correction("哦对了，预算其实可以到6000，我姐也出一部分")


@pytest.mark.parametrize(
    "text, span, value",
    [
        ("去年上海半马 1小时48分，证书编号 SHM2025-H-20817", "1小时48分", "PT1H48M"),
        ("大概2个小时5分钟", "2个小时5分钟", "PT2H5M"),
    ],
)
def test_hours_and_minutes_said_together_are_one_duration(text: str, span: str, value: str):
    # "1小时48分" was a duration "1小时" and a name "48分, 证书编号"
    found = [(kind, surface, norm) for kind, surface, norm, _ in ents(text)]
    assert ("duration", span, value) in found and not any("48分" in t for _, t, _ in found if t != span)
