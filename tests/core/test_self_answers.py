"""A brief answer that names the speaker ("Also me." to "And the trustee for Nils's trust?") is the
value asked for: it comes back though "me" is no content word (core.lang.self_answers)."""

from __future__ import annotations

import pytest

from core.lang.self_answers import names_self
from tests.core.builders import missing_clauses

pytestmark = pytest.mark.unit


@pytest.mark.parametrize("text", ["Also me.", "me", "Myself, I guess", "just us", "我自己", "也是我吧"])
def test_an_answer_naming_the_speaker(text: str) -> None:
    assert names_self(text)


@pytest.mark.parametrize("text", ["Me I guess, I'm the one who does everything", "tell me more", "我想要"])
def test_a_clause_saying_more_is_not_a_self_answer(text: str) -> None:
    assert not names_self(text)


def test_the_speaker_named_as_the_answer_comes_back() -> None:
    turns = [
        ("user", "I need wills for my parents and a trust for my brother"),
        ("assistant", "You as personal representative. And the trustee for the trust?"),
        ("user", "Also me."),
    ]
    assert "Also me." in missing_clauses(turns, "[FACT:general.item=wills]")


def test_a_self_answer_to_no_question_is_not_brought_back() -> None:
    turns = [
        ("user", "I need wills for my parents"),
        ("assistant", "We have noted that."),
        ("user", "me"),
    ]
    assert "me" not in missing_clauses(turns, "[FACT:general.item=wills]")
