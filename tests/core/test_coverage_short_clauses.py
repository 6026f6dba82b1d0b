"""The coverage guarantee on short clauses that carry on the user's request: a connective or a
correction cue ("and pay monthly", "wait no, full balance") makes two content words enough to keep,
where a polite reply of as many words ("sounds right", "that suits me") owes nothing."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.compressor import Compressor
from core.config import Config
from core.coverage import missing_user_clauses
from core.lang.en_offer_replies import yes_names_pick
from core.lang.joins import carries_request
from core.models import Message
from core.parse import parse_message

pytestmark = pytest.mark.unit
TS = datetime(2026, 12, 1, 9, 0)


def _missing(said: str, before: str = "Policyholder Daniel Cho, start date 1 February 2027.") -> list[str]:
    turns = [("assistant", before), ("user", said), ("assistant", "Noted.")]
    parsed = [parse_message(Message(idx=i, role=r, text=t, ts=TS)) for i, (r, t) in enumerate(turns)]
    state = Compressor(Config(use_embeddings=False)).compress([p.message for p in parsed]).state
    return missing_user_clauses("[FACT:insurance.person=Daniel Cho]", parsed, upto=3, state=state)


@pytest.mark.parametrize(
    "said, kept",
    [
        ("and pay monthly", "and pay monthly"),
        ("but only after my trip", "but only after my trip"),
        ("wait no, full balance.", "wait no, full balance."),
        ("switch to the no fee one.", "switch to the no fee one."),
        ("Please use bromine.", "Please use bromine."),  # a default the assistant stated, overridden
        ("请用溴片。", "请用溴片。"),
    ],
)
def test_a_short_clause_carrying_on_the_request_is_kept_in_the_users_words(said: str, kept: str):
    assert kept in _missing(said)


@pytest.mark.parametrize("said", ["sounds right", "that suits me", "see you then", "and thanks", "ok great"])
def test_a_short_polite_or_uncued_clause_owes_nothing(said: str):
    assert _missing(said) == []


@pytest.mark.parametrize("said", ["pay monthly", "every two weeks", "每两周一次"])
def test_a_frequency_the_user_states_is_owed_even_uncued(said: str):
    """How often is a value (core.lang.frequency): the clause stating it is owed like any value."""
    assert said in _missing(said)


def test_a_cued_clause_already_shown_owes_nothing():
    turns = [("assistant", "Noted."), ("user", "and pay monthly"), ("assistant", "Ok.")]
    parsed = [parse_message(Message(idx=i, role=r, text=t, ts=TS)) for i, (r, t) in enumerate(turns)]
    state = Compressor(Config(use_embeddings=False)).compress([p.message for p in parsed]).state
    assert missing_user_clauses("User said: and pay monthly", parsed, upto=3, state=state) == []


@pytest.mark.parametrize(
    "text, cued",
    [
        ("and pay monthly", True),
        ("oh and no onions", True),
        ("but only after my trip", True),
        ("wait no, full balance", True),
        ("switch to the no fee one", True),
        ("actually the blue one", True),
        ("还有要发票", True),
        ("sounds right", False),
        ("that suits me", False),
        ("pay monthly", False),
    ],
)
def test_the_carrying_on_cue(text: str, cued: bool):
    assert carries_request(text) is cued


def test_a_brief_answer_is_shown_only_by_all_its_words_not_a_generic_one():
    # "skip them this time" to "Sticky notes: wait, or skip?": its "time" on a fact line
    # (time=noon) counted as half of it shown, and the user's choice was lost
    turns = [
        ("assistant", "Sticky notes: wait, or skip?"),
        ("user", "skip them this time"),
        ("assistant", "Removed."),
    ]
    parsed = [parse_message(Message(idx=i, role=r, text=t, ts=TS)) for i, (r, t) in enumerate(turns)]
    state = Compressor(Config(use_embeddings=False)).compress([p.message for p in parsed]).state
    shown = "[FACT:office.time=noon|date=15 December]"
    assert "skip them this time" in missing_user_clauses(shown, parsed, upto=3, state=state)
    assert missing_user_clauses(shown + "\nUser said: skip them this time", parsed, upto=3, state=state) == []


def test_a_brief_answer_with_a_value_is_shown_by_its_value():
    # "5 pm would be perfect" came back for its "perfect", taking the budget of a fact (SGD dev)
    turns = [("assistant", "What time?"), ("user", "5 pm would be perfect."), ("assistant", "Booked.")]
    parsed = [parse_message(Message(idx=i, role=r, text=t, ts=TS)) for i, (r, t) in enumerate(turns)]
    state = Compressor(Config(use_embeddings=False)).compress([p.message for p in parsed]).state
    assert missing_user_clauses("[FACT:restaurant.time=5 pm]", parsed, upto=3, state=state) == []


@pytest.mark.parametrize(
    "asked, said",
    [
        ("Would you like it in a presentation box? It's £12.", "yes to the box"),
        ("A custom clamshell box to store it is $140.", "yes to the box"),  # an offer, no question
        ("Photos and video? The package is CHF 40.", "yes video"),
        ("Shall our fitter install both seats? It is free.", "Yes to installing both."),
        ("需要拍照服务吗？", "要，拍一份"),
        ("We lend pint glasses free of charge, £1 each for breakages.", "Glasses, yes, thank you."),
    ],
)
def test_a_yes_naming_what_it_takes_is_kept_in_the_users_words(asked: str, said: str):
    """A yes to the agent's question that names its pick is the user's choice, however short: one
    content word is enough, and words of it shown elsewhere ("video" in a guessed slot) do not show it."""
    assert said in _missing(said, before=asked)


def test_a_yes_the_user_takes_back_next_turn_owes_nothing():
    turns = [
        ("assistant", "Would you like autopay from your bank account?"),
        ("user", "yeah minimum payment autopay"),
        ("assistant", "Autopay of the minimum payment each month, noted."),
        ("user", "wait no, full balance. minimum is how you get into debt right"),
        ("assistant", "Autopay set to the full balance instead."),
    ]
    parsed = [parse_message(Message(idx=i, role=r, text=t, ts=TS)) for i, (r, t) in enumerate(turns)]
    state = Compressor(Config(use_embeddings=False)).compress([p.message for p in parsed]).state
    missing = missing_user_clauses("[FACT:card.autopay=full balance]", parsed, upto=5, state=state)
    assert "yeah minimum payment autopay" not in missing


def test_a_yes_the_user_speaks_of_again_later_is_left_to_the_later_words():
    turns = [
        ("assistant", "我们有大巴接送，每人30元。"),
        ("user", "要大巴。"),
        ("assistant", "好的，大巴8点出发。"),
        ("user", "大巴算了，大家自己打车去吧"),
        ("assistant", "好的，取消大巴。"),
    ]
    parsed = [parse_message(Message(idx=i, role=r, text=t, ts=TS)) for i, (r, t) in enumerate(turns)]
    state = Compressor(Config(use_embeddings=False)).compress([p.message for p in parsed]).state
    assert "要大巴。" not in missing_user_clauses("[FACT:trip.people=26]", parsed, upto=5, state=state)


@pytest.mark.parametrize(
    "said", ["Oh, yes.", "Thanks, yes.", "That, yes.", "Actually, yes.", "If so yes, book it."]
)
def test_a_yes_after_a_discourse_word_names_no_pick(said: str):
    assert yes_names_pick(said) is False
