"""A correction is shown only with the value it sets: "the regular one should be oat too" is not
shown by a fact holding "regular" (what it changes), so the clause comes back in the user's words;
"the X one should be Y" is a correction cue (one of several items set anew)."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.compressor import Compressor
from core.config import Config
from core.coverage import missing_user_clauses
from core.lang.en_discourse import is_correction
from core.models import Message
from core.parse import parse_message

pytestmark = pytest.mark.unit
TS = datetime(2026, 12, 1, 9, 0)

TURNS = [
    ("user", "2 flat whites please"),
    ("assistant", "Oat, soy or regular milk?"),
    ("user", "one oat one regular"),
    ("assistant", "Ordered."),
    ("user", "ah the regular one should be oat too"),
    ("assistant", "Changed."),
]


def _missing(context: str) -> list[str]:
    parsed = [parse_message(Message(idx=i, role=r, text=t, ts=TS)) for i, (r, t) in enumerate(TURNS)]
    state = Compressor(Config(use_embeddings=False)).compress([p.message for p in parsed]).state
    return missing_user_clauses(context, parsed, upto=len(TURNS), state=state)


@pytest.mark.parametrize(
    "text",
    [
        "ah the regular one should be oat too",
        "the second ones should have ice",
        "the large one should get extra cheese",
    ],
)
def test_one_item_set_anew_is_a_correction(text):
    assert is_correction(text)


def test_it_should_be_quiet_is_no_correction():
    assert not is_correction("it should be quiet")


def test_a_correction_shown_only_by_what_it_changes_comes_back():
    assert "ah the regular one should be oat too" in _missing("[FACT:restaurant.people=2|type=regular]")


def test_a_correction_shown_with_its_value_is_not_brought_back():
    context = "[FACT:restaurant.milk=oat too|type=regular]"
    assert "ah the regular one should be oat too" not in _missing(context)


CUE_FIRST = [
    ("user", "want to start flight training"),
    ("assistant", "We sell 10-hour blocks at $2,150 prepaid, or pay-as-you-go at $235 an hour."),
    ("user", "ok the block"),
    ("assistant", "10-hour block, $2,150 prepaid."),
    ("user", "scratch that. read about schools folding with prepaid money. pay as you go, every lesson"),
    ("assistant", "Understood."),
]


def test_a_brief_clause_after_a_bare_cue_in_its_turn_comes_back():
    """"scratch that." says nothing of its own: the short clause after it ("pay as you go, every
    lesson", three content words) is the new value, kept however briefly it is said."""
    parsed = [parse_message(Message(idx=i, role=r, text=t, ts=TS)) for i, (r, t) in enumerate(CUE_FIRST)]
    state = Compressor(Config(use_embeddings=False)).compress([p.message for p in parsed]).state
    missing = missing_user_clauses("[FACT:flight.amount=$2,150]", parsed, upto=len(CUE_FIRST), state=state)
    assert any("pay as you go" in clause for clause in missing), missing
