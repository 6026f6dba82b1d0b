"""A user who closes the conversation: the closing cue after thanks or in a later sentence, and the
goals said before it settled (no goal line left open)."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.compressor import Compressor
from core.config import Config
from core.lang.en_cues import closes
from core.models import Message
from core.render import parse_anchors

pytestmark = pytest.mark.unit
TS = datetime(2026, 1, 5, 9, 0)


def run(turns: list[tuple[str, str]]):
    msgs = [Message(idx=i, role=r, text=t, ts=TS) for i, (r, t) in enumerate(turns)]
    return Compressor(Config(use_embeddings=False)).compress(msgs, context_id="case")


@pytest.mark.parametrize(
    "text",
    [
        "Thank you. That is all I need.",
        "Thanks a lot, that's all.",
        "I appreciate it very much. That would be all.",
        "Okay, that will be all for today.",
        "No, that is all.",
    ],
)
def test_a_closing_after_thanks_or_another_sentence_closes(text):
    assert closes(text)


@pytest.mark.parametrize(
    "text",
    ["I need 2 rooms, that is all.", "Is that all of them?", "I want to know if that is all right."],
)
def test_a_value_before_a_comma_or_a_question_does_not_close(text):
    assert not closes(text)


def test_closing_the_conversation_settles_the_goals_said_before():
    turns = [
        ("user", "I need to find a quiet museum with free entrance in the north."),
        ("assistant", "The Kettle's Yard museum is free. Anything else?"),
        ("user", "Thank you. That is all I need."),
        ("assistant", "You are welcome."),
        ("user", "Bye."),
        ("assistant", "Goodbye."),
    ]
    closed = run(turns)
    assert closed.state.goals and all(g.done for g in closed.state.goals)
    assert not parse_anchors(closed.rendered.state_text)["goals"]
    still_open = run([*turns[:2], ("user", "Can you tell me more about it?"), *turns[3:]])
    assert any(not g.done for g in still_open.state.goals)


@pytest.mark.parametrize(
    ("text", "offers"),
    [
        ("Is there anything else I can help you with?", True),
        ("Can I help you with something else?", True),
        ("还有什么需要帮您的吗？", True),
        ("Would you like me to book it?", False),
        ("请问还需要别的吗？", True),
        ("需要预订吗？", False),
    ],
)
def test_asking_whether_the_user_wants_anything_more(text, offers):
    from core.lang.cues import any_language

    assert any_language().offers_more(text) is offers


def test_a_no_thanks_to_anything_else_closes_the_conversation():
    def turns(reply: str) -> list[tuple[str, str]]:
        return [
            ("user", "I need to find a quiet museum with free entrance in the north."),
            ("assistant", "The Kettle's Yard museum is free. Is there anything else I can help you with?"),
            ("user", reply),
            ("assistant", "Have a nice day."),
            ("user", "Bye."),
            ("assistant", "Goodbye."),
        ]

    closed = run(turns("No, thank you."))
    assert closed.state.goals and all(g.done for g in closed.state.goals)
    # a no to a yes/no offer of something else declines that offer only
    offered = run(
        [
            ("user", "I need to find a quiet museum with free entrance in the north."),
            ("assistant", "The Kettle's Yard museum is free. Would you like the address?"),
            ("user", "No, thank you."),
            ("assistant", "Have a nice day."),
            ("user", "Bye."),
            ("assistant", "Goodbye."),
        ]
    )
    assert any(not g.done for g in offered.state.goals)
