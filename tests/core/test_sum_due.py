"""The sum due an assistant reports ("Basket total £14.10", "the fee becomes £203", "合计1540元",
"学费2780元") is a fact of its own attribute (issue 12 point 3: assistant text yields a fact when it
reports a result): keyed total / fee / deposit by the noun before the amount, it is rendered as a
chosen value, not an informational amount a tight budget leaves out, and a later charge or quoted
price of another attribute stands beside it instead of replacing it. Real parse / extract / merge /
render stages (rules only, no model)."""

from __future__ import annotations

import pytest

from core.compressor import Compressor
from core.config import Config
from core.lang.en_attributes import attribute_numbers as en_numbers
from core.lang.en_entities import extract_entities
from core.lang.zh_attributes import attribute_numbers as zh_numbers
from core.models import Message
from core.parse import parse_message
from tests.core.builders import replaced, state_after

pytestmark = pytest.mark.unit


def _slots(found: list[tuple[int, int, str, str, str]]) -> dict[str, str]:
    return {slot: value for _s, _e, _kind, value, slot in found}


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("Basket total £14.10. Delivery or click and collect?", "total", "14.10 GBP"),
        ("Over-60 concession applies, the fee becomes £203.", "fee", "203 GBP"),
        ("Deposit is 25%, £1,875.", "deposit", "1875 GBP"),
        ("Your total comes to $54.", "total", "54 USD"),
        # what a sum of amounts comes to, and the total said to stay as it was
        ("Total: $195 + $144 + $12 = $351.", "total", "351 USD"),
        ("Total: screen $450 + film $150 + video $75 = $941.", "total", "941 USD"),
        ("So the total stays $1,589.", "total", "1589 USD"),
        ("at €1,049 per person, €4,196 in total.", "total", "4196 EUR"),
        # the sum said after a "plus" of amounts (had been one more item of a list of amounts)
        ("15 medals at £4.20 is £63, plus £55.50 for the cups: £118.50.", "total", "118.50 GBP"),
        ("The room is $200, plus $30 tax that comes to $230.", "total", "230 USD"),
    ],
)
def test_an_english_sum_due_is_keyed_by_its_noun(text: str, slot: str, value: str) -> None:
    assert _slots(en_numbers(text)).get(slot) == value


def test_an_english_amount_without_a_sum_noun_keeps_no_attribute() -> None:
    found = _slots(en_numbers("Delivery tomorrow 10:00-12:00, £3.50."))
    assert not any(v.endswith("GBP") for v in found.values())


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("好的，前刹车片改为原厂，合计1540元。", "total", "1540 CNY"),
        ("购物车合计341元。配送时间？", "total", "341 CNY"),
        ("好的，推荐人田甜，学费2780元。", "fee", "2780 CNY"),
    ],
)
def test_a_chinese_sum_due_is_keyed_by_its_noun(text: str, slot: str, value: str) -> None:
    assert _slots(zh_numbers(text)).get(slot) == value


def test_a_head_count_after_a_sum_word_is_no_sum() -> None:
    assert "total" not in _slots(zh_numbers("一共5个人"))


def test_a_delivery_charge_does_not_replace_the_basket_total() -> None:
    st = state_after(
        [
            ("user", "please put the groceries for a lasagne in my basket"),
            ("assistant", "Basket total £14.10. Delivery or click and collect?"),
            ("user", "delivery tomorrow between 10 and 12"),
            ("assistant", "Delivery tomorrow 10:00-12:00, £3.50."),
        ]
    )
    values = {f.value for f in st.facts.values()}
    assert "£14.10" in values
    assert "£14.10" not in replaced(st)


def test_a_free_extra_does_not_replace_the_total() -> None:
    st = state_after(
        [
            ("user", "车要保养，刹车片用原厂的"),
            ("assistant", "好的，前刹车片原厂，合计1540元。"),
            ("user", "等车的时候能不能顺便洗个车"),
            ("assistant", "可以，保养客户免费洗车。"),
        ]
    )
    assert "1540元" in {f.value for f in st.facts.values()}
    assert "1540元" not in replaced(st)


