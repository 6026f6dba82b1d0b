"""A time the assistant proposes in place of the user's, taken by the user, replaces the user's time
(issue 12, item 2: an offer taken is evidence of the same attribute), also when the alternative is
said after the statement that the user's time cannot be had ("only one space left. The 2pm session
has five.") and repeated in the read-back before the user's yes. Real parse / extract / merge stages."""

from __future__ import annotations

import pytest

from tests.core.builders import state_after

pytestmark = pytest.mark.unit


def _time(turns: list[tuple[str, str]]) -> tuple[str, list[str], list[str]]:
    st = state_after(turns)
    fact = st.facts["general.time"]
    agreed = [f.value for k, f in st.facts.items() if k.startswith("general.time_")]
    return fact.value, [v.value for v in fact.history], agreed


def test_an_alternative_said_beside_why_the_users_time_cannot_be_had_replaces_it_when_taken():
    turns = [
        ("user", "Hiya, we want to book the tufting class for the two of us."),
        ("assistant", "Lovely. Which day?"),
        ("user", "next Saturday, in the morning, like 10am?"),
        (
            "assistant",
            "The morning session on Saturday 23 January has only one space left. The 2pm session has five.",
        ),
        ("user", "ok"),
    ]
    assert _time(turns) == ("2pm", ["10am"], [])


def test_the_alternative_read_back_again_before_the_yes_is_still_the_alternative():
    turns = [
        ("user", "We want to book the tufting class for two, next Saturday at 10am."),
        ("assistant", "The 10am session has only one space left. Would 2pm work for you both?"),
        ("user", "hmm let me ask her"),
        ("assistant", "Sure. 2pm on Saturday 23 January for two, then?"),
        ("user", "yes please"),
    ]
    assert _time(turns) == ("2pm", ["10am"], [])


def test_a_time_the_assistant_merely_reads_back_stands_beside_the_users_when_taken():
    # no statement that 10am cannot be had: the assistant's 2pm is no evidence it replaces the user's
    turns = [
        ("user", "We want to book the tufting class for two, next Saturday at 10am."),
        ("assistant", "The class runs from 10am. We also have a session at 2pm."),
        ("user", "ok"),
    ]
    value, history, _ = _time(turns)
    assert (value, history) == ("10am", [])
