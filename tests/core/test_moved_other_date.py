"""A correction that names the day it moves from beside the day it moves to, neither the date held,
changes another date: "we have a boat trip on Tuesday, we forgot. Can the third lesson be Wednesday
instead?" replaced the lessons' start ("the day after tomorrow") and showed it only as replaced."""

from __future__ import annotations

from datetime import datetime

import pytest

from tests.core.builders import replaced, state_after

pytestmark = pytest.mark.unit
TS = datetime(2026, 12, 18, 8, 0)  # a Friday: the day after tomorrow is Sunday 20 December


def test_moving_a_later_day_keeps_the_start_date():
    state = state_after(
        [
            ("user", "The 3-lesson package please. 7am, starting the day after tomorrow?"),
            ("assistant", "Sunday 20, Monday 21 and Tuesday 22 December at 7am with instructor Made."),
            ("user", "Great! Our names: Sanne de Vries and Jeroen Bakker."),
            ("assistant", "Booked: SRF-2012-07. Sunday, Monday and Tuesday at 7am with Made."),
            ("user", "Ohh, a boat trip on Tuesday, we forgot. Can the third lesson be Wednesday instead?"),
        ],
        TS,
    )
    assert "the day after tomorrow" not in replaced(state)


def test_a_correction_that_names_the_held_day_still_replaces_it():
    state = state_after(
        [
            ("user", "Could it be Monday, 7 o'clock?"),
            ("assistant", "Monday December 21 at 7:00am."),
            ("user", "Giulia can't do Monday, can we do Tuesday at 7 instead?"),
        ],
        TS,
    )
    assert any("Monday" in v for v in replaced(state))


def test_two_days_in_the_correction_itself_are_one_change():
    # SGD: "next Thursday, the 14th of this month" names the new day twice, no day moved from
    state = state_after(
        [
            ("user", "Book the salon for the 7th of this month, please."),
            ("assistant", "The 7th at 10am is free. Shall I book it?"),
            ("user", "Actually, can you make it next Thursday, the 14th of this month?"),
        ],
        datetime(2026, 12, 4, 9, 0),  # a Friday: next Thursday is the 10th
    )
    assert any("7th" in v for v in replaced(state))
