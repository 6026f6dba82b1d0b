"""Models of one line told apart by their numbers (core.replaced.same_model_line): the user naming the
other one replaces the first, shown so in the user's own clause too."""

from __future__ import annotations

from datetime import datetime

import pytest

from bench.metrics import correction_outcome
from core.compressor import Compressor
from core.config import Config
from core.models import Message
from core.replaced import same_model_line

pytestmark = pytest.mark.unit
PAD = [
    ("user", "Also, my name is Dana Whitfield, phone 07700 900123, and I prefer morning delivery."),
    ("assistant", "Thank you Dana, morning delivery noted for 07700 900123."),
    ("user", "And no plastic packaging please, we recycle everything here at the office."),
    ("assistant", "No plastic packaging, noted."),
]


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        ("The Ridge 4", "Ridge 6", True),
        ("PowerMax 18V", "PowerMax 20V", True),
        ("Ridge 4", "Ridge 4", False),  # the same model
        ("Ridge 4", "Summit 4", False),  # another line
        ("Dana Whitfield", "Dana Smith", False),  # no numbers: no models
    ],
)
def test_models_of_one_line_differ_by_their_numbers(a: str, b: str, same: bool) -> None:
    assert same_model_line(a, b) is same


def test_the_other_model_of_the_line_replaces_the_first() -> None:
    turns = [
        ("user", "I want a tent for four."),
        ("assistant", "The Ridge 4 is $199 and the Ridge 6 is $259."),
        *PAD,
        *PAD,
        ("user", "Ridge 4."),
        ("assistant", "Ridge 4 it is."),
        ("user", "Hmm, my brother is coming. Ridge 6 then."),
        ("assistant", "Ridge 6, $259."),
        ("user", "ok"),
        ("assistant", "Done."),
    ]
    session = Compressor(Config(use_embeddings=False)).session("model-lines")
    for i, (role, text) in enumerate(turns):
        session.add(Message(idx=i, role=role, text=text, ts=datetime(2027, 1, 5, 10, i)), auto_compact=False)
    session.compact(force=True)
    context = session.context().text
    # "Ridge 4." had stayed current in the user's clause: the number of a model was read as its name
    assert correction_outcome(context, "Ridge 4", "Ridge 6").handled
