"""Asking to be told first is a stressed instruction the context keeps whole: "超过1000块要先跟我说"
was a plain constraint whose words went missing (its "1000块" shown as a count)."""

from __future__ import annotations

import pytest

from core.lang.zh_kinds import is_pinned

pytestmark = pytest.mark.unit


@pytest.mark.parametrize("text", ["超过1000块要先跟我说", "要换零件的话先跟我讲一声", "换电机前先跟我确认"])
def test_asking_to_be_told_first_is_stressed(text: str):
    assert is_pinned(text)


def test_telling_someone_else_is_not_stressed():
    assert not is_pinned("我先跟师傅说一下地址")
