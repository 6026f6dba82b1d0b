"""A Chinese resident identity number is an id by its shape (region, birth date, order, check digit),
said with or without a space after its cue; it was read as a bare number and dropped."""

from __future__ import annotations

import pytest

from core.lang.registry import analyzer_for

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("身份证号码330102201407035528", "330102201407035528"),
        ("周志远，身份证 330106199005143217", "330106199005143217"),
        ("身份证 33010219900514321x", "33010219900514321X"),
    ],
)
def test_a_resident_id_is_an_id(text, number):
    ids = [(e.value, e.slot) for e in analyzer_for("zh").entities(text, None) if e.type == "id"]
    assert ids == [(number, "id_number")]


def test_eighteen_digits_that_hold_no_birth_date_are_no_resident_id():
    ents = analyzer_for("zh").entities("流水号 123456789012345678", None)
    assert "id_number" not in [e.slot for e in ents]