def test_the_fee_the_assistant_reports_is_rendered_when_the_budget_is_tight() -> None:
    session = Compressor(Config(use_embeddings=False)).session("fee")
    turns = [
        ("user", "I want to enrol in the evening Spanish course, beginner"),
        ("assistant", "SPA-101-E1 on Mon/Wed 18:30-20:00 from 18 January, 4 seats left."),
        ("user", "mon/wed then"),
        ("assistant", "Digital textbook. Student name and email?"),
        ("user", "Grace Mbeki, grace.mbeki@gmail.com"),
        ("assistant", "Are you eligible for the concession rate? It's 30% off."),
        ("user", "I'm 63 so yes"),
        ("assistant", "Over-60 concession applies, the fee becomes £203."),
        ("user", "i'll pay by bank transfer, not card"),
        ("assistant", "Bank transfer details are in your confirmation email."),
        ("user", "also I have hearing aids, can I sit at the front"),
        ("assistant", "I've noted a front-row seat request for the tutor."),
        ("user", "thank you!"),
        ("assistant", "You're welcome."),
    ]
    for idx, (role, text) in enumerate(turns):
        session.add(Message(idx=idx, role=role, text=text), auto_compact=False)
    session.compact(force=True)
    head = session.context().text.split("--- recent turns ---")[0]
    assert "£203" in head


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("合计5800+3750=9550元。", "9550 CNY"),
        ("合计：包场1980元+布置380元+儿童套餐270元=2630元～", "2630 CNY"),
    ],
)
def test_a_chinese_sum_of_amounts_is_the_total(text: str, value: str) -> None:
    assert _slots(zh_numbers(text)).get("total") == value


def test_what_a_count_times_a_price_comes_to_is_the_total() -> None:
    # "15人×180=2700元" after the head count changed: the new total was lost
    assert _slots(zh_numbers("15人×180=2700元，一位老师可以带，时间不变。")).get("total") == "2700 CNY"


def test_a_product_before_the_total_said_after_it_is_a_part() -> None:
    slots = _slots(zh_numbers("新品30×628=18840元，加工费540元，共19380元。"))
    assert slots.get("total") != "18840 CNY"


def test_a_plus_of_things_with_no_amount_makes_no_sum() -> None:
    assert "total" not in _slots(en_numbers("Ceramic plus brow strip: $509."))


@pytest.mark.parametrize(
    ("text", "total"),
    [
        # the parts said one by one, then what they come to: no "plus", no "total" noun
        ("One firkin at £112. With the stillage at £40 and the juice at £38, that is £190.", "190 GBP"),
        ("Lessons at $120 and the kit at $45: $165.", "165 USD"),
        ("18 guests: $1,710 plus the $75 travel fee, $1,785. Still under your $1,800.", "1785 USD"),
        ("Prices are $40, $60 and $100.", None),  # a list of prices: $100 is no sum
        ("Sizes at $30, $50, $80.", None),
        ("Rooms at £80 and £40, that is £60 less than last year.", None),  # the cue, but no sum
        # a part said with its count counts that many times (the price of one had been replaced)
        ("That's 2 walks a week at £24, so £48 a week.", "48 GBP"),
        ("Of course. You at $65 and the two kids at $45: $155.", "155 USD"),
        ("3 sizes at $40, so $120 is the most.", "120 USD"),
        ("2 walks at £24, so £50 with the fee.", None),  # no count times a price comes to it
    ],
)
def test_an_amount_that_the_amounts_before_it_add_up_to_is_the_total(text: str, total: str | None) -> None:
    assert _slots(en_numbers(text)).get("total") == total


def test_a_total_whose_parts_are_said_in_earlier_sentences_of_the_turn() -> None:
    # each sentence alone holds only some of the parts: the whole turn adds them up
    turn = "One firkin of Evenlode Best at £112. With the stillage at £40 and the juice at £38, that is £190."
    parsed = parse_message(Message(idx=1, role="assistant", text=turn))
    slots = {e.text: e.slot for a in parsed.atoms for e in a.entities}
    assert slots["£190"] == "total" and slots["£112"] != "total"


def test_the_sum_said_per_week_stands_beside_the_price_of_one() -> None:
    turns = [
        ("user", "I need someone to walk my spaniel on Tuesdays and Thursdays."),
        ("assistant", "60-minute solo walks are £24 a walk."),
        ("user", "ok great, book her in"),
        ("assistant", "No problem. That's 2 walks a week at £24, so £48 a week."),
    ]
    st = state_after(turns)
    assert {k.split(".")[1]: f.value for k, f in st.facts.items() if "£" in f.value} == {
        "amount": "£24",
        "total": "£48 a week",
    }
    assert not replaced(st)


def test_a_budget_said_with_total_is_no_sum() -> None:
    found = en_numbers("Aiya too much. Budget only HK$9,000 total")
    assert "total" not in _slots(found)


@pytest.mark.parametrize(
    ("text", "amount"),
    [("Total S$980 yearly.", "S$980"), ("Deposit HK$2,000, and the list by Monday.", "HK$2,000")],
)
def test_the_letters_of_a_currency_after_a_capital_word_are_no_name(text: str, amount: str) -> None:
    found = [(e.type, e.text) for e in extract_entities(text, None)]
    assert ("money", amount) in found and not [t for t, _ in found if t == "name"]
