"""A part of a month said after a day in it ("31 march", then "till the end of march") names the
same time, coarser (core.values.day_in_month): the day stays the value, the month part beside it as
another form; with a correction cue the month part replaces the day."""

from __future__ import annotations

import pytest

from tests.core.builders import state_after

pytestmark = pytest.mark.unit


def _dates(turns: list[tuple[str, str]]) -> list[tuple[str, list[str]]]:
    st = state_after(turns)
    return [(f.value, [v.value for v in f.history]) for f in st.facts.values() if f.vtype == "date"]


def test_the_end_of_the_month_of_a_held_day_replaces_nothing():
    # "till the end of march" had replaced the fix's end "31 march", shown as "(was: 31 march)"
    turns = [
        ("user", "our fixed rate ends 31 march, lender is Nationwide"),
        ("assistant", "Thanks. Anything else?"),
        ("user", "dont switch it before 1 april, we have an early repayment charge till the end of march"),
    ]
    assert _dates(turns) == [("31 march", [])]


def test_a_corrected_day_becomes_the_part_of_the_month():
    turns = [
        ("user", "the deadline is 5 march"),
        ("assistant", "Noted."),
        ("user", "actually no, make it the end of march instead"),
    ]
    assert _dates(turns) == [("the end of march", ["5 march"])]
