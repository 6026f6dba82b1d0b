"""A user correction stating a bare number ("hold on, wait it's 640") changes the user's amount in
play, read with that amount's unit, not a new count beside it; with no single amount of the same
magnitude it can replace, nothing is replaced (issue 12: replacement only with evidence). "oh wait"
and "I misspoke" are correction cues. Real parse / extract / merge stages, rules only."""

from __future__ import annotations

import pytest

from core.lang.en_discourse import is_correction
from tests.core.builders import replaced, state_after

pytestmark = pytest.mark.unit

_PAY = [
    ("user", "I want to pay my plumber"),
    ("assistant", "Sure. How much should I send?"),
    ("user", "620 dollars"),
    ("assistant", "$620 to your plumber. Which account?"),
    ("user", "savings"),
]


def _values(st):
    return {f.key: f.value for f in st.facts.values()}


def test_wait_and_misspoke_are_correction_cues():
    assert is_correction("oh wait it's 640")
    assert is_correction("sorry, I misspoke, it was 12")
    assert not is_correction("I'll wait for the refund")


def test_a_bare_number_correction_changes_the_amount_in_play_with_its_unit():
    st = state_after([*_PAY, ("user", "oh wait it's 640, he added the parts")])
    values = _values(st)
    assert "640 dollars" in values.values(), values
    assert "620 dollars" in replaced(st)
    assert not any(v == "640" for v in values.values()), values


def test_a_number_of_another_magnitude_is_no_evidence():
    st = state_after([*_PAY, ("user", "oh wait it's 64, he added the parts")])
    assert "620 dollars" in _values(st).values()
    assert "620 dollars" not in replaced(st)


def test_two_amounts_that_could_be_corrected_replace_neither():
    turns = [
        ("user", "I need 250 grams of saffron for the shop"),
        ("assistant", "Sure, 250 grams. Your budget?"),
        ("user", "up to 620 dollars"),
        ("assistant", "Noted."),
        ("user", "oh wait it's 640"),
    ]
    st = state_after(turns)
    assert not replaced(st)
    assert {"250 grams", "up to 620 dollars"} <= set(_values(st).values())


def test_a_count_that_went_up_changes_the_count_in_play():
    assert is_correction("the head count went up, we're at 140 now")
    turns = [
        ("user", "we're planning a company picnic for 120 guests"),
        ("assistant", "Lovely. 120 guests noted. Which date?"),
        ("user", "june 14"),
        ("assistant", "June 14 works."),
        ("user", "oh and the head count went up, we're at 140 now"),
    ]
    st = state_after(turns)
    assert "140 guests" in _values(st).values(), _values(st)
    assert "120 guests" in replaced(st)


def test_one_digit_alone_is_no_evidence():
    turns = [
        ("user", "I need a cake for my son's party, budget 8 pounds per slice"),
        ("assistant", "8 pounds per slice noted. Pick-up time?"),
        ("user", "6pm"),
        ("assistant", "6pm pick-up."),
        ("user", "oh wait, make it 7"),
    ]
    st = state_after(turns)
    assert not any(v.startswith("7 pound") for v in _values(st).values()), _values(st)


@pytest.mark.parametrize(
    "text", ["Make it 90 minutes", "Ope, make it the Monday class, same 4:30", "Actually make that two"]
)
def test_make_it_sets_a_value_anew(text: str) -> None:
    assert is_correction(text)


@pytest.mark.parametrize(
    "text",
    [
        "she's cartwheeling all over, the lamps are not gonna make it",
        "Headcount is 17, one can't make it",
        "we can make it there by noon",
        "I won't make it to the party",
    ],
)
def test_making_it_somewhere_changes_nothing(text: str) -> None:
    """"make it" of getting somewhere or managing is no correction cue: the clause's values are new."""
    assert not is_correction(text)
