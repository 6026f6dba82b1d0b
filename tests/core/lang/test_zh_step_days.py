"""A day said right before the step of a service it is for ("1月14号搭建", "1月10号搬回来", "下周一开工",
"2号晚上收") is that step's day, kept apart from the day of the event: one date slot for all of them
let the move back replace the start of the work. An hour a thing lasts until ("能待到1点半吗") is its
end, never a new hour for another visit."""

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
        ("好的，那2号晚上收吧", "2号晚上", "collection_date"),  # the pick-up, not the rental's first day
        ("12月30号上午送达", "12月30号上午", "delivery_date"),
        ("那我们1月10号搬入", "1月10号", "move_date"),
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


def test_a_day_something_was_received_on_is_no_collection() -> None:
    assert find("快递我3号收到的，12月30号再来吧", "12月30号")[3] != "collection_date"
    assert find("12月30号收费", "12月30号")[3] == "date"


@pytest.mark.parametrize(
    ("text", "surface"),
    [
        ("你们能待到1点半吗", "1点半"),  # how long the guards stay, not the site visit's hour
        ("营业到晚上10点", "晚上10点"),
        ("托管改成到六点吧", "六点"),
        ("需要，到五点半", "五点半"),
    ],
)
def test_an_hour_something_lasts_until_is_its_end(text: str, surface: str) -> None:
    assert find(text, surface)[3] == "end_time"


def test_minutes_are_no_head_count() -> None:
    """"今晚7点8位" was the time 19:08."""
    assert find("今晚7点8位", "今晚7点")[2].endswith("19:00")
    assert find("今晚7点8位", "8位")[3] == "people"


@pytest.mark.parametrize(
    ("text", "surface"), [("预算只有6000，能不能少两个人", "两个人"), ("又来了两个人，10个人了", "两个人")]
)
def test_a_change_of_the_head_count_is_no_head_count(text: str, surface: str) -> None:
    """"少两个人" (two fewer) had replaced the audience of 600 as the people held."""
    assert find(text, surface)[3] == "people_change"
    assert find("又来了两个人，10个人了", "10个人")[3] == "people"
