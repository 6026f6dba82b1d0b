"""A day said as a parting ("明天见", "see you tomorrow!") is no date of the task, and a Chinese date a
thing must be done by ("周五之前") is a deadline, not the day the thing happens."""

from __future__ import annotations

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
    ("text", "day"), [("要印logo，文件我周五之前发你们", "周五"), ("12月26号前到货", "12月26号")]
)
def test_a_day_things_are_due_before_is_a_deadline(text, day):
    found = [(e.text, e.slot) for e in analyzer_for("zh").entities(text, None) if e.type == "date"]
    assert found == [(day, "deadline")]


def test_a_day_before_a_word_that_starts_with_qian_is_no_deadline():
    found = [e.slot for e in analyzer_for("zh").entities("周五前面那个班次", None) if e.type == "date"]
    assert "deadline" not in found
