"""A bare number with a fractional part measures something (a shoe size, a weight): counts of things
are whole, so it is no count, and the next bare count the user says (a model number picked from a
list) does not replace it. Real stages, rules only."""

from __future__ import annotations

import pytest

from core.models import Entity
from core.slot_keys import fact_key
from tests.core.builders import replaced, state_after

pytestmark = pytest.mark.unit


def _number(text: str) -> Entity:
    return Entity(type="number", text=text, value=text, start=0, end=len(text))


@pytest.mark.parametrize(("text", "slot"), [("8.5", "general.number"), ("430", "general.count")])
def test_a_fraction_is_no_count(text: str, slot: str) -> None:
    assert fact_key(_number(text), None) == slot


def test_a_picked_model_number_does_not_replace_the_size() -> None:
    st = state_after(
        [
            ("user", "boots need resoling"),
            ("assistant", "Sure. What kind of boots?"),
            ("user", "red wing iron rangers, 8.5"),
            ("assistant", "Sole options: leather full sole $95, Vibram 430 mini-lug $110."),
            ("user", "vibram 430"),
        ]
    )
    assert "8.5" not in replaced(st)
    assert "8.5" in {f.value for f in st.facts.values()}
