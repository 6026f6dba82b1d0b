"""Merge stage: a reply that only asks about an offer does not take it up, even when it names a value."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.compressor import Compressor
from core.config import Config
from core.models import Message
from core.render import parse_anchors

pytestmark = pytest.mark.unit
TS = datetime(2026, 1, 5, 9, 0)


def run(turns: list[tuple[str, str]]):
    msgs = [Message(idx=i, role=r, text=t, ts=TS) for i, (r, t) in enumerate(turns)]
    return Compressor(Config(use_embeddings=False)).compress(msgs, context_id="case")


OFFER = [
    ("user", "I need a restaurant in the centre."),
    ("assistant", "I have two restaurants that fit: Cote and Two Two. Which can I book for you?"),
]
CLOSE = [
    ("assistant", "Yes, both are moderately priced. Anything else?"),
    ("user", "No, that is all for today. Have a nice day."),
    ("assistant", "Thank you. You as well."),
]


def test_a_question_naming_a_value_leaves_the_offer_open_and_a_closing_declines_it():
    r = run([*OFFER, ("user", "Are those both in the moderate price range?"), *CLOSE])
    assert r.state.todos and all(not t.taken and t.declined for t in r.state.todos)
    assert not parse_anchors(r.context.text)["actions_required"]


def test_a_yes_with_a_question_still_takes_the_offer_up():
    r = run([*OFFER, ("user", "Yes, what is the price range of Cote?"), *CLOSE])
    assert r.state.todos and all(t.taken and not t.declined for t in r.state.todos)
