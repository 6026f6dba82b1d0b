"""A weekday the user said alone takes the date the agent reads it back as (core.weekday_readback):
the context shows the agent's date first, not the first such weekday after the turn."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from core.compressor import Compressor
from core.config import Config
from core.lang.bare_weekdays import bare_weekday, read_back_weekday
from core.models import Message
from core.when import shown_value

pytestmark = pytest.mark.unit
TS = datetime(2026, 12, 4, 10, 0, tzinfo=UTC)  # a Friday


def _state(turns: list[tuple[str, str]]):
    session = Compressor(Config(use_embeddings=False)).session("wd")
    for i, (role, text) in enumerate(turns):
        session.add(Message(idx=i, role=role, text=text, ts=TS + timedelta(minutes=i)), auto_compact=False)
    return session


def _date_facts(session) -> dict[str, str]:
    return {f.value: f.norm for f in session.state.facts.values() if f.vtype == "date"}


def test_a_weekday_read_back_with_its_date_takes_that_date():
    session = _state([
        ("user", "The viewing is on Saturday the 19th, so could you come the Wednesday before?"),
        ("assistant", "Wednesday 16 December, we can start at 9am."),
    ])
    assert _date_facts(session).get("Wednesday") == "2026-12-16"  # not Wednesday 9 December
    fact = next(f for f in session.state.facts.values() if f.value == "Wednesday")
    assert shown_value(fact).startswith("2026-12-16 (Wednesday)")


def test_a_read_back_naming_two_dates_of_that_weekday_settles_nothing():
    session = _state([
        ("user", "monthly. Monday 9am"),
        ("assistant", "First visit Monday 14 December 9am. The second would then be Monday 21 December."),
    ])
    assert _date_facts(session).get("Monday") == "2026-12-07"


def test_only_a_weekday_said_alone_is_one():
    assert bare_weekday("the Tuesday") == 1
    assert bare_weekday("周三") == 2
    assert bare_weekday("next Tuesday") is None
    assert bare_weekday("Tuesday 15 December") is None


def test_next_weekday_takes_the_week_the_agent_reads_back():
    # said on Friday 4 December, "next Tuesday" resolves to the 8th; to the agent it is the 15th
    session = _state([
        ("assistant", "We run ringcraft on Tuesdays at 7pm."),
        ("user", "next Tuesday at 7 then, for the both of them"),
        ("assistant", "Tuesday 15 December at 7pm, noted."),
    ])
    fact = next(f for f in session.state.facts.values() if f.value == "next Tuesday")
    assert fact.norm == "2026-12-15" and "Tuesday 15 December" in fact.aliases
    assert read_back_weekday("next Tuesday") == 1 and read_back_weekday("next week") is None
