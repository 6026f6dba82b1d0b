"""The user's pick among options the assistant listed with a price each narrows the listed prices to
the pick's (core.priced_pick). Real parse / extract / merge stages."""

from __future__ import annotations

import pytest

from tests.core.builders import state_after

pytestmark = pytest.mark.unit

_LISTED = [
    ("user", "Hi, I'd like to book a guided ice fishing day for three of us."),
    ("assistant", "Half day, full day, or the overnight cabin?"),
    ("user", "Full day. It has to have a heated hut."),
    ("assistant", "Full day comes with a heated hut. What's your spend for the group?"),
    ("user", "$900 max for the lot of us"),
    ("assistant", "The full day is $220 a head, the half day $140 a head, the overnight cabin $380 a head"),
]


def _amounts(*later: tuple[str, str]) -> list[str]:
    st = state_after([*_LISTED, *later])
    return [f.value for f in st.facts.values() if "$220 a head" in f.value or "$380 a head" in f.value]


def test_the_option_named_narrows_the_listed_prices_to_its_own():
    assert _amounts(("user", "Full day. We want lake trout")) == ["$220 a head"]
    assert _amounts(("user", "The overnight cabin then")) == ["$380 a head"]


def test_a_clause_naming_no_option_or_more_than_its_own_words_narrows_nothing():
    listed = "$220 a head, $140 a head, $380 a head"
    assert _amounts(("user", "Is the full day worth it over the half day?")) == [listed]
    assert _amounts(("user", "We bring our own rods")) == [listed]


def test_a_chinese_pick_of_a_priced_option_narrows_to_its_price():
    st = state_after(
        [
            ("user", "你好，想订冰钓，两个人"),
            ("assistant", "预算呢？"),
            ("user", "五百以内一个人"),
            ("assistant", "半日180元一个人，全日320元一个人，冰钓加冰雪大世界480元一个人。"),
            ("user", "全日吧，时间长点"),
        ]
    )
    assert "320元一个人" in [f.value for f in st.facts.values()]
    assert not [f for f in st.facts.values() if "180元一个人" in f.value]
