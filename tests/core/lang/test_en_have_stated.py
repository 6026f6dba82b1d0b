""""have my own key" (the user's "I have" with its subject left out) states, it does not ask: read as
a question, the answer to "Need a Windows licence?" was dropped from the context."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.lang.en import EnglishAnalyzer
from tests.core.builders import missing_clauses

pytestmark = pytest.mark.unit
TS = datetime(2026, 12, 7, 9, 0)


@pytest.mark.parametrize("text", ["have my own key", "has a garden", "and have 2 kids"])
def test_have_without_its_subject_states(text: str):
    assert EnglishAnalyzer().kind(text, "user") != "question"


@pytest.mark.parametrize("text", ["have you got one", "has the parcel arrived", "have my keys been found?"])
def test_have_before_its_subject_asks(text: str):
    assert EnglishAnalyzer().kind(text, "user") == "question"


def test_the_stated_answer_is_owed():
    turns = [
        ("assistant", "Windows 11 Home is $139. Do you need a licence?"),
        ("user", "have my own key"),
        ("assistant", "Noted."),
    ]
    assert "have my own key" in missing_clauses(turns, "[FACT:general.item=Windows 11 Home]")
