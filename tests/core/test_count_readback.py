"""A bare count the assistant reads back with its noun is that slot's value ("I will need 4" ->
"You are buying 4 tickets"): the user's later "make that 2 tickets" replaces it instead of leaving
the 4 standing as another count (issue 12: a replaced value is shown only as replaced). Each test
feeds the real parse / extract / merge stages of a session (rules only, no model)."""

from __future__ import annotations

import pytest

from core.count_readback import number_of
from tests.core.builders import state_after

pytestmark = pytest.mark.unit


def test_a_bare_count_read_back_as_tickets_is_replaced_by_the_corrected_tickets():
    st = state_after(
        [
            ("user", "Please buy tickets to that concert. I will need 4."),
            ("assistant", "Okay. Confirming: you are buying 4 tickets for the concert on March 14th."),
            ("user", "No, sorry, please make that 2 tickets."),
        ]
    )
    people = [f for k, f in st.facts.items() if k.endswith(".people")]
    assert [f.value for f in people] == ["2 tickets"]
    assert [number_of(v.norm) for v in people[0].history] == [4.0]
    assert not any(k.endswith(".count") and number_of(f.norm) == 4 for k, f in st.facts.items())


def test_a_count_the_assistant_gives_another_number_stays_the_users_count():
    st = state_after(
        [
            ("user", "Please buy tickets to that concert. I will need 4."),
            ("assistant", "Okay. Confirming: you are buying 3 tickets for the concert on March 14th."),
        ]
    )
    counts = [f.norm for k, f in st.facts.items() if k.endswith(".count")]
    assert [number_of(v) for v in counts] == [4.0]


def test_number_of_reads_digits_and_words_and_refuses_several():
    assert number_of("4 tickets") == 4.0
    assert number_of("2 in my group") == 2.0
    assert number_of("2 or 3") is None
