"""The English analyzer's negations, clause kinds, corrections, pinned clauses, action markers,
domains and sentence split. Expected values below were worked out by hand."""

from __future__ import annotations

import pytest

from core.lang.base import DOMAINS
from tests.core.lang.en_helpers import EN

pytestmark = pytest.mark.unit


# --- negations -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "whole", "cue", "target"),
    [
        ("no spicy food", "no spicy food", "no", "spicy food"),
        ("Please don't call before 9am.", "don't call before 9am", "don't", "call before 9am"),
        ("I don't want a window seat", "I don't want a window seat", "don't want", "a window seat"),
        ("anything but Chinese", "anything but Chinese", "anything but", "Chinese"),
        ("I'd like it without peanuts", "without peanuts", "without", "peanuts"),
        ("something not too expensive please", "not too expensive", "not too", "expensive"),
        ("No, I don't need tickets.", "I don't need tickets", "don't need", "tickets"),
        ("I need a cheap hotel not guesthouse.", "not guesthouse", "not", "guesthouse"),
        (
            "Sorry, there are no cheap British restaurants.",
            "no cheap British restaurants",
            "no",
            "cheap British restaurants",
        ),
    ],
)
def test_negations_kept_whole(text, whole, cue, target):
    negs = EN.negations(text)
    assert [(n.text, n.cue, n.target) for n in negs] == [(whole, cue, target)]


@pytest.mark.parametrize(
    "text",
    [
        "No, thanks.",
        "No, that's all.",
        "no problem",
        "I don't mind.",
        "Not sure yet.",
        "No.",
        "No I need one for 3.",
        "Not now.",
        "I don't need anything else.",
        "It doesn't really matter.",
        "That is not correct.",
        "No, that won't be necessary.",
        "Nah, not feeling it right now.",
        "Thank you for your time and don't work too hard.",
        "I couldn't have done it without you.",
        "No, I don't need to book now.",
        "I do not need a reservation yet.",
        "I wouldn't mind checking out some churches.",
        "Why don't we try turkish food instead",
        "I cannot find anything that meets your criteria.",
        "No rooms match your requirements.",
        "No there is not.",
    ],
)
def test_answers_and_filler_are_not_negation_constraints(text):
    assert EN.negations(text) == []


# --- kinds, corrections, pinned ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "role", "kind"),
    [
        ("What is the address?", "user", "question"),
        ("Is it in the centre?", "user", "question"),
        ("Book a table for 2 at 7pm", "user", "instruction"),
        ("Can you find me a cheap hotel?", "user", "instruction"),
        ("I need a hotel in the north with free parking.", "user", "constraint"),
        ("no spicy food", "user", "constraint"),
        ("I prefer something quiet.", "user", "preference"),
        ("Yes", "user", "confirmation"),
        ("That works.", "user", "confirmation"),
        ("Hi there!", "user", "greeting"),
        ("Thanks, that is all.", "user", "filler"),
        ("Thanks a lot for your help.", "user", "filler"),
        ("I'm looking for something fun to do.", "user", "preference"),
        ("Actually, make it 3 people.", "user", "correction"),
        ("I have booked your table.", "assistant", "action"),
        ("Which area would you like?", "assistant", "question"),
        ("There are 5 hotels in the north.", "assistant", "result"),
        ("Please confirm: a table for 2 at 7 pm.", "assistant", "confirmation"),
        ("Is there anything else I can help you with?", "assistant", "filler"),
        ('{"rows": 3}', "tool", "result"),
    ],
)
def test_kind(text, role, kind):
    assert EN.kind(text, role) == kind


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Actually, make it Friday.", True),
        ("Can you change it to 7pm?", True),
        ("Sorry, I meant Tuesday.", True),
        ("How about Italian instead?", True),
        ("Not Friday but Saturday.", True),
        ("Switch to the 8 pm train.", True),
        ("Make it 3 people.", True),
        ("I want Italian food.", False),
        ("I would rather have Thai.", False),
        ("sorry, I mean December 15", True),
        ("Sorry, it's fully booked.", False),
        ("sorry it took so long", False),
        ("wait no, full balance.", True),
        ("I can wait no longer than Friday.", False),
        # a value moved by a verb of amount ("reduce to", "lower it to"), asked or said
        ("Insurance reduce to 200k can?", True),
        ("can you lower it to 3 nights", True),
        ("prices went up", True),
        ("I cut my hair", False),
        # the user says the earlier value was not theirs
        ("so I need eight chairs, not what I said", True),
        ("The bed is king, not what I told you.", True),
        ("That's not what I want", False),
    ],
)
def test_corrections(text, expected):
    assert EN.is_correction(text) is expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I must arrive by 5.", True),
        ("Make sure it has wifi.", True),
        ("It is important that it is quiet.", True),
        ("Never book a window seat.", True),
        ("Do not forget the parking.", True),
        # "has to" is "must": "he has to get it twice a day, no skipping" kept only "no skipping"
        ("he has to get it twice a day, no skipping", True),
        ("The well has to be at least 100 feet from the septic field.", True),
        ("A hotel in the north.", False),
    ],
)
def test_pinned(text, expected):
    assert EN.pinned(text) is expected


