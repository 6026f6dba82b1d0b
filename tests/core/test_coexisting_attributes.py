"""Values of two attributes coexist (issue 12): a value replaces another only when it is provably the
same attribute. Each test is one phenomenon, fed through the real parse / extract / merge stages of a
session (rules only, no model)."""

from __future__ import annotations

import pytest

from tests.core.builders import state_after

pytestmark = pytest.mark.unit


def test_the_album_asked_for_stands_beside_the_song_picked_from_it():
    st = state_after(
        [
            ("user", "I like All That Remains. Anything from the Madness album?"),
            ("assistant", "How about The Thunder Rolls from the Madness album by All That Remains?"),
            ("user", "Nice, sounds perfect."),
        ]
    )
    albums = [f for f in st.facts.values() if "madness" in f.value.lower()]
    assert albums and all(not f.history and f.key.endswith(".album") for f in albums)
    assert not any("madness" in v.value.lower() for f in st.facts.values() for v in f.history)


def test_a_film_picked_never_replaces_the_theater_the_search_was_placed_at():
    st = state_after(
        [
            ("user", "Find an imax movie at Opera Plaza."),
            ("assistant", "I found 1: Gloria Bell."),
            ("user", "Gloria Bell is ok."),
        ]
    )
    assert st.facts["movie.name"].value == "Opera Plaza"
    assert not st.facts["movie.name"].history
    assert st.facts["movie.title"].value == "Gloria Bell"


def test_a_genre_narrows_the_kind_of_event_without_replacing_it():
    st = state_after(
        [
            ("user", "Can you find me something to do in New York? I prefer Music events."),
            ("assistant", "What kind of music do you like?"),
            ("user", "Classical, please."),
        ]
    )
    kinds = {k.split(".")[-1]: f for k, f in st.facts.items() if f.value.lower() in {"music", "classical"}}
    assert set(kinds) == {"category", "genre"}
    assert not any(f.history for f in kinds.values())


def test_every_name_of_a_list_placed_at_is_a_venue_not_the_works_title():
    st = state_after(
        [
            ("user", "Find me a movie in Berkeley."),
            ("assistant", "How about Dumbo? It's at Stern Auditorium / Perelman Stage on March 3rd."),
        ]
    )
    assert st.facts["movie.title"].value == "Dumbo"
    assert "Perelman Stage" in st.facts["movie.name"].value


def test_a_venue_offered_for_the_users_city_stands_beside_it_when_accepted():
    # a city and a venue are values of different types: no evidence the venue replaces the city
    st = state_after(
        [
            ("user", "I need a rental car. I want to pick it up at Sacramento, CA on the 8th of March."),
            ("assistant", "How about a Standard Accord for pickup on March 8th at SMF Airport?"),
            ("user", "That sounds good. Please book the car."),
        ]
    )
    assert st.facts["car_rental.origin"].value == "Sacramento, CA"
    assert not st.facts["car_rental.origin"].history
    assert st.facts["car_rental.origin_agreed"].value == "SMF Airport"


def test_a_found_rating_stands_beside_the_rating_the_user_asked_to_reach():
    # 达到5分 ("reaching 5") is a bound of the search: the 4.7 of the restaurant found never replaces it
    st = state_after(
        [
            ("user", "我想找一个餐馆用餐，最好评分达到5分，有推荐的吗？"),
            ("assistant", "推荐大德祥老北京炸酱面大王(兴隆街店)，评分4.7分。"),
            ("user", "好的，就这家吧。"),
        ]
    )
    assert st.facts["restaurant.rating"].value == "5分"
    assert st.facts["restaurant.rating"].bound
    assert not st.facts["restaurant.rating"].history


def test_that_gallery_points_at_the_gallery_named_not_a_new_kind_of_attraction():
    st = state_after(
        [
            ("user", "Yeah, I'd like to find a museum attraction to go to in town."),
            ("assistant", "I recommend Broughton House Gallery. It's the only museum in the Center."),
            ("user", "Could you please provide me the address for that Gallery?"),
        ]
    )
    assert st.facts["attraction.type"].value == "museum"
    assert not st.facts["attraction.type"].history
