"""A day said as a parting ("明天见", "see you tomorrow!") is no date of the task, a Chinese date of one
item of a series ("第一次改到12月29日") is that item's, and a Chinese date a
thing must be done by ("周五之前") is a deadline, not the day the thing happens."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.lang.registry import analyzer_for
from tests.core.builders import state_after

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("zh", "行，明天见"),
        ("zh", "周一见！"),
        ("en", "great, see you tomorrow!"),
        ("en", "See you on Monday then"),
    ],
)
def test_a_day_said_as_a_parting_is_no_date(lang, text):
    assert not [e for e in analyzer_for(lang).entities(text, None) if e.type in ("date", "datetime")]


def test_a_parting_leaves_the_day_held():
    turns = [("user", "她这周六上午有比赛"), ("assistant", "好的，合计370元。"), ("user", "行，明天见")]
    st = state_after(turns)
    assert "这周六上午" in {f.value for f in st.facts.values()}
    assert not {h.value for f in st.facts.values() for h in f.history}


@pytest.mark.parametrize(
    ("text", "day"), [("要印logo，文件我周五之前发你们", "周五之前"), ("12月26号前到货", "12月26号前")]
)
def test_a_day_things_are_due_before_is_a_deadline(text, day):
    # its words keep the cue: "下周五之前" shown as "下周五" read as the day itself
    found = [(e.text, e.slot) for e in analyzer_for("zh").entities(text, None) if e.type == "date"]
    assert found == [(day, "deadline")]


def test_a_day_before_a_word_that_starts_with_qian_is_no_deadline():
    found = [e.slot for e in analyzer_for("zh").entities("周五前面那个班次", None) if e.type == "date"]
    assert "deadline" not in found


@pytest.mark.parametrize(
    ("text", "slot"),
    [("最后一次改到19号", "session_last_date"), ("第三次排练在1月14日", "session_3_date")],
)
def test_a_date_of_one_item_of_a_series_is_that_items(text, slot):
    assert [e.slot for e in analyzer_for("zh").entities(text, None) if e.type == "date"] == [slot]


def test_moving_the_first_rehearsal_leaves_the_event_date():
    turns = [
        ("user", "1月22号晚上，周五"),
        ("assistant", "好的，1月22日年会，4次排练在那之前完成。"),
        ("user", "最后一次改到19号"),
        ("assistant", "那第一次改到12月29日周二晚7点可以吗？"),
        ("user", "可以，就29号"),
    ]
    st = state_after(turns, ts=datetime(2026, 12, 15, 10))
    assert "1月22号晚上，周五" in {f.value for f in st.facts.values()}
    assert not {h.value for f in st.facts.values() for h in f.history if "1月22" in h.value}


def test_a_chinese_date_years_back_is_a_past_date():
    # a child's birthday said with the name ("彭语桐，2014年7月3日") was the date a later "24号下午" replaced
    ents = analyzer_for("zh").entities("彭语桐，2014年7月3日", datetime(2026, 12, 15, 10))
    assert [e.slot for e in ents if e.type == "date"] == ["past_date"]
    this_year = analyzer_for("zh").entities("2026年12月3日交货", None)
    assert [e.slot for e in this_year if e.type == "date"] == ["date"]
