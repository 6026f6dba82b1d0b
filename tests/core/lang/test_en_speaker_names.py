"""A name the speaker gives as their own ("to me, Erin Mallory", "lead is me, Hannah Okafor") is a
person's (core.lang.en_slot_hints), so it never replaces a name of another kind (a DJ, a venue)."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from core.compressor import Compressor
from core.config import Config
from core.lang.en_entities import extract_entities
from core.models import Message

pytestmark = pytest.mark.unit
TS = datetime(2026, 12, 3, 10, 0)


@pytest.mark.parametrize(
    ("text", "name", "slot"),
    [
        ("to me, Erin Mallory, erin.mallory@outlook.com.", "Erin Mallory", "contact"),  # an email beside it
        ("lead is me, Hannah Okafor", "Hannah Okafor", "person"),
    ],
)
def test_the_speakers_own_name_is_a_person(text: str, name: str, slot: str) -> None:
    assert [(e.text, e.slot) for e in extract_entities(text, TS) if e.type == "name"] == [(name, slot)]


def test_the_speakers_name_does_not_replace_the_music_they_picked() -> None:
    turns = [
        ("user", "Music: they danced to ABBA at their wedding, so a band or DJ who can do 70s."),
        ("assistant", "A 70s-capable DJ runs about £450; a live band £1,200."),
        ("user", "DJ please"),
        ("assistant", "Where should I send the invitations proof?"),
        ("user", "to me, Erin Mallory, erin.mallory@outlook.com."),
        ("assistant", "Understood."),
        ("user", "thanks"),
        ("assistant", "You're welcome."),
    ]
    msgs = [Message(idx=i, role=r, text=t, ts=TS + timedelta(minutes=i)) for i, (r, t) in enumerate(turns)]
    text = Compressor(Config(use_embeddings=False)).compress(msgs).rendered.text
    assert "Erin Mallory" in text and "(was: DJ)" not in text


def test_a_role_before_a_persons_name_is_no_name_of_its_own():
    # "Our AV tech, Brandon Lee": "AV tech" was a name that replaced the interpreter the user asked for
    text = "Our AV tech, Brandon Lee, brandon.lee@corvane.com."
    found = [(e.type, e.text) for e in extract_entities(text, None)]
    assert ("name", "AV tech") not in found and ("name", "Brandon Lee") in found
