"""A user correction of a slot replaces the value the user agreed to beside it too ("下午4点" said,
"今天下午4点" read back and agreed, then "改成6点"): both were the one attribute's old value, and the
agreed one shown unmarked would keep it current. A value agreed beside a slot the user does not
correct stays. Real parse / extract / merge stages, rules only."""

from __future__ import annotations

import pytest

from tests.core.builders import replaced, state_after

pytestmark = pytest.mark.unit

_BOOKED = [
    ("user", "帮我约个宠物医生，我家猫咳嗽好几天了"),
    ("assistant", "建议今天来看一下。今天下午有空吗？"),
    ("user", "下午4点可以"),
    ("assistant", "已为您预约今天下午4点，李医生。"),
    ("user", "好。"),
]


def _current(st):
    return {f.value for f in st.facts.values()}


def test_the_agreed_time_is_held_beside_the_users_before_the_correction():
    assert {"下午4点", "今天下午4点"} <= _current(state_after(_BOOKED))


def test_a_correction_of_the_slot_replaces_the_agreed_value_too():
    st = state_after([*_BOOKED, ("user", "不好意思，那个时间赶不回来，改成6点吧")])
    assert "6点" in _current(st)
    assert not {"下午4点", "今天下午4点"} & _current(st)
    assert {"下午4点", "今天下午4点"} <= replaced(st)


def test_a_correction_of_another_slot_leaves_the_agreed_value():
    st = state_after([*_BOOKED, ("user", "不好意思，改成李医生的同事王医生吧")])
    assert "今天下午4点" in _current(st)


def test_a_correction_replaces_the_old_value_held_under_a_second_key_of_the_task():
    st = state_after(
        [
            ("user", "想把卫生间翻新一下，大概5平米"),
            ("assistant", "好的，预算大概多少？"),
            ("user", "3万以内"),
            ("assistant", "3万以内可以做。什么时候开工？"),
            ("user", "下个月吧"),
            ("assistant", "好的，已记录。"),
            ("user", "预算还是放到4万吧，瓷砖想要好一点的"),
        ]
    )
    assert "4万" in _current(st)
    assert "3万以内" not in _current(st), [(f.key, f.value) for f in st.facts.values()]
    assert "3万以内" in replaced(st)
