"""A day and a time the user took whole (core.offer_slots, core.offer_taken): keyed as a time of day
(``<domain>.datetime``), never by its last word ("8am_12pm"), and the assistant's date and time read
from inside it are not rendered again beside it; a date the user said, or a part with a "(was: ...)"
marker, still is."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.compressor import Compressor
from core.config import Config
from core.models import ContextState, Evidence, Fact, FactVersion, Message
from core.offer_slots import slot_parts
from core.render import render

pytestmark = pytest.mark.unit
TS = datetime(2026, 12, 1, 9, 0)


def _state(turns: list[tuple[str, str]]) -> ContextState:
    msgs = [Message(idx=i, role=r, text=t, ts=TS) for i, (r, t) in enumerate(turns)]
    return Compressor(Config(use_embeddings=False)).compress(msgs, context_id="slot-keys").state


def _taken(state: ContextState, value: str) -> Fact:
    (fact,) = [f for f in state.facts.values() if f.value == value]
    return fact


@pytest.mark.parametrize(
    ("turns", "slot"),
    [
        ([("user", "when can you install the dishwasher?"),
          ("assistant", "Thursday January 7, 8am-12pm is open."), ("user", "ok that")],
         "Thursday January 7, 8am-12pm"),
        ([("user", "I need a dentist appointment"),
          ("assistant", "The earliest openings are March 2 at 8:45 and March 5 at 14:20."),
          ("user", "mar 5")], "March 5 at 14:20"),
    ],
)
def test_a_taken_slot_is_keyed_as_a_day_and_time(turns: list[tuple[str, str]], slot: str) -> None:
    fact = _taken(_state(turns), slot)
    assert fact.key.rsplit(".", 1)[-1] == "datetime"
    assert fact.vtype == "datetime"


def test_the_assistants_date_and_time_inside_a_taken_slot_are_not_rendered_again() -> None:
    state = _state([("user", "when can you install the dishwasher?"),
                    ("assistant", "Thursday January 7, 8am-12pm is open."), ("user", "ok that")])
    text = render(state, [], Config(use_embeddings=False), tokens_in=2000).state_text
    assert "datetime=Thursday January 7, 8am-12pm" in text
    assert text.count("8am") == 1 and text.count("12pm") == 1 and text.count("January 7") == 1


def _fact(key: str, value: str, vtype: str, role: str, start: int, end: int, how: str = "offered") -> Fact:
    ev = Evidence(idx=3, role=role, how=how, start=start, end=end, text=value)
    return Fact(key=key, value=value, norm=value.lower(), first_idx=3, last_idx=4, role="user", evidence=ev,
                vtype=vtype)


def test_a_date_the_user_said_or_a_replaced_time_stays_beside_the_slot() -> None:
    slot = _fact("doctor.datetime", "Tuesday 15 December 17:30", "datetime", "assistant", 10, 35, "accepted")
    date = _fact("doctor.date", "Tuesday 15 December", "date", "assistant", 10, 29)
    time = _fact("doctor.time", "17:30", "time", "assistant", 30, 35)
    assert slot_parts([slot, date, time]) == ({"doctor.date", "doctor.time"}, {"doctor.datetime"})
    readback = _fact("doctor.time_agreed", "17:30", "time", "assistant", 29, 34).model_copy(
        update={"evidence": Evidence(idx=7, role="assistant", how="accepted", start=29, end=34, text="17:30")}
    )  # the assistant's "17:30" read back in a later turn: the slot shows those words
    assert slot_parts([slot, readback]) == ({"doctor.time_agreed"}, {"doctor.datetime"})
    own = _fact("doctor.date", "Tuesday 15 December", "date", "user", 10, 29)  # the user's own words
    old = FactVersion(value="16:00", norm="16:00", idx=1, replaced_at=3, reason="user correction")
    fixed = time.model_copy(update={"history": [old]})  # shows "(was: 16:00)"
    assert slot_parts([slot, own, fixed]) == (set(), set())