# --- action markers ----------------------------------------------------------------------------------


def test_done_action_with_reference():
    a = EN.action("I have booked it. Your reference number is 8ZPOWHY4.", "assistant")
    assert a is not None
    assert (a.verb, a.status, a.ref) == ("book", "done", "8ZPOWHY4")


@pytest.mark.parametrize(
    ("text", "status"),
    [
        ("Your reservation is confirmed.", "done"),
        ("I have transferred $50 to Amir.", "done"),
        ("I'm sorry, I couldn't book that time.", "failed"),
        ("Sorry, there is no availability at that time.", "failed"),
        ("Shall I book it for you?", "offered"),
        ("Would you like me to reserve a table?", "offered"),
        ("I will book it now.", "pending"),
    ],
)
def test_action_status(text, status):
    a = EN.action(text, "assistant")
    assert a is not None
    assert a.status == status


def test_reference_after_the_cue_wins_over_a_train_id():
    a = EN.action("I've booked you 1 ticket on TR0514. The reference number is 8ZPOWHY4.", "assistant")
    assert a is not None
    assert (a.status, a.ref) == ("done", "8ZPOWHY4")


def test_no_action_in_user_turns_or_plain_answers():
    assert EN.action("I have booked a flight already", "user") is None
    assert EN.action("The restaurant is in the north.", "assistant") is None


def test_tool_messages_are_results():
    assert EN.action("ERROR: timeout", "tool").status == "failed"
    assert EN.action('{"ok": true}', "tool").status == "done"


# --- domain, split ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "domain"),
    [
        ("I need a taxi from the restaurant to the hotel", "taxi"),
        ("book a table for dinner", "restaurant"),
        ("find me a guesthouse", "hotel"),
        ("I want to fly to Paris", "flight"),
        ("play a song by Adele", "music"),
        ("what is the weather tomorrow", "weather"),
        ("send money to Bob", "payment"),
        ("set an alarm for 7", "alarm"),
        ("I need a haircut", "salon"),
        ("I need a train to Cambridge", "train"),
        ("any museums in the centre?", "attraction"),
        ("Share my location with Maria", "messaging"),
        ("I want to rent a hatchback tomorrow", "car_rental"),
        ("Send $40 from my app balance to Emma", "payment"),
        ("thanks a lot", None),
    ],
)
def test_domain(text, domain):
    assert EN.domain(text) == domain
    assert domain is None or domain in DOMAINS


def test_split_keeps_abbreviations_and_offsets():
    text = "Hello there. Is Dr. Smith in at 5 p.m. today? Yes! Book it;please"
    assert EN.split(text) == ["Hello there.", "Is Dr. Smith in at 5 p.m. today?", "Yes!", "Book it;please"]
    # rupees written "Rs." end no sentence: the amount after it is part of it
    assert EN.split("Good, less money. Not more than Rs. 5,000 all in") == [
        "Good, less money.",
        "Not more than Rs. 5,000 all in",
    ]


def test_module_example_runs():
    import doctest

    import core.lang.en

    assert doctest.testmod(core.lang.en).failed == 0


@pytest.mark.parametrize(
    "text", ["And how do I renew my passport before the trip abroad", "so what about the Friday slot"]
)
def test_a_question_after_an_opening_conjunction_is_a_question(text):
    assert EN.kind(text, "user") == "question"
    assert EN.kind("and I need a taxi to the station", "user") != "question"


@pytest.mark.parametrize(
    "text, target",
    [
        ("and do NOT backfill, the table has 40M rows, we'll do that separately", "backfill"),
        ("also do not push to main, only to my branch", "push to main"),
    ],
)
def test_a_prohibition_opening_with_do_not_is_a_constraint_not_a_question(text, target):
    assert EN.kind(text, "user") == "constraint"
    assert [n.target for n in EN.negations(text)] == [target]
    assert EN.kind("and do you have parking", "user") == "question"
