"""A code in capital parts with a space ("LK19 XDP", "GBR 4417K") is one id (core.lang.en_spaced_codes)."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.lang.en_entities import extract_entities

pytestmark = pytest.mark.unit
REF = datetime(2026, 12, 7, 9, 0)


def _entities(text: str) -> list[tuple[str, str]]:
    return [(e.text, e.type) for e in extract_entities(text, REF)]


@pytest.mark.parametrize(
    ("text", "code"),
    [("the reg is LK19 XOP", "LK19 XOP"), ("sail number GBR 4471K.", "GBR 4471K")],
)
def test_a_spaced_code_is_one_id(text: str, code: str) -> None:
    assert (code, "id") in _entities(text)


@pytest.mark.parametrize(
    ("text", "not_code"),
    [
        ("we're at BN1 3RL", "BN1 3RL"),  # a postcode
        ("A2 A3 posters", "A2 A3"),  # two paper sizes: too short
        ("flight BA 2490 to Rome", "BA 2490"),  # no part mixes letters and digits
        ("IBAN ES91 2100 0418 4502 0005 1332", "IBAN ES91"),  # part of a longer run
    ],
)
def test_what_is_no_spaced_code(text: str, not_code: str) -> None:
    assert (not_code, "id") not in _entities(text)
