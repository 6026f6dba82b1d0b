"""A day the user gives for the assistant's own coming act ("Could you send it tomorrow morning instead")
is when it sends or calls (send_date / call_date), and a day the user is busy ("I'm on a late shift
tonight") is their absence (away_date): neither is the day of the task, so neither replaces the day
booked, even in a turn with a correction cue ("instead")."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.lang.en_entities import extract_entities
from tests.core.builders import state_after

pytestmark = pytest.mark.unit
TS = datetime(2026, 12, 9, 19, 0)


@pytest.mark.parametrize(
    ("text", "slots"),
    [
        (
            "Could you send it tomorrow morning instead, I'm on a late shift tonight",
            ["send_date", "away_date"],
        ),
        ("please text me Friday", ["send_date"]),
        ("can u email the receipt tmrw morning, my work laptop's dead rn", ["send_date"]),
        ("Can you ring us back on Monday?", ["call_date"]),
        ("can you call me a cab tomorrow at 5", ["date"]),  # the task: a cab
        ("Could you book it for Friday?", ["date"]),
        ("I'm at work on Friday", ["away_date"]),
    ],
)
def test_the_slot_of_a_day_for_the_assistants_act_or_the_users_absence(text: str, slots: list[str]) -> None:
    assert [e.slot for e in extract_entities(text, TS) if e.type == "date"] == slots


def test_the_day_booked_stays_when_the_user_asks_for_the_link_another_day() -> None:
    state = state_after(
        [
            ("user", "A clay shooting session for six on the 16th of January, sometime after lunch"),
            ("assistant", "Booked: RLS-60218, Saturday 16 January at 3:30pm. I will text you the link."),
            ("user", "Could you send it tomorrow morning instead, I'm on a late shift tonight"),
        ],
        TS,
    )
    dates = {k: f for k, f in state.facts.items() if k.rsplit(".", 1)[-1] in ("date", "date_agreed")}
    assert any(f.norm.startswith("2027-01-16") for f in dates.values())
    assert not any(h.norm.startswith("2027-01-16") for f in state.facts.values() for h in f.history)
