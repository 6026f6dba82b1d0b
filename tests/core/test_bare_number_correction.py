"""A user correction that states only a bare number right after the user's own bare-number answer
replaces that answer ("30000" then "hmm make it 20000"): the old number goes to the history, never
stays shown as current."""

from __future__ import annotations

import pytest

from tests.core.builders import state_after

pytestmark = pytest.mark.unit

TURNS = [
    ("user", "I'd like to apply for the travel card"),
    ("assistant", "Sure. Credit limit request?"),
    ("user", "40000"),
    ("assistant", "Requested limit 40,000 yuan."),
]


def _limit(st):
    held = [f for f in st.facts.values() if f.value in ("40000", "25000")]
    assert len(held) == 1, [(f.key, f.value) for f in st.facts.values()]
    return held[0]


def test_a_bare_number_correction_replaces_the_users_last_bare_number():
    st = state_after([*TURNS, ("user", "hmm make it 25000, I don't trust myself")])
    fact = _limit(st)
    assert fact.value == "25000"
    assert [v.value for v in fact.history] == ["40000"]


def test_a_bare_number_without_a_correction_cue_replaces_nothing():
    st = state_after([*TURNS, ("user", "my salary is about 25000 a month")])
    assert any(f.value == "40000" for f in st.facts.values())
