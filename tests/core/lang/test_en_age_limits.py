"""An age limit on who comes ("no one under 18", "kids under 12 go free") is an age, not a budget of
18; and a rule checked with a one-word tag and no comma ("And no one under 18 ok?") is a statement
the user makes, only the tag asks: the whole clause had been a question, so the rule was dropped."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.lang.en import EnglishAnalyzer
from core.lang.en_entities import extract_entities

pytestmark = pytest.mark.unit
TS = datetime(2027, 3, 10, 10, 0)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("And no one under 18 ok?", [("no one under 18", "<18", "age_limit")]),
        ("kids under 12 go free", [("kids under 12", "<12", "age_limit")]),
        ("nobody over 70 on the zipline", [("nobody over 70", ">70", "age_limit")]),
        ("Budget under 180 please", [("under 180", "<=180", "budget")]),
        ("no one under 18 kg", []),
        # "N or over" after what people must be: a bound on who comes, no head count of 14
        ("They must all be 14 or over, that's the rule", [("14 or over", ">=14", "age_limit")]),
        ("riders need to be 16 and up", [("16 and up", ">=16", "age_limit")]),
    ],
)
def test_an_age_limit_is_no_budget(text: str, found: list[tuple[str, str, str]]) -> None:
    got = [(e.text, e.value, e.slot) for e in extract_entities(text, TS) if e.slot in ("age_limit", "budget")]
    assert got == found


@pytest.mark.parametrize(
    ("text", "pieces"),
    [
        ("And no one under 18 ok?", ["And no one under 18", "ok?"]),
        ("No nuts in anything, okay?", ["No nuts in anything", "okay?"]),
        ("Can we come at 3 ok?", ["Can we come at 3 ok?"]),
        ("Can I book?", ["Can I book?"]),
        # the tag word ends a question of its own, run on after a full stop without a space
        ("A shared ride for 3 people.Is that okay?", ["A shared ride for 3 people.Is that okay?"]),
    ],
)
def test_a_one_word_tag_is_cut_off_a_statement_only(text: str, pieces: list[str]) -> None:
    assert EnglishAnalyzer().split(text) == pieces
