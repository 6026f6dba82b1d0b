"""A value shown as a fact without the user's word beside it (core.value_edges): "2 bed" of "2 bed
flat" is shown, "flat" is not, so the user's phrase comes back; a frame word, a later correction or
a context showing the word owes nothing."""

from __future__ import annotations

import pytest

from core.compressor import Compressor
from core.config import Config
from core.coverage import MAX_TYPED_UNITS, missing_user_clauses
from core.models import Message
from core.parse import parse_message
from core.value_edges import edge_unshown, own_words_unshown

pytestmark = pytest.mark.unit


def _owed(turns: list[tuple[str, str]], context: str) -> list[str]:
    parsed = [parse_message(Message(idx=i, role=r, text=t)) for i, (r, t) in enumerate(turns)]
    state = Compressor(Config(use_embeddings=False)).compress([p.message for p in parsed]).state
    return missing_user_clauses(context, parsed, len(turns), state)


def _asked(question: str, answer: str) -> list[tuple[str, str]]:
    return [("assistant", question), ("user", answer), ("assistant", "Noted.")]


def test_a_value_shown_without_its_head_word_brings_the_clause_back():
    turns = _asked("What size is the property?", "2 bed flat")
    assert _owed(turns, "[FACT:cleaning.rooms=2 bed]") == ["2 bed flat"]
    # the line showing the value shows the word too: nothing owed
    assert _owed(turns, "[FACT:cleaning.rooms=2 bed|type=flat]") == []


def test_a_normalised_value_without_its_qualifier_brings_the_clause_back():
    # said unasked (a reply to no question): too few words to come back by the words rule
    turns = [("assistant", "Great, noted."), ("user", "tuesdays 7pm"), ("assistant", "Noted.")]
    assert _owed(turns, "[FACT:language.time=19:00]") == ["tuesdays 7pm"]
    turns = [("assistant", "Great, noted."), ("user", "its flat 5."), ("assistant", "Noted.")]
    assert _owed(turns, "[FACT:plumbing.count=5]") == ["its flat 5."]


def test_a_chinese_value_without_the_characters_before_it_brings_the_clause_back():
    turns = [("assistant", "好的。"), ("user", "虾滑2份"), ("assistant", "好的")]
    assert _owed(turns, "[FACT:food.quantity=2份]") == ["虾滑2份"]
    assert _owed(turns, "[FACT:food.item=虾滑|quantity=2份]") == []


def test_the_word_must_be_unshown_on_a_line_that_shows_the_value():
    atom = parse_message(Message(idx=1, role="user", text="2 bed flat")).atoms[0]
    # "flat" on another line does not say the 2 bed is a flat
    assert edge_unshown(atom, "[fact:cleaning.rooms=2 bed]\nuser said: the flat is upstairs")
    assert not edge_unshown(atom, "[fact:cleaning.rooms=2 bed flat]")


def test_frame_words_beside_a_value_are_no_head_of_it():
    # a word behind a preposition, or a participle touching the value, is the clause's frame
    for said in ("Arriving on Tuesday", "3 nights starting Wednesday"):
        atom = parse_message(Message(idx=1, role="user", text=said)).atoms[0]
        assert not edge_unshown(atom, "[fact:hotel.date=tuesday|nights=3 nights|day=wednesday]"), said


def test_a_clause_a_later_correction_replaced_does_not_come_back():
    turns = [
        ("user", "need full days mon-thu"),
        ("assistant", "Noted."),
        ("user", "actually make it mon tue wed only"),
        ("assistant", "ok"),
    ]
    owed = _owed(turns, "[FACT:childcare.date=mon|end_date=thu]")
    assert "need full days mon-thu" not in owed  # it would show the replaced "mon-thu" unmarked


def test_a_long_clause_is_the_facts_and_the_goal_lines():
    said = "my parents want a cheap hotel near the old station with free parking, garden views, 4 star rating"
    atom = parse_message(Message(idx=0, role="user", text=said)).atoms[0]
    context = "[fact:hotel.price=cheap|parking=free parking|garden=garden|stars=4 star]"
    assert edge_unshown(atom, context)  # "views" beside "garden" is shown nowhere
    assert not own_words_unshown(atom, context, MAX_TYPED_UNITS)  # but the clause is too long to own it
    short = parse_message(Message(idx=0, role="user", text="garden views")).atoms[0]
    assert own_words_unshown(short, context, MAX_TYPED_UNITS)


def test_a_hedge_beside_a_value_is_no_head_of_it():
    atom = parse_message(Message(idx=1, role="user", text="around 3000 a year")).atoms[0]
    assert not edge_unshown(atom, "budget=3000 a year")
    zh = parse_message(Message(idx=1, role="user", text="预算3000元左右")).atoms[0]
    assert not edge_unshown(zh, "[fact:budget=3000元]")


def test_an_item_joined_to_a_typed_value_is_part_of_the_users_answer():
    atom = parse_message(Message(idx=1, role="user", text="coffee and lunch yes.")).atoms[0]
    assert edge_unshown(atom, "[fact:coworking.catering=coffee]")  # "lunch" is lost
    assert not edge_unshown(atom, "[fact:coworking.catering=coffee|lunch=yes]")


def test_a_brief_preference_typed_nothing_comes_back_when_none_of_its_words_is_shown():
    turns = [("assistant", "All set, see you Wednesday."), ("user", "We want it every week please."),
             ("assistant", "Noted.")]
    assert _owed(turns, "[FACT:cleaning.day=wednesday]") == ["We want it every week please."]
    assert _owed(turns, "[FACT:cleaning.day=wednesday|frequency=every week]") == []
    # a reply that only answers a proposal states no value of its own
    ack = [("assistant", "I will book it for 5 pm with your permission."), ("user", "Permission granted."),
           ("assistant", "Done.")]
    assert _owed(ack, "[FACT:restaurant.time=5 pm]") == []
