"""A code in two spaced blocks of capitals and digits ("KP19 XWD", a vehicle registration) is one
id, never a name: as a name it was replaced by the next name the user said ("Michelin Primacy",
reason "corrected by user"). Its correction ("oh no sorry, it's LK19 XDP") retires it. Real
stages, rules only."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from bench.data.score_freeform import WAS
from core.compressor import Compressor
from core.config import Config
from core.lang.en_discourse import is_correction
from core.lang.en_entities import extract_entities
from core.lang.value_shapes import shaped_values
from core.models import Message

pytestmark = pytest.mark.unit
TS = datetime(2026, 12, 7, 9, 0)


@pytest.mark.parametrize(
    "text, code", [("KP19 XWD", "KP19 XWD"), ("reg is AB12 CDE, a silver Golf", "AB12 CDE")]
)
def test_a_spaced_registration_is_one_id(text: str, code: str):
    ids = [(e.type, e.text) for e in extract_entities(text, TS) if e.text == code]
    assert ids == [("id", code)]


def test_a_postcode_stays_a_postcode():
    assert [e.type for e in extract_entities("postcode ST16 3DN", TS)] == ["address"]


def test_an_apology_restating_a_value_is_a_correction_cue():
    assert is_correction("oh no sorry, it's LK19 XDP, D not O")
    assert not is_correction("sorry to bother you again")


def test_a_spaced_code_has_a_shape_a_correction_retires():
    assert shaped_values("reg LK19 XOP.") == [("id:a9 a", "LK19 XOP")]


def _context(turns: list[tuple[str, str]]) -> str:
    session = Compressor(Config(use_embeddings=False)).session("reg")
    for i, (role, text) in enumerate(turns):
        session.add(Message(idx=i, role=role, text=text, ts=TS + timedelta(minutes=i)), auto_compact=False)
    session.compact(force=True)
    return session.context().text


def test_a_corrected_registration_is_shown_current_and_the_old_one_only_as_replaced():
    ctx = _context(
        [
            ("user", "I need a resident parking permit. Car is a blue Skoda Octavia, reg LK19 XOP."),
            (
                "assistant",
                "Thanks. Resident permits cover one zone and one vehicle. They run for 12 months from the"
                " start date, the vehicle must be registered at your address in the zone, and a permit"
                " can be moved to a new vehicle for a small fee. Visitor books are sold separately."
                " When should it start?",
            ),
            ("user", "starting Monday 14 December"),
            ("assistant", "Monday 14 December, noted. And the reg once more, to be sure: LK19 XOP?"),
            ("user", "oh no sorry, it's LK19 XDP, D not O. the logbook says XDP"),
            ("assistant", "LK19 XDP, noted. Same price, £235 for 12 months."),
            ("user", "great"),
            (
                "assistant",
                "Anything else? If you need visitor permits, books of ten half-day vouchers are sold"
                " online and at the council offices; each voucher covers one car for one half day."
                " The permit itself will be emailed to you and linked to the registration, no paper.",
            ),
            ("user", "no that's all"),
        ]
    )
    outside = WAS.sub(" ", ctx)
    assert "LK19 XDP" in outside
    assert "LK19 XOP" not in outside.replace("LK19 XOP?", "")  # the agent's own question may quote it
