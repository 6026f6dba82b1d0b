"""Chinese prohibitions said in dialect or without their last character: 莫要 and 嫑 ("don't") open a
prohibition as 不要 does ("莫要给我们拍视频发抖音哈"), and an intolerance said as "乳糖不耐" (no 受)
forbids what it names, as an allergy does; "等得不耐" (impatient) forbids nothing."""

from __future__ import annotations

import pytest

from core.lang.zh_negation import find_negations
from tests.core.builders import missing_clauses

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(
    ("text", "said", "target"),
    [
        ("另外，莫要给我们拍视频发抖音哈，我们自己拍", "莫要给我们拍视频发抖音哈", "给我们拍视频发抖音"),
        ("嫑放辣子", "嫑放辣子", "辣子"),
        ("还有我不喝牛奶的，乳糖不耐，拉花练习可以用燕麦奶吗？", "乳糖不耐", "乳糖"),
    ],
)
def test_a_dialect_cue_or_a_short_intolerance_is_a_negation(text: str, said: str, target: str):
    assert [(n.text, n.target) for n in find_negations(text) if n.text == said] == [(said, target)]


@pytest.mark.parametrize("text", ["他等得不耐，走了。", "这个包不耐用"])
def test_impatience_or_wear_is_no_intolerance(text: str):
    assert not [n for n in find_negations(text) if "不耐" in n.text]


def test_the_dialect_prohibition_is_owed():
    turns = [
        ("user", "另外，莫要给我们拍视频发抖音哈，我们自己拍"),
        ("assistant", "好的。"),
    ]
    assert "莫要给我们拍视频发抖音哈" in " ".join(missing_clauses(turns, ""))
