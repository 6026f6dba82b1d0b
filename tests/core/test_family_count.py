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
