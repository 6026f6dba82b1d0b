"""A read-back giving two values two attributes undoes the replacement the merge made of one by
the other (issue 12: a value replaces another only with evidence of the same attribute; a current
value shown as "(was: ...)" misleads the model). Each test feeds the real parse / extract / merge
stages of a session (rules only, no model)."""

from __future__ import annotations

import pytest

from core.config import Config
from core.render import render
from tests.core.builders import state_after

pytestmark = pytest.mark.unit


def _dated(st, slot):
    return [f for k, f in st.facts.items() if k.endswith(f".{slot}")]


def test_an_earlier_date_read_back_as_the_return_is_not_shown_replaced():
    st = state_after(
        [
            (
                "user",
                "Can you find round trip flights for 4 people? We want to leave on the 11th of this month.",
            ),
            ("assistant", "Where will you depart from? And when will you fly?"),
            ("user", "Look for something in San Francisco for the 9th of this month."),
            (
                "assistant",
                "Please confirm: Departing from San Francisco on March 9th at 5:35 am. "
                "Returning flight on March 11th at 4 am.",
            ),
        ]
    )
    (depart,) = _dated(st, "date")
    (ret,) = _dated(st, "end_date")
    assert depart.value == "the 9th of this month"
    assert depart.history == []
    assert ret.value == "March 11th"
    assert "the 11th of this month" in ret.aliases
    text = render(st, [], Config(use_embeddings=False), tokens_in=10_000).text
    assert "(was: the 11th of this month)" not in text
    assert "the 11th of this month" in text


def test_a_later_date_read_back_as_the_return_gives_the_pick_up_date_back():
    st = state_after(
        [
            ("user", "I need a rental car on 12th of March in Portland, OR."),
            ("assistant", "What day do you want it?"),
            ("user", "I would like a compact car on the 14th."),
            (
                "assistant",
                "Please confirm the following: You are picking up a Compact car on March 12th at 6:30 pm "
                "and returning it on March 14th from Portland Bus Station.",
            ),
        ]
    )
    (pick_up,) = _dated(st, "date")
    (drop_off,) = _dated(st, "end_date")
    assert pick_up.value == "12th of March"
    assert pick_up.history == []
    assert drop_off.value == "March 14th"
    assert "the 14th" in drop_off.aliases


def test_a_correction_the_read_back_confirms_stays_replaced():
    st = state_after(
        [
            ("user", "Book a table for 2 on the 11th of this month."),
            ("assistant", "Anything else?"),
            ("user", "Actually, make it the 9th of this month instead."),
            ("assistant", "Please confirm: a table for 2 on March 9th."),
        ]
    )
    (day,) = _dated(st, "date")
    assert day.value.endswith("9th of this month")
    assert [v.value for v in day.history] == ["the 11th of this month"]
