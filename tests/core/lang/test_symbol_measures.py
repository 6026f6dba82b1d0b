"""A measure written with a unit symbol is a quantity of the attribute the symbol names, in English
and Chinese text ("Make it 6 kW" was nothing at all; "3kW电箱" a name). An oil grade ("0W-20") and
a street ("4 W 57th St") are no measure."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.lang.en import EnglishAnalyzer
from core.lang.zh_entities import entities_of

pytestmark = pytest.mark.unit
TS = datetime(2026, 12, 7, 9, 0)


@pytest.mark.parametrize(
    ("text", "surface", "slot"),
    [
        ("Make it 6 kW.", "6 kW", "power"),
        ("a 65W charger", "65W", "power"),
        ("3000 mAh", "3000 mAh", "battery"),
    ],
)
def test_an_english_measure_with_a_unit_symbol_is_keyed_by_what_it_measures(
    text: str, surface: str, slot: str
):
    assert ("quantity", surface, slot) in [
        (e.type, e.text, e.slot) for e in EnglishAnalyzer().entities(text, TS)
    ]


@pytest.mark.parametrize(
    ("text", "surface", "slot"), [("要3kW电箱", "3kW", "power"), ("2TB硬盘", "2TB", "storage")]
)
def test_a_chinese_measure_with_a_unit_symbol_is_keyed_by_what_it_measures(
    text: str, surface: str, slot: str
):
    assert ("quantity", surface, slot) in [(e.type, e.text, e.slot) for e in entities_of(text, TS)]


@pytest.mark.parametrize("text", ["synthetic 0W-20.", "I'm at 4 W 57th St"])
def test_an_oil_grade_or_a_street_is_no_measure(text: str):
    assert not [e for e in EnglishAnalyzer().entities(text, TS) if e.slot == "power"]
