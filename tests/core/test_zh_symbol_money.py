"""Amounts a Chinese turn writes with a currency's symbol or code (core.lang.zh_symbol_money) and in a
foreign currency's name (加币, 纽币): one amount in that currency, with its bound and attribute."""

from __future__ import annotations

import pytest

from core.lang.registry import analyzer_for
from core.lang.zh_symbol_money import zh_symbol_money

pytestmark = pytest.mark.unit


def _money(text: str) -> list[tuple[str, str, str | None]]:
    return [(e.text, e.value, e.slot) for e in analyzer_for("zh").entities(text, None) if e.type == "money"]


@pytest.mark.parametrize(
    ("text", "money"),
    [
        # the whole number with its separators, not "200" of "1,200"; the code's country, not USD
        ("预算HK$1,200以内", [("HK$1,200以内", "<=1200 HKD", "budget")]),
        ("2. 预算NZ$650以内；3. 我婆婆晕船", [("NZ$650以内", "<=650 NZD", "budget")]),
        (
            "好的：2位成人NZ$330，2位儿童NZ$120，合计NZ$450。",
            [("NZ$330", "330 NZD", "price"), ("NZ$120", "120 NZD", "price"), ("NZ$450", "450 NZD", "total")],
        ),
        ("人均$50就行", [("$50", "50 USD", "unit_price")]),
        ("€1,200左右", [("€1,200左右", "~1200 EUR", "price")]),
        ("每人65加币", [("65加币", "65 CAD", "price")]),
    ],
)
def test_an_amount_with_a_currency_symbol_is_one_amount_in_that_currency(text: str, money: list) -> None:
    assert _money(text) == money


@pytest.mark.parametrize("text", ["车牌ABC123", "订单号A12345", "房间B2", "3$"])
def test_letters_or_digits_before_a_number_are_no_currency(text: str) -> None:
    assert zh_symbol_money(text) == []
