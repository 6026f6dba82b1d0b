"""Weekdays chained after 周 ("周一三晚上": Monday and Wednesday evenings) are one day span in the user's
words, not a count: "一三晚" was read as 13 nights, and the user's days were lost. "周一三点" is still
Monday at three."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.lang.zh_entities import entities_of

pytestmark = pytest.mark.unit
TS = datetime(2026, 12, 7, 9, 0)


@pytest.mark.parametrize(
    ("text", "span"), [("周一三晚上", "周一三晚上"), ("星期二四晚上都行", "星期二四晚上")]
)
def test_chained_weekdays_are_one_span(text: str, span: str):
    found = [(e.type, e.text) for e in entities_of(text, TS)]
    assert ("date", span) in found
    assert not [f for f in found if f[0] == "quantity"]


def test_a_weekday_then_an_hour_is_still_a_time():
    assert ("datetime", "周一三点半") in [(e.type, e.text) for e in entities_of("周一三点半到", TS)]
