"""How often something happens is a frequency, never a duration or a weekday (core.lang.frequency)."""

from __future__ import annotations

import pytest

from core.lang.en_entities import extract_entities
from core.lang.frequency import en_frequencies, frequency_slot
from core.lang.registry import analyzer_for
from tests.core.builders import state_after

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(
    "text, span",
    [
        ("We want it every week please.", "every week"),
        ("every two weeks is fine", "every two weeks"),
        ("lessons once a week", "once a week"),
        ("3 times per week", "3 times per week"),
        ("fortnightly is fine", "fortnightly"),
    ],
)
def test_an_english_frequency_is_one_span_of_its_own(text: str, span: str) -> None:
    ents = extract_entities(text, None)
    assert [(e.text, e.slot) for e in ents] == [(span, "frequency")]


def test_a_stretch_of_time_stays_a_duration() -> None:
    assert [(e.text, e.type) for e in extract_entities("for two weeks", None)] == [("two weeks", "duration")]


@pytest.mark.parametrize(
    "text, span",
    [
        ("改成每两周一次", "每两周一次"),
        ("一周两次", "一周两次"),
        ("每月一次就行", "每月一次"),
        ("隔周打扫", "隔周"),
    ],
)
def test_a_chinese_frequency_is_no_weekday(text: str, span: str) -> None:
    ents = analyzer_for("zh").entities(text, None)
    assert [(e.text, e.slot) for e in ents] == [(span, "frequency")]
    assert not any(e.type == "date" for e in ents)  # "每两周一次" held "周一", a Monday


@pytest.mark.parametrize(
    "text, value",
    [
        ("We meet on Tuesdays, 7 till 9:30", "tuesdays"),
        ("Mondays and Wednesdays suit us", "mondays and wednesdays"),
        ("weekdays only", "weekdays"),
    ],
)
def test_a_weekday_in_the_plural_is_the_days_something_recurs_on(text: str, value: str):
    # "Tuesdays" was a name (a guessed name slot's value) or nothing at all
    assert [(s, v) for _, _, v in en_frequencies(text) for s in [frequency_slot(v)]] == [("days", value)]


def test_how_often_and_the_days_are_two_slots():
    assert frequency_slot("once a week") == "frequency" and frequency_slot("tuesdays") == "days"


def test_the_chinese_weekday_a_thing_recurs_on_stands_beside_how_often():
    # "每周两次" then the days read back "每周三、周六": the days replaced the twice-a-week rate
    ents = analyzer_for("zh").entities("好的，改为每周三、周六。", None)
    assert ("每周三", "days") in [(e.text, e.slot) for e in ents if e.type == "frequency"]
    st = state_after([("user", "每周两次"), ("assistant", "好的，改为每周三、周六。"), ("user", "ok")])
    assert "每周两次" in {f.value for f in st.facts.values()}
    assert "每周两次" not in {h.value for f in st.facts.values() for h in f.history}
