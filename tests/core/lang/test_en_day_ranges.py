"""Two numbers joined by "to": before a month they are days ("7 to 10 June" was read as the hours
7:00 to 10:00 and the June dates were lost), otherwise hours ("12 to 1 ideally" was read as a
count of "ideally", and the window was lost)."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.lang.en import EnglishAnalyzer
from core.lang.en_times import find_times
from core.lang.en_units import unit_counts

pytestmark = pytest.mark.unit
TS = datetime(2026, 12, 9, 12, 0)


def _typed(text: str) -> list[tuple[str, str]]:
    return [(e.type, e.value) for e in EnglishAnalyzer().entities(text, TS)]


@pytest.mark.parametrize("text", ["take the June dates instead, 7 to 10 June.", "from 7 to 10 of June"])
def test_a_range_before_a_month_is_days_not_hours(text: str) -> None:
    assert find_times(text) == ()


def test_the_days_of_a_range_before_a_month_are_dates() -> None:
    assert _typed("We'd better take the June dates instead, 7 to 10 June.") == [
        ("date", "2027-06-07"),
        ("date", "2027-06-10"),
    ]


@pytest.mark.parametrize(("text", "start"), [("from 7 to 10 pm", "19:00"), ("quarter to 10", "09:45")])
def test_hours_joined_by_to_are_still_times(text: str, start: str) -> None:
    assert find_times(text)[0].value == start


def test_an_adverb_after_a_number_is_no_unit() -> None:
    assert unit_counts("12 to 1 ideally") == []
    assert _typed("12 to 1 ideally") == [("time", "12:00")]
