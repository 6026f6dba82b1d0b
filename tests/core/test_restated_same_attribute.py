"""A value the user restates for the attribute in play lands on the held value's key, so the held one
is shown only as replaced (issue 12): the same device said the other way round ("the speaker in my
bedroom" for a "kitchen speaker"), and one's own calendar entries called "events" ("what events do I
have scheduled on ..."). Each test feeds the real parse / extract / merge stages (rules only)."""

from __future__ import annotations

import pytest

from core.lang.en_domain import find_domain
from tests.core.builders import state_after

pytestmark = pytest.mark.unit


def test_a_device_in_a_room_is_the_room_device() -> None:
    st = state_after(
        [
            ("user", "Play Sucker please."),
            ("assistant", "Sure, Sucker will play on the kitchen speaker."),
            ("user", "Sorry, actually can you play it on the speaker in my bedroom?"),
        ]
    )
    (item,) = [f for k, f in st.facts.items() if k.endswith(".item")]
    assert item.norm == "bedroom speaker"
    assert [v.value for v in item.history] == ["kitchen speaker"]


@pytest.mark.parametrize(
    "text",
    [
        "Can you see if there are other events scheduled for the 14th?",
        "What events do I have scheduled on March 1st?",
        "Could you tell me what I have scheduled on the 13th?",
    ],
)
def test_events_one_has_scheduled_are_the_calendars(text: str) -> None:
    assert find_domain(text, "calendar") == "calendar"


def test_a_public_event_search_stays_an_event() -> None:
    assert find_domain("Are there any concerts in NYC next week?", "calendar") == "event"
    assert find_domain("Are there any events scheduled in NYC next week?", "event") == "event"


def test_another_day_of_the_calendar_replaces_the_day_looked_up() -> None:
    st = state_after(
        [
            ("user", "I want to see the events I have planned on my calendar for March 3rd."),
            ("assistant", "You have a General Practitioner appointment at 10 am."),
            ("user", "Can you see if there are other events scheduled for the 14th?"),
        ]
    )
    dates = {k: f for k, f in st.facts.items() if k.endswith(".date")}
    assert list(dates) == ["calendar.date"], list(dates)
    assert dates["calendar.date"].value == "the 14th"
    assert [v.value for v in dates["calendar.date"].history] == ["March 3rd"]


def test_the_city_gone_to_for_an_event_is_the_events_city() -> None:
    # an event stays at one place: the city the user goes to is its city, which "events in LAX"
    # restates; a trip keeps its destination
    st = state_after(
        [
            ("user", "I'm looking for a concert. I'd like to go to Philly."),
            ("assistant", "There are 3 concerts there."),
            ("user", "Actually, could you search for concerts in and around LAX?"),
        ]
    )
    cities = {k: f for k, f in st.facts.items() if k.endswith((".city", ".destination"))}
    assert list(cities) == ["event.city"], list(cities)
    assert cities["event.city"].value == "LAX"
    assert [v.value for v in cities["event.city"].history] == ["Philly"]


def test_a_trip_keeps_its_destination() -> None:
    st = state_after([("user", "I need a bus to Philly on Monday.")])
    assert st.facts["bus.destination"].value == "Philly"


def test_asking_for_the_reference_number_too_opens_no_task() -> None:
    # "I need the reference number as well" asks a detail of the booking in play: a later restated
    # stay replaces the first one instead of standing beside it as another task's
    st = state_after(
        [
            ("user", "I need a cheap guesthouse in the east for 4 nights starting Wednesday."),
            ("assistant", "The guesthouses there are Allenbell, Autumn House, and Leverton House."),
            ("user", "Sure. Book Allenbell. I need the reference number as well."),
            ("assistant", "I was unable to book Allenbell. Would you like me to try 3 nights instead?"),
            ("user", "Could you try 2 nights please?"),
        ]
    )
    nights = {k: f for k, f in st.facts.items() if ".nights" in k}
    assert list(nights) == ["hotel.nights"], list(nights)
    assert nights["hotel.nights"].value == "2 nights"
    assert [v.value for v in nights["hotel.nights"].history] == ["4 nights"]


@pytest.mark.parametrize(
    ("text", "opens"),
    [
        ("Can I also get their phone number and postcode?", False),
        ("I need the reference number as well.", False),
        ("Also, I need a taxi, will need the phone and car type.", True),
        ("I also need a restaurant in the moderate price range.", True),
    ],
)
def test_a_detail_of_the_thing_in_play_is_no_new_task(text: str, opens: bool) -> None:
    from core.lang.en_cues import opens_task

    assert opens_task(text) is opens


def test_a_read_back_to_confirm_reports_nothing_done() -> None:
    # "Please confirm: ... is scheduled on March 8th" asks; the booking failed, so the user's next
    # time replaces the first one instead of standing beside a value acted on
    st = state_after(
        [
            ("user", "I want a half past 10 in the morning appointment at 1512 barber shop next friday."),
            ("assistant", "Please confirm: a 10:30 am appointment at 1512 barber shop is scheduled on May 8"),
            ("user", "Correct."),
            ("assistant", "Sorry, this appointment could not be complete. Anything else you'd like?"),
            ("user", "Try it for 5 pm."),
        ]
    )
    times = {k: f for k, f in st.facts.items() if ".time" in k}
    assert len(times) == 1, list(times)
    (time,) = times.values()
    assert time.value == "5 pm"
    assert [v.value for v in time.history] == ["half past 10 in the morning"]


def test_the_same_area_that_the_restaurant_was_booked_for_keeps_the_attraction_search() -> None:
    # the domain after "the same area that I booked the restaurant for" is where the value comes from
    assert find_domain("In the centre, the same area that I booked the restaurant for.", "attraction") is None
    st = state_after(
        [
            ("user", "I wonder if there are any entertainment attractions nearby."),
            ("assistant", "Where would you like it to be?"),
            ("user", "In the town centre, the same area that I booked the restaurant for."),
            ("assistant", "I'm sorry, I don't see any entertainment attractions in that area of town."),
            ("user", "Can you search for a college?"),
        ]
    )
    types = {k: f for k, f in st.facts.items() if k.endswith(".type")}
    assert list(types) == ["attraction.type"], list(types)
    assert types["attraction.type"].value == "college"
    assert [v.value for v in types["attraction.type"].history] == ["entertainment"]
