"""A name the user gives when the assistant asks who ("Who will be the policyholder?", "What's your
mother's full name?") is a person, and so is the assistant's read-back of it: neither replaces the
plan or venue the bare name slot holds (issue: an offered plan the user took was lost to the
policyholder's name). Each test feeds the real parse / extract / merge stages (rules only)."""

from __future__ import annotations

import pytest

from core.lang.en_attributes import asked_attribute
from tests.core.builders import replaced, state_after

pytestmark = pytest.mark.unit

_PLAN = [
    ("user", "my mother visits for 6 months, she needs visitor insurance"),
    ("assistant", "Options: MapleCare Visitor, about 1,950 dollars; TrueNorth Guest, about 2,600 dollars."),
    ("user", "MapleCare Visitor please"),
]


@pytest.mark.parametrize(
    "question",
    [
        "Who will be the policyholder?",
        "Beneficiary?",
        "What's your mother's full name as on her passport?",
        "Sorry to hear that. What's his name?",
    ],
)
def test_a_question_about_who_asks_for_a_person(question: str) -> None:
    assert asked_attribute(question) == "person"


@pytest.mark.parametrize("question", ["How old is she?", "What is your budget?", "Payment method?"])
def test_other_questions_ask_for_no_person(question: str) -> None:
    assert asked_attribute(question) != "person"


def test_the_name_answering_who_is_a_person_beside_the_plan():
    st = state_after([*_PLAN, ("assistant", "Who will be the policyholder?"), ("user", "me, David Ortiz")])
    values = {k: f.value for k, f in st.facts.items()}
    assert "MapleCare Visitor" in values.values()
    assert any(k.endswith(".person") and v == "David Ortiz" for k, v in values.items())
    assert "MapleCare Visitor" not in replaced(st)


def test_the_assistants_read_back_of_the_person_keeps_the_plan():
    st = state_after(
        [
            *_PLAN,
            ("assistant", "What's your mother's full name as on her passport?"),
            ("user", "NGUYEN THI LAN"),
            ("assistant", "NGUYEN THI LAN, born?"),
        ]
    )
    assert "MapleCare Visitor" in {f.value for f in st.facts.values()}
    assert "MapleCare Visitor" not in replaced(st)


def test_a_name_after_a_person_role_word_is_a_person():
    st = state_after(
        [
            *_PLAN,
            ("assistant", "Who will be the policyholder?"),
            ("user", "me, David Ortiz"),
            ("assistant", "David Ortiz as policyholder. Payment method?"),
            ("user", "actually put my wife as policyholder, Elena Ortiz"),
        ]
    )
    person = next(f for k, f in st.facts.items() if k.endswith(".person"))
    assert person.value == "Elena Ortiz"
    assert "MapleCare Visitor" in {f.value for f in st.facts.values()}
    assert "MapleCare Visitor" not in replaced(st)
