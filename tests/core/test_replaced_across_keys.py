"""A value the user replaced is shown only inside its fact's "(was: ...)" marker (issue 12): the old
and the new value must land on one key when they are one attribute of one task, else neither is
marked as replaced. Each test is one phenomenon, fed through the real parse / extract / merge stages
of a session (rules only, no model)."""

from __future__ import annotations

import pytest

from tests.core.builders import replaced, state_after

pytestmark = pytest.mark.unit


def test_a_cab_then_a_ride_is_one_task_and_the_restated_head_count_replaces_the_first():
    st = state_after(
        [
            ("user", "Can you also get me a cab there?"),
            ("assistant", "For how many people?"),
            ("user", "Just 2 of us."),
            ("assistant", "Do you have a preferred type of ride, such as luxury, pool or regular?"),
            ("user", "A regular ride for 1 would be fine."),
        ]
    )
    people = [f for f in st.facts.values() if f.key.endswith(".people")]
    assert len(people) == 1, [f.key for f in people]
    assert people[0].value == "1"
    assert [v.value for v in people[0].history] == ["2 of us"]


def test_a_ride_after_a_train_still_opens_its_own_task():
    st = state_after(
        [
            ("user", "I need a train to Ely for 3 people."),
            ("assistant", "TR1234 leaves at 10:00."),
            ("user", "Also get me a ride to the station for 1."),
        ]
    )
    assert st.facts["train.people"].value == "3 people"
    assert not st.facts["train.people"].history


def test_flights_out_of_another_city_instead_replace_the_origin():
    st = state_after(
        [
            ("user", "I would like to fly out of San Francisco."),
            ("assistant", "Where would you like to fly to?"),
            ("user", "I am traveling to New Delhi."),
            ("assistant", "There is a flight on Alaska Airlines at 4:30 am."),
            ("user", "Can you find me flights out NYC instead?"),
        ]
    )
    assert st.facts["flight.origin"].value == "NYC"
    assert [v.value for v in st.facts["flight.origin"].history] == ["San Francisco"]


def test_a_held_value_the_user_says_there_is_none_of_gives_way_to_the_other_one():
    # the message names the held value under a negation beside a new one: no list of both
    st = state_after(
        [
            ("user", "I am looking for a cheap place to dine in the north. I prefer international food."),
            ("assistant", "No I am sorry there are no locations I have found."),
            ("user", "Since there is no cheap international restaurants, is there any Italian restaurants?"),
        ]
    )
    assert "Italian" in {f.value for f in st.facts.values()} and "international" in replaced(st)


def test_a_ride_asked_for_while_a_cab_is_being_booked_replaces_the_ride_type():
    # "ride" and "cab" name one service: the request restates the held type, it opens no new task
    st = state_after(
        [
            ("user", "I need a cab to 200 C Street for 3 people."),
            ("assistant", "Do you have a ride preference like Luxury or Regular?"),
            ("user", "Regular should be fine."),
            ("assistant", "Finding a Regular cab for 3 to 200 C Street. Shall I proceed?"),
            ("user", "Hold on. Can you find me a Pool ride?"),
        ]
    )
    types = {k: f for k, f in st.facts.items() if k.startswith("taxi.type")}
    assert list(types) == ["taxi.type"], list(types)
    assert types["taxi.type"].value == "Pool"
    assert "Regular" in [v.value for v in types["taxi.type"].history]


def test_a_rental_picked_up_in_another_city_replaces_the_pickup_city():
    st = state_after(
        [
            ("user", "I need a rental car from Sacramento on the 4th of March."),
            ("assistant", "There is a Honda Accord at Sacramento Valley Station."),
            ("user", "What else is there? I'd like it to be picked up in New York."),
        ]
    )
    origins = {k: f for k, f in st.facts.items() if k.endswith((".origin", ".city"))}
    assert len(origins) == 1, list(origins)
    (fact,) = origins.values()
    assert fact.value == "New York"
    assert [v.value for v in fact.history] == ["Sacramento"]


def test_the_city_to_visit_on_a_trip_is_its_destination():
    st = state_after(
        [
            ("user", "I need a bus. I want to visit Las Vegas on the 6th of March."),
            ("assistant", "Where are you leaving from?"),
            ("user", "Actually, find me a bus to Long Beach instead."),
        ]
    )
    assert st.facts["bus.destination"].value == "Long Beach"
    assert [v.value for v in st.facts["bus.destination"].history] == ["Las Vegas"]
    assert "bus.city" not in st.facts
