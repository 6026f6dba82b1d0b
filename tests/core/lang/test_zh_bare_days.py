"""A day of the month said alone ("31号上午10点", "改到29号吧") is a date when a date's words stand
around it, and a range's bare second day ("1月16号到19号") is its end, in the first day's month.
Before, "31号" was a name: it replaced the payment method "微信" and stood apart from the date it
corrected. Numbered things ("5号楼", "3号线", "B-15号地") stay what they were."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.lang.zh_entities import entities_of

pytestmark = pytest.mark.unit
TS = datetime(2026, 12, 28, 10, 0)


def _found(text: str) -> list[tuple[str, str, str, str | None]]:
    return [(e.type, e.text, e.value, e.slot) for e in entities_of(text, TS)]


@pytest.mark.parametrize(
    ("text", "surface", "kind", "value"),
    [
        ("后天去不了 31号上午10点", "31号上午10点", "datetime", "2026-12-31T10:00"),
        ("改到29号吧", "29号", "date", "2026-12-29"),
        ("20号之前送到", "20号之前", "date", "2027-01-20"),  # the 20th is past this month: the next one
        ("我想5号去", "5号", "date", "2027-01-05"),
    ],
)
def test_a_day_of_the_month_said_alone_is_a_date(text: str, surface: str, kind: str, value: str) -> None:
    assert any(t == kind and s == surface and v == value for t, s, v, _ in _found(text))


@pytest.mark.parametrize("text", ["住5号楼", "坐3号线", "8号床的病人", "B区30平米的是B-15号地", "第5号"])
def test_a_numbered_thing_is_no_date(text: str) -> None:
    assert not [f for f in _found(text) if f[0] in ("date", "datetime")]


def test_the_bare_second_day_of_a_range_is_its_end_in_the_first_days_month() -> None:
    found = _found("算了，还是住三晚吧，1月16号到19号")
    assert ("date", "1月16号", "2027-01-16", "date") in found
    assert ("date", "19号", "2027-01-19", "end_date") in found


@pytest.mark.parametrize("surface", ["12号", "20号"])
def test_a_size_said_to_be_a_number_is_no_day(surface: str):
    text = "号码是12号，我是20号"
    # two ring sizes were dates, and a corrected size replaced both
    assert not [f for f in _found(text) if f[1] == surface and f[0] in ("date", "datetime")]


def test_a_date_said_to_be_a_day_still_is_one():
    assert ("date", "20号") in [(f[0], f[1]) for f in _found("时间是20号")]
