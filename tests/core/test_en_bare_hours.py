"""A bare hour (core.lang.en_times): said with no am / pm and no part of the day, 1 to 6 is in the
afternoon (nobody books a class at 5 in the morning), a later hour as written."""

from __future__ import annotations

import pytest

from core.lang.en_times import find_times

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Kuba can start next Thursday, 5 o'clock?", "17:00"),
        ("Monday at half 3", "15:30"),
        ("Could it be Monday, 7 o'clock?", "07:00"),  # 7 and later: as written
        ("Saturday morning, 5 o'clock", "05:00"),  # the part of the day said
        ("3 o'clock in the afternoon", "15:00"),
        ("10 o'clock", "10:00"),
    ],
)
def test_a_bare_hour_is_read_in_the_part_of_the_day_it_is_booked_in(text: str, value: str) -> None:
    assert {t.value for t in find_times(text)} == {value}


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("can the evening one be at 7pm instead", {"19:00"}),  # "one": the visit of the evening
        ("The morning one is fine", set()),
    ],
)
def test_the_one_of_a_part_of_the_day_is_no_hour(text: str, value: set[str]) -> None:
    assert {t.value for t in find_times(text)} == value


def test_a_part_of_the_day_before_its_hour_is_still_read() -> None:
    assert "16:30" in {t.value for t in find_times("evening 4:30 works")}
