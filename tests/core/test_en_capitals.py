"""A clause typed in capitals (core.lang.en_capitals): its capitals name nothing, so its values are read as
if it were in lower case and kept as written; a name written in capitals stays a name."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.compressor import Compressor
from core.config import Config
from core.lang.en_capitals import typed_in_capitals
from core.models import Message

pytestmark = pytest.mark.unit
TS = datetime(2027, 1, 9, 8, 0)


@pytest.mark.parametrize(
    ("text", "typed"),
    [
        ("NO MORE THAN $70 A WEEK, IM ON A PENSION.", True),
        ("MY DAUGHTER SAYS YOU SEND DINNERS IN A BOX.", True),
        ("NGUYEN THI LAN", False),  # a name in capitals: no word of grammar
        ("NAME WALTER KOWALSKI.", False),
        ("OK", False),
        ("My daughter says you SEND dinners", False),
    ],
)
def test_a_clause_typed_in_capitals(text: str, typed: bool) -> None:
    assert typed_in_capitals(text) is typed


def test_words_in_capitals_are_no_names_and_values_stay_as_written() -> None:
    turns = [
        ("user", "HELLO. MY DAUGHTER SAYS YOU SEND DINNERS IN A BOX."),
        ("assistant", "Hello! Yes, we deliver meal kits. Where do you live?"),
        ("user", "43615, TOLEDO."),
    ]
    msgs = [Message(idx=i, role=r, text=t, ts=TS) for i, (r, t) in enumerate(turns)]
    state = Compressor(Config(use_embeddings=False)).compress(msgs, context_id="caps").state
    values = {f.value for f in state.facts.values()}
    assert "TOLEDO" in values
    assert not values & {"DAUGHTER SAYS", "SEND DINNERS IN"}
