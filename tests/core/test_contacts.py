"""A name with a phone number or email beside it is a person to reach (core.lang.en_slot_hints:
contact), whatever else the clause is about, and phone numbers written with their trunk 0 in spaced
groups ("0433 555 219", "07911 123456") are phone numbers. Two contacts the user names are two
people (core.attribute_evidence.other_attribute): the user, then a relative to call. Before, the
second name replaced the first, and a contact's name read as the garden's turf replaced by "Kikuyu"."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from core.compressor import Compressor
from core.config import Config
from core.lang.en_entities import extract_entities
from core.models import Message

pytestmark = pytest.mark.unit
TS = datetime(2026, 12, 1, 9, 0)


def _typed(text: str) -> list[tuple[str, str, str | None]]:
    return [(e.type, e.text, e.slot) for e in extract_entities(text, TS)]


@pytest.mark.parametrize(
    ("text", "phone"),
    [
        ("07911 123456.", "07911 123456"),
        ("me, Aaron Cole, 0113 496 0715.", "0113 496 0715"),
        ("call 07700 900912 after 5", "07700 900912"),
    ],
)
def test_a_spaced_national_number_is_a_phone(text, phone):
    assert ("phone", phone, "phone") in _typed(text)


@pytest.mark.parametrize("text", ["costs 0.50 each", "order 0123 4567 please", "room 012 345"])
def test_too_few_digits_or_a_decimal_is_no_phone(text):
    assert all(kind != "phone" for kind, _, _ in _typed(text))


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Chloe Nguyen, 0433 555 219.", "Chloe Nguyen"),
        ("Nadia Hussain, office manager, 0117 496 0382.", "Nadia Hussain"),
        ("ok. name is Rosalind Achebe, rachebe@protonmail.com", "Rosalind Achebe"),
        ("lovely. my name is Margaret Ellery, phone 01628 555 903", "Margaret Ellery"),
        ("invoices to me please, Rachel Blake, rachel.blake@outlook.com", "Rachel Blake"),  # not a "lake"
    ],
)
def test_a_name_before_a_phone_or_email_is_a_contact(text, name):
    assert ("name", name, "contact") in _typed(text)


def test_a_venue_with_its_phone_stays_a_name():
    assert ("name", "Riverside Inn", "name") in _typed("Riverside Inn, 937-555-0182")


def test_a_name_said_to_be_someones_is_a_person():
    assert ("name", "Thomas Arthur Blake", "person") in _typed("His name was Thomas Arthur Blake, he was 88.")


def _values(*turns: tuple[str, str]) -> tuple[set[str], set[str]]:
    """The current values of the state after turns, and the values its facts hold as replaced."""
    every = [*turns, ("user", "ok"), ("assistant", "Anything else?")]
    msgs = [Message(idx=i, role=r, text=t, ts=TS + timedelta(minutes=i)) for i, (r, t) in enumerate(every)]
    state = Compressor(Config(use_embeddings=False)).compress(msgs).state
    current = {f.value for f in state.facts.values()}
    return current, {h.value for f in state.facts.values() for h in f.history}


def test_two_contacts_are_two_people():
    current, replaced = _values(
        ("user", "Hi, I'd like to enrol my daughter for Prep next year"),
        ("assistant", "Does she have any medical conditions we should know about?"),
        ("user", "she has a severe peanut allergy, it needs to be in her file"),
        ("assistant", "Recorded. Which parent is the primary contact?"),
        ("user", "me, Hannah Fenwick, 0412 555 309"),
        ("assistant", "And a second emergency contact?"),
        ("user", "her grandma, Judith Fenwick, 0438 555 772"),
        ("assistant", "Both noted."),
    )
    assert {"Hannah Fenwick", "Judith Fenwick"} <= current
    assert "Hannah Fenwick" not in replaced


def test_a_contact_is_not_replaced_by_a_corrected_choice():
    current, replaced = _values(
        ("user", "We want the backyard redone, about 120 square metres."),
        ("assistant", "Sir Walter buffalo is popular for shade. Your name and number?"),
        ("user", "Sir Walter then. Chloe Nguyen, 0433 555 219."),
        ("assistant", "Thanks Chloe."),
        ("user", "Oh, my partner read that buffalo goes brown in shade, he wants Kikuyu instead."),
        ("assistant", "Kikuyu it is."),
    )
    assert "Chloe Nguyen" in current and "Chloe Nguyen" not in replaced
