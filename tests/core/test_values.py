"""Value equivalence: when two written values are one value (shared by extract and merge)."""

from __future__ import annotations

import pytest

from core.values import same_surface, same_value

pytestmark = pytest.mark.unit


def test_normalized_dates_and_times_are_equal_or_different_never_contained():
    assert not same_value("2026-01-01", "2026-01-02")  # "the 1st" is not "the 2nd"
    assert not same_value("2026-03-01", "2026-01-03")
    assert not same_value("2026-03-02t15:00", "2026-03-02t16:00")
    assert same_value("2026-03-02", "2026-03-02")


def test_repeated_words_must_occur_as_many_times():
    assert not same_value("1 room 1 bath", "1 room 2 bath")
    assert same_value("worth house", "the worth house guesthouse")


def test_same_day_with_and_without_the_month_is_one_value():
    assert same_surface("the 2nd", "March 2nd")
    assert not same_surface("the 1st", "the 2nd")
    assert not same_surface("March 2nd", "April 2nd")
    assert same_surface("NY", "New York")


def test_a_word_and_its_abbreviation_beside_the_same_words_are_one_value():
    assert same_value("london liverpool st", "london liverpool street")
    assert same_value("2274 shattuck ave", "2274 shattuck avenue")
    assert not same_value("main st", "main road")
    assert not same_value("pizza hut", "pizza house")
    assert not same_value("north", "n")


def test_a_number_said_again_without_its_unit_is_one_value():
    # "a place for three persons" then "my limit is $200 for three": the party, not a new count
    assert same_value("3 people", "3") and same_value("3", "3 people")
    assert not same_value("3", "4 people")
    assert not same_value("2", "2 adults 1 child")  # another number beside it: more than the count
    assert not same_value("20", "200 usd")
