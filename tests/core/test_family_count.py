"""A household named with its size ("we're a family of five", "a household of 3") is the head count,
kept in the user's words: the phrase, not a bare "five" that other counts of the turn (the
children's ages, the seats) could be taken for."""

from __future__ import annotations

import pytest

from core.lang.en_counts import quantities
from tests.core.builders import state_after

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(
    ("text", "surface", "value"),
    [
        ("Hello, we're a family of five flying into Lisbon", "family of five", "5 people"),
        ("it's for a household of 3", "household of 3", "3 people"),
    ],
)
def test_a_household_of_n_is_a_head_count(text: str, surface: str, value: str) -> None:
    found = [(text[c.start : c.end], c.value, c.slot) for c in quantities(text)]
    assert (surface, value, "people") in found


def test_the_family_size_is_a_fact_in_the_users_words() -> None:
    st = state_after(
        [
            ("user", "we're a family of five flying into Lisbon on the 2nd of April. Kids are 4, 7, 11."),
            ("assistant", "For five people I'd suggest a 7-seater."),
        ]
    )
    assert any("family of five" in f.value for f in st.facts.values())


@pytest.mark.parametrize(
    ("text", "surface"),
    [
        ("Tom has a site visit that day, he cannot come. So we are three.", "three"),
        ("we'll be six now", "six"),
        ("Ok we're 4", "4"),
    ],
)
def test_what_we_are_at_the_end_of_a_clause_is_the_head_count(text: str, surface: str) -> None:
    found = [(text[c.start : c.end], c.slot) for c in quantities(text)]
    assert (surface, "people") in found


@pytest.mark.parametrize("text", ["we are 3 hours away", "we're two minutes out", "we are one of the few"])
def test_what_we_are_before_other_words_is_no_head_count(text: str) -> None:
    assert not [c for c in quantities(text) if c.slot == "people"]


def test_we_are_three_replaces_the_head_count_said_before() -> None:
    st = state_after(
        [
            ("user", "We are four persons and want to make a blacksmith day."),
            ("assistant", "Lovely, four people then."),
            ("user", "Oh, now Tom writes me that he cannot come. So we are three."),
        ]
    )
    people = [f for k, f in st.facts.items() if k.endswith(".people")]
    assert [f.value for f in people] == ["three"]
    assert [h.value for h in people[0].history] == ["four persons"]
