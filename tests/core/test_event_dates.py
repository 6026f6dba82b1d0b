"""A date the sentence gives a thing of its own ("the exam is on December 14") is that thing's date
(core.lang.en_slot_hints: exam_date), so the date the task is for ("can we start this Friday") stands
beside it instead of showing it as replaced; a correction of the date by its value alone ("sorry, I
mean December 15") still changes it (core.tasks)."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from core.compressor import Compressor
from core.config import Config
from core.lang.en_entities import extract_entities
from core.models import Message

pytestmark = pytest.mark.unit
TS = datetime(2026, 12, 1, 9, 0)
OPENING = ("user", "I need a tutor before my exam. The exam is on December 14.")


def _state(*turns: tuple[str, str]) -> str:
    every = [OPENING, ("assistant", "Sure."), *turns, ("user", "ok"), ("assistant", "Anything else?")]
    msgs = [Message(idx=i, role=r, text=t, ts=TS + timedelta(minutes=i)) for i, (r, t) in enumerate(every)]
    return Compressor(Config(use_embeddings=False)).compress(msgs).rendered.text.split("--- recent")[0]


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("The exam is on December 14.", "exam_date"),
        ("the inspection is on the 21st", "inspection_date"),
        ("the booking is for Friday", "date"),  # the date the task is for
        ("that is on Friday", "date"),
        ("Wedding is 13 March.", "wedding_date"),  # no "on" needed
        ("Party's this Friday.", "party_date"),
        ("ok. closing is jan 22 so it has to be done well before", "closing_date"),
        ("the earliest is Tuesday", "date"),  # a word of choice, no event
        ("half marathon, 28 feb. don't want to stop running", "marathon_date"),  # an occasion, then its date
        ("a suit for my brother's wedding on December 19th", "wedding_date"),
        ("She's due on 18 February.", "due_date"),
        ("a table for 4 on 28 feb", "date"),  # no occasion: the date the task is for
        ("need them by the 18th. flying out", "deadline"),  # by when, not when
        ("it has to be ready no later than Friday", "deadline"),
        ("so long as I can keep it until March 11th", "end_date"),  # the end of a rental, no deadline
    ],
)
def test_the_date_of_a_thing_the_sentence_is_about(text: str, slot: str) -> None:
    dates = [e for e in extract_entities(text, TS) if e.type == "date"]
    assert [e.slot for e in dates] == [slot]


def test_a_day_read_out_is_no_event() -> None:
    dates = [e for e in extract_entities("Sure. Friday is December 11.", TS) if e.type == "date"]
    assert [e.slot for e in dates] == ["date", "date"]


def test_the_tasks_own_date_stands_beside_the_events_date() -> None:
    state = _state(("user", "can we start this Friday"), ("assistant", "Friday works."))
    assert "exam_date=2026-12-14 (December 14)|" in state
    assert "(was: December 14)" not in state


def test_a_deadline_stands_beside_the_day_said_before() -> None:
    """"sat morning" (the drop-off) then "need them by the 18th": the deadline showed the drop-off as
    "corrected by user"."""
    msgs = [
        Message(idx=i, role=r, text=t, ts=TS + timedelta(minutes=i))
        for i, (r, t) in enumerate([
            ("user", "boots need resoling"), ("assistant", "Drop-off or mail-in?"), ("user", "drop off"),
            ("assistant", "Fulton Street or Park Slope?"), ("user", "fulton st"), ("assistant", "When?"),
            ("user", "sat morning"), ("assistant", "This Saturday, we open at 9."),
            ("user", "need them by the 18th. flying out"), ("assistant", "Ready by Dec 18."), ("user", "ok"),
            ("assistant", "See you Saturday."),
        ])
    ]
    state = Compressor(Config(use_embeddings=False)).compress(msgs).rendered.text.split("--- recent")[0]
    assert "(was: sat morning)" not in state
    assert "sat morning" in state and "the 18th" in state


@pytest.mark.parametrize("correction", ["sorry, I mean December 15", "actually the exam is on December 15"])
def test_a_correction_by_value_alone_changes_the_events_date(correction: str) -> None:
    state = _state(("user", correction), ("assistant", "Noted."))
    assert "exam_date=2026-12-15 (December 15) (was: December 14)" in state


@pytest.mark.parametrize(
    ("text", "slots"),
    [
        ("we're away 4 to 8 January. do it then", ["away_date", "away_end_date"]),
        ("Oh and we're away the 24th to the 28th visiting my brother", ["away_date", "away_end_date"]),
        ("I'll be on holiday from March 3", ["away_date"]),
        ("I want to go away on Friday", ["date"]),  # a trip, not an absence
    ],
)
def test_the_dates_of_the_users_absence_are_their_own(text: str, slots: list[str]) -> None:
    """"we're away 4 to 8 January" replaced the survey date booked before as 'corrected by user'."""
    assert [e.slot for e in extract_entities(text, TS) if e.type == "date"] == slots
