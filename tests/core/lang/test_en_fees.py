"""The price of a service or an extra beside the thing bought is a fee of its own (core.lang.en_fees)."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.lang.registry import analyzer_for
from core.models import Message
from core.parse import parse_message

pytestmark = pytest.mark.unit


def _money(text: str) -> list[tuple[str, str | None]]:
    ents = analyzer_for("en").entities(text, datetime(2026, 12, 13, 10))
    return [(e.text, e.slot) for e in ents if e.type == "money"]


@pytest.mark.parametrize(
    ("text", "surface", "slot"),
    [
        # each had been one more value of the amount slot, replacing the price of the model picked
        ("Four in cream. Delivery to your house within Ibadan is ₦3,500.", "₦3,500", "delivery_fee"),
        ("Installation is $129 and we haul the old one away for free.", "$129", "installation_fee"),
        ("A spare toner is £45.", "£45", "toner_fee"),
        ("An extra steamer tray is NPR 350. Shall I add it?", "NPR 350", "extra_fee"),
        # the service said as what the seller does for the amount, and a pack of a spare priced alone
        ("Our technician installs for AED 150 per seat.", "AED 150 per seat", "installation_fee"),
        ("We deliver for £8 within the ring road.", "£8", "delivery_fee"),
        # how it is delivered between, and an amount in a currency named by its word (it had been the
        # price of the blender)
        ("Red, noted. We deliver by boda for 10,000 shillings.", "10,000 shillings", "delivery_fee"),
        ("A pack of 4 brush heads is £12.", "£12", "head_pack"),
        ("Two in stock. Delivery inside the Ring Road is NPR 200.", "NPR 200", "delivery_fee"),
        # a sum that names each part by the service after it
        ("Order 9158: Classic 2.8L, NPR 5,600 plus NPR 200 delivery, NPR 5,800.", "NPR 200", "delivery_fee"),
        ("Teal Orca Buds 2, $179 plus $10 engraving and $14 courier, $203.", "$10", "engraving_fee"),
        ("Teal Orca Buds 2, $179 plus $10 engraving and $14 courier, $203.", "$14", "delivery_fee"),
    ],
)
def test_a_service_or_extra_priced_is_its_fee(text: str, surface: str, slot: str) -> None:
    assert (surface, slot) in _money(text)


@pytest.mark.parametrize(
    "text",
    [
        "The Crisp 5L with knobs is ₦62,000.",  # the thing bought: its price
        "Delivery on the 12th is $830 with the cooker.",  # another value between: not the fee's
        "An insurance valuation is £150 per item.",  # the noun after the fee's word is what is priced
    ],
)
def test_the_price_of_the_thing_bought_stays_an_amount(text: str) -> None:
    assert all(slot == "amount" for _, slot in _money(text))


def test_the_first_amount_of_a_sum_stays_the_price_of_the_thing() -> None:
    # "NPR 5,600 plus": the word after the amount is no unit it counts
    found = _money("Order HHA-9158: Classic 2.8L, NPR 5,600 plus NPR 200 delivery, NPR 5,800.")
    assert ("NPR 5,600", "amount") in found


def _message_money(text: str, role: str = "assistant") -> list[tuple[str, str | None]]:
    """The money of a whole message, read across its sentences (core.parse)."""
    msg = Message(role=role, text=text, ts=datetime(2026, 12, 13, 10), idx=3)
    return [(e.text, e.slot) for a in parse_message(msg).atoms for e in a.entities if e.type == "money"]


@pytest.mark.parametrize(
    ("text", "extra", "price"),
    [
        # the extra offered in a question priced right after it: each had replaced (or joined) the
        # price of the model the user took, which the soft budget then dropped
        ("The Mauna 6 Dob at $389. Would you like a moon filter? $19.", ("$19", "filter_fee"), "$389"),
        ("White, ₱6,490. Do you want the spare kneading paddle? ₱350.", ("₱350", "paddle_fee"), "₱6,490"),
        ("Lavender. Would you like the diffuser attachment? ¥1,200.", ("¥1,200", "attachment_fee"), None),
        ("Shall I add a case for $25?", ("$25", "extra_fee"), None),
        ("星河90，1580元。要不要配一片月亮滤镜？看月亮不刺眼，60元。", ("60元", "月亮滤镜_fee"), "1580元"),
    ],
)
def test_an_extra_a_question_offers_is_priced_apart(
    text: str, extra: tuple[str, str], price: str | None
) -> None:
    found = _message_money(text)
    assert extra in found
    if price is not None:  # the thing's own price stays its own
        assert price in [surface for surface, slot in found if slot != extra[1]]


@pytest.mark.parametrize(
    "text",
    [
        "Would you like the Mauna 6 Dob? $389.",  # a model offered, not an extra
        "Would you like the pink one? $20.",  # no noun of an extra
        "还要别的吗？一共1580元。",  # asks for anything else: no extra named
    ],
)
def test_a_question_offering_no_extra_leaves_the_price(text: str) -> None:
    assert not any(slot and slot.endswith("_fee") for _, slot in _message_money(text))
