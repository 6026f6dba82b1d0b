"""A value replaces another only with evidence (issue 12, item 2): the same attribute, of the same
type, and a correction cue or the user restating it. Each test is one phenomenon, fed through the
real parse / extract / merge stages of a session (rules only, no model)."""

from __future__ import annotations

import pytest

from core.models import ContextState
from tests.core.builders import state_after

pytestmark = pytest.mark.unit


def values(state: ContextState, key: str) -> tuple[str | None, list[str]]:
    """The current value of key and its replaced values."""
    fact = state.facts.get(key)
    return (fact.value, [v.value for v in fact.history]) if fact else (None, [])


def test_a_found_trains_time_accepted_stands_beside_the_users_bound():
    st = state_after(
        [
            ("user", "I need a train from London Kings Cross leaving after 13:30."),
            ("assistant", "TR0397 leaves at 15:17, would you like this?"),
            ("user", "Yes, what is the travel time?"),
        ]
    )
    assert values(st, "train.time") == ("after 13:30", [])  # the bound with its word
    assert st.facts["train.time"].bound
    assert st.facts["train.time_agreed"].value == "15:17"


def test_a_quoted_price_accepted_never_replaces_the_users_price_range():
    st = state_after(
        [
            ("user", "可以帮我推荐一个最低价格700-800元的经济型酒店吗？"),
            ("assistant", "对不起，没有查到，帮您查到一个价格775元的经济型酒店，你看可以吗？"),
            ("user", "好的，可以，这个酒店周边都有哪些餐馆呢？"),
        ]
    )
    assert values(st, "hotel.price") == ("700-800元", [])
    assert st.facts["hotel.price_agreed"].value == "775元"


def test_the_user_naming_a_point_value_keeps_the_bound_they_searched_by():
    st = state_after(
        [
            ("user", "I want a train that arrives by 8:15."),
            ("assistant", "There are trains arriving at 7:27 and 8:01."),
            ("user", "I'll take the one arriving 7:27."),
        ]
    )
    current, history = values(st, "train.end_time")
    assert current == "8:15" and "8:15" not in history


def test_a_new_bound_still_replaces_the_old_one():
    st = state_after(
        [
            ("user", "推荐一个评分4分以上，价格400-500元的酒店。"),
            ("assistant", "给您推荐北京工体A. Hotel酒店。"),
            ("user", "那帮我推荐一个价格700-800元的酒店吧。"),
        ]
    )
    assert values(st, "hotel.price") == ("700-800元", ["400-500元"])


def test_a_correction_cue_lets_a_point_value_replace_a_bound():
    st = state_after(
        [
            ("user", "Book a table for after 7 pm."),
            ("assistant", "Which restaurant?"),
            ("user", "Actually, make it exactly 8 pm instead."),
        ]
    )
    current, history = values(st, "restaurant.time")
    assert current is not None and "8" in current and history


def test_an_assistants_no_to_the_users_bound_question_keeps_the_bound():
    st = state_after(
        [
            ("user", "请帮我找一家评分是4.5分以上的餐馆。"),
            ("assistant", "推荐北京全聚德(王府井店)。"),
            ("user", "北京全聚德(王府井店)这个餐馆的评分是4.5分以上吗？"),
            ("assistant", "不是的，是3.8分。"),
        ]
    )
    assert values(st, "restaurant.rating") == ("4.5分以上", [])


def test_a_yes_just_after_the_offer_still_takes_it():
    st = state_after(
        [
            ("user", "I'd like a table at 19:45 at an Italian place."),
            ("assistant", "19:45 is fully booked; how about 18:45 instead?"),
            ("user", "Okay, that works."),
        ]
    )
    assert values(st, "restaurant.time") == ("18:45", ["19:45"])


