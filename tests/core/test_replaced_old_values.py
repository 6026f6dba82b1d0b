"""Old values the dialogue replaced are shown only as replaced (issue 12): the replaced value must not
stand beside the current one as a separate fact. Each test feeds the real parse / extract / merge
stages (rules only)."""

from __future__ import annotations

import pytest

from tests.core.builders import state_after

pytestmark = pytest.mark.unit


def test_a_star_rating_is_the_stars_attribute() -> None:
    st = state_after(
        [
            ("user", "I want a lodge with parking that has a star rating of 3."),
            ("assistant", "I could not find a lodge like that. Anything else?"),
            ("user", "Do you have any lodge with a star of 2?"),
        ]
    )
    rated = {k: f for k, f in st.facts.items() if k.rsplit(".", 1)[-1] in ("stars", "rating", "count")}
    assert [k.rsplit(".", 1)[-1] for k in rated] == ["stars"], rated
    (stars,) = rated.values()
    assert stars.value == "2"
    assert [v.value for v in stars.history] == ["3"]


@pytest.mark.parametrize("text", ["The film has a rating of 4.5 on the site.", "It is rated 4 by critics."])
def test_a_rating_without_stars_stays_a_rating(text: str) -> None:
    st = state_after([("user", text)])
    assert not [k for k in st.facts if k.endswith(".stars")], st.facts


def test_a_wider_value_after_nothing_was_found_replaces_the_narrow_one() -> None:
    st = state_after(
        [
            ("user", "Can you find me a cheap place serving South Indian food?"),
            ("assistant", "I was unable to find any, would you like another cuisine?"),
            ("user", "What do you have near the river that is cheap?"),
            ("assistant", "There are 12 cheap places near the river. Any cuisine in mind?"),
            ("user", "Do any of them serve indian food?"),
        ]
    )
    (food,) = [f for k, f in st.facts.items() if k.endswith(".food")]
    assert food.value.lower() == "indian"
    assert [v.value for v in food.history] == ["South Indian"]


def test_a_shorter_value_without_a_report_is_the_same_value() -> None:
    st = state_after(
        [
            ("user", "Can you find me a cheap place serving South Indian food?"),
            ("assistant", "There are 3 of them. Any area?"),
            ("user", "Any area is fine as long as it serves indian food."),
        ]
    )
    (food,) = [f for k, f in st.facts.items() if k.endswith(".food")]
    assert food.value == "South Indian"
    assert not food.history


def test_unable_to_find_any_reports_nothing_found() -> None:
    from core.lang.en_none_found import finds_none

    assert finds_none("I was unable to find any, do you have another food type?") != ""
    assert finds_none("I was able to find one for you.") == ""


def test_taking_back_ones_last_message_opens_no_messaging_task() -> None:
    from core.lang.en_domain import find_domain

    for text in ("Ignore my previous message!", "Please disregard that last message."):
        assert find_domain(text, "hotel") is None, text
    assert find_domain("Send a message to Anna saying I am late.", None) == "messaging"


def test_a_read_back_the_user_answers_with_their_own_value_is_declined() -> None:
    st = state_after(
        [
            ("user", "Book the lodge for 2 people starting Monday for 5 nights."),
            ("assistant", "Sorry, that failed. Would you like a shorter stay?"),
            ("user", "Can you book it for two nights starting Monday?"),
            ("assistant", "So you would like to book the lodge for 2 people for 5 nights, is that correct?"),
            ("user", "No. Book the lodge on Monday for 2 nights, 2 people."),
            ("assistant", "Done, your reference number is XK42LP9Q."),
            ("user", "Great, thanks."),
        ]
    )
    nights = {k: f.value for k, f in st.facts.items() if k.rsplit(".", 1)[-1].startswith("nights")}
    assert list(nights) == ["hotel.nights"], nights
    assert [v.value for v in st.facts["hotel.nights"].history] == ["5 nights"]



def _widens(held: tuple[str, str], said: tuple[str, str]) -> bool:
    from core.models import ContextState, Fact, FactCandidate
    from core.none_found import widens_not_found

    state = ContextState(none_found_idx=1, none_found="there are no places like that")
    cur = Fact(key="hotel.stars", value=held[0], norm=held[0].lower(), vtype=held[1], first_idx=0, last_idx=0)
    cand = FactCandidate(key="hotel.stars", value=said[0], norm=said[0].lower(), vtype=said[1], source_idx=2)
    return widens_not_found(state, cur, cand)


def test_only_a_same_type_value_without_numbers_widens() -> None:
    assert _widens(("Northern European", "term"), ("european", "term"))
    assert not _widens(("Northern European", "term"), ("european", "place")), "another type"
    assert not _widens(("4 stars", "quantity"), ("4", "quantity")), "a count said short"
