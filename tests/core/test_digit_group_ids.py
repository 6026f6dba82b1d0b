"""A number in three or more hyphenated digit groups ("4471-0082-19") is an id, so a bare answer
with one is kept; a date of that shape stays a date and a phone number a phone. A date right after
the speaker's part in an occasion ("I'm a bridesmaid on the 2nd of January") is that occasion's."""

from __future__ import annotations

import pytest

from core.compressor import Compressor
from core.config import Config
from core.lang.en_entities import extract_entities
from core.models import Message

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(
    ("text", "typed"),
    [
        ("4471-0082-19", [("id", "4471-0082-19")]),
        ("my member number is 4471-0082-19", [("id", "4471-0082-19")]),
        ("call 541-555-0129", [("phone", "541-555-0129")]),
        ("on 2026-12-18", [("date", "2026-12-18")]),
        ("the 10-12-14 pattern", []),  # six digits: too few for an id
    ],
)
def test_hyphenated_digit_groups(text: str, typed: list[tuple[str, str]]) -> None:
    assert [(e.type, e.text) for e in extract_entities(text, None)] == typed


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("please no cupping, I'm a bridesmaid on the 2nd of January", "bridesmaid_date"),
        ("we are the hosts on Saturday", "hosts_date"),
        ("I'm a little busy on Monday", "date"),
    ],
)
def test_a_date_after_the_speakers_part_in_an_occasion(text: str, slot: str) -> None:
    assert [e.slot for e in extract_entities(text, None) if e.type == "date"] == [slot]


def test_a_bare_member_number_answering_a_yes_no_question_is_kept() -> None:
    """Untyped, "4471-0082-19" after "Do you have your member number?" was too short a clause to keep."""
    turns = [
        ("user", "Hi, first time trying acupuncture. Do you take Pacific Blue Cross?"),
        ("assistant", "Yes, we direct-bill Pacific Blue Cross. Do you have your member number?"),
        ("user", "4471-0082-19"),
        ("assistant", "Thanks. Any medical conditions?"),
        ("user", "none"),
        ("assistant", "Great."),
    ]
    msgs = [Message(idx=i, role=r, text=t) for i, (r, t) in enumerate(turns)]
    text = Compressor(Config(use_embeddings=False)).compress(msgs, force=True).rendered.text
    assert "4471-0082-19" in text.split("--- recent")[0]
