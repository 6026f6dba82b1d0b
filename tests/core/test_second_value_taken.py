"""A user's second value for an attribute, kept beside the first as ``key_2``, replaces the first
when the user agrees to the assistant's read-back of it and the first value was never acted on
(issue 12, item 2: a value replaces another only with evidence; an old value shown unmarked
misleads the model as much as a current one shown replaced). Each test feeds the real parse /
extract / merge stages of a session (rules only, no model)."""

from __future__ import annotations

import pytest

from core.config import Config
from core.render import render
from tests.core.builders import state_after

pytestmark = pytest.mark.unit

_SEARCH = [
    ("user", "Can you find me some concerts?"),
    ("assistant", "What city should I check?"),
    ("user", "I am looking in Denver"),
    ("assistant", "What kind of events do you like?"),
]


def _cities(st):
    return {k: f for k, f in st.facts.items() if k.startswith("event.city")}


def test_the_second_city_read_back_and_agreed_replaces_the_first():
    st = state_after(
        [
            *_SEARCH,
            ("user", "I like jazz. I am also looking for events in Boston"),
            ("assistant", "I found 4 events. One is tomorrow, The Quartet is at the Blue Hall"),
            ("user", "Sounds good, I need two tickets"),
            ("assistant", "Just to confirm, you need 2 tickets for The Quartet tomorrow in Boston?"),
            ("user", "Yes, that is correct"),
        ]
    )
    cities = _cities(st)
    assert list(cities) == ["event.city"]
    assert cities["event.city"].value == "Boston"
    assert [v.value for v in cities["event.city"].history] == ["Denver"]
    text = render(st, [], Config(use_embeddings=False), tokens_in=10_000).text
    assert "(was: Denver)" in text
    assert "Boston" in text


def test_the_second_city_stands_beside_the_first_without_the_users_yes():
    st = state_after(
        [
            *_SEARCH,
            ("user", "I like jazz. I am also looking for events in Boston"),
            ("assistant", "I found 4 events. One is tomorrow, The Quartet is at the Blue Hall"),
        ]
    )
    cities = _cities(st)
    assert cities["event.city"].value == "Denver"
    assert cities["event.city"].history == []
    assert cities["event.city_2"].value == "Boston"


def test_a_first_city_already_booked_stands_beside_the_second():
    st = state_after(
        [
            ("user", "Can you find me some concerts in Denver?"),
            ("assistant", "I found 4 events. One is tomorrow, The Quartet is at the Blue Hall"),
            ("user", "Great, I need two tickets"),
            ("assistant", "Just to confirm, you need 2 tickets for The Quartet tomorrow in Denver?"),
            ("user", "Yes, that is correct"),
            ("assistant", "Your reservation is confirmed."),
            ("user", "I am also looking for events in Boston"),
            ("assistant", "I found The Trio on Friday at the Red Hall"),
            ("user", "Great, I need two tickets"),
            ("assistant", "Just to confirm, you need 2 tickets for The Trio on Friday in Boston?"),
            ("user", "Yes, that is correct"),
        ]
    )
    cities = _cities(st)
    assert cities["event.city"].value == "Denver"
    assert cities["event.city"].history == []
    assert cities["event.city_2"].value == "Boston"


_STAY = [
    ("user", "I need a guesthouse in the north for 4 nights starting Friday."),
    ("assistant", "I could not book 4 nights. Would you like a shorter stay?"),
    ("user", "Try 2 nights please."),
    ("assistant", "Booking was successful. Reference number is AB12CD34."),
    ("user", "Please cancel that. Let's start over: a cheap place in the north for 4 nights from Friday."),
    ("assistant", "Sorry, nothing is available for 4 nights."),
]


def test_the_held_value_restated_for_the_task_in_play_replaces_the_later_one():
    st = state_after([*_STAY, ("user", "Would you please try for just 2 nights then?")])
    nights = {k: f for k, f in st.facts.items() if k.startswith("hotel.nights")}
    assert list(nights) == ["hotel.nights"]
    assert nights["hotel.nights"].value == "2 nights"
    assert nights["hotel.nights"].history[-1].value == "4 nights"
    text = render(st, [], Config(use_embeddings=False), tokens_in=10_000).text
    assert "nights=2 nights (was: 4 nights)" in text
    assert "nights_2" not in text


def test_the_later_value_stands_until_the_held_one_is_restated():
    st = state_after(_STAY)
    assert st.facts["hotel.nights"].value == "2 nights"
    assert st.facts["hotel.nights_2"].value == "4 nights"


def _stay_booked(second_turn: str):
    return state_after(
        [
            (
                "user",
                "I need a hotel room at the Green Lodge. "
                "Please book it for 3 nights from Monday for two people.",
            ),
            ("assistant", second_turn),
            ("user", "Is it available for a single night stay?"),
            ("assistant", "Yes. I have booked your reservation for one night. Reference number: XY12AB34."),
            ("user", "Great, thank you."),
        ]
    )


def test_a_booking_made_with_another_value_after_a_failure_replaces_the_users_value():
    st = _stay_booked(
        "I'm sorry, there are no vacancies for your requested time. Would you like a shorter stay?"
    )
    assert st.facts["hotel.nights"].value == "one night"
    assert [v.value for v in st.facts["hotel.nights"].history] == ["3 nights"]
    assert "hotel.nights_agreed" not in st.facts


def test_a_booking_made_with_another_value_without_a_failure_keeps_both():
    st = _stay_booked("Would you like breakfast included?")
    assert st.facts["hotel.nights"].value == "3 nights"
    assert st.facts["hotel.nights"].history == []
    assert st.facts["hotel.nights_agreed"].value == "one night"


def test_a_second_date_offered_beside_the_first_never_replaces_it():
    # the assistant set the two days side by side (measure next Monday, in time for the 2nd): the
    # user's yes to the Monday read-back takes the measuring day, the moving-in day stands
    st = state_after(
        [
            ("user", "安装需要几天？我们1月2号要搬进去"),
            ("assistant", "测量后大约10天到货，安装半天。如果下周一测量，12月底前能装好，赶得上1月2日。"),
            ("user", "下周一可以，下午"),
            ("assistant", "好的，下周一（12月21日）下午2点上门测量。地址？"),
            ("user", "大连市甘井子区凌水街道小平岛路1号 海韵别墅 23栋"),
            ("assistant", "好的。请问您怎么称呼？"),
            ("user", "山田健一。岳父姓于，于文海"),
            ("assistant", "山田先生您好，使用人于文海。电话？"),
            ("user", "186 4095 3317。请发短信，我听电话有困难"),
        ]
    )
    assert "1月2号" in {f.value for f in st.facts.values()}
    assert "1月2号" not in {h.value for f in st.facts.values() for h in f.history}
