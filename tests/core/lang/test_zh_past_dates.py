"""A Chinese date a "是...的" clause gives a past event ("12月1日发的") is that day, as past_date
(core.lang.zh_past_dates): not next year's 1 December, and no value of the dates the user asks for."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.lang.zh_entities import entities_of

pytestmark = pytest.mark.unit
TS = datetime(2026, 12, 3, 10, 0)


def _dates(text: str) -> list[tuple[str, str, str | None]]:
    return [(e.text, e.value, e.slot) for e in entities_of(text, TS) if e.type == "date"]


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("有书面通知，12月1日发的，当天就让走了", ("12月1日", "2026-12-01", "past_date")),
        ("上周五买的", ("上周五", "2026-11-27", "past_date")),
        ("12月20号送的话可以吗", ("12月20号", "2026-12-20", "date")),  # "的话": if, no past event
        ("明天到的", ("明天", "2026-12-04", "date")),  # a day ahead: the one arriving tomorrow
    ],
)
def test_a_date_of_a_past_event(text: str, date: tuple[str, str, str | None]) -> None:
    assert _dates(text) == [date]
