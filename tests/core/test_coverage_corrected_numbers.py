"""The coverage guarantee never brings back a user's clause whose number a later correction about
the same thing named as the old value beside a new one ("每 500 行写一次" then "每批改成 1000 行吧，500
太碎了"), though the parser typed no entity of either number: the clause would show the old value
unmarked beside its correction."""

from __future__ import annotations

import pytest

from core.compressor import Compressor
from core.config import Config
from core.models import Message

pytestmark = pytest.mark.unit

TURNS = [
    ("user", "帮我改一下导出脚本"),
    ("assistant", "好的，要怎么改？"),
    ("user", "还有，改成分批写入，每 200 行写一次"),
    ("assistant", "已改为分批写入，每批200行。"),
    ("user", "分批的话每批改成 800 行吧，200 太少了"),
    ("assistant", "好的，每批800行。"),
    ("user", "顺便把日志级别调成 info"),
    ("assistant", "已调整。"),
    ("user", "好"),
    ("assistant", "还有别的吗？"),
]


def _head(turns: list[tuple[str, str]]) -> str:
    msgs = [Message(idx=i, role=r, text=t) for i, (r, t) in enumerate(turns)]
    result = Compressor(Config(use_embeddings=False)).compress(msgs, force=True, context_id="batch")
    return result.rendered.state_text


def test_a_clause_whose_number_was_corrected_does_not_come_back():
    head = _head(TURNS)
    assert "每 200 行写一次" not in head
    assert "800" in head


def test_a_clause_whose_number_no_correction_named_still_comes_back():
    turns = [*TURNS[:4], ("user", "分批的话顺便加个进度条吧"), *TURNS[5:]]
    head = _head(turns)
    assert "每 200 行写一次" in head
