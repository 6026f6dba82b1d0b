"""A user correction replaces the same attribute wherever the parser held it: the old value and the
correction can land in different domains' frames (a bare answer before any domain was known, an
assistant read-back under another domain), and the old value must still go to the "(was: ...)"
history, never stay shown as current. A user naming one of the values read out picks it."""

from __future__ import annotations

import pytest

from core.merge import _merge_fact
from core.models import ContextState, Fact, FactCandidate, FactVersion
from core.tasks import corrected_elsewhere, corrects_last_answer, echoed_elsewhere
from tests.core.builders import state_after

pytestmark = pytest.mark.unit


def _fact(key: str, value: str, role: str = "user", history: list | None = None) -> Fact:
    return Fact(key=key, value=value, norm=value, first_idx=1, last_idx=1, role=role, history=history or [])


def _correction(key: str, value: str, correction: bool = True) -> FactCandidate:
    return FactCandidate(key=key, value=value, norm=value, source_idx=9, role="user", correction=correction)


def test_a_correction_in_the_tasks_frame_replaces_the_value_said_before_any_domain():
    # the task's domain was known before (no lead-in value to take over): the correction cue decides
    beef, time = _fact("general.beef", "beef x2"), _fact("calendar.time", "18:40")
    st = ContextState(facts={"general.beef": beef, "calendar.time": time})
    _merge_fact(st, _correction("calendar.beef", "beef x3"))
    assert "general.beef" not in st.facts
    assert st.facts["calendar.beef"].value == "beef x3"
    assert [v.value for v in st.facts["calendar.beef"].history] == ["beef x2"]


def test_a_value_without_a_correction_cue_does_not_cross_frames():
    st = ContextState(facts={"general.beef": _fact("general.beef", "beef x2")})
    assert corrected_elsewhere(st, _correction("calendar.beef", "beef x3", correction=False)) is None


def test_a_value_held_under_another_named_domain_is_that_tasks_own():
    # "Actually can you find an attraction called X" after a hotel was booked: a new task
    st = ContextState(facts={"hotel.name": _fact("hotel.name", "the ashley hotel")})
    assert corrected_elsewhere(st, _correction("attraction.name", "jesus college")) is None
    _merge_fact(st, _correction("attraction.name", "jesus college"))
    assert st.facts["hotel.name"].value == "the ashley hotel"


def test_a_guessed_general_slot_that_already_changed_value_is_no_attribute_to_correct():
    first = FactVersion(value="a", norm="a", idx=0, replaced_at=1)
    churned = _fact("general.name", "b", history=[first])
    st = ContextState(facts={"general.name": churned})
    assert corrected_elsewhere(st, _correction("shop.name", "c")) is None


def test_the_same_value_read_back_under_another_frame_is_replaced_with_it():
    st = ContextState(
        facts={
            "general.date": _fact("general.date", "2026-12-10"),
            "hospital.date": _fact("hospital.date", "2026-12-10", role="assistant"),
            "general.time": _fact("general.time", "10:00"),
        }
    )
    echoes = echoed_elsewhere(st, _correction("hospital.date", "2026-12-14"))
    assert [f.key for f in echoes] == ["general.date"]
    _merge_fact(st, _correction("hospital.date", "2026-12-14"))
    assert "general.date" not in st.facts
    assert st.facts["hospital.date"].value == "2026-12-14"
    assert "general.time" in st.facts  # another slot is untouched


def test_another_tasks_date_read_back_for_this_task_keeps_its_own_value():
    # the car's dates offered for the hotel, then "check me in on the 5th instead": the car keeps its date
    st = ContextState(
        facts={
            "car.date": _fact("car.date", "2026-03-10"),
            "hotel.date": _fact("hotel.date", "2026-03-10", role="assistant"),
        }
    )
    assert echoed_elsewhere(st, _correction("hotel.date", "2026-03-05")) == []
    _merge_fact(st, _correction("hotel.date", "2026-03-05"))
    assert st.facts["car.date"].value == "2026-03-10"


