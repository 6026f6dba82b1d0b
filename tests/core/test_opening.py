"""The user's opening request comes back in the user's words when no goal came from it and the
context does not show it (core.opening): it says what the conversation is about."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.compressor import Compressor
from core.config import Config
from core.models import Message
from core.opening import opening_request
from core.parse import parse_message

pytestmark = pytest.mark.unit
TS = datetime(2026, 12, 1, 9, 0)
OPENING = "hi, I'm looking at health insurance but it's not for me, it's for my parents"
TURNS = [
    ("user", OPENING),
    ("assistant", "Happy to help. How old are they?"),
    ("user", "Dad is 68, mum is 64"),
    ("assistant", "Noted."),
]


def _opening(context: str) -> list[str]:
    parsed = [parse_message(Message(idx=i, role=r, text=t, ts=TS)) for i, (r, t) in enumerate(TURNS)]
    state = Compressor(Config(use_embeddings=False)).compress([p.message for p in parsed]).state
    return opening_request(context, parsed, upto=len(TURNS), state=state)


def test_an_opening_request_no_goal_came_from_comes_back():
    assert _opening("[FACT:general.father_age=68|mother_age=64]") == [OPENING]


def test_an_opening_request_the_context_shows_is_not_brought_back():
    assert _opening("[FACT:insurance.type=health insurance|insured=my parents|father_age=68]") == []


def test_an_opening_request_that_is_the_goal_is_left_to_the_goal_line():
    parsed = [parse_message(Message(idx=0, role="user", text="I need to book a hotel in the north", ts=TS))]
    state = Compressor(Config(use_embeddings=False)).compress([p.message for p in parsed]).state
    assert state.goals and opening_request("", parsed, upto=1, state=state) == []
