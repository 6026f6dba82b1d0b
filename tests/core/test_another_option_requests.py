"""A request for another option ("Please show me another route.") accepts nothing the assistant
offered before it, and its "show me" names no show (the search stays a bus); whether a ticket is
refundable is a condition of the fare, no cabin class. State tests feed the real parse / extract /
merge stages of a session (rules only, no model)."""

from __future__ import annotations

import pytest

from core.lang.en_domain import find_domain
from core.lang.en_entities import extract_entities
from tests.core.builders import state_after

pytestmark = pytest.mark.unit


def test_show_me_is_a_verb_not_an_event():
    assert find_domain("Show me another bus.", "bus") == "bus"
    assert find_domain("Are there any shows tonight?", None) == "event"


def test_asking_for_another_option_accepts_nothing():
    st = state_after(
        [
            ("user", "I need a bus from Long Beach to Sacramento."),
            ("assistant", "There is a bus departing at 8:30 am with 1 transfer."),
            ("user", "Please show me another route. I want to travel from Las Vegas to Fresno."),
            ("assistant", "There is a trip that departs at 7:10 am and has 0 transfers."),
        ]
    )
    assert st.facts["bus.time"].value == "7:10 am"


def test_a_refundable_ticket_keeps_its_cabin_class():
    slots = {e.text: e.slot for e in extract_entities("2 economy tickets, and they are refundable.", None)}
    assert slots["economy"] == "seat_class"
    assert slots["refundable"] == "refundable"
