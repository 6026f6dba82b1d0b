"""The coverage guarantee on the user's opening turn: it states the task, so its short clauses
("stone chip on my windscreen", "outside of knee") are the user's own and are kept, where a short
clause later in the dialogue ("thanks so much") may be a polite reply."""

from __future__ import annotations

import pytest

from tests.core.builders import missing_clauses

pytestmark = pytest.mark.unit


def test_short_clauses_of_the_opening_turn_are_owed() -> None:
    turns = [
        ("user", "knee pain, running. outside of knee. need physio"),
        ("assistant", "Sorry to hear that. Are you insured?"),
        ("user", "self referring"),
        ("assistant", "Noted."),
    ]
    missing = missing_clauses(turns, "[FACT:general.type=physio]")
    assert "knee pain, running." in missing
    assert "outside of knee." in missing


def test_the_opening_turn_after_a_greeting_is_the_first_that_states_something() -> None:
    turns = [
        ("user", "hello"),
        ("assistant", "Hi there."),
        ("user", "stone chip on my windscreen. can it be repaired"),
        ("assistant", "Most chips can be repaired."),
    ]
    assert "stone chip on my windscreen." in missing_clauses(turns, "[USER_GOAL:can it be repaired]")


def test_a_short_clause_later_in_the_dialogue_still_needs_more_words() -> None:
    turns = [
        ("user", "I need a physio appointment for my knee, I'm self referring."),
        ("assistant", "Certainly. Which clinic?"),
        ("user", "Shoreditch"),
        ("assistant", "Done."),
        ("user", "great knee clinic."),
        ("assistant", "Thank you!"),
    ]
    assert "great knee clinic." not in missing_clauses(turns, "[FACT:physio.area=Shoreditch]")
