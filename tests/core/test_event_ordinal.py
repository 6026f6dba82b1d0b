"""An ordinal someone's event is counted by belongs to the event's name ("my parents' 40th wedding
anniversary party", "our 25th anniversary dinner"): the occasion is kept as the user said it. After
a possessive the ordinal is no day of a month; a date before an event ("a March 3rd dentist
appointment") stays a date of its own."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.lang.en_entities import extract_entities

pytestmark = pytest.mark.unit
TS = datetime(2026, 12, 1, 9, 0)


def _spans(text: str) -> list[tuple[str, str]]:
    return [(e.type, e.text) for e in extract_entities(text, TS)]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("I'm planning my parents' 40th wedding anniversary party", "40th wedding anniversary party"),
        ("it's our 25th anniversary dinner", "25th anniversary dinner"),
    ],
)
def test_an_owned_ordinal_is_part_of_the_event(text: str, name: str) -> None:
    assert ("name", name) in _spans(text)


def test_a_date_before_an_event_stays_a_date() -> None:
    spans = _spans("I have a March 3rd dentist appointment")
    assert ("date", "March 3rd") in spans
    assert ("name", "dentist appointment") in spans
