"""The assistant saying back the user's second value of a slot confirms it and leaves the first
value alone (core.sibling_readback): the mother's hamper on Monday 21 December never replaces the
clients' delivery on the 17th."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from core.compressor import Compressor
from core.config import Config
from core.models import Message

pytestmark = pytest.mark.unit
TS = datetime(2026, 12, 9, 10, 0)
TURNS = [
    ("user", "I need 25 client hampers delivered in London before Friday 18 December."),
    ("assistant", "We can deliver on 16 or 17 December, both before the 18th."),
    ("user", "17th. and 3 of them go to the same office, one delivery for those?"),
    ("assistant", "Yes, 3 hampers to one address count as one delivery."),
    ("user", "Then one for Richard's mum in Bath. Can you do that one on the 21st, the Monday?"),
    ("assistant", "Of course. A Luxe hamper, £120, to Bath on Monday 21 December."),
]


def test_the_assistant_saying_back_a_second_date_leaves_the_first_date_current() -> None:
    msgs = [Message(idx=i, role=r, text=t, ts=TS + timedelta(minutes=i)) for i, (r, t) in enumerate(TURNS)]
    state = Compressor(Config(use_embeddings=False)).compress(msgs).state
    replaced = {v.norm for f in state.facts.values() for v in f.history}
    current = {f.norm for f in state.facts.values()}
    assert "2026-12-17" in current and "2026-12-17" not in replaced
    assert any("2026-12-21" in n for n in current)

