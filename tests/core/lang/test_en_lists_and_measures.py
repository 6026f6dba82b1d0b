"""English days listed after a date ("January 9 and 10", "March 13 and 14") are one value, the days the
user wants together: read apart, the bare "10" was a date of its own that replaced "January 9". A
length in metres with its centimetres said bare at the end of a clause ("One metre eighty.", "one metre
and ten please") is one length, not a count of eighty; a weight in stones and pounds ("nine stone
eight") is one weight. A number word opening a sentence is a count, no name ("Ten then")."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.lang.en_entities import extract_entities
from tests.core.builders import state_after

pytestmark = pytest.mark.unit
TS = datetime(2026, 12, 15, 22, 30)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("March 13 and 14. She's on school break the week after", [("date", "March 13 and 14", "date")]),
        ("Friday and 2 people", [("date", "Friday", "date"), ("quantity", "2 people", "people")]),
        ("One metre eighty.", [("quantity", "One metre eighty", "metre")]),
        ("So inside, one metre and ten please.", [("quantity", "one metre and ten", "metre")]),
        ("it is nine stone eight. The exercise bike", [("quantity", "nine stone eight", "weight")]),
        ("2 metres and 4 people", [("quantity", "2 metres", "metre"), ("quantity", "4 people", "people")]),
        ("12 St Andrews Street", [("address", "12 St Andrews Street", "address")]),
        ("Aw naw, two o them have bottled it. Ten then", [("number", "Ten", None)]),  # a count, no name
        ("Eight then.", [("number", "Eight", None)]),
    ],
)
def test_listed_days_and_measures_in_parts(text: str, found: list[tuple[str, str, str]]) -> None:
    assert [(e.type, e.text, e.slot) for e in extract_entities(text, TS)] == found


def test_two_nights_listed_keep_the_first_night() -> None:
    state = state_after(
        [
            ("user", "An onsen ryokan in Hakone for me and my mother. One night, January 9, river view"),
            ("assistant", "For January 9, for two, the river room is ¥72,000."),
            ("user", "Can we make it two nights po, January 9 and 10?"),
        ],
        TS,
    )
    shown = [f.value for f in state.facts.values() if f.status == "active"]
    assert "January 9 and 10" in shown
    assert "10" not in shown
