"""A day said right before the step of a service it is for ("1月14号搭建", "1月10号搬回来", "下周一开工")
is that step's day, kept apart from the day of the event: one date slot for all of them let the move
back replace the start of the work."""

from __future__ import annotations

import pytest

from tests.core.builders import state_after
from tests.core.lang.zh_helpers import find

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(
    ("text", "surface", "slot"),
    [
        ("我们建议1月14号搭建，1月17号上午拆除，可以吗？", "1月14号", "setup_date"),
        ("我们建议1月14号搭建，1月17号上午拆除，可以吗？", "1月17号上午", "teardown_date"),
        ("那我们1月10号搬回来", "1月10号", "move_date"),
        ("下周一开工，元旦前能完工吗？", "下周一", "start_date"),
    ],
)
def test_a_day_right_before_a_step_is_that_steps(text: str, surface: str, slot: str) -> None:
    assert find(text, surface)[3] == slot


def test_a_day_with_no_step_after_it_is_the_date() -> None:
    assert find("我们1月8号在杭州办一场发布会", "1月8号")[3] == "date"


def test_the_day_of_a_move_back_never_replaces_the_start_of_the_work() -> None:
    turns = [
        ("user", "我家是老房子，90平两室一厅，墙面有点发黄，想整体刷一遍。客厅和卧室刷米白色"),
        ("assistant", "您想什么时候开工？"),
        ("user", "下周一开工，元旦前能完工吗？"),
        ("assistant", "可以，预计12月23日完工。"),
        ("user", "开窗通风几天能住人？"),
        ("assistant", "建议通风两周以上再入住～"),
        ("user", "那我们1月10号搬回来"),
    ]
    facts = state_after(turns).facts.values()
    assert {"下周一", "1月10号"} <= {f.value for f in facts}
    assert not [h.value for f in facts for h in f.history if f.vtype == "date"]