def test_an_entity_picked_in_one_domain_named_in_another_request_is_not_that_domains_name():
    st = state_after(
        [
            ("user", "你好，可以帮我推荐一个评分是4分以上的酒店吗？"),
            ("assistant", "给您推荐北京工体A. Hotel酒店和北京中裕世纪大酒店，你看行吗？"),
            ("user", "行的，北京工体A. Hotel酒店听起来不错。帮我推荐一个评分4.5分以上的景点吧。"),
            ("assistant", "水立方嬉水乐园，篱苑图书馆和乐多港奇幻乐园都是不错的选择呢！"),
            ("user", "就去篱苑图书馆吧，这个景点周边还有其他景点吗？"),
            ("assistant", "有啊，周边有神堂峪, 石门山景区。"),
            ("user", "好的，那篱苑图书馆周边都有哪些酒店呢？"),
            ("assistant", "抱歉，没有查到周边酒店的信息。"),
            ("user", "太遗憾了，可以帮我推荐一个在篱苑图书馆周边，最低价格700-800元的经济型酒店吗？"),
        ]
    )
    assert values(st, "hotel.name") == ("北京工体A. Hotel酒店", [])
    assert values(st, "attraction.name")[0] == "篱苑图书馆"


def test_a_restaurant_picked_then_named_in_clauses_about_other_domains_stays_the_restaurant():
    st = state_after(
        [
            ("user", "推荐一个评分4分以上的景点。"),
            ("assistant", "给您推荐恭王府。"),
            ("user", "恭王府不错。你可以帮我找一个评分4.5分以上的餐馆吗？"),
            ("assistant", "兔爷(燕莎金街店)和干锅传奇都不错，您自己选。"),
            ("user", "我要去干锅传奇，这个餐馆周边有哪些游玩的景点呢？"),
            ("assistant", "周边景点有石景山游乐园, 欢乐水魔方水上乐园。"),
            ("user", "不错啊，那干锅传奇周边还有什么其他的餐馆吗？"),
            ("assistant", "当然了，周边餐馆有蓝海钟鼎楼食府(鲁谷店), 阳坊胜利涮羊肉(晋元庄店)。"),
            ("user", "我想吃的菜肴是热巧克力，干锅传奇附近的餐馆，哪个有这道菜？"),
        ]
    )
    assert values(st, "attraction.name") == ("恭王府", [])
    assert values(st, "restaurant.name")[0] == "干锅传奇"
    assert "干锅传奇" not in (values(st, "restaurant.food")[0] or "")


def test_an_assistants_by_is_a_found_value_not_a_bound_that_replaces_the_users():
    st = state_after(
        [
            ("user", "I need a train to london liverpool street. I would like to arrive by 8:15 on Tuesday."),
            ("assistant", "Oh, wait, I apologize, I found one arriving by 07:27. Shall I book it?"),
            ("user", "Yes. Please book space for 7 people."),
        ]
    )
    current, history = values(st, "train.end_time")
    assert current == "8:15" and history == []
    assert not st.facts["train.end_time_agreed"].bound


def test_a_closing_clauses_today_never_replaces_the_trip_date():
    st = state_after(
        [
            ("user", "I need a train to leave on Friday from Peterborough."),
            ("assistant", "TR0035 leaves at 07:19. Shall I book it?"),
            ("user", "I just needed the information. That is all of the information that I need for today."),
        ]
    )
    assert values(st, "train.date") == ("Friday", [])


def test_a_new_task_naming_the_current_domain_as_a_place_opens_its_own_domain():
    st = state_after(
        [
            ("user", "I'd like to book a table at a restaurant for 4 people at 19:30 on Saturday."),
            ("assistant", "Sitar Tandoori has a table at 19:30. Booked, the reference is KFCJHKZX."),
            ("user", "I also need a taxi from the hotel to the restaurant, leaving at 18:45."),
        ]
    )
    assert values(st, "restaurant.time") == ("19:30", [])


def test_a_rental_car_request_is_not_a_new_date_of_the_event_just_booked():
    st = state_after(
        [
            ("user", "I want two tickets for the Arizona vs LA Dodgers game on March 2nd in Phoenix."),
            ("assistant", "The tickets have been purchased. Enjoy the game!"),
            ("user", "Thanks. Can you rent me a car to drive there? I need a medium-sized vehicle today."),
        ]
    )
    assert values(st, "event.date") == ("March 2nd", [])


def test_also_scheduling_an_event_is_a_calendar_entry_not_the_doctors_new_time():
    st = state_after(
        [
            ("user", "Please book me a visit to a General Practitioner at 12:30 pm next Friday."),
            ("assistant", "Your appointment with Access Health at 12:30 pm is made."),
            ("user", "Could you also schedule an event titled GP appointment at 12 o'clock, please?"),
        ]
    )
    assert values(st, "doctor.time")[1] == []


