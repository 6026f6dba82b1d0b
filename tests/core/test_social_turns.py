"""Courtesy-only turns (thanks, welcome, goodbye, a bare "anything else?") are left out of the
working memory; an acknowledgement that answers a question, and any turn with a value, stays."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.compressor import Compressor
from core.config import Config
from core.models import Message
from core.render import RECENT_SEPARATOR
from core.social import social_only, without_courtesy

pytestmark = pytest.mark.unit
TS = datetime(2026, 1, 5, 9, 0)


@pytest.mark.parametrize(
    "text",
    [
        "That's all I needed. Thank you!",
        "You're welcome. May I help you with anything else?",
        "No, that is all for today. Have a nice day.",
        "Thank you for contacting the help desk today!",
        "Your welcome! Have a good day! Goodbye.",
        "真是太谢谢你了！",
        "不客气。",
        "没有啦，谢谢。",
        "不用客气 ，有问题再联系！",
    ],
)
def test_courtesy_turns_are_social(text):
    assert social_only(text)


@pytest.mark.parametrize(
    "text",
    [
        "Thanks, I need it for today.",
        "No, make it 7 people. Thanks!",
        "Thank you, book it for Friday",
        "谢谢，改成周三吧",
        "Is there anything else you need in the north?",
    ],
)
def test_a_turn_with_a_value_is_not_social(text):
    assert not social_only(text)


@pytest.mark.parametrize("text", ["No thank you", "Great, thanks!", "好的，谢谢。"])
def test_an_acknowledgement_is_social_only_when_it_answers_no_question(text):
    assert social_only(text, answers_question=False)
    assert not social_only(text, answers_question=True)


def _msgs(turns: list[tuple[str, str]]) -> list[Message]:
    return [Message(idx=i, role=r, text=t, ts=TS) for i, (r, t) in enumerate(turns)]


def test_a_decline_to_a_booking_question_is_kept():
    recent = _msgs([("assistant", "Shall I book it for you?"), ("user", "No thanks.")])
    assert [m.text for m in without_courtesy(recent)] == ["Shall I book it for you?", "No thanks."]


def test_a_no_to_anything_else_is_left_out():
    recent = _msgs([("assistant", "Is there anything else I can help you with?"), ("user", "No thanks.")])
    assert without_courtesy(recent) == []


def test_the_served_context_leaves_out_the_closing_turns_but_keeps_every_value():
    turns = [
        ("user", "I need a table for 4 people at 7pm on Friday at Luigi's Trattoria."),
        ("assistant", "Done, your table for 4 at Luigi's Trattoria is booked for Friday 7pm."),
        ("user", "Also book a taxi to the airport at 5am on Saturday."),
        ("assistant", "Your taxi to the airport is booked for Saturday 5am."),
        ("user", "That's all I needed. Thank you!"),
        ("assistant", "You're welcome. Have a nice day!"),
    ]
    text = Compressor(Config(use_embeddings=False)).compress(_msgs(turns), force=True).context.text
    assert "Have a nice day" not in text and "That's all I needed" not in text
    recent = text.split(RECENT_SEPARATOR, 1)[1] if RECENT_SEPARATOR in text else ""
    assert "assistant: Your taxi to the airport is booked for Saturday 5am." in recent
