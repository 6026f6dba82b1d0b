"""A flat, apartment or unit said again replaces that part of the held address (core.address_part)."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.compressor import Compressor
from core.config import Config
from core.models import Message

pytestmark = pytest.mark.unit
TS = datetime(2027, 1, 12, 10, 0)
ADDRESS = "Keith Robson, Flat 3, 22 Raby Street, Byker, NE6 2FA. Phone 07700 900412"


def _compress(turns: list[tuple[str, str]]):
    msgs = [Message(idx=i, role=r, text=t, ts=TS) for i, (r, t) in enumerate(turns)]
    return Compressor(Config(use_embeddings=False)).compress(msgs, context_id="address-part")


def _address(result) -> tuple[str, list[str]]:
    fact = next(f for f in result.state.facts.values() if "Raby Street" in f.value)
    return fact.value, [v.value for v in fact.history]


def test_the_flat_given_again_replaces_the_flat_of_the_address() -> None:
    result = _compress(
        [
            ("user", "I'd like the dishwasher delivered please."),
            ("assistant", "Of course. Name and address?"),
            ("user", ADDRESS),
            ("assistant", "Thank you, Mr Robson."),
            ("user", "Wait, I've given you the old number. It's Flat 5, same building"),
        ]
    )
    value, history = _address(result)
    assert value == "Keith Robson, Flat 5, 22 Raby Street, Byker, NE6 2FA"
    assert history[-1:] == ["Flat 3"]


def test_a_flat_named_long_after_the_address_is_another_place() -> None:
    turns = [("user", "I'd like the dishwasher delivered please."), ("assistant", "Name and address?")]
    turns += [("user", ADDRESS)]
    for i in range(4):
        turns += [("assistant", f"Question {i}?"), ("user", f"Answer {i}.")]
    turns += [("assistant", "Who has the keys?"), ("user", "the neighbour at flat 7 has them")]
    value, history = _address(_compress(turns))
    assert "Flat 3" in value
    assert "Flat 3" not in history
