"""Values read out as a list (core.listed): a booking result settles the times the user listed as
alternatives, and a list the assistant reads out never swallows the one value the user gave."""

from __future__ import annotations

import pytest

from tests.core.builders import state_after

pytestmark = pytest.mark.unit


def test_a_booking_that_took_the_fallback_time_replaces_the_first_choice():
    st = state_after(
        [
            ("user", "Could you book a table for 4 at 14:30 on Monday? And if that fails how about 13:30?"),
            ("assistant", "13:30 went well. The reference number is 3NR3T22N"),
        ]
    )
    time = st.facts["restaurant.time"]
    assert time.value == "13:30"
    assert [v.value for v in time.history] == ["14:30"]
    assert "restaurant.time_agreed" not in st.facts and "restaurant.time" not in st.offers


def test_without_a_result_the_alternatives_stand():
    st = state_after(
        [
            ("user", "Could you book a table for 4 at 14:30 on Monday? And if that fails how about 13:30?"),
            ("assistant", "Would 13:30 suit you?"),
        ]
    )
    assert "14:30" in st.facts["restaurant.time"].value
    assert not st.facts["restaurant.time"].history


def test_a_list_the_assistant_reads_out_keeps_the_users_value_as_said():
    # "Cambridge to Ely?" read as a list of destinations: the user's "ely" stays the value, so the
    # user's next value replaces it (into the history) instead of a list that hid it
    st = state_after(
        [
            ("user", "I need a train leaving from london liverpool street."),
            ("assistant", "Will you be traveling to Cambridge?"),
            ("user", "No I will be going to ely."),
            (
                "assistant",
                "You are speaking to the Cambridge help desk, so we can only book a train if you are"
                " leaving from or heading to cambridge. Cambridge to Ely?",
            ),
            ("user", "No, going to cambridge and leaving london liverpool st."),
        ]
    )
    dest = st.facts["train.destination"]
    assert dest.value.lower() == "cambridge"
    assert "ely" in [v.value for v in dest.history]
