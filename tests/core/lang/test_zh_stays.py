"""What the user says stays as it is ("雷霆不换", "试听不变") is a rule of theirs the context keeps: "天斧
换龙骨，黑色的，雷霆不换" lost its last clause. A number said again as unchanged ("月供 4905 不变") is
the value, held by the facts, no rule."""

from __future__ import annotations

import pytest

from core.lang.zh_negation import find_negations
from tests.core.builders import missing_clauses

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(
    ("text", "said"), [("天斧换龙骨，黑色的，雷霆不换", "雷霆不换"), ("试听不变，正式课改到周六", "试听不变")]
)
def test_what_stays_as_it_is_is_a_negation(text: str, said: str):
    assert said in [n.text for n in find_negations(text)]


def test_a_number_said_again_as_unchanged_is_no_negation():
    assert not [n for n in find_negations("月供 4905 不变，剩余期数 132 期") if n.cue == "不变"]


def test_the_clause_that_keeps_a_thing_unchanged_is_owed():
    turns = [
        ("assistant", "手胶要换吗？龙骨手胶8元一条。"),
        ("user", "天斧换龙骨，黑色的，雷霆不换"),
        ("assistant", "好的。"),
    ]
    assert any("雷霆不换" in c for c in missing_clauses(turns, "[FACT:general.name=天斧换龙骨, 黑色的]"))
