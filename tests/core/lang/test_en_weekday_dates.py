"""A weekday with its day of the month ("Friday the 18th", "monday 21st") is one date: the day the
weekday falls on, not a weekday and a day of the month apart."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.lang.en_entities import extract_entities

pytestmark = pytest.mark.unit
REF = datetime(2026, 12, 7, 9, 0)  # a Monday


def _dates(text: str) -> list[tuple[str, str]]:
    return [(e.text, e.value) for e in extract_entities(text, REF) if e.type == "date"]


def test_a_weekday_and_its_day_of_the_month_are_one_date():
    # "by" stays with the date it makes a deadline (core.lang.en_entities)
    text = "needs to be in warsaw by Friday the 18th, the install window is monday 21st"
    assert _dates(text) == [("by Friday the 18th", "2026-12-18"), ("monday 21st", "2026-12-21")]


def test_the_weekday_picks_the_month_the_day_falls_on_it():
    assert _dates("Monday, the 3rd") == [("Monday, the 3rd", "2027-05-03")]  # 3 January 2027 is a Sunday


def test_a_weekday_before_a_word_ordinal_stays_a_weekday():
    assert _dates("I want Saturday the first option") == [("Saturday", "2026-12-12")]


def test_a_lowercase_weekday_abbreviation_beside_another_or_a_part_of_day_is_a_date():
    text = "any homestay there for fri and sat night, 4 of us, 2 rooms"
    assert _dates(text) == [("fri", "2026-12-11"), ("sat night", "2026-12-12")]
    assert _dates("we can meet sun or mon") == [("sun", "2026-12-13"), ("mon", "2026-12-07")]


def test_three_lowercase_abbreviations_only_spaced_are_dates():
    assert [t for t, _ in _dates("actually make it mon tue wed only")] == ["mon", "tue", "wed"]


@pytest.mark.parametrize("text", ["I sat down", "he sat and waited", "the sun was out", "the sun sat low"])
def test_a_lowercase_abbreviation_alone_is_a_word(text):
    assert _dates(text) == []


@pytest.mark.parametrize(
    ("text", "span", "value"),
    [
        ("ok. pickup the day after tomorrow, morning", "the day after tomorrow, morning", "2026-12-09"),
        ("tomorrow morning at 9", "tomorrow morning", "2026-12-08"),
        ("next week is fine", "next week", "2026-12-14"),
    ],
)
def test_a_relative_day_keeps_its_part_of_day(text, span, value):
    assert _dates(text)[0] == (span, value)


def test_the_fraction_of_a_mixed_number_is_no_date():
    assert _dates("the windows are 34 1/2 wide by 60 tall") == []
    assert _dates("deliver it on 3/14 please") == [("3/14", "2027-03-14")]


@pytest.mark.parametrize(
    "text, date",
    [
        ("Sunday 10 January if you have it", ("Sunday 10 January", "2027-01-10")),
        ("I've reserved Tuesday, December 8 at 2:00 PM", ("Tuesday, December 8", "2026-12-08")),
        ("first visit on Saturday the 9th of January", ("Saturday the 9th of January", "2027-01-09")),
        ("Wed 16 December works", ("Wed 16 December", "2026-12-16")),
    ],
)
def test_a_weekday_before_a_date_with_its_month_is_one_date(text: str, date: tuple[str, str]):
    # the weekday and the date were two values, rendered as the list "Sunday, 10 January"
    assert _dates(text) == [date]


@pytest.mark.parametrize(
    "text, date",
    [
        ("Perfect, Monday 14 then.", ("Monday 14", "2026-12-14")),
        ("can we do Thursday 17?", ("Thursday 17", "2026-12-17")),
    ],
)
def test_a_weekday_with_a_bare_day_number_it_falls_on_is_one_date(text: str, date: tuple[str, str]):
    # "Monday 14" read as the weekday and a number 14 apart: the user's day was lost in a count
    assert _dates(text) == [date]


@pytest.mark.parametrize(
    "text, weekday",
    [
        ("Monday 10 works", "Monday"),  # 10 December is a Thursday: the hour, not the day
        ("Friday 3 to 5", "Friday"),
        ("Tuesday 9:30", "Tuesday"),
        ("Saturday 2 pm", "Saturday"),
    ],
)
def test_a_weekday_with_a_number_it_does_not_fall_on_stays_a_weekday(text: str, weekday: str):
    assert [t for t, _ in _dates(text)] == [weekday]


@pytest.mark.parametrize(
    ("text", "dates"),
    [
        ("sunday after next", [("sunday after next", "2026-12-20")]),  # not the coming one, the 13th
        ("Monday after next", [("Monday after next", "2026-12-21")]),  # said on a Monday
        ("next sunday", [("next sunday", "2026-12-13")]),
    ],
)
def test_a_weekday_after_next_is_a_week_after_the_coming_one(text, dates):
    assert _dates(text) == dates
