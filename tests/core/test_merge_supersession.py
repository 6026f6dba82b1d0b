"""A value replaces another only with evidence (issue 12, item 2): the same attribute, of the same
type, and a correction cue or the user restating it. Each test is one phenomenon, fed through the
real parse / extract / merge stages of a session (rules only, no model)."""

from __future__ import annotations

import pytest

from core.compressor import Compressor
from core.config import Config
from core.models import ContextState, Message

pytestmark = pytest.mark.unit


def state_after(turns: list[tuple[str, str]]) -> ContextState:
    """The session state after the (role, text) turns."""
    session = Compressor(Config(use_embeddings=False)).session("t")
    for idx, (role, text) in enumerate(turns):
        session.add(Message(idx=idx, role=role, text=text), auto_compact=False)
    return session.state


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
    assert values(st, "train.time") == ("13:30", [])
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
