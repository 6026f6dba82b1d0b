"""The coverage guarantee against the agent's own words: a tool call's arguments or an assistant
turn that paraphrase a user clause do not show it (the clause comes back in the user's words); a
negation pair ("A, not B") keeps its positive half."""

from __future__ import annotations

import pytest

from core.coverage import users_view
from tests.core.builders import missing_clauses

pytestmark = pytest.mark.unit


CRATE = [
    ("assistant", "What goes in the crate?"),
    ("user", "the vase is porcelain, handle with care"),
    ("assistant", "Noted."),
]


def test_a_tool_calls_arguments_do_not_show_the_users_clause():
    context = "Completed: t5 ship_crate(notes=porcelain vase; handle with care) -> object {}, at 10:05"
    assert "the vase is porcelain, handle with care" in missing_clauses(CRATE, context)


def test_an_assistant_turn_does_not_show_the_users_clause():
    context = "[FACT:shipment.id=CR-1]\n--- recent turns ---\nassistant: Porcelain vase, handle with care."
    assert "the vase is porcelain, handle with care" in missing_clauses(CRATE, context)


def test_a_state_line_or_the_users_own_turn_still_shows_it():
    assert missing_clauses(CRATE, "[FACT:shipment.note=vase is porcelain, handle with care]") == []
    assert missing_clauses(CRATE, "--- recent turns ---\nuser: the vase is porcelain, handle with care") == []


def test_users_view_drops_only_the_agents_lines():
    low = "\n".join(
        [
            "[fact:a.b=c]",
            "completed: t3 book(x=1) -> ok",
            "failed: t4 pay(y=2) -> error: declined",
            "tool results (path=value; newest last):",
            "  t7 quote(from=a) -> object {}",
            "must: no nuts",
            "user: keep it",
            "assistant: kept",
            "tool: <result ok {}>",
        ]
    )
    assert users_view(low).split("\n") == ["[fact:a.b=c]", "must: no nuts", "user: keep it"]


def test_a_negation_pair_keeps_its_positive_half():
    """The Must line shows the prohibition; what the user wants instead is owed in their words."""
    turns = [
        ("assistant", "The banner proof is ready."),
        ("user", "move the logo, not the slogan"),
        ("assistant", "Noted."),
    ]
    missing = missing_clauses(turns, "[FACT:print.item=banner]\nMust: not the slogan")
    assert missing == ["move the logo, not the slogan"]
    assert missing_clauses(turns, "[FACT:print.change=move the logo]\nMust: not the slogan") == []


def test_a_negation_that_is_no_pair_owes_nothing_more():
    """A negation opening the clause, or one inside a request, has no positive half to keep."""
    turns = [
        ("assistant", "The banner proof is ready."),
        ("user", "I need the proof printed no later than noon"),
        ("user", "don't move the logo on the banner"),
        ("assistant", "Noted."),
    ]
    context = "[FACT:print.time=noon]\nMust: no later than noon; don't move the logo on the banner"
    assert missing_clauses(turns, context) == []


def test_a_negation_first_keeps_the_want_after_its_comma():
    """'not B, (I want) A': the Must line shows the prohibition, the want after the comma is owed."""
    turns = [
        ("assistant", "How should I fix the memory use?"),
        ("user", "do not add chunking in pandas, I want the aggregation in the database"),
        ("assistant", "Noted."),
    ]
    missing = missing_clauses(turns, "[FACT:dev.ref=OPS-1]\nMust: do not add chunking in pandas")
    assert missing == ["do not add chunking in pandas, I want the aggregation in the database"]
    context = "[FACT:dev.approach=the aggregation in the database]\nMust: do not add chunking in pandas"
    assert missing_clauses(turns, context) == []
