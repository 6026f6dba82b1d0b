"""A value said for another task never replaces the first task's value (issue 12, item 2: values not
provably the same attribute coexist). Each test is one phenomenon, fed through the real parse /
extract / merge stages of a session (rules only, no model)."""

from __future__ import annotations

import pytest

from core.lang.cues import any_language
from core.models import ContextState
from tests.core.builders import replaced, state_after

pytestmark = pytest.mark.unit


def current(state: ContextState) -> set[str]:
    """The current values of every fact."""
    return {f.value for f in state.facts.values()}


def test_a_second_intents_date_stands_beside_the_first_ones():
    # the request for a car names no value of the weather check: the car's day is another attribute
    st = state_after(
        [
            ("user", "What will the weather be like in Portland on March 12th?"),
            ("assistant", "It will be around 72 degrees with a 16 percent chance of rain."),
            ("user", "Thanks. Could you find me a car to get around there?"),
            ("assistant", "Sure. When do you need it?"),
            ("user", "I need it on the 9th of this month."),
        ]
    )
    assert {"March 12th", "the 9th of this month"} <= current(st)
    assert "March 12th" not in replaced(st)


def test_a_value_added_to_the_calendar_stands_beside_the_booked_one():
    st = state_after(
        [
            ("user", "I'd like to see a film in Berkeley later today."),
            ("assistant", "I have 1 showing at 10 pm at United Artists Berkeley 7."),
            ("user", "Okay, good. Add that to my calendar please at 9:45 pm and call it Movie night."),
        ]
    )
    assert "9:45 pm" in current(st)
    assert "10 pm" not in replaced(st)


def test_a_value_acted_on_is_replaced_only_by_a_correction():
    booked = [
        ("user", "I want 3 tickets to the concert for Saturday this week in NYC."),
        ("assistant", "I have confirmed your reservation for 3 tickets. Have fun!"),
    ]
    st = state_after([*booked, ("user", "Great. I want to leave SF on the 1st of March.")])
    assert {"Saturday this week", "the 1st of March"} <= current(st)
    assert "Saturday this week" not in replaced(st)
    st = state_after([*booked, ("user", "Actually, make it the 1st of March instead.")])
    assert "the 1st of March" in current(st) and "Saturday this week" in replaced(st)


def test_a_new_search_restating_the_same_attributes_still_replaces_them():
    st = state_after(
        [
            ("user", "Will you look for a General Practitioner in Napa?"),
            ("assistant", "Alex De Moraes, MD in Napa is a General Practitioner."),
            ("user", "Will you find an ENT Specialist in SF?"),
        ]
    )
    assert "SF" in current(st) and "Napa" in replaced(st)


def test_asking_for_another_option_opens_no_task():
    st = state_after(
        [
            ("user", "I'm looking for a dentist in Gilroy."),
            ("assistant", "I found 10 dentists in Gilroy. How about Albert Lee?"),
            ("user", "I would like to find someone else in Sunnyvale please."),
        ]
    )
    assert "Sunnyvale" in current(st) and "Gilroy" in replaced(st)


@pytest.mark.parametrize(
    ("text", "opens"),
    [
        ("Yes, could you find me a car to go there?", True),
        ("I'm also going to need a house for two.", True),
        ("I want to add this event to my calendar.", True),
        ("Now I'd like you to find me something interesting to do there.", True),
        ("另外帮我找一家酒店。", True),
        ("Yes, book it please.", False),
        ("Is there anything else?", False),
        ("Could you please try to search again for Basketball events?", False),
        ("Can you find me the address?", False),
        ("有没有别的推荐？", False),
    ],
)
def test_what_opens_a_task(text: str, opens: bool) -> None:
    assert any_language().opens_task(text) is opens


def test_the_answer_to_a_question_about_the_end_of_a_span_is_the_end_date():
    st = state_after(
        [
            ("user", "I would like a round trip flight on Monday next week from Los Angeles."),
            ("assistant", "When would you like to return?"),
            ("user", "On the 11th."),
        ]
    )
    assert st.facts["flight.date"].value == "Monday next week"
    assert st.facts["flight.end_date"].value == "the 11th"
    assert replaced(st) == set()


def test_a_date_after_another_question_still_replaces_the_held_one():
    st = state_after(
        [
            ("user", "I need a table for two on Friday."),
            ("assistant", "Which day would suit you best?"),
            ("user", "Saturday, please."),
        ]
    )
    assert "Saturday" in current(st) and "Friday" in replaced(st)


def test_an_offer_for_a_task_asked_after_the_users_value_never_replaces_it_on_a_yes():
    st = state_after(
        [
            ("user", "I'm looking for a place to stay on the east side of town."),
            ("assistant", "Alright, how about the Allenbell? It also offers free parking!"),
            ("user", "Ok sounds good. Please book it for 2 people on Wednesday."),
            ("assistant", "Booking was successful. Reference number is 5RBC7LKE."),
            ("user", "Thanks! I'm also looking for a place to go near that hotel."),
            ("assistant", "How about the Cambridge Artworks? It is free to enter."),
            ("user", "Yeah, that sounds good. Do you have an address?"),
        ]
    )
    assert {"the Allenbell", "the Cambridge Artworks"} <= current(st)
    assert "the Allenbell" not in replaced(st)


