"""Counts of a unit in English: the counted phrase runs to the plural noun that ends it, through up to
two modifiers ("4 rented medical monitors"), and stops where a plural or a function word ends it."""

from __future__ import annotations

import pytest

from core.lang.en_units import unit_counts

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(
    "text, value, slot",
    [
        ("sending back 4 rented medical monitors to the supplier", "4 rented medical monitors", "monitor"),
        ("3 large pepperoni pizzas please", "3 large pepperoni pizzas", "pizza"),
        ("2 flat whites and a muffin", "2 flat whites", "white"),
        ("40 pallets of frozen seafood", "40 pallets", "pallet"),
        ("6 insulated boxes, vaccine samples", "6 insulated boxes", "box"),
    ],
)
def test_a_count_phrase_ends_at_its_plural(text: str, value: str, slot: str):
    counts = [(v, s) for _, _, t, v, s in unit_counts(text) if t == "quantity"]
    assert counts == [(value, slot)]


def test_a_third_word_that_is_no_plural_is_not_counted():
    counts = [v for _, _, t, v, _ in unit_counts("ship 4 rented medical devices") if t == "quantity"]
    assert counts == ["4 rented medical devices"]
    counts = [v for _, _, t, v, _ in unit_counts("ship 4 rented medical gear today") if t == "quantity"]
    assert counts == ["4 rented medical"]
