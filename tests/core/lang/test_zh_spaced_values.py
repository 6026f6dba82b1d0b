"""Chinese values written with spaces around their numbers ("4764 元") and codes with no cue before
them ("已下单 QD-SY-1220-0088"): read as the same values as when written tight."""

from __future__ import annotations

import pytest

from core.lang.zh_spacing import original_span, tightened
from tests.core.lang.zh_helpers import ents, find

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(
    ("text", "surface", "value"),
    [
        ("松鹤延年宴 × 3 = 4764 元。几点送到？", "4764 元", "4764"),
        ("上门检测费 380 元，5 年质保。", "380 元", "380"),
        ("每人 168 元（含往返大巴）", "168 元", "168"),
    ],
)
def test_a_spaced_amount_of_money_is_money(text: str, surface: str, value: str) -> None:
    kind, got, val, _ = find(text, surface)
    assert (kind, got) == ("money", surface)
    assert val.startswith(value)


def test_a_spaced_amount_in_ten_thousands_keeps_its_scale() -> None:
    # "15.98 万" had been money of 15.98 yuan, the 万 dropped
    kind, got, val, _ = find("4S 店报价 15.98 万，我想贷款", "15.98 万")
    assert (kind, got, val) == ("number", "15.98 万", "159800")


def test_a_code_of_letters_keeps_its_space() -> None:
    text = "N2 周日班 380 元"
    tight, index = tightened(text)
    assert tight == "N2 周日班 380元"
    start, end = original_span(index, tight.index("380元"), len(tight))
    assert text[start:end] == "380 元"


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("已下单 QD-SY-1220-0088，4764 元，12月20日 11:00 送到。", "QD-SY-1220-0088"),
        ("报好了，订单 JP-ENR-77031，会议号 883 2210 4471。", "JP-ENR-77031"),
        ("报好了，订单 JP-ENR-77031，会议号 883 2210 4471。", "883 2210 4471"),
        # a one-letter part inside the code, as English reads it (core.lang.en_values)
        ("登记好了，会员号HZ-M-30612。", "HZ-M-30612"),
        ("方案LZ-Q-88016：落地发财树8盆", "LZ-Q-88016"),
    ],
)
def test_a_code_without_a_cue_is_an_id(text: str, code: str) -> None:
    assert find(text, code)[0] == "id"


def test_a_spaced_phone_number_is_no_meeting_id() -> None:
    assert not [e for e in ents("电话号码 139 6200 1111") if e[0] == "id"]


@pytest.mark.parametrize(
    ("text", "surface"),
    [
        ("麓湖皇冠假日·湖畔厅，5月1日，3988元/桌。", "3988元/桌"),
        ("慕田峪野长城，168 元/人。几个人？", "168 元/人"),
        ("钟点工 25元/小时，周末加收", "25元/小时"),
    ],
)
def test_a_price_keeps_what_it_is_for(text: str, surface: str) -> None:
    assert find(text, surface)[0] == "money"


@pytest.mark.parametrize(
    ("text", "surface"),
    [
        ("线上价 4280，电子教材免费。", "4280"),
        ("月供 4905 不变，剩余期数 132 期", "4905"),
        ("报价：3200。", "3200"),
    ],
)
def test_a_bare_number_after_a_price_word_is_money(text: str, surface: str) -> None:
    assert find(text, surface)[:2] == ("money", surface)


def test_a_bare_number_after_another_word_is_no_money() -> None:
    assert not [e for e in ents("剩余期数 228 期，房号 1502。") if e[0] == "money"]


@pytest.mark.parametrize("number", ["139 0517 6624", "138-0571-2264", "021 6234 5678"])
def test_a_phone_number_in_spaced_groups_is_a_phone(number: str) -> None:
    kind, _, value, _ = find(f"领队：包建民，{number}", number)
    assert (kind, value) == ("phone", number.replace(" ", "").replace("-", ""))


def test_years_of_age_are_an_age_not_a_count() -> None:
    """"小孩，8岁" then the height "132" and the boot size "33": a count slot held all three, one
    replacing the other; an age in 岁 is an age."""
    assert find("小孩，8岁，女孩", "8岁")[3] == "age"


@pytest.mark.parametrize(
    ("text", "surface"),
    [
        ("价格是每平米65元（含辅料和施工）。", "每平米65元"),
        ("12期免息，每月约1317元。", "每月约1317元"),
        ("同价65元/平米。", "65元/平米"),
    ],
)
def test_what_one_of_a_unit_costs_is_a_unit_price(text: str, surface: str) -> None:
    # "每平米65元" had been the price a total ("约5200元") then replaced: what one square metre costs
    # is another attribute than what the whole job costs
    kind, _surface, _value, slot = find(text, surface)
    assert (kind, slot) == ("money", "unit_price")


def test_a_price_with_no_unit_is_the_price() -> None:
    assert find("是的，约5200元，在6000以内。", "5200元")[3] == "price"
