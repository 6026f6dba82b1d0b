"""A measure said with the dimension it measures is a quantity of that dimension: "6米宽" was a bare
"6米" joined with a window's "1.5米" under one count; "She's about 5 foot 1" was the hour "about 5"
and replaced the 10:30 the user had picked; "9 by 7" (a door) was the hour 07:00."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.lang.en import EnglishAnalyzer
from core.lang.zh_entities import entities_of
from tests.core.builders import replaced, state_after

pytestmark = pytest.mark.unit
TS = datetime(2026, 12, 7, 9, 0)


@pytest.mark.parametrize(
    ("text", "surface", "slot"),
    [
        ("门头大概6米宽，橱窗两扇，每扇1.5米", "6米宽", "width"),
        ("宽6米，高2.5米", "高2.5米", "height"),
    ],
)
def test_a_chinese_measure_with_its_dimension_is_keyed_by_it(text: str, surface: str, slot: str):
    assert ("quantity", surface, slot) in [(e.type, e.text, e.slot) for e in entities_of(text, TS)]


@pytest.mark.parametrize(
    ("text", "surface"), [("She's about 5 foot 1.", "5 foot 1"), ("he's 5'10\" and broad", "5'10\"")]
)
def test_a_height_in_feet_and_inches_is_a_height_not_an_hour(text: str, surface: str):
    found = [(e.type, e.text, e.slot) for e in EnglishAnalyzer().entities(text, TS)]
    assert ("quantity", surface, "height") in found
    assert not [f for f in found if f[0] == "time"]


def test_a_bare_hour_after_a_cue_is_still_an_hour():
    found = [(e.type, e.text) for e in EnglishAnalyzer().entities("come at about 5 and leave by 7", TS)]
    assert ("time", "about 5") in found


def test_a_height_said_later_does_not_replace_the_time_picked():
    state = state_after(
        [
            ("user", "Could it be next Monday morning?"),
            ("assistant", "Next Monday our installer has 8:00-10:00 or 10:30-12:30."),
            ("user", "10:30 please, she's not a morning person."),
            ("assistant", "10:30-12:30 on Monday. Anything else?"),
            ("user", "Leave the release cord at a height she can reach. She's about 5 foot 1."),
        ]
    )
    assert not [v for v in replaced(state) if "10:30" in v]


@pytest.mark.parametrize(
    ("text", "surface"),
    [
        ("It is 5 by 3.5 metre. And it must be warm.", "5 by 3.5 metre"),
        ("the garage door is 9 by 7", "9 by 7"),
        ("the landing is 2.1 metres by 1.8", "2.1 metres by 1.8"),
        ("shed about 7 by 5 please", "7 by 5"),
    ],
)
def test_a_size_said_a_by_b_is_one_size_and_no_hour(text: str, surface: str):
    """"9 by 7" was the hour 07:00 after the cue "by"; "5 by 3.5 metre" a bare "3.5 metre"."""
    found = [(e.type, e.text, e.slot) for e in EnglishAnalyzer().entities(text, TS)]
    assert ("quantity", surface, "size") in found
    assert not [f for f in found if f[0] == "time"]


@pytest.mark.parametrize(("text", "time"), [("I need 2 by 5pm", "5pm"), ("have it done by 10:30", "10:30")])
def test_a_deadline_after_a_count_is_still_a_time(text: str, time: str):
    found = [(e.type, e.text) for e in EnglishAnalyzer().entities(text, TS)]
    assert ("time", time) in found and not [f for f in found if f[0] == "quantity" and "by" in f[1]]
