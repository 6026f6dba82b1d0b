"""The agent's short read-back of what a brief user answer settled ("morning" -> "Thursday 3
December, 8am–12pm.") is kept in its words on the "Agent confirmed:" line (core.readback_lines).
Before, only its parts survived as facts ("time_agreed=8am", "end_time=12pm"), and the settled
window was nowhere. Answers to questions, denials, older read-backs of the same kinds of value and
read-backs a later correction may have changed are not kept."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from core.compressor import Compressor
from core.config import Config
from core.models import Message
from core.parse import parse_message
from core.readback_lines import read_back_sentences

pytestmark = pytest.mark.unit
TS = datetime(2026, 12, 1, 14, 0)
OPENING = [
    ("user", "Hi, my mum's coming home after a hip replacement and needs a bed for about 6 weeks."),
    ("assistant", "We can deliver a profiling bed. Thursday delivery slots are 8am–12pm or 12pm–4pm."),
]


def _messages(turns: list[tuple[str, str]]) -> list[Message]:
    return [Message(idx=i, role=r, text=t, ts=TS + timedelta(minutes=i)) for i, (r, t) in enumerate(turns)]


def _parsed(turns: list[tuple[str, str]]):
    return [parse_message(m) for m in _messages(turns)]

def test_the_read_back_of_a_brief_answer_is_kept():
    parsed = _parsed(
        [*OPENING, ("user", "morning"), ("assistant", "Thursday 3 December, 8am–12pm. Anything else?")]
    )
    assert read_back_sentences(parsed, len(parsed), "") == ["Thursday 3 December, 8am–12pm."]
    # the context shows its values already: nothing to add
    assert read_back_sentences(parsed, len(parsed), "Thursday 3 December 8am–12pm") == []


@pytest.mark.parametrize(
    "turns",
    [
        [("user", "is the 8am slot free?"), ("assistant", "Yes, Thursday 3 December at 8am.")],  # asked
        [("user", "the bed please"), ("assistant", "Neither slot is free on 3 December.")],  # denies
        [
            ("user", "Please deliver it to my mother's house at 27 Moorland View on Thursday morning"),
            ("assistant", "Thursday 3 December, 8am–12pm."),
        ],  # the user said it whole
    ],
)
def test_no_read_back_after_a_question_a_denial_or_a_full_turn(turns):
    parsed = _parsed([*OPENING, *turns])
    assert read_back_sentences(parsed, len(parsed), "") == []


def test_a_later_read_back_or_a_correction_leaves_the_older_one_out():
    parsed = _parsed(
        [
            *OPENING,
            ("user", "morning"),
            ("assistant", "Thursday 3 December, 8am–12pm."),
            ("user", "actually make it friday"),
            ("assistant", "Noted."),
        ]
    )
    assert read_back_sentences(parsed, len(parsed), "") == []
    parsed = _parsed(
        [
            *OPENING,
            ("user", "morning"),
            ("assistant", "Thursday 3 December, 8am–12pm."),
            ("user", "hmm, friday"),
            ("assistant", "Friday 4 December, 8am–12pm."),
        ]
    )
    assert read_back_sentences(parsed, len(parsed), "") == ["Friday 4 December, 8am–12pm."]


def test_the_context_shows_the_read_back_on_its_own_line():
    turns = [
        *OPENING,
        ("user", "morning"),
        ("assistant", "Thursday 3 December, 8am–12pm."),
        ("user", "and the mattress, foam not air please, she hates the noise"),
        ("assistant", "Foam pressure mattress added."),
        ("user", "thanks"),
        ("assistant", "You're welcome."),
    ]
    text = Compressor(Config(use_embeddings=False)).compress(_messages(turns)).rendered.text
    assert "Agent confirmed: Thursday 3 December, 8am–12pm." in text.split("--- recent")[0]
