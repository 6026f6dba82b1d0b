"""An assistant repeating one item of a list the user gave is no offer: "3月体检前恢复好" after
"我1月20号放假，2月底开学，3月份体检" was held as an offer of "3月" for the date, and a later
"嗯嗯" to something else took it, replacing the examination day the user had booked
("下周六上午") and showing it as replaced."""

from __future__ import annotations

import pytest

from tests.core.builders import state_after

pytestmark = pytest.mark.unit


def test_a_yes_later_does_not_take_a_part_of_the_users_own_list() -> None:
    state = state_after([
        ("user", "你好，我想做近视手术，先约个检查"),
        ("assistant", "好的，哪天方便来检查？"),
        ("user", "下周六上午"),
        ("assistant", "好的。手术想什么时候做？"),
        ("user", "必须寒假做，我1月20号放假，2月底开学，3月份体检"),
        ("assistant", "明白，寒假手术，3月体检前恢复好。预算大概多少？"),
        ("user", "两万以内"),
        ("assistant", "好的，方案按全飞秒规划。"),
        ("user", "嗯嗯"),
        ("assistant", "还有什么需要吗？"),
    ])
    held = {f.value for f in state.facts.values()}
    replaced = {h.value for f in state.facts.values() for h in f.history}
    assert "下周六上午" in held and "下周六上午" not in replaced
