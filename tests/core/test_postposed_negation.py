"""Chinese rejections said after what they reject ("只保6种的不要", "意外不要了", "头孢也不行") are
prohibitions kept whole (issue 12, item 4), and coverage owes every prohibition of a clause, not
only its first ("花生不行，我同事花生过敏")."""

from __future__ import annotations

import pytest

from core.coverage import missing_user_clauses
from core.lang import zh_negation
from core.models import ContextState, Message
from core.parse import parse_message

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(
    "text, kept, target",
    [
        ("只保6种的不要，保障太窄了", "只保6种的不要", "只保6种"),
        ("我在减脂，千岛酱那种不要", "千岛酱那种不要", "千岛酱"),
        ("那意外不要了", "那意外不要了", "意外"),
        ("青霉素过敏，头孢也不行", "头孢也不行", "头孢"),
        ("还有 分期什么的我不要，别给我推", "分期什么的我不要", "分期"),
    ],
)
def test_a_rejection_after_what_it_rejects_is_a_prohibition(text: str, kept: str, target: str):
    found = {(n.text, n.target) for n in zh_negation.find_negations(text)}
    assert any(kept in t and tg == target for t, tg in found), found


@pytest.mark.parametrize("text", ["不要了", "这个不行", "啊不行，周四我要开会"])
def test_a_bare_refusal_names_nothing_to_forbid(text: str):
    assert zh_negation.find_negations(text) == []


def test_coverage_owes_every_prohibition_of_a_clause():
    parsed = [parse_message(Message(idx=0, role="user", text="对，花生不行，我同事花生过敏。"))]
    missing = missing_user_clauses("Must: 花生不行", parsed, upto=1, state=ContextState())
    assert len(missing) == 1 and "我同事花生过敏" in missing[0]  # the clause, in the user's words
    assert missing_user_clauses("Must: 花生不行 | 我同事花生过敏", parsed, upto=1, state=ContextState()) == []

