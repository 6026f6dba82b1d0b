"""A capitalised word set off at a sentence's start is a value only where it can answer
(core.interjections): greetings and exclamations of the user's speech are no names."""

from __future__ import annotations

from datetime import datetime

import pytest

from tests.core.builders import replaced, state_after

pytestmark = pytest.mark.unit
TS = datetime(2027, 1, 18, 16, 0)


def _values(turns: list[tuple[str, str]]) -> set[str]:
    state = state_after(turns, TS)
    return {f.value for f in state.facts.values()} | replaced(state)


def test_an_exclamation_after_a_statement_is_no_name_and_replaces_no_model() -> None:
    state = state_after(
        [
            ("user", "I need a fridge for my house"),
            ("assistant", "We have the Haske DD310 at ₦580,000 and the Polar 350 at ₦720,000."),
            ("user", "The Haske DD310. 310 litres is okay."),
            ("assistant", "Order SGE-71130 is placed. Delivery on Monday."),
            ("user", "Nagode sosai. I will pay on delivery by transfer"),
            ("assistant", "Transfer on delivery is fine."),
            ("user", "Thank you, oga. Sannu da aiki"),
        ],
        TS,
    )
    values = {f.value for f in state.facts.values()}
    assert any(v.lower().endswith("haske dd310") for v in values)
    assert not {"Nagode sosai", "Sannu da aiki"} & (values | replaced(state))


@pytest.mark.parametrize(
    "turn",
    ["Eish, R11,999. No way", "Lekker. Reagan Adams, 14 Ruby Street", "Howzit, is this Tokai Garden?"],
)
def test_a_word_set_off_where_nothing_asked_for_it_is_no_value(turn: str) -> None:
    offer = "The Kalk Bay set is R6,499."
    values = _values([("user", "I want a patio set"), ("assistant", offer), ("user", turn)])
    assert not {"Eish", "Lekker", "Howzit"} & values


def test_the_first_word_of_an_answer_to_a_question_stays_a_name() -> None:
    values = _values([("user", "I want to plan a road trip"), ("assistant", "Where are you leaving from?"),
                      ("user", "Regina. Me, my wife and the two boys")])
    assert "Regina" in values


def test_a_word_the_assistant_just_said_stays_the_users_pick() -> None:
    offer = "It comes in black, navy and plum."
    values = _values([("user", "A winter coat for my daughter"), ("assistant", offer),
                      ("user", "Navy. And no fur trim on the hood")])
    assert any(v.lower() == "navy" for v in values)


def test_a_name_a_list_of_names_goes_on_from_stays() -> None:
    values = _values([("user", "Gift wrapping for the kids please"), ("assistant", "We'll need the names."),
                      ("user", "Liam, Nora and Declan are the kids")])
    assert any("Liam" in v for v in values)


def test_a_name_of_several_capitalised_words_is_left_alone() -> None:
    values = _values([("user", "I want a patio set delivered"), ("assistant", "Delivery is R350."),
                      ("user", "Lekker. Reagan Adams, 14 Ruby Street, Mitchells Plain")])
    assert any("Reagan Adams" in v for v in values)


def test_a_chinese_answer_ending_in_a_capital_is_no_interjection() -> None:
    # "衣服尺码L" reads as a title-cased word to Python (its characters have no case)
    said = "已登记证书编号SHM2025-H-20817。"
    values = _values([("user", "我要报名半马"), ("assistant", said), ("user", "衣服尺码L")])
    assert "衣服尺码L" in values