def test_a_changed_day_leaves_the_first_day_only_in_the_history():
    st = state_after(
        [
            ("user", "帮我约一下体检"),
            ("assistant", "想约哪天？"),
            ("user", "这周四上午"),
            ("assistant", "周四（12月10日）医院有8:30和10:00。"),
            ("user", "10点"),
            ("assistant", "好的，周四10点。"),
            ("user", "啊不行，周四我要出差，改成下周一上午"),
        ]
    )
    current = {f.value for f in st.facts.values()}
    assert "这周四上午" not in current
    assert any("这周四上午" in [v.value for v in f.history] for f in st.facts.values())


def test_a_time_named_from_the_times_read_out_is_the_value():
    st = state_after(
        [
            ("user", "帮我约一下体检，这周四上午"),
            ("assistant", "周四（12月10日）医院有8:30和10:00。"),
            ("user", "10点"),
        ]
    )
    times = [f for f in st.facts.values() if f.key.endswith(".time")]
    assert [f.value for f in times] == ["10点"]


def _said(key: str, value: str, idx: int) -> Fact:
    return Fact(key=key, value=value, norm=value, first_idx=idx, last_idx=idx, role="user", vtype="number")


def _number_correction(key: str, value: str, correction: bool = True) -> FactCandidate:
    cand = _correction(key, value, correction)
    return cand.model_copy(update={"vtype": "number", "source_idx": 16})


def test_a_correction_right_after_the_users_answer_changes_that_answers_slot():
    st = ContextState(turn=15, facts={"card.limit": _said("card.limit", "50000", 14)})
    assert corrects_last_answer(st, _number_correction("card.amount", "30000")) == "card.limit"
    _merge_fact(st, _number_correction("card.amount", "30000"))
    assert "card.amount" not in st.facts
    assert st.facts["card.limit"].value == "30000"
    assert [v.value for v in st.facts["card.limit"].history] == ["50000"]


def test_a_value_without_a_correction_cue_keeps_its_own_slot():
    st = ContextState(turn=15, facts={"card.limit": _said("card.limit", "50000", 14)})
    assert corrects_last_answer(st, _number_correction("card.amount", "30000", correction=False)) is None


def test_an_answer_with_two_values_of_the_type_leaves_the_slot_unknown():
    facts = {
        "card.limit": _said("card.limit", "50000", 14),
        "card.income": _said("card.income", "150000", 14),
    }
    st = ContextState(turn=15, facts=facts)
    assert corrects_last_answer(st, _number_correction("card.amount", "30000")) is None


def test_an_answer_turns_ago_is_not_the_one_corrected():
    st = ContextState(turn=15, facts={"card.limit": _said("card.limit", "50000", 8)})
    assert corrects_last_answer(st, _number_correction("card.amount", "30000")) is None


def test_a_value_keyed_beside_its_own_held_slot_is_not_rekeyed_to_the_last_answer():
    # "the 12th" is held; the car's "make it from the 10th until March 14th" right after "until
    # March 13th": the 10th, kept beside the event's date, is no correction of the end date
    facts = {
        "event.date": _said("event.date", "2026-03-12", 6),
        "event.end_date": _said("event.end_date", "2026-03-13", 14),
    }
    st = ContextState(turn=15, facts=facts)
    cand = _number_correction("event.date_2", "2026-03-10")
    assert corrects_last_answer(st, cand) is None


def test_a_general_date_said_twice_is_still_the_attribute_a_correction_changes():
    # "Monday" then "next monday" in the lead-in, then "start should be the 25th instead"
    first = FactVersion(value="Monday", norm="monday", idx=2, replaced_at=5)
    held = _fact("general.date", "next monday", history=[first]).model_copy(update={"vtype": "date"})
    time = _fact("shop.time", "6:30")
    st = ContextState(facts={"general.date": held, "shop.time": time})
    assert corrected_elsewhere(st, _correction("shop.date", "the 25th")) is held


def test_a_correction_in_the_tasks_frame_replaces_a_decayed_value_said_before_any_domain():
    # "to her office: 48 Harcourt Street" fifteen turns before "send it to the house instead, 12 Orwell
    # Park Grove": the first address weighs less by then, and it is still the one the correction changes
    office = _fact("general.address", "48 Harcourt Street, Dublin 2").model_copy(update={"status": "decayed"})
    st = ContextState(facts={"general.address": office})
    assert corrected_elsewhere(st, _correction("event.address", "12 Orwell Park Grove")) is office
