"""Days and counts in the words around them. Two numbers joined by "to" before a month are days ("7
to 10 June" was read as the hours 7:00 to 10:00 and the June dates were lost), otherwise hours ("12
to 1 ideally" was read as a count of "ideally", and the window was lost); landing back ends a trip;
a head count keeps the word that says how exact it is."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.lang.en import EnglishAnalyzer
from core.lang.en_times import find_times
from core.lang.en_units import unit_counts
from tests.core.builders import state_after

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


@pytest.mark.parametrize(
    "text", ["We land back in Hobart on the 14th of January.", "we fly back to London on 14 January"]
)
def test_landing_or_flying_back_somewhere_ends_the_trip(text: str) -> None:
    """"land back in Hobart on the 14th of January" was the task's day, replaced by the next day said."""
    dates = [e for e in EnglishAnalyzer().entities(text, TS) if e.type == "date"]
    assert [(e.value, e.slot) for e in dates] == [("2027-01-14", "end_date")]


@pytest.mark.parametrize(
    ("text", "count"),
    [("about 250 people at the Old Tram Shed", "about 250 people"), ("So only 3 of us now", "only 3 of us")],
)
def test_a_head_count_keeps_the_word_saying_how_exact_it_is(text: str, count: str) -> None:
    people = [e for e in EnglishAnalyzer().entities(text, TS) if e.slot == "people"]
    assert [e.text for e in people] == [count]


def test_a_measure_keeps_its_qualifier_out() -> None:
    found = EnglishAnalyzer().entities("She's about 5 foot 1.", TS)
    assert [e.text for e in found if e.type == "quantity"] == ["5 foot 1"]


def test_hours_joined_by_til_are_a_window_from_the_first() -> None:
    """"2 til 4" was read as two minutes to four, 03:58."""
    assert find_times("party room at the centre, 2 til 4")[0].value == "02:00"


def test_a_window_of_hours_is_not_replaced_by_a_point_hour() -> None:
    """"room's ours from 12" (when the room opens) showed the party's "2 til 4" as replaced."""
    state = state_after([
        ("user", "need balloons for a party on Saturday 9 January"),
        ("assistant", "Lovely! Where and when is the party?"),
        ("user", "party room at Bayview Community Centre, 2 til 4"),
        ("assistant", "We can set up before. Is the room open from noon?"),
        ("user", "room's ours from 12 yes"),
        ("assistant", "Great."),
    ])
    replaced = [h.value for f in state.facts.values() for h in f.history]
    assert "2 til 4" not in replaced
    assert any(f.value == "2 til 4" for f in state.facts.values())


@pytest.mark.parametrize(
    ("text", "deadline"),
    [
        ("we need it finished before 5 February, my mother-in-law arrives then", "before 5 February"),
        ("Need them by Friday. Outdoor install.", "by Friday"),
    ],
)
def test_a_deadline_keeps_the_word_that_makes_it_one(text: str, deadline: str) -> None:
    """"before 5 February" was shown as "5 February", the day itself."""
    found = [e for e in EnglishAnalyzer().entities(text, TS) if e.slot == "deadline"]
    assert [e.text for e in found] == [deadline]
