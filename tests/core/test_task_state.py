"""Todos and the task state from what happened (issue 12, item 6): a todo closes when its action
succeeded, the assistant's own report of a finished action counts once, and IDLE / EXECUTING /
CONFIRMING follow the last exchange (an offer after a report waits for the user)."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from core.compressor import Compressor
from core.config import Config
from core.lang.en_action_markers import find_action
from core.lang.zh_kinds import action_marker
from core.models import Message, ToolCall, ToolResult

pytestmark = pytest.mark.unit
T0 = datetime(2026, 12, 2, 10, 0)


def run(turns):
    msgs = []
    for i, turn in enumerate(turns):
        ts = T0 + timedelta(minutes=i)
        if turn[0] == "call":
            call = ToolCall(call_id=turn[1], name=turn[2], args=turn[3])
            msgs.append(Message(idx=i, role="assistant", tool_call=call, ts=ts))
        elif turn[0] == "result":
            res = ToolResult(call_id=turn[1], status="ok", data=turn[2])
            msgs.append(Message(idx=i, role="tool", tool_result=res, ts=ts))
        else:
            msgs.append(Message(idx=i, role=turn[0], text=turn[1], ts=ts))
    return Compressor(Config(use_embeddings=False)).compress(msgs, force=True, context_id="state").state


@pytest.mark.parametrize(
    ("text", "verb", "ref"),
    [
        ("Booked: table for 4 at Zizzi, Friday 7pm, reference ZZ-772.", "book", "ZZ-772"),
        ("Submitted. Your application reference is MC-2291-XQ.", "submit", "MC-2291-XQ"),
        ("Done: Granta Lodge is booked for Dana, reference GL-48213.", "book", "GL-48213"),
        ("Fixed.", "fix", None),
    ],
)
def test_a_reply_opening_with_the_bare_participle_reports_the_action_done(text, verb, ref):
    marker = find_action(text, "assistant")
    assert marker is not None and (marker.verb, marker.status, marker.ref) == (verb, "done", ref)


@pytest.mark.parametrize(
    ("text", "verb"), [("Shall I commit it?", "commit"), ("Do you want me to open a PR?", "open")]
)
def test_a_strong_offer_form_offers_any_action(text, verb):
    marker = find_action(text, "assistant")
    assert marker is not None and (marker.verb, marker.status) == (verb, "offered")
    assert find_action("Shall I help you with anything else?", "assistant") is None


def test_chinese_reports_and_offers_of_other_actions():
    assert action_marker("已修复。", "assistant").status == "done"
    offer = action_marker("要我帮您提交吗？", "assistant")
    assert offer is not None and (offer.verb, offer.status) == ("提交", "offered")


def test_a_booking_the_assistant_reports_done_closes_its_todo():
    state = run(
        [
            ("user", "I need a table for 4 at 7pm Friday at Zizzi."),
            ("assistant", "Zizzi has a table at 7pm on Friday. Shall I book it?"),
            ("user", "Yes please."),
            ("assistant", "Booked: table for 4 at Zizzi, Friday 7pm, reference ZZ-772."),
        ]
    )
    assert [(a.status, a.ref) for a in state.actions] == [("done", "ZZ-772")]
    assert state.todos and all(t.done for t in state.todos)
    assert state.task_state == "IDLE"


def test_the_assistant_narrating_a_tool_result_is_not_a_second_action():
    state = run(
        [
            ("user", "Book the MRI at Riverside next Wednesday at 3pm."),
            ("call", "c1", "book_mri", {"clinic": "Riverside", "time": "2026-12-09T15:00"}),
            ("result", "c1", {"booking_id": "MRI-4411", "status": "confirmed"}),
            ("assistant", "Done, your booking MRI-4411 is confirmed for Wednesday 3pm."),
        ]
    )
    assert [a.tool for a in state.actions] == ["book_mri"]


@pytest.mark.parametrize(
    ("report", "yes"),
    [("Fixed. Shall I commit it?", "yes, commit it"), ("已修复。要我帮您提交吗？", "好的，提交吧")],
    ids=["en", "zh"],
)
def test_an_offer_after_a_report_waits_for_the_user_then_executes(report, yes):
    turns = [
        ("user", "Fix the failing test in src/parser/dates.py."),
        ("call", "c1", "edit_file", {"path": "src/parser/dates.py"}),
        ("result", "c1", {"written": True}),
        ("assistant", report),
    ]
    assert run(turns).task_state == "CONFIRMING"
    assert run([*turns, ("user", yes)]).task_state == "EXECUTING"


def test_an_offer_taken_is_done_by_the_write_the_agent_makes_after_it_whatever_its_name():
    # "put your name on it" is done by place_order: the write that follows the yes is what was offered
    turns = [
        ("user", "A new washing machine, the Norland 9kg in graphite please."),
        ("assistant", "One left in graphite. Shall I put your name on it?"),
        ("user", "Yes, Bethan Pritchard, 07700 900614."),
        ("call", "c3", "place_order", {"model": "Norland 9kg", "name": "Bethan Pritchard"}),
        ("result", "c3", {"order_id": "TAC-40922", "status": "confirmed"}),
        ("assistant", "Order TAC-40922 is confirmed."),
    ]
    state = run(turns)
    assert state.todos and all(t.done for t in state.todos)
    # an offer the user has not taken stays open: the write answers nothing of it
    declined = run([*turns[:2], ("user", "how long is delivery?"), *turns[3:]])
    assert declined.todos and not any(t.done for t in declined.todos)
