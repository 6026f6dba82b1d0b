"""English name spans (issue 12): a venue name goes on across 'and' / '&' when the words after it
close on a venue noun at the end of the clause, and an 'all' before a singular venue noun belongs to
the name; a quantifier 'all' before a plural, or a second item after 'and', is left out."""

from __future__ import annotations

import pytest

from core.lang.en_entities import extract_entities
from core.lang.en_names import find_names

pytestmark = pytest.mark.unit


def _spans(text: str) -> set[str]:
    return {text[n.start : n.end].lower() for n in find_names(text)}


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("How about darrys cookhouse and wine shop?", "darrys cookhouse and wine shop"),
        ("Try lovell bakery & coffee house.", "lovell bakery & coffee house"),
        ("I recommend all saints church. It is in the centre.", "all saints church"),
        ("Might I suggest all souls chapel, it is free.", "all souls chapel"),
    ],
)
def test_whole_name_is_one_span(text: str, name: str) -> None:
    assert name in _spans(text)


@pytest.mark.parametrize(
    ("text", "not_name"),
    [
        ("How about curry prince and the hotel?", "curry prince and the hotel"),
        ("how about pizza hut and a cinema?", "pizza hut and a cinema"),
        ("How about kymmoy and the museum near it?", "kymmoy and the museum"),
        ("I want to see all indian restaurants.", "all indian restaurants"),
        ("Show me all zizzi hotels please.", "all zizzi hotels"),
    ],
)
def test_a_second_item_or_a_quantifier_stays_out(text: str, not_name: str) -> None:
    assert not_name not in _spans(text)


def test_practice_and_its_doctor_are_one_name() -> None:
    text = "How about Blossom Ridge Medical Group: Zimmer J Kirk MD, General Practitioner, in Los Gatos?"
    assert "blossom ridge medical group: zimmer j kirk md" in _spans(text)


def test_a_label_before_a_colon_is_no_name() -> None:
    assert not any(s.startswith("note") for s in _spans("Note: Smith Jones MD is out today."))


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("lead is me. DOB 14/03/1979", []),  # the label of a date of birth, no person
        ("PIN: 4471", []),
        ("BMW 320i please", ["BMW"]),  # a make before a model: a name
        ("IKEA 2 seater sofa", ["IKEA"]),  # a count of a thing after it, no labelled value
    ],
)
def test_an_acronym_labelling_the_digits_after_it_is_no_name(text: str, names: list[str]) -> None:
    """"DOB 14/03/1979" read DOB as a name, which replaced the third person the user had named."""
    assert [e.text for e in extract_entities(text, None) if e.type == "name"] == names
