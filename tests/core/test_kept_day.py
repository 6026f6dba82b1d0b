"""A bare hour that replaces the hour of a day-and-hour keeps the day: "下个礼拜六早上七点", then
"五点半就五点半" moved the hour only, but the whole value went to the history, so the Saturday the user
still holds was shown only inside "(was: ...)"."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.lang.en import EnglishAnalyzer
from core.lang.zh import ChineseAnalyzer
from tests.core.builders import state_after

pytestmark = pytest.mark.unit
TS = datetime(2027, 1, 26, 8, 10)  # a Tuesday
TURNS = [
    ("user", "下个礼拜六早上七点，要赶早，中午开席"),
    ("assistant", "下周六早上七点已经有人约了，可以提前到五点半，或者改到第二天礼拜天七点。"),
    ("user", "五点半就五点半，起早点冒得事"),
]


@pytest.mark.parametrize(
    ("surface", "words"),
    [
        ("下个礼拜六早上七点", "下个礼拜六"),
        ("明天下午3点", "明天"),
        ("下禮拜二晚上八點", "下禮拜二"),
        ("早上七点", None),
    ],
)
def test_the_day_words_of_a_day_and_hour(surface: str, words: str | None):
    assert ChineseAnalyzer().day_words(surface) == words


def test_english_says_no_day_words():
    assert EnglishAnalyzer().day_words("next Saturday at 7am") is None


def test_the_day_stays_when_a_bare_hour_replaces_the_hour():
    st = state_after(TURNS, TS)
    days = [f for k, f in st.facts.items() if k.endswith(".date")]
    assert [(f.value, f.norm) for f in days] == [("下个礼拜六", "2027-02-06")]
    ev = days[0].evidence
    assert ev is not None and TURNS[ev.idx][1][ev.start : ev.end] == "下个礼拜六"
    times = [f for k, f in st.facts.items() if k.endswith(".time")]
    assert [f.value for f in times] == ["五点半"]
    assert [h.value for h in times[0].history] == ["下个礼拜六早上七点"]


def test_a_new_day_and_hour_keeps_no_old_day():
    st = state_after([*TURNS[:2], ("user", "那改到礼拜天七点吧")], TS)
    assert not [k for k in st.facts if k.endswith(".date")]
