"""A bare number after a time cue is an hour only where it can be one: not the ends of a range of
measures ("between 2 and 8 degrees"), not the second of two numbers that are no times ("boxes 2 and
5", "and one vegetarian"); a British hour.minute after a cue is a time ("come at 5.30")."""

from __future__ import annotations

import pytest

from core.lang.en_entities import extract_entities

pytestmark = pytest.mark.unit


def _times(text: str) -> list[str]:
    return [e.value for e in extract_entities(text, None) if e.type == "time"]


@pytest.mark.parametrize(
    "text",
    [
        "they must be kept cold, between 2 and 8 degrees, the whole way",
        "mark those fragile. boxes 2 and 5",
        "yes. oh and one vegetarian, my cousin Hannah",
        "rated at 4.50",
    ],
)
def test_a_number_that_is_no_hour_is_no_time(text):
    assert _times(text) == []


@pytest.mark.parametrize(
    ("text", "times"),
    [
        # an hour from 1 to 6 said bare is in the afternoon, and the hour after it in the same range too
        ("between 5 and 7 please", ["17:00", "19:00"]),
        ("leave at 5 and arrive by 7", ["17:00", "19:00"]),
        ("can it come at 5.30 instead", ["17:30"]),
        ("from 9 until 5", ["09:00", "17:00"]),
        ("wednesday after 4. i finish at half 3", ["16:00", "15:30"]),  # "after 4" had been 04:00
        ("by 10.15 please", ["10:15"]),
    ],
)
def test_an_hour_after_a_cue_is_a_time(text, times):
    assert _times(text) == times


@pytest.mark.parametrize("text", ["after 7pm sydney time", "call me at 9:00 London time"])
def test_a_place_naming_the_clock_of_a_time_is_no_place_value(text):
    # "after 7pm sydney time" replaced the city the printed copy goes to (Ballarat)
    kinds = [e.type for e in extract_entities(text, None)]
    assert kinds == ["time"]


@pytest.mark.parametrize(("text", "times"), [("8ish", ["08:00"]), ("9-ish please", ["09:00"])])
def test_an_hour_said_roughly_is_a_time_without_a_cue(text, times):
    assert _times(text) == times


@pytest.mark.parametrize("text", ["3ish weeks", "maybe 4ish people"])
def test_a_rough_count_is_no_time(text):
    assert _times(text) == []


@pytest.mark.parametrize(
    ("text", "times"),
    [
        ("Monday half eleven, fair enough", ["11:30"]),  # had been the count "eleven"
        ("i finish at half 3", ["15:30"]),
        ("half 7 in the evening", ["19:30"]),
    ],
)
def test_half_and_an_hour_is_half_past_it(text, times):
    assert _times(text) == times


@pytest.mark.parametrize("text", ["half 3 bedrooms are gone", "about half 2 litre bottles"])
def test_half_before_a_counted_noun_is_no_time(text):
    assert _times(text) == []
