"""Numbers that name, not count: "size 51" labels a size, "ISM PN 3.0" is a model's name (it had
replaced the bike's size 51 as a count); a count of bags ("50袋") is a quantity, not a name."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.lang.registry import analyzer_for
from tests.core.builders import state_after

pytestmark = pytest.mark.unit


def _entities(lang: str, text: str) -> list[tuple[str, str]]:
    return [(e.type, e.text) for e in analyzer_for(lang).entities(text, datetime(2026, 12, 1, 10))]


def test_size_labels_its_number():
    assert ("id", "size 51") in _entities("en", "My bicycle is Cervelo P3, size 51, for triathlon.")


@pytest.mark.parametrize("text", ["It is ISM PN 3.0, I bought in October.", "the Cervelo P3 51 is mine"])
def test_a_number_after_a_models_name_is_no_count(text):
    assert not [t for t, _ in _entities("en", text) if t == "number"]


def test_a_number_after_one_capital_word_still_counts():
    assert ("number", "10") in _entities("en", "flapper dresses: UK 10 and UK 14")


def test_a_models_number_never_replaces_a_size():
    st = state_after(
        [
            ("user", "My bicycle is Cervelo P3, size 51, for triathlon."),
            ("assistant", "Noted. Any saddle?"),
            ("user", "It is ISM PN 3.0, I bought in October."),
        ]
    )
    assert "size 51" in {f.value for f in st.facts.values()}
    assert "size 51" not in {h.value for f in st.facts.values() for h in f.history}


@pytest.mark.parametrize(("text", "count"), [("土要多拿点，拿50袋", "50袋"), ("买两双鞋", "两双")])
def test_bags_and_pairs_are_counted(text, count):
    assert ("quantity", count) in _entities("zh", text)


@pytest.mark.parametrize(
    ("text", "model"),
    [
        # a model's number right after its name, a code in capitals after it: one name (it had been a
        # name "Kiwiblade" and a measure "46 SP" in a unit "SP", or a bare count 3)
        ("Kiwiblade 46 SP, the self-propelled one.", "Kiwiblade 46 SP"),
        ("The Pulse Watch 5 GPS.", "The Pulse Watch 5 GPS"),
        ("I want the Orbit Fit 3 please", "the Orbit Fit 3"),
    ],
)
def test_a_models_number_is_part_of_its_name(text, model):
    assert ("name", model) in _entities("en", text)


@pytest.mark.parametrize(
    "text",
    [
        "Granta Lodge 3 nights please",  # a noun after the number: a count
        "Single-width 6.2m tower: £189",  # a measure, not a model's number
        "EU 41.",  # a size's label in capitals, not a model's name
    ],
)
def test_a_number_that_counts_or_measures_stays_apart_from_the_name(text):
    assert not [v for t, v in _entities("en", text) if t == "name" and any(c.isdigit() for c in v)]
