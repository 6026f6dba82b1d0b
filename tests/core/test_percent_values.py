"""A rate in percent is a value ("0.5% cash back"), read like any other number with its attribute;
one said "instead of" another is the new value, the other the one replaced. A likelihood or a measure
("a 6 percent chance of rain", "humidity 19 percent") and "100% sure" are no value."""

from __future__ import annotations

import pytest

from core.lang.en_entities import extract_entities
from tests.core.builders import state_after

pytestmark = pytest.mark.unit


def _rates(text: str) -> list[str]:
    return [e.text for e in extract_entities(text, None) if e.slot == "rate"]


def test_percentages_are_rates() -> None:
    assert _rates("Your card earns 1.5% on everything, and 5% at partner pharmacies.") == ["1.5%", "5%"]
    assert _rates("a 3 percent fee") == ["3 percent"]


@pytest.mark.parametrize(
    "text",
    ["It'll be around 89 degrees with a 17 percent chance of rain.", "humidity is 19%", "I'm 100% sure"],
)
def test_a_likelihood_or_certainty_is_no_rate(text: str) -> None:
    assert _rates(text) == []


def test_a_rate_said_instead_of_another_is_the_one_kept() -> None:
    st = state_after(
        [
            ("user", "and cashback stays the same?"),
            ("assistant", "The no-fee version gives 0.5% instead of 1% cash back."),
        ]
    )
    rates = [f.value for f in st.facts.values() if f.key.endswith(".rate")]
    assert rates == ["0.5%"]
