"""A long opening turn's part that describes the user's situation ("my car has been making this awful
grinding noise whenever I brake") is the user's own and is owed by the coverage guarantee: the
first person inside a subordinate clause ("whenever I brake") is no narration of a next step, so
the part is not taken for a request whose values are the facts. A part where the user narrates
their next step ("I'm thinking about getting a quote for the whole job") still is one."""

from __future__ import annotations

import pytest

from core.lang.en_narration import narrates_in_main_clause
from tests.core.builders import missing_clauses

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(
    ("text", "narrates"),
    [
        ("so my car has been making this awful grinding noise whenever I brake", False),
        ("the knee hurts when we walk downhill", False),
        ("I'm thinking about getting a quote for the whole job", True),
        ("when it rains I want the indoor venue", True),
    ],
)
def test_a_first_person_after_a_subordinator_is_no_narration(text: str, narrates: bool) -> None:
    assert narrates_in_main_clause(text) is narrates


def test_the_situation_in_a_long_opening_turn_is_owed() -> None:
    turns = [
        (
            "user",
            "Hi there, so my car has been making this awful grinding noise whenever I brake, "
            "it started maybe a week ago, and it is getting worse.",
        ),
        ("assistant", "Grinding under braking usually means worn pads. When can you bring it in?"),
    ]
    missing = missing_clauses(turns, "[FACT:car.duration=a week]")
    assert any("grinding noise" in c for c in missing)
