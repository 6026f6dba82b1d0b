"""A weekday said after a date as its apposition ("1月22号晚上，周五") is that date's weekday: read apart,
"周五" was the next Friday, a second date, and the user's rehearsal days ("周二周四都可以") replaced
the pair as one corrected value. A weekday that is not the date's stays a date of its own."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.lang.zh_entities import entities_of

pytestmark = pytest.mark.unit
TS = datetime(2026, 12, 20, 9, 0)


@pytest.mark.parametrize(
    ("text", "span", "value"),
    [
        ("1月22号晚上，周五", "1月22号晚上，周五", "2027-01-22"),
        ("12月26日（周六）", "12月26日（周六）", "2026-12-26"),
    ],
)
def test_a_date_and_its_own_weekday_are_one_date(text: str, span: str, value: str):
    assert [(e.type, e.text, e.value) for e in entities_of(text, TS)] == [("date", span, value)]


def test_a_weekday_that_is_not_the_dates_stays_apart():
    assert len([e for e in entities_of("1月22号，周六", TS) if e.type == "date"]) == 2
