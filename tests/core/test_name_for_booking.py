"""An assistant asking whom a booking is held for ("Name for the booking?", "What name should I put it
under?") asks for a person: the name that answers it is the booking's person, and never replaces the
thing the user named before (their car, a venue) in the bare name slot. Real stages, rules only."""

from __future__ import annotations

import pytest

from core.lang.en_attributes import asked_attribute
from tests.core.builders import replaced, state_after

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(
    "question",
    ["Our waiting room has wifi. Name for the booking?", "What name should I put it under?",
     "And the name on the reservation?", "Afternoon, after 1. Name?", "Names, please?", "Can I get a name?"],
)
def test_a_question_for_the_bookings_name_asks_for_a_person(question: str) -> None:
    assert asked_attribute(question) == "person"


@pytest.mark.parametrize("question", ["What's the name of the hotel?", "Is that name right?"])
def test_a_question_about_a_things_name_asks_for_no_person(question: str) -> None:
    assert asked_attribute(question) != "person"


@pytest.mark.parametrize("question", ["好的，请问怎么称呼？", "您贵姓？", "联系人是哪位？"])
def test_a_chinese_question_for_how_to_address_the_user_asks_for_a_person(question: str) -> None:
    from core.lang.zh_attributes import asked_attribute as zh_asked_attribute

    assert zh_asked_attribute(question) == "person"


@pytest.mark.parametrize("question", ["营业执照上的名字是什么？", "公司的名字是什么？", "执照名字叫什么？"])
def test_a_chinese_question_for_a_licences_or_companys_name_asks_for_no_person(question: str) -> None:
    # "营业执照上的名字" keyed the shop "柳州市鱼峰区小燕螺蛳粉店" as a person, which the owner's name
    # "覃小燕" then showed replaced
    from core.lang.zh_attributes import asked_attribute as zh_asked_attribute

    assert zh_asked_attribute(question) != "person"


def test_a_chinese_name_of_a_venues_form_after_a_name_cue_is_no_person() -> None:
    from core.lang.zh_entities import entities_of

    found = entities_of("执照名字叫柳州市鱼峰区小燕螺蛳粉店", None)
    assert [(e.text, e.slot) for e in found if e.type == "name"] == [("柳州市鱼峰区小燕螺蛳粉店", "name")]
    person = [(e.text, e.slot) for e in entities_of("名字叫李明", None) if e.type == "name"]
    assert person == [("李明", "person")]


def test_the_names_given_to_a_bare_name_question_do_not_replace_the_course() -> None:
    """"Names, please?" asks who plays: "Park Jae-won" replaced the course the user picked, "the New
    Course", as 'corrected by user'."""
    st = state_after(
        [
            ("user", "hello. I want play golf, 2 person, me and my father."),
            ("assistant", "In winter visitors can play the Jubilee or the New Course. Shall I check those?"),
            ("user", "ok New Course"),
            ("assistant", "Booked the 10:40. Names, please?"),
            ("user", "Park Jae-won, my father is Park Sung-ho"),
        ]
    )
    assert "Park Jae-won" in {f.value for f in st.facts.values()}
    assert not any("New Course" in v for v in replaced(st)), replaced(st)


def test_the_answer_does_not_replace_the_users_car() -> None:
    st = state_after(
        [
            ("user", "My brakes are grinding. It's a 2017 Honda Civic with about 88,000 miles."),
            ("assistant", "We can look at it Saturday at 8:30. Name for the booking?"),
            ("user", "Priya Raman."),
        ]
    )
    values = {f.value for f in st.facts.values()}
    assert "2017 Honda Civic" in values
    assert "Priya Raman" in values
    assert "2017 Honda Civic" not in replaced(st)
