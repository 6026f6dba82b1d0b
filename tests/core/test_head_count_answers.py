"""A bare number answering a question about a count ("How many are in your group?" -> "1") is that
count (people, rooms, nights), not a plain count beside it: the user's later "actually 2 in my
group" replaces it and the 1 is shown only as replaced (issue 12: old values never shown unmarked).
Each dialogue test feeds the real parse / extract / merge stages of a session (rules only)."""

from __future__ import annotations

import pytest

from core.count_readback import number_of
from core.lang.en_attributes import asked_attribute, asked_count
from tests.core.builders import state_after

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(
    ("question", "slot"),
    [
        ("How many are in your group?", "people"),
        ("Great. How many of you will be dining?", "people"),
        ("How many tickets would you like?", "people"),
        ("How many rooms do you need?", "rooms"),
        ("And how many nights will you stay?", "nights"),
        ("How many songs should I queue?", None),
        ("What time works for you?", None),
    ],
)
def test_asked_count_reads_the_counted_noun_or_a_head_count(question, slot):
    assert asked_count(question) == slot


def test_an_attribute_question_wins_over_a_count():
    assert asked_attribute("How many people, and what is your budget?") == "budget"


def test_a_bare_head_count_answer_is_replaced_by_the_users_correction():
    st = state_after(
        [
            ("user", "Please get me a cab to the stadium."),
            ("assistant", "Sure. How many are in your group?"),
            ("user", "Only me, so 1."),
            ("assistant", "Please confirm: a cab to the stadium, 1 in your party."),
            ("user", "Sorry, there are actually 3 in my group."),
        ]
    )
    people = [f for k, f in st.facts.items() if k.endswith(".people")]
    assert [number_of(f.norm) for f in people] == [3.0]
    assert [number_of(v.norm) for v in people[0].history] == [1.0]
    assert not any(k.endswith(".count") and number_of(f.norm) == 1 for k, f in st.facts.items())


def test_money_answering_a_head_count_question_is_no_head_count():
    st = state_after(
        [
            ("user", "I want tickets for the jazz concert."),
            ("assistant", "How many tickets would you like?"),
            ("user", "2, and keep it under $90."),
        ]
    )
    people = [f for k, f in st.facts.items() if k.endswith(".people")]
    assert [number_of(f.norm) for f in people] == [2.0]
    assert not any("90" in f.norm for f in people)
