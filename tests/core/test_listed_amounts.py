"""One of the amounts the assistant listed, said again alone, narrows the list (core.listed_amounts)."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.compressor import Compressor
from core.config import Config
from core.listed import listed
from core.models import ContextState, Message
from core.reported import priced_terms

pytestmark = pytest.mark.unit
TS = datetime(2026, 12, 13, 9, 0)


def _state(turns: list[tuple[str, str]]) -> ContextState:
    msgs = [Message(idx=i, role=r, text=t, ts=TS) for i, (r, t) in enumerate(turns)]
    return Compressor(Config(use_embeddings=False)).compress(msgs, context_id="listed-amounts").state


def _amounts(state: ContextState) -> list[str]:
    return [f.value for f in state.facts.values() if "₦" in f.value or "€" in f.value]


def test_the_price_read_back_after_a_pick_narrows_the_listed_prices() -> None:
    state = _state(
        [
            ("user", "I need an air fryer for the family."),
            (
                "assistant",
                "We have the Crisp 3.5L at ₦48,000, the Crisp 5L at ₦62,000, the Crisp Digital at ₦71,000.",
            ),
            ("user", "Oya, the 5 litre one with knobs"),
            ("assistant", "The Crisp 5L with knobs, ₦62,000. Which colour?"),
        ]
    )
    assert "₦62,000" in _amounts(state)
    assert not [a for a in _amounts(state) if "₦48,000" in a]


def test_a_total_and_its_rate_are_no_options_to_narrow() -> None:
    state = _state(
        [
            ("user", "Make it 1000 litres of kerosene."),
            ("assistant", "1000 litres then, €1,040 at €1.04. Shall I change the order?"),
            ("user", "Yes please"),
            ("assistant", "Amended: 1000 litres, €1,040, Thursday 8am-1pm."),
        ]
    )
    assert any("€1.04" in a for a in _amounts(state))


@pytest.mark.parametrize(
    ("value", "items"),
    [
        ("¥12,800", ["¥12,800"]),  # thousands grouped by a comma: one amount (it had been "¥12", "800")
        ("4,000 lira, 3,650 lira", ["4,000 lira", "3,650 lira"]),
        ("$389, $529, $249", ["$389", "$529", "$249"]),
        ("14:30, 13:30", ["14:30", "13:30"]),
        ("1,2,3", ["1", "2", "3"]),
    ],
)
def test_a_list_is_cut_at_its_separators_not_inside_a_number(value: str, items: list[str]) -> None:
    assert listed(value) == items


def test_a_price_with_grouped_thousands_is_a_term_under_the_users_budget() -> None:
    # read as two items, "¥12,800" was no single quoted price: the soft budget dropped it as information
    state = _state(
        [
            ("assistant", "Your price limit?"),
            ("user", "15,000 yen max"),
            ("assistant", "The Kaze Light 400 is ¥12,800."),
        ]
    )
    terms = priced_terms(state)
    assert [state.facts[k].value for k in terms] == ["¥12,800"]
