"""A name the user repeats from the assistant's offer just before is the whole offered name, with
its span in the user's turn (issue 12: every value has evidence; the user's pick is not a stub).
Each test feeds the real parse / extract / merge stages of a session (rules only, no model)."""

from __future__ import annotations

import pytest

from tests.core.builders import state_after

pytestmark = pytest.mark.unit

_OFFER = [
    ("user", "I'd like a non-fiction movie. I really like the works of Malik Bendjelloul."),
    ("assistant", "I have 1 movie that matches. Would you like to watch Searching for Sugar Man?"),
]


def test_the_offered_name_repeated_whole_is_the_users_value_with_its_span():
    st = state_after([*_OFFER, ("user", "Searching for Sugar Man will be perfect.")])
    picked = [f for f in st.facts.values() if f.value == "Searching for Sugar Man"]
    assert picked, {k: f.value for k, f in st.facts.items()}
    ev = picked[0].evidence
    assert ev is not None and ev.role == "user" and ev.idx == 2
    assert "Searching for Sugar Man will be perfect."[ev.start : ev.end] == "Searching for Sugar Man"
    assert not any(f.value == "Sugar Man" for f in st.facts.values())


def test_a_name_not_repeated_whole_is_left_as_said():
    st = state_after([*_OFFER, ("user", "No, I want Sugar Mountain instead.")])
    assert not any(f.value == "Searching for Sugar Man" and f.role == "user" for f in st.facts.values())
