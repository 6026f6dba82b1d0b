"""A kind of food the user names before "food" / "cuisine" is the food slot's value, not a venue's name
("serves Northern European food", "try turkish food instead"): on one key, a later kind of food
replaces it and the earlier one is shown only as replaced."""

from __future__ import annotations

import pytest

from core.lang.en_entities import extract_entities
from tests.core.builders import state_after

pytestmark = pytest.mark.unit


def _slots(text: str) -> dict[str, str]:
    return {e.slot: e.text for e in extract_entities(text, None)}


@pytest.mark.parametrize(
    ("text", "food"),
    [
        ("I need a restaurant that serves Northern European food.", "Northern European"),
        ("Why don't we try turkish food instead", "turkish"),
        ("Any moderately priced restaurants that serve Christmas style food?", "Christmas"),
    ],
)
def test_a_name_before_food_is_the_food_slot(text: str, food: str) -> None:
    slots = _slots(text)
    assert slots.get("food") == food
    assert "name" not in slots


@pytest.mark.parametrize(
    "text", ["I want to eat at Pizza Hut food court.", "The Golden Curry food was great."]
)
def test_a_venue_before_food_stays_a_name(text: str) -> None:
    assert "food" not in _slots(text)


def test_another_kind_of_food_instead_replaces_the_first() -> None:
    st = state_after(
        [
            ("user", "I need a restaurant that serves Northern European food in the south."),
            ("assistant", "I am sorry, there are none in the south."),
            ("user", "Why don't we try turkish food instead"),
        ]
    )
    foods = [f for f in st.facts.values() if f.key.endswith(".food")]
    assert [f.value for f in foods] == ["turkish"]
    assert [v.value for v in foods[0].history] == ["Northern European"]
    assert not [f for f in st.facts.values() if f.key.endswith(".name")]


def test_a_spelling_variant_of_a_cuisine_is_the_food_slot_not_a_name() -> None:
    # "barbeque" (as "barbecue") names a kind of food: "a barbeque restaurant" is no venue's name
    slots = _slots("I need to find a barbeque restaurant in the centre of town.")
    assert slots.get("food") == "barbeque"
    assert "name" not in slots


@pytest.mark.parametrize(
    "text",
    [
        "I am Korean, and my supervisor says my English needs professional editing.",
        "My English needs editing before I submit.",
        "She is Italian, and he is half French.",
    ],
)
def test_a_nationality_naming_a_language_or_a_person_is_no_food(text: str) -> None:
    assert "food" not in _slots(text)


@pytest.mark.parametrize(
    ("text", "food"),
    [("I'm vegetarian, does the lunch have options?", "vegetarian"), ("I want Italian food", "Italian")],
)
def test_a_diet_or_a_cuisine_said_as_food_stays_food(text: str, food: str) -> None:
    assert _slots(text).get("food", "").lower() == food.lower()
