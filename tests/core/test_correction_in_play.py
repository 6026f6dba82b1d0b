"""A user's correction the parser reads under a frame the conversation has not been in (a word of
the turn names another domain: "I checked my calendar") changes the value of the task in play, not a
new fact of that frame beside it (issue 12: a replaced value is shown only as replaced). A turn that
asks for a new task keeps its own frame. Real parse / extract / merge stages, rules only."""

from __future__ import annotations

import pytest

from tests.core.builders import state_after

pytestmark = pytest.mark.unit

_BOOKED = [
    ("user", "I need a haircut, can you find a salon in Oakland?"),
    ("assistant", "Shear Joy Salon in Oakland has good reviews. Shall I book it?"),
    ("user", "Yes, at 2 pm on the 9th of this month."),
    ("assistant", "To confirm: Shear Joy Salon at 2 pm on the 9th of this month?"),
]


def _dates(st):
    return {k: (f.value, [v.value for v in f.history]) for k, f in st.facts.items() if k.endswith(".date")}


def test_a_correction_read_under_a_new_frame_changes_the_task_in_plays_date():
    st = state_after(
        [
            *_BOOKED,
            ("user", "Could you make it 3 pm instead?"),
            ("assistant", "To confirm: Shear Joy Salon at 3 pm next Thursday?"),
            ("user", "Actually, I looked at my calendar and that day is bad. Change it to the 16th, please."),
        ]
    )
    dates = _dates(st)
    assert len(dates) == 1, dates
    ((value, history),) = dates.values()
    assert "16th" in value
    assert any("9th" in h for h in history)


def test_a_new_task_in_the_correction_turn_keeps_its_own_frame():
    st = state_after([*_BOOKED, ("user", "Yes. I also need a hotel for the 16th of this month.")])
    dates = _dates(st)
    held = [v for v, _ in dates.values()]
    assert any("9th" in v for v in held) and any("16th" in v for v in held)
    assert not any(h for _, h in dates.values())
