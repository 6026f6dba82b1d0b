"""An assistant turn that reports a result or reads back the option the user took (core.reported):
its amounts rank with the chosen values; the same amount merely quoted, or a listing of options,
stays information; a reported amount never replaces the user's own value of another role. Each
test feeds the real parse / extract / merge stages (rules only, no model)."""

from __future__ import annotations

import pytest

from core.compressor import Compressor
from core.config import Config
from core.models import ContextState, Evidence, Fact, Message
from core.render import fact_tier
from core.reported import offer_rank
from tests.core.builders import state_after

pytestmark = pytest.mark.unit


def _with(st: ContextState, value: str) -> Fact:
    return next(f for f in st.facts.values() if value in f.value)


@pytest.mark.parametrize(
    ("report", "amount"),
    [
        ("已下单 QD-SY-1220-0088，4764 元，12月20日 11:00 送到。", "4764 元"),
        ("All booked, your order is confirmed. The total is $480.", "$480"),
    ],
)
def test_an_amount_in_a_turn_reporting_a_done_action_is_kept_as_chosen(report: str, amount: str) -> None:
    st = state_after([("user", "帮我订寿宴外送，3 桌" if "元" in amount else "order the catering for 20"),
                      ("assistant", "好的，马上下单。" if "元" in amount else "Sure, placing it now."),
                      ("assistant", report)])
    fact = _with(st, amount)
    assert fact.evidence is not None and fact.evidence.how == "reported" and fact.evidence.idx == 2
    assert fact_tier(fact) == 1


def test_the_same_amount_merely_quoted_stays_information() -> None:
    st = state_after([("user", "订寿宴外送，3 桌"), ("assistant", "松鹤延年宴 4764 元，明天送到。")])
    assert fact_tier(_with(st, "4764 元")) == 2


_LISTING = [
    ("user", "I need a coworking desk in Shoreditch from January"),
    ("assistant", "Hot desk unlimited is £295/mo. Dedicated desk is £420/mo."),
]


def test_the_read_back_of_the_option_the_user_took_keeps_its_price() -> None:
    read_back = ("assistant", "Dedicated desk, £420/mo. Contract length?")
    st = state_after([*_LISTING, ("user", "dedicated then"), read_back])
    fact = _with(st, "£420/mo")
    assert fact.evidence is not None and (fact.evidence.how, fact.evidence.idx) == ("reported", 3)
    assert fact.value == "£420/mo" and not fact.history  # the option taken; the others were no values
    assert fact_tier(fact) == 1


def test_a_listing_of_options_stays_information() -> None:
    st = state_after(_LISTING)
    assert fact_tier(_with(st, "£420/mo")) == 2


def test_a_reported_price_never_replaces_the_users_budget() -> None:
    session = Compressor(Config(use_embeddings=False)).session("t")
    turns = [
        ("user", "weekly cleaning for a 3 bedroom flat, my budget is maximum €80 each time"),
        ("assistant", "Our rate is €25/hour, 3 hours a visit."),
        ("user", "ok book it"),
        ("assistant", "All set! Booked plan RC-1209, €75 per visit."),
    ]
    for idx, (role, text) in enumerate(turns):
        session.add(Message(idx=idx, role=role, text=text), auto_compact=False)
    st = session.state
    budget = _with(st, "€80")
    assert budget.role == "user" and not budget.history
    session.compact(force=True)
    assert "€75" in session.context().text and "€80" in session.context().text


@pytest.mark.parametrize(
    ("value", "how", "rank"),
    [
        ("4.05%", "reported", 0),  # the rate read back with the option the user took
        ("4.05%", "offered", 2),  # merely proposed
        ("4.05%, 3.94%", "reported", 2),  # several: which one is the term is not known
        ("已下单", "reported", 2),  # words beside the values, no term
    ],
)
def test_a_reported_offer_ranks_with_the_chosen_values(value: str, how: str, rank: int) -> None:
    ev = Evidence(idx=5, role="assistant", how=how, start=0, end=len(value), text=value)  # type: ignore[arg-type]
    offer = Fact(
        key="home.rate", value=value, norm=value.lower(), first_idx=5, last_idx=5, role="assistant",
        evidence=ev,
    )
    assert offer_rank(offer, True) == rank
    assert offer_rank(offer, False) == 0


def test_the_users_own_number_said_back_is_no_reported_offer() -> None:
    ev = Evidence(idx=1, role="assistant", how="reported", start=0, end=1, text="4")
    offer = Fact(key="restaurant.people", value="4", norm="4", first_idx=1, last_idx=1, role="assistant")
    offer.evidence = ev
    held = Fact(key="restaurant.people", value="4 people", norm="4 people", first_idx=0, last_idx=1)
    assert offer_rank(offer, True, held) == 2
    assert offer_rank(offer, True) == 0
