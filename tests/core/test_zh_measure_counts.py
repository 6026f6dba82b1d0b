"""A number with a Chinese measure word of countable things (桌 tables, 节 sessions, 张, 辆, 间, 套) is
a count, not a name: as a name ("30桌" beside "亲戚加") a later "桌数改成36桌" keyed under another
domain could never meet the count it corrects. Real analyzer and stages, rules only."""

from __future__ import annotations

import pytest

from core.lang.registry import analyzer_for
from tests.core.builders import replaced, state_after

pytestmark = pytest.mark.unit


def _entities(text: str) -> list[tuple[str, str]]:
    return [(e.type, e.text) for e in analyzer_for("zh").entities(text, None)]


@pytest.mark.parametrize(
    "text,count", [("年会大概摆20桌", "20桌"), ("再买8节游泳课", "8节"), ("租3辆大巴", "3辆")]
)
def test_a_number_with_a_measure_word_is_a_count(text: str, count: str) -> None:
    # a count of things keeps the thing counted written after it ("3辆大巴", core.lang.zh_values)
    assert any(t == "quantity" and x.startswith(count) for t, x in _entities(text))


def test_a_corrected_count_of_tables_replaces_the_earlier_count() -> None:
    st = state_after(
        [
            ("user", "公司年会想请你们策划，大概摆20桌"),
            ("assistant", "好的，20桌。场地有偏好吗？"),
            ("user", "就选和平宾馆吧"),
            ("assistant", "和平宾馆宴会厅可以容纳30桌。"),
            ("user", "刚才老板说，桌数改成24桌"),
        ]
    )
    current = {f.value for f in st.facts.values()}
    assert any("24" in v for v in current), current
    assert not any("20桌" in v or v == "20 桌" for v in current), current
    assert any("20" in v for v in replaced(st))
