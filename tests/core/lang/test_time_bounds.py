"""A time said with its bound ("after 1pm is better", "before 5pm", "no later than 6") keeps the bound
in its words and is a bound: the hour alone reads as the time itself, and a time picked later inside
the bound ("Tuesday 3pm please") is no replacement of it, nor is a bound said after a held time
("please call after 10am" after "thursday at 3pm"); a correction still replaces it."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.lang.registry import analyzer_for
from tests.core.builders import state_after

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Owen is night shift this week so after 1pm is better.", "after 1pm"),
        ("any day before 5pm works", "before 5pm"),
        ("no later than 6pm please", "no later than 6pm"),
    ],
)
def test_a_time_keeps_its_bound(text, words):
    times = [e.text for e in analyzer_for("en").entities(text, datetime(2026, 12, 1, 10))]
    assert words in times


def test_a_time_picked_inside_the_bound_does_not_replace_it():
    turns = [
        ("user", "Owen is night shift this week so after 1pm is better."),
        ("assistant", "I have Tuesday at 3pm or Wednesday at 2:30pm."),
        ("user", "Tuesday 3pm please"),
    ]
    st = state_after(turns)
    bound = [f for f in st.facts.values() if f.value == "after 1pm"]
    assert bound and bound[0].bound
    assert not [h.value for f in st.facts.values() for h in f.history if "1pm" in h.value]


def test_a_bound_said_after_a_held_time_stands_beside_it():
    turns = [
        ("user", "the adjuster can come thursday at 3pm"),
        ("assistant", "Thursday at 3pm is booked. What number should they call?"),
        ("user", "717-555-0139. Please call after 10am, mornings are hectic."),
    ]
    st = state_after(turns)
    current = {f.value for f in st.facts.values()}
    assert {"3pm", "after 10am"} <= current
    assert not [h.value for f in st.facts.values() for h in f.history]


def test_a_correction_to_a_bound_still_replaces_the_held_time():
    turns = [
        ("user", "the adjuster can come thursday at 3pm"),
        ("assistant", "Thursday at 3pm is booked."),
        ("user", "actually make it after 4pm instead"),
    ]
    st = state_after(turns)
    assert "3pm" in {h.value for f in st.facts.values() for h in f.history}
