"""Names found by their sentence frame (issue 12: a value the assistant offers must be kept): a
title-cased title opened by "I" mid-sentence or holding a possessive ("Got your Six"), and a
sentence opening with the thing offered as "another" or "also" a pick."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.lang.en_entities import extract_entities
from core.lang.en_names import find_names

pytestmark = pytest.mark.unit

_TS = datetime(2026, 3, 1, 12, 0)


def spans(text: str) -> set[str]:
    return {text[n.start : n.end] for n in find_names(text)}


def slots(text: str) -> dict[str, str]:
    return {e.value: e.slot for e in extract_entities(text, _TS)}


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("I want to play I Want It That Way.", "I Want It That Way"),
        ("What do you think of I Will Survive from that album?", "I Will Survive"),
    ],
)
def test_a_mid_sentence_i_before_capitalized_words_opens_a_title(text: str, title: str):
    assert title in spans(text)


@pytest.mark.parametrize("text", ["Then I want to go there.", "I Want to go.", "Tell me if I can come."])
def test_the_pronoun_i_before_a_lowercase_verb_is_no_name(text: str):
    assert not any(s.split()[0] == "I" for s in spans(text))


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Low is also popular. It is at the Arena.", "Low"),
        ("Rain is another popular option.", "Rain"),
        ("Harbour view is also a good choice.", "Harbour view"),
    ],
)
def test_the_subject_offered_as_another_pick_is_a_name(text: str, name: str):
    assert name in spans(text)


@pytest.mark.parametrize(
    "text",
    ["This is also popular.", "There is another option.", "It is also a good choice.", "That is also fine."],
)
def test_a_pronoun_offered_as_another_pick_is_no_name(text: str):
    assert spans(text) == set()


def test_a_value_word_offered_as_another_pick_stays_a_value():
    assert slots("Cheap is also fine.") == {"cheap": "price_range"}



@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("There are so many nice songs in the album Got your Six.", "Got your Six"),
        ("Play Take my Breath Away on the TV.", "Take my Breath Away"),
    ],
)
def test_a_possessive_between_capitalized_words_stays_inside_the_title(text: str, title: str):
    assert title in spans(text)


@pytest.mark.parametrize("text", ["Please send Anna your details.", "Tell Bob my Friday plans."])
def test_a_possessive_before_a_lowercase_noun_or_a_date_ends_the_name(text: str):
    assert not any(" my " in s or " your " in s for s in spans(text))


def test_a_name_and_the_name_in_parentheses_after_it_are_one_name():
    got = slots("The guide lists Big Ben (Elizabeth Tower) as a landmark.")
    assert "Big Ben (Elizabeth Tower)" in got


def test_a_city_in_parentheses_after_a_name_stays_a_city():
    got = slots("Meet me at Kings Cross (London) at 5.")
    assert got.get("Kings Cross") == "name"
    assert got.get("London") == "city"
