"""An assistant's answer to the user's question about the thing in play describes it and replaces
none of its values (issue 12: a value replaces another only with evidence of the same attribute).
Each test feeds the real parse / extract / merge stages of a session (rules only, no model)."""

from __future__ import annotations

import pytest

from tests.core.builders import replaced, state_after

pytestmark = pytest.mark.unit


def _values(st) -> set[str]:
    return {f.value for f in st.facts.values()}


def test_an_answer_describing_the_offered_event_keeps_its_name():
    st = state_after(
        [
            ("user", "Can you find me a concert near Philadelphia?"),
            ("assistant", "I found 10 events: Blueface will be at The Fillmore Philadelphia on March 13th."),
            ("user", "What is that exactly?"),
            ("assistant", "It's a hip hop show"),
            ("user", "Ok I'm in"),
        ]
    )
    assert "Blueface" in _values(st)
    assert "Blueface" not in replaced(st)


def test_an_answer_to_a_question_on_a_service_keeps_the_offered_name():
    st = state_after(
        [
            ("user", "I would like a dentist in Sunnyvale."),
            ("assistant", "There are 10 dentists in Sunnyvale, how about Amazing Smile Dental?"),
            ("user", "What is their phone number, do they offer cosmetic services?"),
            ("assistant", "Cosmetic dental work is unavailable here, their phone number is 408-739-6520."),
        ]
    )
    assert "Amazing Smile Dental" in _values(st)
    assert "Amazing Smile Dental" not in replaced(st)


def test_another_option_asked_for_still_replaces_the_offered_name():
    st = state_after(
        [
            ("user", "I would like a dentist in Sunnyvale."),
            ("assistant", "There are 10 dentists in Sunnyvale, how about Amazing Smile Dental?"),
            ("user", "Do you have anything else?"),
            ("assistant", "In Sunnyvale, there is also Bright Smiles Dental Care."),
        ]
    )
    held = st.facts.get("dentist.name")
    offered = st.offers.get("dentist.name")
    assert "Bright Smiles Dental Care" in {f.value for f in (held, offered) if f is not None}
    assert "dentist.name_2" not in st.facts
    assert st.user_asked_idx == -1


def test_an_answer_naming_a_station_for_the_users_own_origin_replaces_nothing_and_keeps_the_key():
    st = state_after(
        [
            ("user", "Could you help me search for a bus to Sacramento, CA? I depart from SFO."),
            ("assistant", "I found 10 buses for you, one departs at 7:20 am for $22."),
            ("user", "May I know which bus station am I departing and arriving at?"),
            ("assistant", "You will travel from Salesforce Transit Center to Sacramento Valley Station."),
            ("user", "Any alternatives? I will be departing from Anaheim instead."),
        ]
    )
    assert not any(k.endswith("_2") for k in st.facts)
