"""The one decision of what a context is served (core.served) and the Session operations that use it."""

from __future__ import annotations

import itertools

import pytest

from core.compressor import Compressor
from core.config import Config
from core.models import Message
from core.render import raw_history, turn_tokens
from core.served import (
    OWN_REASONS,
    REASON_TEXT,
    SWITCH_REASONS,
    decide_served,
    own_reason,
    raw_context,
    saves_enough,
    switch_reason,
)

pytestmark = pytest.mark.unit

TURNS = [
    "I want a hotel in the north for 3 nights from Friday, budget 120 pounds a night, no smoking.",
    "Sure. Any star rating?",
    "At least 4 stars, and it must have free parking.",
    "The Acorn Guest House is in the north, 4 stars, 95 pounds, free parking.",
    "Great, book it for 2 people please.",
    "Booked: reference AC123, 2 guests, 3 nights from Friday.",
    "Also a taxi to the station on Monday at 10am.",
    "A taxi is booked for Monday 10:00, a black Toyota.",
    "Thanks. What is the phone number of the hotel?",
    "It is 01223 353888.",
]


def messages(n: int = len(TURNS)) -> list[Message]:
    return [
        Message(idx=i, role="user" if i % 2 == 0 else "assistant", text=t) for i, t in enumerate(TURNS[:n])
    ]


@pytest.mark.parametrize(
    ("switch", "own"), list(itertools.product([None, *SWITCH_REASONS], ["", *OWN_REASONS]))
)
def test_a_switch_wins_over_the_session_then_the_session_reason_then_compressed(switch, own) -> None:
    served = decide_served(switch=switch, own=own)
    if switch:
        assert (served.mode, served.reason) == ("raw", switch)
    elif own:
        assert (served.mode, served.reason) == ("raw", own)
    else:
        assert (served.mode, served.reason, served.why) == ("compressed", "", "compressed")
    if served.raw:
        assert served.why == f"raw: {REASON_TEXT[served.reason]}"


def test_a_bare_true_breaker_and_unknown_reasons() -> None:
    assert decide_served(switch=True, own="").reason == "breaker"
    assert decide_served(switch=False, own="").mode == "compressed"
    with pytest.raises(ValueError, match="unknown breaker reason 'globl'"):
        decide_served(switch="globl", own="")
    with pytest.raises(ValueError, match="unknown session reason 'nope'"):
        decide_served(switch=None, own="nope")


def test_switch_and_own_reasons_in_their_order() -> None:
    assert switch_reason(global_raw=True, own_raw=True, own_auto=True) == "global_switch"
    assert switch_reason(global_raw=False, own_raw=True, own_auto=True) == "auto_trip"
    assert switch_reason(global_raw=False, own_raw=True) == "context_switch"
    assert switch_reason(global_raw=False, own_raw=False, own_auto=True) is None
    assert own_reason(failed=True, compacted=True, saves=True) == "compaction_failed"
    assert own_reason(failed=False, compacted=False, saves=None) == "no_compaction"
    assert own_reason(failed=False, compacted=True, saves=False) == "not_smaller"
    assert own_reason(failed=False, compacted=True, saves=True) == ""


def test_saves_enough_takes_the_exact_count_only_when_the_estimate_is_close() -> None:
    calls: list[int] = []

    def exact() -> int:
        calls.append(1)
        return 100

    assert saves_enough(50, 100, exact) and calls == []  # far under: no tokenisation of the raw text
    assert saves_enough(99, 100, exact) and calls == [1]
    assert not saves_enough(100, 100, exact)


def test_session_context_names_the_switch_the_breaker_gives() -> None:
    asked: list[str] = []

    def breaker(cid: str) -> str | None:
        asked.append(cid)
        return "global_switch"

    session = Compressor(Config(use_embeddings=False), breaker=breaker).session("ctx")
    for m in messages():
        session.add(m, auto_compact=False)
    session.compact(reason="manual", force=True)
    view = session.context()
    assert asked == ["ctx"] and (view.mode, view.reason) == ("raw", "global_switch")
    # the raw text served is the one the console shows for a raw context
    assert view.text == raw_context(session.messages, session.config.history_budget)
    assert view.text == raw_history(session.messages)  # short: nothing clipped
    # what the session would serve without the switch is kept apart
    assert view.own_reason in ("", "not_smaller")


def test_session_operations_the_console_calls() -> None:
    session = Compressor(Config(use_embeddings=False)).session("ops")
    for m in messages(4):
        session.add(m, auto_compact=False)
    assert session.raw_tokens == sum(turn_tokens(m) for m in session.messages)
    assert session.compressed_text() is None  # nothing compacted yet
    view = session.context()
    assert (view.mode, view.reason, view.own_reason) == ("raw", "no_compaction", "no_compaction")
    assert not session.compaction_decision().fire  # 4 turns: under min_turns
    record = session.compact(reason="manual", force=True)
    assert not record.failed
    text = session.compressed_text()
    assert text is not None and text.startswith(session.rendered.state_text)
    if session.context().mode == "compressed":
        assert session.context().text == text


def test_raw_context_keeps_system_prompts_at_the_head_and_clips_the_oldest_turns() -> None:
    system = Message(idx=0, role="system", text="You are a booking assistant.")
    turns = [m.model_copy(update={"idx": m.idx + 1}) for m in messages()]
    text = raw_context([system, *turns], history_budget=60)
    assert text.startswith("system: You are a booking assistant.\n")
    assert text.endswith(raw_history(turns[-1:]))
    assert TURNS[0] not in text  # the oldest turns are the ones clipped


def test_a_breaker_answering_anything_else_truthy_serves_raw_and_never_breaks_the_context() -> None:
    session = Compressor(Config(use_embeddings=False), breaker=lambda cid: "yes please").session("odd")
    session.add(messages(1)[0], auto_compact=False)
    view = session.context()
    assert (view.mode, view.reason) == ("raw", "breaker")


def test_a_context_saving_under_a_twentieth_of_the_raw_history_is_served_raw() -> None:
    """A short session whose compaction saves only a few tokens is served as the raw dialogue: the
    raw turns lose nothing, a compaction that saves 3% may (a value only an assistant turn said)."""
    from core.session_context import MIN_SAVING

    assert not saves_enough(97, 100, lambda: 100, MIN_SAVING)
    assert not saves_enough(100, 100, lambda: 100, MIN_SAVING)
    assert saves_enough(94, 100, lambda: 100, MIN_SAVING)
