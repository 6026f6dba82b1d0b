"""呢 in Chinese (core.lang.zh_kinds): it asks after a thing named alone ("那上海呢") or before a question
mark; after a quality stressed with 着 ("好着呢", "早着呢") it affirms, and the clause is no question."""

from __future__ import annotations

import pytest

from core.lang.registry import analyzer_for

pytestmark = pytest.mark.unit


@pytest.mark.parametrize("text", ["三点就三点，好着呢", "时间还早着呢"])
def test_a_quality_stressed_with_ne_states(text: str) -> None:
    assert analyzer_for("zh").kind(text, "user") != "question"


@pytest.mark.parametrize("text", ["那上海呢", "你呢", "撤场呢", "几点呢？"])
def test_ne_after_a_thing_named_alone_asks(text: str) -> None:
    assert analyzer_for("zh").kind(text, "user") == "question"