def test_a_correction_said_before_the_request_for_a_new_task_is_the_task_in_plays():
    st = state_after(
        [
            ("user", "I'm looking for an Italian restaurant in the centre."),
            ("assistant", "Clowns Cafe is an expensive Italian place in the centre."),
            ("user", "Please book a table for 7 at 14:15 on friday."),
            ("assistant", "I'm sorry, 14:15 is not available."),
            ("user", "What about for 13:15 instead? I'm also looking to book a train on Saturday."),
        ]
    )
    assert "13:15" in current(st) and "14:15" in replaced(st)


def test_a_correction_naming_the_domain_replaces_a_value_of_an_earlier_task():
    st = state_after(
        [
            ("user", "I need a table for 2 at a Thai restaurant at 12:15 pm."),
            ("assistant", "I have booked your table at 12:15 pm. Reference ABC123."),
            ("user", "Thanks. I also need a taxi to the airport."),
            ("assistant", "What time should it pick you up?"),
            ("user", "Sorry, make the restaurant booking for 1 pm instead."),
        ]
    )
    assert st.facts["restaurant.time"].value == "1 pm"
    assert "12:15 pm" in replaced(st)


def test_naming_the_domain_of_a_search_still_open_refines_it():
    # the assistant asked about the search; the user narrows it in a request naming its domain
    # again: the same search, so the later area replaces the first one
    st = state_after(
        [
            ("user", "I am looking for an expensive restaurant in the centre part of town."),
            ("assistant", "There are 33 different options. What type of cuisine are you looking to try?"),
            ("user", "I am looking for an Indian restaurant."),
            ("assistant", "I have 6 options available, would you like a recommendation for one?"),
            ("user", "I'm actually thinking of the west side. Any expensive Indian restaurants there?"),
        ]
    )
    assert "west side" in current(st) and "centre" in replaced(st)


def test_a_request_pointing_at_another_domain_still_refines_the_open_search():
    st = state_after(
        [
            ("user", "Can you tell me about thai restaurants in the west?"),
            ("assistant", "Sala thong is a thai restaurant on the west side."),
            ("user", "Thanks. I need to book an expensive hotel that has free wifi, can you help me?"),
            ("assistant", "I've got 5 hotels. Is there a particular part of town you were interested in?"),
            ("user", "I am looking for a guesthouse in the same area as the restaurant."),
        ]
    )
    assert "guesthouse" in current(st) and "hotel" in replaced(st)


def test_a_search_of_the_same_domain_after_the_first_was_closed_is_a_new_task():
    # the user declined the offer and the assistant asked nothing about the search: a new one
    st = state_after(
        [
            ("user", "I'd like to watch an imax movie around there."),
            ("assistant", "Sure. How does Ash Is Purest White, Dumbo, or Gloria Bell sound?"),
            ("user", "Gloria Bell would be perfect"),
            ("assistant", "Okay. Would you like to purchase tickets?"),
            ("user", "No, not right now."),
            ("assistant", "Sure. Is there anything else I can help you with?"),
            ("user", "I'd like to find a Romance movie to watch online."),
            ("assistant", "I found 5 movies. Would you like After, Pillow Talk, or Say Anything?"),
            ("user", "Say Anything sounds great."),
        ]
    )
    assert "Gloria Bell" not in replaced(st)


def test_a_value_said_before_its_domain_was_known_is_replaced_by_that_domains_value():
    st = state_after(
        [
            ("user", "Can I get a good place for Afternoon tea in the westside?"),
            ("assistant", "I haven't found anything. Are you interested in a specific cuisine?"),
            ("user", "What about a thai restaurant?"),
        ]
    )
    assert "thai" in current(st) and "Afternoon tea" in replaced(st)


def test_a_value_said_before_another_domain_came_up_is_not_taken_over():
    # a hotel was talked about in between: the general value is no attribute of the restaurant
    st = state_after(
        [
            ("user", "Can I get a good place for Afternoon tea in the westside?"),
            ("assistant", "I haven't found anything. Anything else?"),
            ("user", "I need a cheap hotel in the north."),
            ("assistant", "The Acorn is a cheap hotel in the north."),
            ("user", "Thanks. What about a thai restaurant?"),
        ]
    )
    assert "Afternoon tea" not in replaced(st)


def test_a_general_value_is_not_taken_over_once_its_domain_was_known():
    # the order went on (address, budget) before "vegans are 2 people": a count of another group
    st = state_after(
        [
            ("user", "order pizza for the team, we're 8 people working late"),
            ("assistant", "Happy to. Delivery address?"),
            ("user", "Orbit Labs, 3rd floor, 140 Harbour St"),
            ("assistant", "Any dietary needs in the team?"),
            ("user", "two vegans, one gluten free, rest eat anything."),
            ("assistant", "Noted: 2 vegan, 1 gluten-free. Budget?"),
            ("user", "company pays, up to 150"),
            ("assistant", "Napoli Express. Suggested: 1 vegan veggie supreme, 2 pepperoni."),
            ("user", "vegans are 2 people, one pizza is not enough. make it 2 vegan and 1 pepperoni"),
        ]
    )
    assert "8 people" not in replaced(st)
