"""A value the assistant names after reporting that the action failed ("I could not book that.
There is a bus at 9:50 am.") is offered in place of the user's: the user's yes replaces their value
with it (issue 12, item 2: the same attribute, a value of the same type, and the user's agreement
as evidence). A value the assistant only reports ("the bus arrives at 11:40 am") stands beside
the user's. Fed through the real parse / extract / merge stages of a session (rules only, no model)."""

from __future__ import annotations

import pytest

from tests.core.builders import state_after
from tests.core.test_merge_supersession import values

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(
    "offer",
    [
        "I was not able to complete that transaction. Would a bus at 7 am for $50 be acceptable?",
        "Sorry, I was unable to buy the tickets. There is a bus that leaves at 7 am and costs $23.",
    ],
)
def test_a_yes_to_a_value_offered_after_a_failure_replaces_the_users_value(offer):
    st = state_after(
        [
            ("user", "I need a bus to Los Angeles leaving at 7:15 in the morning."),
            ("assistant", offer),
            ("user", "Okay, that will do."),
        ]
    )
    assert values(st, "bus.time") == ("7 am", ["7:15 in the morning"])
    assert "bus.time_agreed" not in st.facts


def test_a_value_the_assistant_only_reports_stands_beside_the_users():
    st = state_after(
        [
            ("user", "I need a bus to Los Angeles leaving at 7:15 in the morning."),
            ("assistant", "The bus arrives in Los Angeles at 11:40 am."),
            ("user", "Okay, that will do."),
        ]
    )
    assert values(st, "bus.time")[0] == "7:15 in the morning"


def test_after_a_failure_only_the_clock_time_offered_replaces_a_date_said_another_way_stands():
    st = state_after(
        [
            ("user", "I want the appointment at half past 4 in the evening on Friday next week."),
            ("assistant", "I could not make the reservation. Do you want me to try on March 8th at 1 pm?"),
            ("user", "That works for me too."),
        ]
    )
    time = next(f for k, f in st.facts.items() if k.endswith(".time"))
    date = next(f for k, f in st.facts.items() if k.endswith(".date"))
    assert time.value == "1 pm" and [v.value for v in time.history] == ["half past 4 in the evening"]
    assert date.value == "Friday next week" and not date.history
