"""The coverage guarantee on a number the parser typed no entity of: the noun after it says what it
counts ("we've got 24 players"), so the same digits said of another thing elsewhere in the context
("BBQ for all 24") do not show it. Real stages, rules only."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.compressor import Compressor
from core.config import Config
from core.coverage import missing_user_clauses
from core.models import Message
from core.parse import parse_message
from core.value_edges import untyped_numbers

pytestmark = pytest.mark.unit
TS = datetime(2026, 12, 1, 9, 0)


def _missing(said: str, shown: str) -> list[str]:
    turns = [("assistant", "How can I help?"), ("user", said), ("assistant", "Noted.")]
    parsed = [parse_message(Message(idx=i, role=r, text=t, ts=TS)) for i, (r, t) in enumerate(turns)]
    state = Compressor(Config(use_embeddings=False)).compress([p.message for p in parsed]).state
    return missing_user_clauses(shown, parsed, upto=3, state=state)


def test_a_count_with_its_noun_is_owed_though_its_digits_show_elsewhere():
    said = "we have 24 players"
    assert any("24 players" in c for c in _missing(said, "User said: BBQ yes for all 24"))


def test_a_count_with_its_noun_shown_owes_nothing():
    said = "we have 24 players"
    assert _missing(said, "User said: we have 24 players") == []


def test_the_noun_is_taken_only_when_it_is_a_content_word():
    atom = parse_message(Message(idx=0, role="user", text="maybe 8 till 15 the others", ts=TS)).atoms[0]
    assert "15" in untyped_numbers(atom)  # "the" tells nothing of what 15 counts
