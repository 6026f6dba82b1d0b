"""The coverage guarantee on English clauses of the user's own: a yes that goes on to state
something, words shown only inside other words, a correction that renames a compound value."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.compressor import Compressor
from core.config import Config
from core.coverage import content_unshown
from core.models import Message
from tests.core.builders import missing_clauses

pytestmark = pytest.mark.unit
TS = datetime(2026, 12, 1, 9, 0)


def test_a_yes_that_goes_on_to_state_something_is_kept_in_the_users_words():
    turns = [
        ("assistant", "If the waiver is declined, would you like to downgrade instead of closing?"),
        ("user", "yes downgrade is fine, but I want to keep the same card number"),
        ("assistant", "Noted."),
    ]
    missing = missing_clauses(turns, "[FACT:card.status=open]")
    assert any("keep the same card number" in c for c in missing)


def test_a_bare_yes_owes_nothing():
    turns = [
        ("assistant", "Shall I book it?"),
        ("user", "yes that sounds great, thanks"),
        ("assistant", "Booked."),
    ]
    assert missing_clauses(turns, "[FACT:hotel.name=Ibis]") == []


def test_a_word_inside_another_word_does_not_show_it():
    """"time" and "zone" inside "timezone" are not the user's "timestamp with time zone"."""
    context = "t9 write_file(content=sa.Column('last_login_at', sa.DateTime(timezone=True), nullable=True))"
    clause = "nullable, timestamp with time zone."
    assert content_unshown(clause, context.lower(), 1)
    assert not content_unshown(clause, "type: nullable timestamp with time zone", 1)


def test_a_correction_renaming_a_compound_value_replaces_the_clause_that_named_it():
    """"fix/checkout-deps" then "no wait, call it bugfix/MOB-771-checkout-deps": the same branch."""
    turns = [
        ("user", "commit on a new branch fix/checkout-deps"),
        ("assistant", "Creating fix/checkout-deps."),
        ("user", "no wait, call it bugfix/MOB-771-checkout-deps, we name branches after tickets"),
        ("assistant", "Done."),
    ]
    context = "User said: no wait, call it bugfix/MOB-771-checkout-deps"
    assert not any("fix/checkout-deps" in c and "bugfix" not in c for c in missing_clauses(turns, context))


def test_a_number_inside_another_number_does_not_show_it():
    """"2" of "type 2" is not shown by "12": a value is shown as a whole token."""
    turns = [("user", "She's diabetic, type 2"), ("assistant", "Noted.")]
    assert missing_clauses(turns, "[FACT:insurance.count=12]") == ["She's diabetic, type 2"]
    assert missing_clauses(turns, "[FACT:insurance.condition=diabetic, type 2]") == []


def test_an_old_value_the_user_says_again_after_its_correction_is_owed():
    """"use ORD-903 for the commits actually, the epic stays ORD-900": ORD-900 was replaced (the
    commit prefix), and the clause after the correction says it still holds for the epic."""
    turns = [
        ("user", "repo orders-svc, branch chore/django-5.1, epic ORD-900. run the test suite first"),
        ("assistant", "Running the suite."),
        ("user", "commit as two commits, prefixed ORD-900"),
        ("assistant", "Messages like ORD-900: fix index?"),
        ("user", 'use "ORD-903" for the commits actually, that is the sub-task; the epic stays ORD-900'),
        ("assistant", "Done."),
    ]
    # the count of that clause shown ("two commits" is a count of its own since counts in words are read)
    context = (
        "[FACT:event.ref=ORD-903 (was: ORD-900)|commit=two commits] "
        "User said: use ORD-903 for the commits actually"
    )
    missing = missing_clauses(turns, context)
    assert "the epic stays ORD-900" in missing
    # the clauses said before the correction still hold the replaced value: not owed with it (their
    # other parts, "repo orders-svc", still state the user's own)
    assert not any("ORD-900" in c for c in missing if c != "the epic stays ORD-900")
    assert "repo orders-svc" in missing


def test_a_value_said_again_after_its_correction_is_shown_unmarked_in_the_users_clause() -> None:
    """The clause put back for the restated ORD-900 shows it as the user said it, not "(was: ORD-900)"."""
    from core.replaced import mark_replaced

    turns = [
        ("user", "repo orders-svc, epic ORD-900. run the test suite first"),
        ("assistant", "Running the suite."),
        ("user", 'use "ORD-903" for the commits actually; the epic stays ORD-900'),
        ("assistant", "Done."),
    ]
    msgs = [Message(idx=i, role=r, text=t, ts=TS) for i, (r, t) in enumerate(turns)]
    state = Compressor(Config(use_embeddings=False)).compress(msgs).state
    assert mark_replaced("the epic stays ORD-900", state) == "the epic stays (was: ORD-900)"
    assert mark_replaced("the epic stays ORD-900", state, {"ord-900"}) == "the epic stays ORD-900"


@pytest.mark.parametrize(
    "request_text",
    [
        "Please let me know the contact number and car type.",
        "I just need the phone number and postcode for each.",
    ],
)
def test_a_request_for_a_detail_only_owes_no_clause(request_text):
    turns = [
        ("user", "I need a table for 2 at an Italian restaurant in the centre on Friday at 18:00."),
        ("assistant", "I booked Pizza Express for 2 on Friday at 18:00."),
        ("user", request_text),
        ("assistant", "Sure."),
    ]
    context = "[FACT:restaurant.food=Italian|area=centre|people=2|date=Friday|time=18:00|name=Pizza Express]"
    assert missing_clauses(turns, context) == []


def test_the_other_parts_of_a_clause_whose_value_was_replaced_are_owed():
    """"book the Granta Lodge, ground floor room please" then "actually make it the Riverside Inn": the
    hotel changed, the room the user asked for did not."""
    turns = [
        ("user", "book the Granta Lodge, ground floor room please"),
        ("assistant", "Granta Lodge, ground floor. Anything else?"),
        ("user", "actually make it the Riverside Inn instead"),
        ("assistant", "Riverside Inn it is."),
    ]
    missing = missing_clauses(turns, "[FACT:hotel.name=Riverside Inn (was: Granta Lodge)]")
    assert "ground floor room please" in missing
    assert not any("Granta Lodge" in c for c in missing)