def test_a_new_task_in_weak_words_beside_the_current_domain_opens_its_own():
    st = state_after(
        [
            ("user", "I'm looking for an expensive hotel in the south."),
            ("assistant", "The Lensfield Hotel is in the south. Shall I book it?"),
            ("user", "Yes, for 3 people for 5 nights starting from friday."),
            ("assistant", "Booked! Reference number: 68SV7AUH."),
            ("user", "I also need a place to eat serving mexican food in the same area as the hotel."),
            ("assistant", "There's the chiquito restaurant bar but its rather expensive."),
        ]
    )
    assert values(st, "hotel.name")[1] == []
    assert "restaurant.food" in st.facts and "hotel.food" not in st.facts



def test_asking_about_another_value_after_a_booking_keeps_the_booked_one():
    """'what about glasgow tuesday' after the Monday train was booked asks about another day: the
    booked Monday stays current (it was shown as replaced by Tuesday); Tuesday stands beside it."""
    st = state_after(
        [
            ("user", "I need a train London to Edinburgh Monday morning"),
            ("assistant", "Booked: LNER-7Q4K2, the 09:00 on Monday."),
            ("user", "what about glasgow tuesday, might do a day trip"),
        ]
    )
    date, replaced = values(st, "train.date")
    assert date == "Monday morning" and replaced == []
    assert st.facts["train.date_asked"].value.lower() == "tuesday"


def test_asking_about_another_value_before_anything_is_done_changes_the_search():
    st = state_after(
        [
            ("user", "I need a train London to Edinburgh on Monday"),
            ("assistant", "There are trains at 08:30 and 09:00."),
            ("user", "what about tuesday?"),
        ]
    )
    assert values(st, "train.date") == ("tuesday", ["Monday"])


def test_a_birth_date_and_a_second_persons_count_never_replace_the_tasks_values():
    st = state_after(
        [
            ("user", "I need to book an MRI for my mother"),
            ("user", "Margaret Olsen, born 14 March 1951"),
            ("user", "next Wednesday at 3pm if possible"),
            ("user", "any homestay for fri and sat night, 4 of us, 2 rooms"),
            ("user", "one room must have twin beds"),
        ]
    )
    assert all("1951" not in v.value for f in st.facts.values() for v in f.history)
    assert all("2 rooms" not in v.value for f in st.facts.values() for v in f.history)


def test_the_assistant_echoing_a_users_change_never_replaces_it():
    """'改为1月9日（周六）' echoes the user's '改成1月9号': the bracketed weekday is the same day, and
    the assistant's words never replace the user's value (the weekday had, shown as replacing it)."""
    st = state_after(
        [
            ("user", "搬运日期元旦后第一个周六"),
            ("assistant", "2027年1月2日（周六）。"),
            ("user", "不对不对，元旦假期人多，改成1月9号"),
            ("assistant", "好的，改为1月9日（周六）。"),
            ("user", "对"),
        ]
    )
    current = [f for f in st.facts.values() if f.key.endswith(".date")]
    assert [f.value for f in current] == ["1月9号"]


def test_a_question_after_a_booking_does_not_replace_the_booked_date():
    st = state_after(
        [
            ("user", "flights singapore to phuket on the 22nd, morning, economy"),
            ("assistant", "Booked: TG 416 on the 22nd, reference K7MZQ2."),
            ("user", "great. and what's singapore like on the 21st, is it going to pour?"),
        ]
    )
    date, replaced = values(st, "flight.date")
    assert date == "the 22nd" and replaced == []


def test_picking_one_of_the_options_offered_replaces_nothing():
    # "X or Y" offered, the user names Y: a choice (the decision path keeps it), no "(was: X | Y)"
    st = state_after(
        [
            ("user", "I want to find movies which are shown in Brentwood."),
            ("assistant", "How would you like watching Breakthrough, Captain Marvel or Dumbo?"),
            ("user", "Dumbo would be great."),
        ]
    )
    fact = next(f for f in st.facts.values() if f.value == "Dumbo")
    assert fact.history == []
    assert any(d.chosen == "Dumbo" for d in st.decisions)
