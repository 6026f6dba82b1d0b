"""Render stage: an agreed value its own slot's fact already shows is not rendered a second time."""

from __future__ import annotations

import pytest

from core.config import Config
from core.models import ContextState, Fact, FactVersion
from core.render import parse_anchors, render

pytestmark = pytest.mark.unit
CFG = Config(use_embeddings=False)


def fact(key: str, value: str, role: str = "user", **kw) -> Fact:
    return Fact(key=key, value=value, norm=value.lower(), first_idx=0, last_idx=0, role=role, **kw)


def test_an_agreed_value_shown_by_its_own_slot_is_not_repeated():
    state = ContextState(
        facts={
            "event.people": fact("event.people", "one ticket", aliases=["1"]),
            "event.people_agreed": fact("event.people_agreed", "1", role="assistant"),
            "event.date": fact("event.date", "3 tickets"),
            "event.date_agreed": fact("event.date_agreed", "3", role="assistant"),
        }
    )
    out = render(state, [], CFG, tokens_in=10_000)
    facts = parse_anchors(out.text)["facts"]
    assert "event.people_agreed" not in facts and "event.date_agreed" not in facts
    assert facts["event.people"] == "one ticket" and "(aka 1)" in out.text


def test_an_agreed_value_that_says_more_or_only_a_replaced_value_stays():
    state = ContextState(
        facts={
            "event.date": fact("event.date", "today"),
            "event.date_agreed": fact("event.date_agreed", "March 1st", role="assistant"),
            # "13" is inside "130", not a whole word: another value
            "event.amount": fact("event.amount", "130 dollars"),
            "event.amount_agreed": fact("event.amount_agreed", "13", role="assistant"),
            # "2" is only the replaced value of the slot: not shown as current, so the agreed one stays
            "event.people": fact(
                "event.people",
                "3",
                history=[FactVersion(value="2", norm="2", idx=0, replaced_at=1, reason="corrected by user")],
            ),
            "event.people_agreed": fact("event.people_agreed", "2", role="assistant"),
        }
    )
    facts = parse_anchors(render(state, [], CFG, tokens_in=10_000).text)["facts"]
    assert facts["event.date_agreed"] == "March 1st"
    assert facts["event.amount_agreed"] == "13"
    assert facts["event.people_agreed"] == "2"


def test_an_other_wording_that_only_changes_case_is_not_shown():
    state = ContextState(
        facts={
            "hotel.date": fact("hotel.date", "monday", aliases=["Monday, today"]),
            "hotel.type": fact("hotel.type", "Hotel", aliases=["hotel"]),
            "hotel.area": fact("hotel.area", "centre", aliases=["center"]),
        }
    )
    out = render(state, [], CFG, tokens_in=10_000)
    assert "date=monday (aka today)" in out.text  # "Monday" only repeats the value
    assert "type=Hotel (aka" not in out.text
    assert "area=centre (aka center)" in out.text  # another spelling: still shown
    assert parse_anchors(out.text)["facts"]["hotel.date"] == "monday"
