"""A statement checked with a tag question at its end is the user's own value, the tag alone asks:
"No reef boots, the beach is sand right?" was one question, so its "No reef boots" was lost."""

from __future__ import annotations

import pytest

from core.lang.en import EnglishAnalyzer
from tests.core.builders import missing_clauses

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(
    ("text", "stated"),
    [
        ("No reef boots, the beach is sand right?", "No reef boots"),
        ("my passport expires in April 2027, that's ok right?", "my passport expires in April 2027"),
    ],
)
def test_the_statement_before_a_tag_question_is_cut_off(text: str, stated: str):
    assert EnglishAnalyzer().split(text)[0] == stated


def test_a_question_without_a_tag_stays_whole():
    text = "Is the beach sand, or is it rocks?"
    assert EnglishAnalyzer().split(text) == [text]


def test_the_declined_extra_is_owed():
    turns = [
        ("assistant", "Would you like reef boots? 50k per pair for the whole package."),
        ("user", "No reef boots, the beach is sand right?"),
        ("assistant", "Yes, Batu Bolong is sand."),
    ]
    assert "No reef boots" in missing_clauses(turns, "[FACT:surf.beach=Batu Bolong]")


@pytest.mark.parametrize(
    ("text", "stated"),
    [
        ("Ok. I am lactose intolerant, the milk practice is oat milk possible?", "I am lactose intolerant"),
        ("I'm allergic to nuts, the cake is that possible?", "I'm allergic to nuts"),
    ],
)
def test_the_own_statement_before_a_question_about_a_thing_is_cut_off(text: str, stated: str):
    assert stated in EnglishAnalyzer().split(text)


def test_a_question_about_a_thing_without_an_own_statement_stays_whole():
    text = "Is it far, the hotel from the beach?"
    assert EnglishAnalyzer().split(text) == [text]
