"""A name the user gives right after a relative word ("我老婆，吴佳", "my wife, Sarah Lee") is that
person's: it stands beside the user's own name, never replaces it (issue 12, item 2: a value
replaces another only when it is the same attribute). Real stages, rules only."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from core.compressor import Compressor
from core.config import Config
from core.models import Message

pytestmark = pytest.mark.unit
TS = datetime(2026, 12, 4, 9, 0)


def _names(turns: list[tuple[str, str]]) -> tuple[set[str], set[str]]:
    session = Compressor(Config(use_embeddings=False)).session("kin")
    for i, (role, text) in enumerate(turns):
        session.add(Message(idx=i, role=role, text=text, ts=TS + timedelta(minutes=i)), auto_compact=False)
    facts = session.state.facts.values()
    return {f.value for f in facts}, {h.value for f in facts for h in f.history}


@pytest.mark.parametrize(
    "turns, own, relative",
    [
        (
            [
                ("assistant", "请提供姓名和身份证号。"),
                ("user", "周志远，身份证 330106199005143217"),
                ("assistant", "收到。紧急联系人？"),
                ("user", "我老婆，吴佳，电话 137 5712 0046"),
            ],
            "周志远",
            "吴佳",
        ),
        (
            [
                ("assistant", "Can I take your full name?"),
                ("user", "Daniel Okafor"),
                ("assistant", "Thanks. And an emergency contact?"),
                ("user", "my wife, Sarah Lee, 07700 900123"),
            ],
            "Daniel Okafor",
            "Sarah Lee",
        ),
    ],
)
def test_a_relatives_name_stands_beside_the_users_own(turns, own: str, relative: str):
    current, replaced = _names(turns)
    assert {own, relative} <= current and own not in replaced
