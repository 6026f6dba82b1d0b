"""An interrogative character inside a word that asks nothing (茶几, 几乎, 哪怕, 那么) does not make a
user clause a question (issue 12, item 4): the clause states the user's values and negations, and
the coverage check owes them ("一个茶几，岩板的，不要玻璃的" kept its prohibition only as a
question's words, then lost it)."""

from __future__ import annotations

import pytest

from core.lang.zh_kinds import user_kind

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(
    "text",
    [
        "一个茶几，岩板的，不要玻璃的",
        "几乎每天都要用，必须结实",
        "哪怕贵一点也要实木的",
        "那么就要两间房",
    ],
)
def test_word_with_question_character_is_no_question(text: str) -> None:
    """茶几 / 几乎 / 哪怕 / 那么 ask nothing: the clause keeps its stated kind."""
    assert user_kind(text, "不要" in text) != "question"


@pytest.mark.parametrize("text", ["几点能到", "要几个人", "哪家便宜", "怎么走", "有窗户么"])
def test_real_questions_stay_questions(text: str) -> None:
    """几 / 哪 / a final 么 still ask."""
    assert user_kind(text, False) == "question"
