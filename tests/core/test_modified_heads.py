"""A typed modifier owes its head noun (issue 12, item 4): "a private room" typed as type=private is
not shown by "type=private" alone; the coverage check puts the user's clause back."""

from __future__ import annotations

import pytest

from tests.core.builders import missing_clauses

pytestmark = pytest.mark.unit

TURNS = [
    ("user", "We are 14 people for the team dinner, and we need a private room for sure."),
    ("assistant", "Noted. Any cuisine in mind?"),
    ("user", "Japanese please."),
]


def test_modifier_alone_does_not_show_its_head() -> None:
    """type=private shown, "private room" not: the clause saying the room comes back."""
    context = "[FACT:restaurant.people=14 people|type=private|food=Japanese|title=team dinner]"
    assert any("private room" in c for c in missing_clauses(TURNS, context))


def test_modifier_with_its_head_shown_owes_nothing_more() -> None:
    """With "private room" shown, the clause is not owed for it."""
    context = "[FACT:restaurant.people=14 people|type=private room|food=Japanese|title=team dinner]"
    assert not any("private room" in c for c in missing_clauses(TURNS, context))
