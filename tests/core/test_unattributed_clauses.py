"""Values the state holds in guessed slots (core.unattributed) come back with the user's clause that says
what they are: "34" and "24.5" listed under one type-named slot do not say who is 34 or what 24.5
measures; "boot 24.5" in the user's words does (issue 12, item 4)."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from core.compressor import Compressor
from core.config import Config
from core.models import Message
from core.unattributed import guessed_attribute

pytestmark = pytest.mark.unit
TS = datetime(2026, 12, 1, 9, 0)
TURNS = [
    ("user", "Hi, we're staying at the Larchmere Hotel and want to rent two kayaks for the weekend."),
    ("assistant", "Sure. Sizes for each paddler, please?"),
    ("user", "Me (Dana, 41, 170 cm, paddle 220), my brother Omar (45, 185 cm, paddle 230). singles for both"),
    ("assistant", "Two singles for Saturday and Sunday, 38 euros each per day."),
    ("user", "ok sounds good"),
    ("assistant", "Great, anything else?"),
    ("user", "no thanks"),
    ("assistant", "Enjoy the lake!"),
]


def _text() -> str:
    msgs = [Message(idx=i, role=r, text=t, ts=TS + timedelta(minutes=i)) for i, (r, t) in enumerate(TURNS)]
    return Compressor(Config(use_embeddings=False)).compress(msgs).rendered.text


def test_a_clause_whose_values_sit_in_guessed_slots_comes_back_in_the_users_words() -> None:
    text = _text().split("--- recent turns ---")[0]
    assert "count=41, 220, 45, 230" in text  # the premise: the ages and paddle lengths in one guessed slot
    assert "Me (Dana, 41, 170 cm, paddle 220), my brother Omar (45, 185 cm, paddle 230)." in text


@pytest.mark.parametrize(
    ("key", "value", "guessed"),
    [
        ("general.date", "2026-12-05", True),  # no task known, the slot named after the value's type
        ("general.address", "12 Kestrel Avenue, Denver", False),  # an address says what it is
        ("general.oat_milk", "two", False),  # the slot is the user's noun
        ("hotel.count", "34", True),  # the slot names the value's type
        ("hotel.time_2", "3pm", True),  # a second value of one type
        ("hotel.stars", "4, 3, 5", True),  # several values listed in one slot
        ("hotel.stars", "4", False),
        ("restaurant.time", "19:30", False),
        ("train.people", "2, 3", False),
    ],
)
def test_guessed_attribute(key: str, value: str, guessed: bool) -> None:
    assert guessed_attribute(key, value) is guessed
