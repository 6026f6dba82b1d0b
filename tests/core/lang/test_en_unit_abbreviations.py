"""A number with a unit written as a capitalized abbreviation ("2 LPM", "10 KVA", "3 PSI") is a
measure, keyed by its unit, never the name of a thing: as a name, "2 LPM pulse" was replaced by the
concentrator the user picked next ("simplygo then")."""

from __future__ import annotations

import pytest

from tests.core.lang.en_helpers import ents, find

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(
    "text, surface, slot",
    [
        ("yes, 2 LPM pulse, continuous at night", "2 LPM", "lpm"),
        ("we need a 10 KVA generator", "10 KVA", "kva"),
        ("keep it at 32 PSI", "32 PSI", "psi"),
    ],
)
def test_a_number_and_a_unit_abbreviation_is_a_measure(text: str, surface: str, slot: str):
    e = find(text, surface)
    assert (e.type, e.slot) == ("quantity", slot)
    assert not [x for x in ents(text) if x.type == "name"]


@pytest.mark.parametrize(
    "text, surface", [("at 2 PM please", "2 PM"), ("it's at 221B Baker Street", "221B Baker Street")]
)
def test_a_time_or_an_address_is_no_measure(text: str, surface: str):
    assert find(text, surface).type in ("time", "address")


@pytest.mark.parametrize(
    "text, surface, slot",
    [
        ("~65 m2. Small crack above the bathroom door", "65 m2", "surface"),
        ("about 80m² in total", "80m²", "surface"),
        ("the flat is 65 sq m", "65 sq m", "surface"),
        ("roughly 700 sq ft", "700 sq ft", "surface"),
        ("12 square metres of tiles", "12 square metres", "surface"),
        ("I need 3 m3 of topsoil", "3 m3", "volume"),
    ],
)
def test_an_area_or_a_volume_keeps_its_unit(text: str, surface: str, slot: str):
    # "~65 m2" read as nothing (a unit with a digit), "65 sq m" as "65 sq": the size lost its unit
    e = find(text, surface)
    assert (e.type, e.slot) == ("quantity", slot)


@pytest.mark.parametrize(
    "text, surface, slot",
    [
        ("routine nail care for six residents", "six residents", "resident"),
        ("So only two trims", "two trims", "trim"),
        ("yes, three heaters then.", "three heaters", "heater"),
    ],
)
def test_a_count_in_words_of_any_plural_is_a_count(text: str, surface: str, slot: str):
    # "six residents" read as nothing: a count written in words was lost, and so was its correction
    e = find(text, surface)
    assert (e.type, e.slot) == ("quantity", slot)


@pytest.mark.parametrize("text", ["one of them is vegan", "two of them are vegan", "the two are fine"])
def test_a_word_number_without_a_counted_plural_is_no_count(text: str):
    assert not [e for e in ents(text) if e.type == "quantity"]
