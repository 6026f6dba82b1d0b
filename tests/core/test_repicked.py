"""A later pick among the options an earlier pick was taken from replaces it (issue 12, item 2):
"cream" taken from "It comes in cream, chocolate brown and grey.", then "we take the chocolate
brown" shows ``choice=chocolate brown (was: cream)``. A question or a negation about another option,
or words that fit no option of that turn, replace nothing. Real parse / extract / merge stages."""

from __future__ import annotations

import pytest

from core.compressor import Compressor
from core.config import Config
from core.models import Message
from core.parse import parse_message
from core.repicked import named_option
from tests.core.builders import TS, state_after

pytestmark = pytest.mark.unit

_OPENING = [
    ("user", "Good morning. I want a sofa set for my hall, a 3-2-1 set in fabric."),
    ("assistant", "We have the Volta in fabric at GH₵11,200."),
    ("user", "Then Volta."),
    ("assistant", "It comes in cream, chocolate brown and grey."),
    ("user", "Cream, it is fine"),
    ("assistant", "That colour is available at GH₵11,200."),
]


Turns = list[tuple[str, str]]


def _choices(*later: tuple[str, str], opening: Turns = _OPENING) -> list[tuple[str, list[str]]]:
    """The choice facts (value, replaced values) after the opening turns and the later ones."""
    st = state_after([*opening, *later])
    return [(f.value, [v.value for v in f.history]) for k, f in st.facts.items() if k.endswith(".choice")]


def test_the_first_pick_is_held_as_the_users_choice():
    assert _choices() == [("cream", [])]


def test_another_option_of_the_same_turn_taken_later_replaces_the_first_pick():
    later = ("user", "Efua is here. She says with the children and the dust, we take the chocolate brown.")
    assert _choices(later) == [("chocolate brown", ["cream"])]


def test_a_question_or_a_negation_about_another_option_replaces_nothing():
    assert _choices(("user", "would you take the grey one back if it fades?")) == [("cream", [])]
    assert _choices(("user", "we take it, not the grey")) == [("cream", [])]


def test_a_pick_of_something_the_offering_turn_did_not_name_replaces_nothing():
    assert _choices(("user", "we take the delivery on Monday")) == [("cream", [])]


def test_merging_a_pick_leaves_the_state_before_it_as_it_was():
    # merge works on a copy: the offering turn a pick keeps is the new state's, not the old one's
    session = Compressor(Config(use_embeddings=False)).session("repick-copy")
    for i, (role, text) in enumerate(_OPENING[:-2]):
        session.add(Message(idx=i, role=role, text=text, ts=TS), auto_compact=False)
    before = session.state
    session.add(Message(idx=4, role="user", text="Cream, it is fine", ts=TS), auto_compact=False)
    assert before.picked_from == {} and len(session.state.picked_from) == 1


_SKI = [
    ("user", "您好，我给我孙子报个滑雪课，八岁，头一回"),
    ("assistant", "好的。私教课两小时680元，三小时880元。想学双板还是单板？"),
    ("user", "双板，稳当。两小时倍儿够，孩子小，别累着"),
    ("assistant", "明白，双板私教两小时680元。"),
]


def test_the_other_option_of_the_alternatives_asked_named_later_replaces_the_pick():
    later = ("user", "哎您等会儿，孩子说他同学都玩单板，非要单板，别的不学。得嘞，听他的，单板")
    assert _choices(later, opening=_SKI) == [("单板", ["双板"])]


def test_naming_both_options_or_asking_about_the_other_replaces_nothing():
    assert _choices(("user", "单板是不是比双板难学？"), opening=_SKI) == [("双板", [])]
    assert _choices(("user", "还是双板，单板太难了"), opening=_SKI) == [("双板", [])]


def test_a_held_value_that_is_no_option_of_the_question_is_not_picked_again():
    # the value held under the key came from elsewhere (an add-on named beside a list of options)
    user = parse_message(Message(idx=5, role="user", text="得嘞，听他的，单板", ts=TS))
    assert named_option("想学双板还是单板？", 3, user, "双板") == "单板"
    assert named_option("想学双板还是单板？", 3, user, "Tesla Powerwall") == ""


def test_an_option_the_held_pick_names_already_is_no_other_pick():
    # "arm" is the option of "Upper arm or wrist?" the held "Upper arm" names; a model's name
    # with "Arm" in it picks nothing again
    opening = [
        ("user", "Hello, I need a blood pressure monitor for my grandmother."),
        ("assistant", "Upper arm or wrist?"),
        ("user", "Upper arm. The nurse says wrist ones lie."),
        ("assistant", "The Pulsa Arm 2 is $65, the Pulsa Wrist is $39."),
    ]
    st = state_after([*opening, ("user", "Pulsa Arm 2, please")])
    held = [(f.value, [v.value for v in f.history]) for f in st.facts.values() if "arm" in f.value.lower()]
    assert ("Upper arm", []) in held
