"""Names the assistant offers that the recognisers used to miss or mistype (issue 12: a value the
assistant named and the user took up must be kept): a name joined by "&", a number-led name in the
position of the thing offered, and a request for "somewhere to eat" opening its own task."""

from __future__ import annotations

import pytest

from core.lang.en_domain import find_domain
from core.lang.en_names import find_names
from core.lang.en_values import addresses

pytestmark = pytest.mark.unit


def spans(text: str) -> set[str]:
    return {text[n.start : n.end] for n in find_names(text)}


def test_an_ampersand_inside_a_capitalized_name_joins_one_name():
    text = "Would you like Granville Hotel & Suites & Conference Ctr. with a 4.1 rating?"
    assert "Granville Hotel & Suites & Conference Ctr." in spans(text)


def test_an_ampersand_between_two_single_values_leaves_them_apart():
    assert "Italian & Chinese" not in spans("I want Italian & Chinese food")
    assert "Marks & Spencer" not in spans("We went to Marks & Spencer yesterday")  # no venue noun after


def test_an_ampersand_after_one_word_joins_a_name_ending_in_a_venue_noun():
    assert "Wire & Enamel Studio" in spans("Yes, Wire & Enamel Studio runs cloisonne workshops")


@pytest.mark.parametrize(
    "text",
    [
        "Would you like 45 Park Lane with 4.7 rating?",
        "Found 9 hotels, how about your opinion on 1 Hotel Central Park with rating 4.5?",
    ],
)
def test_a_number_led_name_offered_is_no_address(text: str):
    assert addresses(text) == []


def test_a_number_led_street_after_at_is_an_address():
    assert [c.value for c in addresses("You can visit them at 45 Park Lane.")] == ["45 Park Lane"]


def test_asking_for_somewhere_to_eat_opens_the_restaurant_task():
    assert find_domain("I need to find somewhere to eat.", "hotel") == "restaurant"
    assert find_domain("Is there parking at the hotel?", "hotel") == "hotel"


def test_the_domain_after_same_as_is_no_switch_back():
    assert find_domain("The same area as the hotel, please", "restaurant") is None
    assert find_domain("I need a restaurant in the same price range as the hotel", "hotel") == "restaurant"


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("How does university arms hotel sound? It is a hotel in town centre.", "university arms hotel"),
        ("I think the university arms hotel would be perfect for you.", "university arms hotel"),
        ("i recommend old schools. it is located in trinity lane.", "old schools"),
    ],
)
def test_lowercase_words_offered_in_the_position_of_a_name_are_a_name(text: str, name: str):
    assert name in spans(text)


@pytest.mark.parametrize(
    "text",
    [
        "how about cheap italian? it is nice.",
        "How about chinese food? It is popular.",
        "How does that sound?",
    ],
)
def test_a_search_or_a_pronoun_offered_is_no_name(text: str):
    assert not any(n.how == "cue" for n in find_names(text))


def test_a_preposition_opening_the_sentence_is_no_part_of_the_name():
    assert spans("Near Philadelphia please") >= {"Philadelphia"}
    assert "Near Philadelphia" not in spans("Near Philadelphia please")
    assert "The Fillmore" in spans("At The Fillmore.")


def test_an_event_with_whom_or_where_is_one_event_name():
    text = "At 4:30 pm, you have a General Practitioner appointment with Sonal Aggarwal, MD."
    assert "General Practitioner appointment with Sonal Aggarwal, MD" in spans(text)
    assert "Apartment viewing at Reed Square" in spans("You have an Apartment viewing at Reed Square.")
    assert "dentist appointment at San Francisco" not in spans("a dentist appointment at San Francisco")


def test_a_lowercase_verb_before_a_capitalized_match_is_no_part_of_it():
    text = "Banc of California Stadium is hosting Lafc Vs Atlanta United."
    assert "Lafc Vs Atlanta United" in spans(text)
    assert "hosting Lafc Vs Atlanta United" not in spans(text)
    assert "new york giants vs brewers" in spans("I want to see the new york giants vs brewers")
