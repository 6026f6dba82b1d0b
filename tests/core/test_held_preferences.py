"""A preference the user stated for a task stays in the state while the task does (issue 12: a current
value no one replaced is kept); fed through the real stages of a session (rules only, no model)."""

from __future__ import annotations

import pytest

from tests.core.builders import state_after

pytestmark = pytest.mark.unit

LATER = [
    "I also need a train to Cambridge.",
    "On Thursday please.",
    "Leaving after 16:00.",
    "From Birmingham New Street.",
    "What is the price?",
    "How long is the trip?",
    "What time does it arrive?",
    "Thanks, that's all.",
]


def test_a_preference_of_a_task_still_held_outlives_talk_of_another_task():
    turns = [
        ("user", "I need a hotel for 2 nights on Monday."),
        ("assistant", "Sure, any area?"),
        ("user", "I would prefer a hotel in the north."),
        ("assistant", "The Acorn Guest House is in the north. Shall I book it?"),
    ]
    for text in LATER:
        turns += [("user", text), ("assistant", "Okay.")]
    st = state_after(turns)
    assert st.facts["hotel.area"].value == "north"
    assert not [f for f in st.archive if f.key == "hotel.area"]
