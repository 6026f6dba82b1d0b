"""Values whose frame says what they are (issue 12): an address is no venue name, a value of a
declined action is no new value, a thing a clause measures against names no new domain."""

from __future__ import annotations

import pytest

from core.lang.en import EnglishAnalyzer
from core.lang.zh import ChineseAnalyzer
from tests.core.builders import state_after

pytestmark = pytest.mark.unit

EN = EnglishAnalyzer()


def _typed(text: str) -> dict[str, str]:
    return {e.text: e.type for e in EN.entities(text, None)}


def test_a_span_opening_with_a_street_address_is_an_address_not_a_name():
    found = _typed("Yes of course their address is 35 Newnham Road Newnham and the phone is 01223323178.")
    assert found.get("35 Newnham Road Newnham") == "address"


def test_what_follows_address_is_is_an_address_whatever_its_shape():
    found = _typed("It's address is cambridge leisure park clifton way cherry hinton.")
    assert "name" not in found.values()
    assert found.get("cambridge leisure park") == "address"


def test_an_address_the_assistant_gives_does_not_replace_the_venue_it_offered():
    state = state_after(
        [
            ("user", "What about a thai restaurant in the west?"),
            ("assistant", "In the west, I have Sala Thong. It's an expensive place."),
            ("user", "Can I just have the address?"),
            ("assistant", "Yes of course their address is 35 Newnham Road Newnham."),
        ]
    )
    assert state.facts["restaurant.name"].value == "Sala Thong"


@pytest.mark.parametrize(
    ("text", "value", "declined"),
    [
        ("On second thought, I don't want to book it today.", "today", True),
        ("I won't need the taxi at 5pm", "5pm", True),
        ("I don't want to leave before 9am", "9am", False),
        ("I don't need it until friday", "friday", False),
        ("Please book it for friday", "friday", False),
    ],
)
def test_a_value_qualifying_a_declined_action_is_declined(text: str, value: str, declined: bool):
    start = text.find(value)
    assert EN.declined_value(text, start, start + len(value)) is declined


def test_a_chinese_value_before_a_declined_action_is_declined():
    zh = ChineseAnalyzer()
    assert zh.declined_value("今天不订了", 0, 2) is True
    assert zh.declined_value("今天订吧", 0, 2) is False


def test_a_declined_booking_day_does_not_replace_the_day_the_user_gave():
    state = state_after(
        [
            ("user", "Please book the hotel for 4 people starting on Friday."),
            ("assistant", "Sure, for 4 people starting on Friday?"),
            ("user", "On second thought, I don't want to book it today."),
        ]
    )
    assert state.facts["hotel.date"].value == "Friday"


@pytest.mark.parametrize(
    ("text", "domain"),
    [
        ("I would like something close to the restaurant.", None),
        ("Could you find something near our hotel?", None),
        ("I want to find a place to go in the same area of the restaurant.", "attraction"),
    ],
)
def test_a_domain_named_as_a_reference_point_is_not_the_clause_domain(text: str, domain: str | None):
    assert EN.domain(text, "attraction") == domain


def test_a_place_to_go_opens_a_sightseeing_task_and_an_inn_is_lodging():
    assert EN.domain("I would also like to find a place to go in town.", "restaurant") == "attraction"
    assert EN.domain("Can you find the postcode for the Holiday Inn Cambridge?", "restaurant") == "hotel"


def test_a_city_and_its_lowercase_centre_are_a_city_and_an_area_not_a_venue():
    found = _typed("I need a nice expensive restaurant located in the Cambridge centre.")
    assert found.get("Cambridge") == "place"
    assert found.get("centre") == "term"
    assert "name" not in found.values()
    assert _typed("Meet me at the Lincoln Center.").get("the Lincoln Center") == "name"


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Old schools is in town centre located at trinity lane and has free entrance.", "Old schools"),
        ("I have the ask located at 12 Bridge street city centre.", "ask"),
        ("parkside pools is located in the centre.", "parkside pools"),
    ],
)
def test_the_thing_a_location_frame_places_is_a_name(text: str, name: str):
    assert _typed(text).get(name) == "name"


@pytest.mark.parametrize(
    "text",
    [
        "The venue is located at 2891 University Avenue and starts at 7:30 pm.",
        "The hotel is located in the north.",
        "It is in the centre.",
        "Everything is in the centre.",
    ],
)
def test_a_description_or_pronoun_before_a_location_frame_names_nothing(text: str):
    assert "name" not in _typed(text).values()


def test_an_offered_number_led_name_stays_a_name():
    assert _typed("Would you like 45 Park Lane with 4.7 rating?").get("45 Park Lane") == "name"


def test_a_lead_in_that_found_its_thing_keeps_its_area_when_another_task_names_one():
    state = state_after(
        [
            ("user", "i am looking for a swimmingpool in Cambridge"),
            ("assistant", "We have four public pools in cambridge, do you have a preference on area?"),
            ("user", "No. Which one is best?"),
            ("assistant", "parkside pools is located in the centre."),
            ("user", "That will work, but I would like to stay in the north, are there any guesthouses?"),
        ]
    )
    assert state.facts["general.area"].value == "centre"
    assert state.facts["hotel.area"].value == "north"
    assert state.facts["hotel.area"].history == []


def test_a_business_form_suffix_is_part_of_the_venue_name():
    found = _typed("I can book you with scudamores punting co located in the centre area.")
    assert found.get("scudamores punting co") == "name"


@pytest.mark.parametrize(
    ("text", "current", "domain"),
    [
        ("Oh yes, I need a taxi from the hotel to get to the cinema.", "hotel", "taxi"),
        ("I want to leave the hotel by 3:30.", "taxi", None),
        ("I need a table at the restaurant", "hotel", "restaurant"),
    ],
)
def test_a_known_thing_a_trip_starts_or_ends_at_names_no_domain(text: str, current: str, domain: str | None):
    assert EN.domain(text, current) == domain
