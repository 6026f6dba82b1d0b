"""Several counts by kind said together in one clause are one list value, never one count replacing
another ("two vegans, one gluten free" after "pizza for 8 people": a dietary need is not the dish)."""

from __future__ import annotations

import pytest

from core.lang.en_entities import extract_entities
from tests.core.builders import replaced, state_after

pytestmark = pytest.mark.unit


def _spans(text: str) -> list[tuple[str, str | None]]:
    return [(e.text, e.slot) for e in extract_entities(text, None)]


def test_counts_of_people_of_a_kind_are_one_diet_list() -> None:
    spans = _spans("two vegans, one gluten free, rest eat anything.")
    assert ("two vegans, one gluten free", "diet") in spans


def test_counts_of_things_of_a_kind_are_one_items_list() -> None:
    assert ("2 vegan and 1 pepperoni", "items") in _spans("make it 2 vegan and 1 pepperoni")


@pytest.mark.parametrize(
    "text", ["2 adults and 1 child please", "table for 4 people and 2 nights", "one vegan"]
)
def test_known_counts_and_a_single_count_are_no_list(text: str) -> None:
    assert not [slot for _, slot in _spans(text) if slot in ("diet", "items")]


def test_a_dietary_list_keeps_the_dish_and_both_counts() -> None:
    st = state_after(
        [
            ("user", "order pizza for the team, we're 8 people working late"),
            ("assistant", "Any dietary needs in the team?"),
            ("user", "two vegans, one gluten free, rest eat anything."),
        ]
    )
    values = {f.key.rsplit(".", 1)[1]: f.value for f in st.facts.values()}
    assert values.get("food") == "pizza"
    assert values.get("diet") == "two vegans, one gluten free"
    assert "pizza" not in replaced(st)
