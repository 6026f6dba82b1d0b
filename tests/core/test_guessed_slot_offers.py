"""A yes to the assistant's advice does not replace the user's own value: a caveat opened by "不过"
offers nothing in place of it (core.lang.zh_kinds), so "怀孕5个月" stays beside "2小时左右"."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from core.compressor import Compressor
from core.config import Config
from core.lang.zh_kinds import proposes_alternative
from core.models import Message

pytestmark = pytest.mark.unit
TS = datetime(2026, 12, 14, 16, 0)
TURNS = [
    ("user", "家里木地板下面发现白蚁，能上门看看吗？"),
    ("assistant", "可以。家里有老人、小孩、孕妇或宠物吗？"),
    ("user", "我老婆怀孕5个月，所以药一定要低毒的，家里还有一只猫"),
    ("assistant", "好的，我们用低毒的饵剂。"),
    ("user", "施工的时候猫要关起来吗"),
    ("assistant", "饵剂站是密封的，猫碰不到；不过安装时要开地板，建议把猫关在卧室2小时左右。"),
    ("user", "好的，谢谢"),
    ("assistant", "不客气。"),
]


def test_a_yes_to_advice_leaves_the_users_value_current() -> None:
    msgs = [Message(idx=i, role=r, text=t, ts=TS + timedelta(minutes=i)) for i, (r, t) in enumerate(TURNS)]
    result = Compressor(Config(use_embeddings=False)).compress(msgs)
    durations = {f.key: f for f in result.state.facts.values() if f.key.startswith("general.duration")}
    assert durations["general.duration"].value == "5个月"
    assert not durations["general.duration"].history
    assert "(was: 5个月)" not in result.rendered.text


@pytest.mark.parametrize(
    ("text", "offers"),
    [
        ("不过安装时要开地板，建议把猫关在卧室2小时左右。", False),
        ("不过需要提前一天预约", False),
        ("7点满了，不过8点可以", True),
        ("不过周五还有位置", True),
    ],
)
def test_buguo_offers_only_what_it_says_is_possible(text: str, offers: bool) -> None:
    assert proposes_alternative(text) is offers
