"""An amount the user says back from the assistant's last turn as a question (core.echoed_amounts) is no
value of theirs: the price the user then takes is not an offer beside it."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.compressor import Compressor
from core.config import Config
from core.echoed_amounts import drop_echoed_amounts
from core.models import Atom, ContextState, Entity, Message, OfferedChoice

pytestmark = pytest.mark.unit
TS = datetime(2026, 12, 10, 10, 0)


def _money(text: str, surface: str, value: str) -> Entity:
    start = text.index(surface)
    end = start + len(surface)
    return Entity(type="money", text=surface, value=value, slot="amount", start=start, end=end)


def _state(turn: str) -> ContextState:
    return ContextState(context_id="echo", offer_turn=OfferedChoice(idx=3, options=[turn]))


QUOTE = "We have the Kelvar Q42 at $749, the Norrland Silence 44 at $689, and the Kelvar Q39 at $1,049."


def test_an_amount_just_quoted_said_back_as_a_question_is_dropped() -> None:
    text = "$1,049, are you nuts?"
    entities = [_money(text, "$1,049", "1049 USD")]
    atom = Atom(msg_idx=4, text=text, role="user", lang="en", kind="question", entities=entities)
    assert drop_echoed_amounts(atom, _state(QUOTE)).entities == []


@pytest.mark.parametrize(
    ("text", "surface", "value"),
    [
        ("Can you do it for $700?", "$700", "700 USD"),  # an amount the user offers: not quoted before
        ("$1,049, fine.", "$1,049", "1049 USD"),  # said back, not asked: the user's own
    ],
)
def test_an_amount_not_quoted_or_not_asked_is_kept(text: str, surface: str, value: str) -> None:
    entities = [_money(text, surface, value)]
    atom = Atom(msg_idx=4, text=text, role="user", lang="en", kind="answer", entities=entities)
    assert drop_echoed_amounts(atom, _state(QUOTE)).entities == atom.entities


def test_the_price_taken_after_an_echoed_price_is_kept() -> None:
    turns = [
        ("user", "I need a quiet dishwasher, under $800 for the machine."),
        ("assistant", QUOTE),
        ("user", "$1,049, are yinz nuts? No. The Kelvar Q42"),
        ("assistant", "Kelvar Q42, stainless steel, $749. Installation is $129. Shall I add installation?"),
        ("user", "Yes, install it."),
    ]
    msgs = [Message(idx=i, role=r, text=t, ts=TS) for i, (r, t) in enumerate(turns)]
    result = Compressor(Config(use_embeddings=False)).compress(msgs, context_id="echo")
    held = [f.value for f in result.state.facts.values() if f.role == "user"]
    assert "$1,049" not in held
    assert "$749" in result.context.text
