"""The day a thing falls due or runs out ("the certificate runs out on 2 January", "预产期1月3号",
"3月5号到期") is that thing's day (due_date), never the day of the task: the visit booked before it
stands beside it, and a correction of the task's day retires it neither by its key nor by its shape
(core.retired_facts). A correction keyed by its type alone, with the attribute held twice, changes
the one whose clause it speaks of (core.correction_topics)."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.lang.en_entities import extract_entities
from core.lang.registry import analyzer_for
from tests.core.builders import state_after

pytestmark = pytest.mark.unit
TS = datetime(2026, 12, 1, 9, 0)


def _current(state, value: str) -> list[str]:
    """The keys of the facts whose current value is value."""
    return [k for k, f in state.facts.items() if f.value == value]


@pytest.mark.parametrize(
    "text",
    [
        "the gas safety certificate runs out on 2 January",
        "my passport expires on the 9th of February",
        "the insurance lapses on 3 March",
        "due date: 20 February",
    ],
)
def test_an_english_date_a_thing_runs_out_on_is_its_due_date(text: str) -> None:
    assert [e.slot for e in extract_entities(text, TS) if e.type == "date"] == ["due_date"]


@pytest.mark.parametrize("text", ["can you come on 2 January", "the visit is due to rain on Friday"])
def test_a_date_with_no_term_before_it_is_no_due_date(text: str) -> None:
    assert "due_date" not in [e.slot for e in extract_entities(text, TS) if e.type == "date"]


@pytest.mark.parametrize(
    ("text", "slot"),
    [("预产期1月3号", "due_date"), ("证书3月5号到期", "due_date"), ("宝宝1月初出生", "due_date"),
     ("日期是1月3号", "date"), ("档期1月3号有吗", "date")],
)  # fmt: skip
def test_a_chinese_date_after_a_terms_noun_or_before_dao_qi_is_its_due_date(text: str, slot: str) -> None:
    dates = [e for e in analyzer_for("zh").entities(text, TS) if e.type == "date"]
    assert [e.slot for e in dates] == [slot]


def test_the_visit_booked_stands_beside_the_day_the_certificate_runs_out() -> None:
    state = state_after(
        [
            ("user", "Hello, the gas safety certificate on my flat runs out on 2 January, I need a check."),
            ("assistant", "Happy to help. Which day works?"),
            ("user", "Next Monday, ideally the morning."),
            ("assistant", "Monday 7 December in the morning works."),
        ],
        TS,
    )
    assert _current(state, "2 January"), state.facts
    assert not any(v.value == "2 January" for f in state.facts.values() for v in f.history)


def test_a_leg_named_after_a_clauses_connective_keys_its_own_hour() -> None:
    ents = extract_entities("hall's only booked from 1pm, so setup at 1pm please", TS)
    assert [e.slot for e in ents if e.type == "time"][-1] == "setup_time"


def test_the_dates_of_an_absence_with_its_place_are_the_absence() -> None:
    ents = extract_entities("I'm away in Copenhagen from 4 to 15 January", TS)
    assert [e.slot for e in ents if e.type == "date"] == ["away_date", "away_end_date"]


HELPER = [
    ("user", "预产期1月3号，第一个月请了月嫂，育儿嫂从2月初上户"),
    ("assistant", "明白，育儿嫂2月初上户。对阿姨有什么要求？"),
    ("user", "有育婴师证"),
    ("assistant", "好的，什么时间面试？"),
    ("user", "下周二下午，视频面试"),
    ("assistant", "好的，下周二下午视频面试。"),
]


def test_a_correction_of_the_start_day_leaves_the_due_date_and_the_interview_day() -> None:
    state = state_after([*HELPER, ("user", "对了，上户时间改一下，育儿嫂1月29号就要来")], TS)
    assert _current(state, "1月3号"), state.facts
    assert _current(state, "下周二下午"), state.facts
    moved = [f for f in state.facts.values() if f.value == "1月29号"]
    assert moved and [v.value for v in moved[0].history] == ["2月"]


def test_a_correction_sharing_no_words_with_either_day_changes_the_later_one() -> None:
    """The default stands when the correction's clause names neither held day's words."""
    state = state_after([*HELPER, ("user", "不好意思，改成下周三吧")], TS)
    assert _current(state, "2月"), state.facts
    changed = [f for f in state.facts.values() if f.value == "下周三"]
    assert changed and [v.value for v in changed[0].history] == ["下周二下午"]


@pytest.mark.parametrize(
    ("text", "slots"),
    [
        ("开始日期改为2027年1月4日，6个月，到7月3日。", ["date", "end_date"]),  # "，到": until
        ("出发改到2月10号那个吧", ["date"]),  # "改到": a correction's "to"
        ("我今晚转", ["pay_date"]),
        ("我明天发你", ["send_date"]),
        ("明天发货", ["date"]),  # no "我": the task's own step
    ],
)
def test_a_chinese_periods_last_day_and_the_speakers_own_act(text: str, slots: list[str]) -> None:
    assert [e.slot for e in analyzer_for("zh").entities(text, TS) if e.type == "date"] == slots


@pytest.mark.parametrize(
    ("text", "slots"),
    [
        ("Perfect, I'll pay it tonight.", ["pay_date"]),
        ("we will send the forms on Monday", ["send_date"]),
        ("I'll be there on Monday", ["date"]),  # the visit's day
    ],
)
def test_an_english_speakers_own_coming_act(text: str, slots: list[str]) -> None:
    assert [e.slot for e in extract_entities(text, TS) if e.type == "date"] == slots

