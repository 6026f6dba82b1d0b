"""An assistant value the user accepts right after the user said no to or corrected what came before
replaces the user's older value (issue 12: a replaced value is shown only in its "(was: ...)" marker).
Without the change turn, an accepted value still stands beside the user's (no evidence it replaces it).
Each test feeds the real parse / extract / merge stages of a session (rules only, no model)."""

from __future__ import annotations

import pytest

from core.models import ContextState
from tests.core.builders import state_after

pytestmark = pytest.mark.unit


def values(state: ContextState, key: str) -> tuple[str | None, list[str]]:
    """The current value of key and its replaced values."""
    fact = state.facts.get(key)
    return (fact.value, [v.value for v in fact.history]) if fact else (None, [])


def keys_holding(state: ContextState, value: str) -> list[str]:
    """The keys of the facts whose current value is value."""
    return [k for k, f in state.facts.items() if f.value == value]


def test_a_no_then_the_offered_value_accepted_replaces_the_users_value():
    st = state_after(
        [
            ("user", "Sure, cast it to my bedroom speaker."),
            ("assistant", "Okay, please confirm that you'd like to play it on bedroom speaker."),
            ("user", "No, play it on the display."),
            ("assistant", "Okay, I'll play it on the kitchen speaker."),
            ("user", "That's perfect, thanks."),
        ]
    )
    (key,) = keys_holding(st, "kitchen speaker")
    assert values(st, key) == ("kitchen speaker", ["bedroom speaker"])


def test_the_same_offer_accepted_without_a_change_stands_beside_the_users_value():
    st = state_after(
        [
            ("user", "Sure, cast it to my bedroom speaker."),
            ("assistant", "Okay, I'll play it on the kitchen speaker."),
            ("user", "That's perfect, thanks."),
        ]
    )
    (key,) = keys_holding(st, "bedroom speaker")
    assert values(st, key) == ("bedroom speaker", [])


def test_an_answer_to_the_users_question_about_the_slot_is_no_change():
    st = state_after(
        [
            ("user", "I want a cheap restaurant in the centre."),
            ("assistant", "The Kohinoor matches your search. Would you like me to book it?"),
            ("user", "Actually I will call them, could you confirm the price range please?"),
            ("assistant", "It's an expensive restaurant."),
            ("user", "Yes. Thanks for all your help!"),
        ]
    )
    (key,) = keys_holding(st, "cheap")
    assert values(st, key) == ("cheap", [])


def test_a_no_to_a_turn_that_did_not_read_the_value_back_changes_nothing_of_it():
    st = state_after(
        [
            ("user", "Sure, cast it to my bedroom speaker."),
            ("assistant", "Done. Anything else?"),
            ("user", "What genre is it?"),
            ("assistant", "It's a rock song. Should I turn the volume up too?"),
            ("user", "No, leave it as it is."),
            ("assistant", "Okay, I'll play it on the kitchen speaker."),
            ("user", "That's perfect, thanks."),
        ]
    )
    (key,) = keys_holding(st, "bedroom speaker")
    assert values(st, key) == ("bedroom speaker", [])


def test_an_offer_made_where_none_of_the_users_kind_was_found_replaces_it_when_accepted():
    # "I don't have any hotels but ... a guesthouse": offered in place of the user's type
    st = state_after(
        [
            ("user", "I need a hotel in the north with free wifi, 4 stars."),
            ("assistant", "What price range would you like?"),
            ("user", "Something cheap please."),
            ("assistant", "I don't have any hotels but I do have Worth House, a cheap 4 star guesthouse."),
            ("user", "Sure that works for me!"),
        ]
    )
    assert values(st, "hotel.type") == ("guesthouse", ["hotel"])
    assert "hotel.type_agreed" not in st.facts


def _reworded_read_back(*closing: tuple[str, str]) -> ContextState:
    # the user's value said two exchanges before the change, read back in other words ("San
    # Francisco" for "Frisco"); the no names a value of another key (a destination)
    return state_after(
        [
            ("user", "I want to get a house."),
            ("assistant", "Which city would you like the house in?"),
            ("user", "I want the house in Frisco."),
            ("assistant", "How many people are in your group?"),
            ("user", "There are 2 of us."),
            ("assistant", "Please confirm: a house in San Francisco for 2 people."),
            *closing,
        ]
    )


def test_a_no_to_a_reworded_read_back_then_the_offer_accepted_replaces_the_users_value():
    st = _reworded_read_back(
        ("user", "No, I am travelling to JFK."),
        ("assistant", "Please confirm: location is New York."),
        ("user", "Yes, that works."),
    )
    assert values(st, "home.city") == ("New York", ["Frisco"])


def test_a_yes_to_a_reworded_read_back_replaces_nothing():
    st = _reworded_read_back(("user", "Yes, that works."))
    assert values(st, "home.city")[1] == []


def test_the_same_rewording_read_back_again_after_the_no_replaces_nothing():
    # the no was about another value; the assistant reads the city back in the same words again
    st = _reworded_read_back(
        ("user", "No, make it 3 people."),
        ("assistant", "Please confirm: a house in San Francisco for 3 people."),
        ("user", "Yes, that works."),
    )
    assert values(st, "home.city") == ("Frisco", [])
