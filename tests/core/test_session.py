"""A session: messages numbered as they arrive, raw tokens counted as served, the system prompt
passed through at the head, compaction served only when it is smaller, threads taking turns.
(Compaction's atomic swap, audit and breaker are tested in test_compressor.py.)"""

from __future__ import annotations

import threading

import pytest

from core.compressor import Compressor
from core.config import Config
from core.models import Message
from core.render import message_line
from core.tokens import count_tokens

pytestmark = pytest.mark.unit
RULES = Config(use_embeddings=False, min_turns=4, max_history_tokens_override=120)
TURNS = [
    ("user", "I need a hotel in the north for 2 people, no smoking rooms please."),
    ("assistant", "Acorn Guest House is in the north, a quiet guesthouse with a garden. Shall I book?"),
    ("user", "Yes, book it for Friday for 3 nights."),
    ("assistant", "I have booked Acorn Guest House for Friday. Your reference number is XK29A1B."),
    ("user", "I also need a taxi to the station at 5pm."),
    ("assistant", "Your taxi is booked, a red Toyota, contact 07700900123. It will wait ten minutes."),
    ("user", "Actually make the taxi 6pm instead."),
    ("assistant", "Done, the taxi now comes at 6pm."),
]


def _session(config: Config = RULES, cid: str = "s-1"):
    return Compressor(config).session(cid)


def test_a_message_is_renumbered_into_the_session_and_its_tokens_counted() -> None:
    session = _session()
    session.add(Message(context_id="elsewhere", idx=41, role="user", text=TURNS[0][1]))
    result = session.add(Message(idx=0, role="assistant", text=TURNS[1][1]))
    assert result.idx == 1 and result.context_id == "s-1"
    first, second = session.messages
    assert (first.idx, first.context_id) == (0, "s-1") and second.idx == 1
    assert first.tokens == count_tokens(TURNS[0][1]) > 0


def test_before_a_compaction_the_history_is_the_raw_turns() -> None:
    session = _session(Config(use_embeddings=False))
    for role, text in TURNS[:3]:
        session.add(Message(idx=0, role=role, text=text), auto_compact=False)
    raw = "\n".join(message_line(m) for m in session.messages)
    assert session.raw_history_tokens() == count_tokens(raw)
    # per-turn counts, summed, may differ from the joined text by the joins
    assert abs(session.history_tokens() - count_tokens(raw)) <= len(session.messages)
    view = session.context()
    assert view.mode == "raw" and view.text == raw and view.tokens == count_tokens(raw)


def test_the_system_prompt_is_served_once_at_the_head_and_not_counted_as_history() -> None:
    session = _session(Config(use_embeddings=False))
    session.add(Message(idx=0, role="system", text="You are a booking assistant."))
    session.add(Message(idx=0, role="user", text=TURNS[0][1]))
    view = session.context()
    lines = view.text.splitlines()
    assert lines[0] == "system: You are a booking assistant."
    assert sum("booking assistant" in line for line in lines) == 1
    assert view.system_tokens == count_tokens(lines[0])
    assert session.raw_history_tokens() == count_tokens(message_line(session.messages[1]))


LONG_REPLY = (
    "It is a family-run guesthouse in a quiet residential street, about twenty minutes on foot from the "
    "centre, with a garden, a small library and a breakfast room that looks onto the river meadows; "
    "guests often mention the friendly hosts and the home-made bread at breakfast."
)


def test_a_compaction_smaller_than_the_raw_history_is_served() -> None:
    session = _session()
    for role, text in TURNS:
        session.add(Message(idx=0, role=role, text=f"{text} {LONG_REPLY}" if role == "assistant" else text))
    assert session.records and not session.records[-1].failed
    view = session.context()
    assert view.mode == "compressed" and view.folded_upto > 0
    assert view.tokens < session.raw_history_tokens()
    assert view.text.rstrip().endswith(message_line(session.messages[-1]))  # working memory stays raw
    assert "XK29A1B" in view.text and "6pm" in view.text


def test_a_compaction_that_saves_nothing_is_not_served() -> None:
    session = _session()  # short turns: the state with its anchors is longer than the turns
    for role, text in TURNS:
        session.add(Message(idx=0, role=role, text=text))
    assert session.records and not session.records[-1].failed
    view = session.context()
    assert (view.mode, view.reason) == ("raw", "not_smaller")
    assert view.text == "\n".join(message_line(m) for m in session.messages)


def test_threads_adding_to_one_session_never_share_an_index() -> None:
    session = _session(Config(use_embeddings=False), "threads")
    texts = [f"Please add item number {n} to the basket." for n in range(40)]

    def add(part: list[str]) -> None:
        for text in part:
            session.add(Message(idx=0, role="user", text=text), auto_compact=False)

    workers = [threading.Thread(target=add, args=(texts[k::2],)) for k in range(2)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert [m.idx for m in session.messages] == list(range(40))
    assert sorted(m.text for m in session.messages) == sorted(texts)
    assert len(session.parsed) == len(session.units) == 40
