"""An answer that opens with one of the alternatives just asked picks it (core.option_said): the names
the parser read for the options are no values, and a later pick of the other option replaces it."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.compressor import Compressor
from core.config import Config
from core.models import ContextState, Message

pytestmark = pytest.mark.unit
TS = datetime(2027, 1, 20, 18, 0)
OPENING = [
    ("user", "Kia ora, that Westgate Mower Centre on Lincoln Road? Need a new mower"),
    ("assistant", "Kia ora! Yes, Westgate Mower Centre. A self-propelled mower helps. Petrol or battery?"),
]


def _state(turns: list[tuple[str, str]]) -> ContextState:
    msgs = [Message(idx=i, role=r, text=t, ts=TS) for i, (r, t) in enumerate(turns)]
    return Compressor(Config(use_embeddings=False)).compress(msgs, context_id="option-said").state


def test_the_option_an_answer_opens_with_is_picked() -> None:
    state = _state([*OPENING, ("user", "Petrol, hard out. Battery ones are toys")])
    values = {f.value: f for f in state.facts.values()}
    assert "Petrol" in values and values["Petrol"].role == "user"
    assert not [f for f in state.facts.values() if "Battery" in f.value]
    assert not [f for f in state.offers.values() if f.value == "Petrol"]


def test_the_other_option_picked_later_replaces_it() -> None:
    turns = [
        *OPENING,
        ("user", "Petrol, hard out. Battery ones are toys"),
        ("assistant", "Noted. What's your budget?"),
        ("user", "Under $900"),
        ("assistant", "Under $900, noted."),
        ("user", "Hang on, the neighbour works nights. Battery then, it's quieter."),
    ]
    picked = [f for f in _state(turns).facts.values() if f.value == "battery"]
    assert [[v.value for v in f.history][-1:] for f in picked] == [["Petrol"]]


@pytest.mark.parametrize("answer", ["No idea, what would you suggest?", "Not petrol, the smell."])
def test_an_answer_asking_or_negating_picks_nothing(answer: str) -> None:
    state = _state([*OPENING, ("user", answer)])
    assert not [f for f in state.facts.values() if f.value.lower() == "petrol" and f.role == "user"]
