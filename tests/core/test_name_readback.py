"""A Chinese name the user picks by a part of it, read back whole by the assistant ("就长乐吧" ->
"好的，选择长乐百万防癌医疗"), is the user's value; the names the assistant lists beside the held one
stay offers, not the user's value. Each test feeds the real parse / extract / merge stages."""

from __future__ import annotations

import pytest

from tests.core.builders import state_after

pytestmark = pytest.mark.unit

_OFFER = "70岁的防癌险目前有：康宁防癌险，每年1680元；长乐百万防癌医疗，每年2350元。"


def _names(st) -> list[tuple[str, str]]:
    return [(f.value, f.role) for k, f in st.facts.items() if k.endswith(".name")]


def test_a_part_of_a_name_read_back_whole_is_the_whole_name():
    st = state_after([
        ("assistant", _OFFER),
        ("user", "我还是倾向报销型的，就长乐吧"),
        ("assistant", "好的，选择长乐百万防癌医疗。另外您自己家孩子需要一起看看少儿险吗？"),
    ])
    assert ("长乐百万防癌医疗", "user") in _names(st)
    assert not any("少儿险" in v for v, _ in _names(st))


def test_names_listed_beside_the_held_name_stay_offers():
    st = state_after([
        ("assistant", _OFFER),
        ("user", "就长乐吧"),
        ("assistant", "好的，选择长乐百万防癌医疗。"),
        ("user", "好的"),
        ("assistant", "本次只办理阿姨的长乐百万防癌医疗。需要阿姨本人的身份证号做健康告知。"),
    ])
    assert ("长乐百万防癌医疗", "user") in _names(st)


def test_a_part_several_names_hold_picks_none():
    st = state_after([
        ("user", "就长乐吧"),
        ("assistant", "长乐百万防癌医疗和长乐少儿医疗都可以，您选哪个？"),
    ])
    assert all(v != "长乐百万防癌医疗" for v, _ in _names(st))
