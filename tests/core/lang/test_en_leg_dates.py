"""A date or time of a service leg (delivery, collection, installation, removal) is that leg's, not the
day of the event the service is for: "Collection Sunday." and a correction naming the leg ("Rather than
collecting the day after the wedding, make it Monday") never replace "Saturday 19 December"."""

from __future__ import annotations

import pytest

from tests.core.builders import replaced, state_after
from tests.core.lang.en_helpers import TS, find

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(
    "text, surface, slot",
    [
        ("Delivery 14:00-16:00. Collection Sunday.", "Sunday", "collection_date"),
        ("Delivery 14:00-16:00. Collection Sunday.", "14:00", "delivery_time"),
        ("Can you collect it on Sunday at 10?", "Sunday", "collection_date"),
        ("Rather than collecting the day after the wedding, make it Monday.", "Monday", "collection_date"),
        ("Please deliver them on Friday.", "Friday", "delivery_date"),
        # phrasal verbs of more legs (core.lang.en_lexicon.LEG_PHRASES)
        ("must be done by 23 Dec. tenants move in 2 January", "2 January", "movein_date"),
        ("We would erect on Thursday 17 December, take down on Monday 21 December.", "Thursday 17 December",
         "setup_date"),
        ("We would erect on Thursday 17 December, take down on Monday 21 December.", "Monday 21 December",
         "takedown_date"),
        ("can you set it up on Friday?", "Friday", "setup_date"),
    ],
)
def test_a_date_of_a_service_leg_is_keyed_by_the_leg(text: str, surface: str, slot: str):
    assert find(text, surface).slot == slot


@pytest.mark.parametrize(
    "text, surface",
    [
        ("I collected it on Monday, and I need the repair done by Friday.", "Monday"),  # a leg that was
        ("Saturday 19 December, Hampton Manor, Solihull.", "Saturday 19 December"),
        ("We collect stamps. Can we come on Sunday?", "Sunday"),  # no leg of the service before it
        ("I move house on the 3rd", "the 3rd"),  # moving house is the task, not a move-in leg
    ],
)
def test_a_date_without_a_leg_before_it_keeps_its_own_slot(text: str, surface: str):
    assert not (find(text, surface).slot or "").startswith(("collection", "delivery", "movein"))


def test_the_event_day_is_never_shown_as_replaced_by_the_collection_day():
    turns = [
        ("user", "Pedal harp hire for a wedding. Saturday 19 December, Hampton Manor, Solihull."),
        ("assistant", "Delivery Friday 18 December, 10:00-12:00 or 14:00-16:00; collection Sunday, Monday."),
        ("user", "Delivery 14:00-16:00. Collection Sunday."),
        ("assistant", "Noted. Where in the venue will it be placed?"),
        ("user", "Rather than collecting the day after the wedding, make it Monday."),
        ("assistant", "Collection moved to Monday 21 December."),
    ]
    state = state_after(turns, TS)
    current = {k.split(".", 1)[1]: f.value for k, f in state.facts.items()}
    assert not any("Saturday 19 December" in v for v in replaced(state))
    assert "Monday" in current.get("collection_date", "")
