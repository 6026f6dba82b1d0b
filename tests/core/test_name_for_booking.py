"""An assistant asking whom a booking is held for ("Name for the booking?", "What name should I put it
under?") asks for a person: the name that answers it is the booking's person, and never replaces the
thing the user named before (their car, a venue) in the bare name slot. Real stages, rules only."""

from __future__ import annotations

import pytest

from core.lang.en_attributes import asked_attribute
from tests.core.builders import replaced, state_after

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(
    "question",
    ["Our waiting room has wifi. Name for the booking?", "What name should I put it under?",
     "And the name on the reservation?"],
)
def test_a_question_for_the_bookings_name_asks_for_a_person(question: str) -> None:
    assert asked_attribute(question) == "person"


def test_the_answer_does_not_replace_the_users_car() -> None:
    st = state_after(
        [
            ("user", "My brakes are grinding. It's a 2017 Honda Civic with about 88,000 miles."),
            ("assistant", "We can look at it Saturday at 8:30. Name for the booking?"),
            ("user", "Priya Raman."),
        ]
    )
    values = {f.value for f in st.facts.values()}
    assert "2017 Honda Civic" in values
    assert "Priya Raman" in values
    assert "2017 Honda Civic" not in replaced(st)
