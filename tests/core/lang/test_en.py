"""The English analyzer never crashes and its offsets always index the text (randomized tests);
the cases by topic are in test_en_values, test_en_names and test_en_discourse."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.lang.base import SLOTS
from core.lang.en_lexicon import words
from tests.core.lang.en_helpers import EN, TS, unit_slot

pytestmark = pytest.mark.unit


# --- properties -------------------------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_never_crashes_and_offsets_always_index_the_text(text):
    for e in EN.entities(text, TS):
        assert 0 <= e.start < e.end <= len(text)
        assert text[e.start : e.end] == e.text
        assert e.slot is None or e.slot in SLOTS or unit_slot(e)
    for n in EN.negations(text):
        assert n.text in text
    pos = 0
    for part in EN.split(text):
        assert part.strip()
        pos = text.index(part, pos) + len(part)
    for role in ("user", "assistant", "tool", "system"):
        EN.kind(text, role)
        EN.action(text, role)
    EN.domain(text)
    EN.pinned(text)
    EN.is_correction(text)


@pytest.mark.parametrize("text", ["0a-0", "5a-5 boxes", "we need 2 x- 3"])
def test_a_unit_word_ends_with_a_letter(text):
    # found by the fuzz test above: "0a-0" was a quantity of the unit "a-" (a slot nobody has)
    assert all(not (e.slot or "").endswith("-") for e in EN.entities(text, TS))



_WORDS = st.sampled_from(
    words(
        "I need a table for 4 people at 7 pm on Friday next week , the Golden Curry cheap north "
        "no don't want $ 20 . ? from to called 18:45 March 3rd half past 6 quarter to reference "
        "8ZPOWHY4 408-971-8523 vs hotel guesthouse lodge actually instead yes"
    )
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_WORDS, max_size=40).map(" ".join))
def test_dialogue_like_text_never_crashes(text):
    for e in EN.entities(text, None):
        assert text[e.start : e.end] == e.text
        assert e.slot is None or e.slot in SLOTS or unit_slot(e)
    EN.negations(text)
    EN.kind(text, "user")


def test_a_count_list_keys_to_a_known_slot_and_a_clock_time_is_no_kind():
    # found by the fuzz test above: "7 Curry , 6 pm" was a list of counts keyed "items", a slot
    # missing from base.SLOTS, and "6 pm" counted as a kind of dish
    lists = [e for e in EN.entities("7 Curry , 6 pm", TS) if e.type == "term"]
    assert all("pm" not in e.text for e in lists)
    food = [e for e in EN.entities("2 vegan and 1 pepperoni please", TS) if e.type == "term"]
    assert food and all(e.slot in SLOTS for e in food)
