"""Days and hours of acts other than the task: another person's arrival ("He lands 20th December",
"Nanay arrives January 5"), the user's own engagement ("I have an appointment with Dr Maxwell on
Monday"), the user's own act said in the present ("The deposit I pay Thursday") or opening its sentence
("Apply this week, yes."), the assistant's act
asked with an imperative ("Ring me tomorrow after half three"), the hour right after such a day ("I'll
transfer tomorrow before my shift, 7am"), a day said with a past participle ("Found on 15 February"),
and in Chinese a visit or a rehearsal after its day ("后天可以去看一看", "四月三十号下午三点去酒店彩排"); the
user's own settled trip or move ("we fly on 19 December", "When do you move in?" "1 March.", "3月1日入驻")
and an occasion set beside its day ("his 89th birthday, that is 14 August", "her 70th, 21 March"). Each
is keyed by its act, so none replaces the day or the hour booked."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.lang.en_entities import extract_entities
from core.lang.registry import analyzer_for
from tests.core.builders import state_after

pytestmark = pytest.mark.unit
TS = datetime(2026, 12, 11, 10, 0)


@pytest.mark.parametrize(
    ("text", "slots"),
    [
        ("He lands 20th December. Birthday's the 27th.", ["arrival_date", "birthday_date"]),
        ("Nanay arrives January 5 so she'll be rested", ["arrival_date"]),
        ("I have an appointment with Dr Maxwell on Monday; I'll send it then.", ["appointment_date"]),
        ("Grazie. The deposit I pay Thursday when he come.", ["pay_date"]),
        ("Ring me tomorrow after half three, I'm on the school run before that", ["call_date", "call_time"]),
        ("I'll transfer tomorrow before my shift, 7am", ["pay_date", "pay_time"]),
        ("Found on 15 February, on the A49 south of Ludlow, by Mr Gareth Pugh.", ["past_date"]),
        ("Delivered on Friday please", ["date"]),
        ("Call me a cab tomorrow at 5pm", ["date", "time"]),  # the task: a cab
        ("We arrive on Friday at 3pm", ["date", "time"]),  # the user's own arrival is the stay's
        # the user's own act opening its sentence with no subject
        ("Apply this week, yes.", ["apply_date"]),
        ("Ok. Sign it Monday", ["sign_date"]),
        ("I want to apply for a loan next week", ["date"]),  # the task itself
        ("Book Friday then", ["date"]),
        # the user's own trip or move, settled; one still wanted or asked about is the task's day
        ("four of us. we fly on 19 December from Manchester", ["departure_date"]),
        ("Cusco first. We fly out March 12", ["departure_date"]),
        ("we're flying on the 3rd, so before that", ["departure_date"]),
        ("I am leaving saturday and want to leave after 18:30", ["date", "time"]),  # the train booked
        ("I want to fly on March 12", ["date"]),
        ("How early can we leave on the 29th?", ["date"]),
        # an occasion set beside its day by "that is", a birthday by its ordinal
        ("He wants it ready before his 89th birthday, that is 14 August.", ["birthday_date"]),
        ("it's for her 70th, 21 March", ["birthday_date"]),
        # a named day's date, a closing day, a colleague's call asked for
        ("The Bramble Bay Kite Day is on Sunday 10 January. How many kites?", ["day_date"]),
        ("Entries close on Wednesday March 17 at noon.", ["deadline", "time"]),
        ("Could she call me tomorrow, after 6pm?", ["call_date", "call_time"]),
        ("the day is Friday 5 December", ["date"]),
    ],
)
def test_the_slot_of_a_day_or_hour_of_another_act(text: str, slots: list[str]) -> None:
    assert [e.slot for e in extract_entities(text, TS) if e.type in ("date", "time")] == slots


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("我们后天可以去看一看江边那个地方吗？", "visit_date"),
        ("前一天四月三十号下午三点去酒店彩排。", "rehearsal_time"),
        ("1月14号搭建", "setup_date"),
        ("计划于3月1日入驻。", "move_date"),
        ("我哋12月27號飛返澳門，之前仲有時間", "flight_date"),  # the family's own flight home
    ],
)
def test_the_slot_of_a_chinese_visit_or_rehearsal(text: str, slot: str) -> None:
    ents = analyzer_for("zh").entities(text, TS)
    assert [e.slot for e in ents if e.type in ("date", "datetime", "time")] == [slot]


def test_a_jump_day_stays_when_the_user_names_the_day_of_a_doctors_appointment() -> None:
    state = state_after(
        [
            ("assistant", "Saturday 9 January at 11:00, 16 January at 14:00, or 23 January at 10:00."),
            ("user", "The 9th, at eleven. My daughter will drive me up from Perth and watch."),
            ("assistant", "Saturday 9 January at 11:00."),
            ("user", "I have an appointment with Dr Maxwell on Monday; I'll send the letter that afternoon."),
            ("assistant", "Monday afternoon, thank you."),
        ],
        TS,
    )
    assert any(f.value == "The 9th" and f.status == "active" for f in state.facts.values())
    assert not any(h.value == "The 9th" for f in state.facts.values() for h in f.history)


def test_the_users_own_act_opening_its_sentence_leaves_the_flight_day() -> None:
    state = state_after(
        [
            ("user", "My daughter's passport runs out on 14 May. Flying 25 March."),
            ("assistant", "It's tight but possible if you apply this week."),
            ("user", "Apply this week, yes."),
            ("assistant", "Great."),
        ],
        TS,
    )
    assert not any(h.value == "25 March" for f in state.facts.values() for h in f.history)
    assert any(f.value == "25 March" for f in state.facts.values())


def test_a_day_answering_when_the_user_moves_is_the_moves() -> None:
    state = state_after(
        [
            ("user", "need feng shui consult. new build. for wife."),
            ("assistant", "We can do that. When do you move in?"),
            ("user", "1 March. want it done before"),
            ("assistant", "Understood. Which day suits you for the visit?"),
            ("user", "next Saturday 10am"),
            ("assistant", "Saturday 19 December at 10am."),
            ("user", "book it"),
        ],
        TS,
    )
    assert any(f.key.endswith(".move_date") and f.value == "1 March" for f in state.facts.values())
    assert not any(h.value == "1 March" for f in state.facts.values() for h in f.history)


def test_a_settled_flight_day_stays_beside_the_appointment_booked() -> None:
    state = state_after(
        [
            ("user", "we need yellow fever jabs. four of us. we fly on 19 December from Manchester"),
            ("assistant", "Four travellers, flying on 19 December. When can you come in?"),
            ("user", "ok tomorrow 4:15pm, i will leave work early"),
            ("assistant", "Tomorrow at 4:15pm it is."),
        ],
        TS,
    )
    assert any(f.value == "19 December" for f in state.facts.values())
    assert not any(h.value == "19 December" for f in state.facts.values() for h in f.history)


def test_a_weekday_the_assistant_names_is_no_read_back_of_an_owned_day() -> None:
    # "on Wednesday" names many days: the delivery's, not the closing the user gave that weekday
    state = state_after(
        [
            ("assistant", "Digital delivery Wednesday 9 December 12:00, paper copies Thursday 10 December."),
            ("user", "hmm, the paper copies need to be there on Wednesday too, closing is Wednesday 15:00"),
            ("assistant", "I can send the paper copies by same-day courier on Wednesday, arriving by 14:30."),
        ],
        TS,
    )
    dates = {k.rpartition(".")[2]: f for k, f in state.facts.items()}
    assert dates["date"].value == "Wednesday" and dates["date"].role == "assistant"
