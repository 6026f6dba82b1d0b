"""An amount's role comes from the noun or verb next to it (issue 12, item 2: a value replaces
another only with evidence that it is the same attribute): a bill stated, a bill that would be (an
estimate), a saving, an add-on's price coexist, and a correction replaces only an amount of its own
role. An amount said with no role word that equals a held amount of a role is that amount said
again. Real parse / extract / merge stages (rules only, no model)."""

from __future__ import annotations

import pytest

from core.lang.en_attributes import attribute_numbers as en_numbers
from core.lang.en_values import money
from core.lang.zh_attributes import attribute_numbers as zh_numbers
from tests.core.builders import replaced, state_after

pytestmark = pytest.mark.unit


def _slots(found: list[tuple[int, int, str, str, str]]) -> dict[str, str]:
    return {slot: value for _s, _e, _kind, value, slot in found}


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("my water bill for March is $240, way too high", "bill", "240 USD"),
        ("With the new reading the bill would be around $95.", "estimate", "95 USD"),
        ("Paperless billing is $2 a month cheaper.", "saving", "2 USD"),
        ("Book before Friday and you get €30 off.", "saving", "30 EUR"),
        ("A €25 surcharge applies on weekends.", "extra", "25 EUR"),
        ("So the $240 bill is on hold.", "bill", "240 USD"),
        # what the sum is for may come between its noun and the amount
        ("The cancellation fee on this booking is €60, refunded otherwise.", "fee", "60 EUR"),
    ],
)
def test_an_english_amount_takes_the_role_its_word_names(text: str, slot: str, value: str) -> None:
    assert _slots(en_numbers(text)).get(slot) == value


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("化妆造型另加300元。", "extra", "300 CNY"),
        ("好的，加精修底片150元，共1430元。", "extra", "150 CNY"),
        ("现在下单立减80元。", "saving", "80 CNY"),
        # the price after a discount is no new price of the thing (it had replaced "259元")
        ("学生证能减20，到手239元。", "net_price", "239 CNY"),
        ("留好了，雾蓝声洛T3，学生价239元。", "net_price", "239 CNY"),
    ],
)
def test_a_chinese_amount_takes_the_role_its_word_names(text: str, slot: str, value: str) -> None:
    assert _slots(zh_numbers(text)).get(slot) == value


@pytest.mark.parametrize("text", ["预算加到3000元", "优惠价1999元"])
def test_a_raised_budget_or_a_sale_price_is_no_add_on_or_saving(text: str) -> None:
    found = _slots(zh_numbers(text))
    assert "extra" not in found and "saving" not in found


def test_amounts_of_different_roles_coexist_through_a_correction() -> None:
    st = state_after(
        [
            ("user", "my water bill for March is $240 which is way too high. I think the reading is wrong"),
            ("assistant", "With the corrected reading the bill would be around $95. I'll open a dispute."),
            ("assistant", "Would you like paperless billing? It's $2 a month cheaper."),
            ("user", "no, keep paper"),
            ("user", "actually go paperless, $2 is $2"),
            ("user", "and the $240 won't be charged right?"),
        ]
    )
    values = {f.value for f in st.facts.values()}
    assert {"$240", "$95"} <= values
    old = replaced(st)
    assert not {"$240", "$95", "$2"} & old


def test_an_add_on_price_does_not_replace_the_chosen_package_price() -> None:
    st = state_after(
        [
            ("user", "想拍一组全家福，有什么套餐"),
            ("assistant", "标准套餐1280元，含20张精修。"),
            ("user", "就标准套餐"),
            ("assistant", "好的。化妆造型另加300元，需要吗？"),
            ("user", "要化妆"),
        ]
    )
    values = {f.value for f in st.facts.values()}
    assert "1280元" in values and "300元" in values
    assert "1280元" not in replaced(st)


def test_an_amount_before_a_comma_ends_at_its_last_digit() -> None:
    text = "my water bill is $240, way too high; it was $1,630 last year"
    spans = [text[c.start : c.end] for c in money(text)]
    assert spans == ["$240", "$1,630"]
