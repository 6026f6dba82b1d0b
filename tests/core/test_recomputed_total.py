"""A total the assistant recomputes right after the user changed the order replaces the total held:
"Three trees: $510 for the trees, total $1,590" after "make it 3 trees" was held as an offer that
waited for a yes, so the context showed the old "$1,420" as what is owed."""

from __future__ import annotations

import pytest

from tests.core.builders import state_after

pytestmark = pytest.mark.unit

QUOTE = [
    ("user", "want christmas lights put up on the house. roofline and 2 front trees"),
    ("assistant", "Quote: roofline $1,080, both trees $340, total $1,420."),
    ("user", "ok sounds good"),
    ("assistant", "Great. Which day suits?"),
    ("user", "saturday morning"),
    ("assistant", "Saturday morning it is."),
]


def _totals(turns: list[tuple[str, str]]) -> list[tuple[str, list[str]]]:
    st = state_after(turns)
    return [(f.value, [h.value for h in f.history]) for k, f in st.facts.items() if k.endswith(".total")]


def test_the_total_recomputed_after_the_users_change_replaces_the_held_one():
    turns = [
        *QUOTE,
        ("user", "actually make it 3 trees, the maple too"),
        ("assistant", "Three trees: $510 for the trees, total $1,590."),
    ]
    assert _totals(turns) == [("$1,590", ["$1,420"])]


def test_a_total_said_without_a_change_before_it_stays_an_offer():
    turns = [*QUOTE, ("user", "what would 3 trees cost?"), ("assistant", "With three trees, total $1,590.")]
    assert _totals(turns) == [("$1,420", [])]


def test_a_change_asked_with_a_verb_of_amount_is_what_the_new_total_answers():
    turns = [
        ("user", "Insure 300k"),
        ("assistant", "Box S$780 a year plus S$300 for the cover, so S$1,080 yearly."),
        ("user", "Ok. Insurance reduce to 200k can?"),
        ("assistant", "Cover of S$200,000 is S$200 a year. Total S$980 yearly."),
    ]
    assert _totals(turns) == [("S$980", ["S$1,080"])]
