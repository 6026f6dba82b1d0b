"""Sessions and atomic compaction: swap, audit, breaker, failure leaves the old state, determinism."""

from __future__ import annotations

import pytest

from core import compaction as session_module  # the compaction stages are called from there
from core.compressor import Compressor
from core.config import Config
from core.models import Message, ToolCall, ToolResult
from core.render import parse_anchors

pytestmark = pytest.mark.unit
CFG = Config(use_embeddings=False, min_turns=4, max_history_tokens_override=120)

TURNS = [
    ("user", "I need a hotel in the north for 2 people, no smoking rooms please."),
    (
        "assistant",
        "Acorn Guest House is in the north. It is a family-run guesthouse in a quiet residential street, "
        "about twenty minutes on foot from the centre, with a garden, a small library and a breakfast room "
        "that looks onto the river meadows; guests often mention the friendly hosts. Shall I book it?",
    ),
    ("user", "Yes, book it for Friday for 3 nights."),
    ("assistant", "I have booked Acorn Guest House for Friday. Your reference number is XK29A1B."),
    ("user", "I also need a taxi to the station at 5pm."),
    (
        "assistant",
        "Your taxi is booked, a red Toyota, contact 07700900123. The driver will wait outside the main "
        "entrance for up to ten minutes and will call you on arrival; please keep your phone at hand.",
    ),
    ("user", "Actually make the taxi 6pm instead."),
    ("assistant", "Done, the taxi now comes at 6pm."),
    ("user", "Thanks, that's all."),
    ("assistant", "Goodbye!"),
]


def messages() -> list[Message]:
    return [Message(idx=i, role=r, text=t) for i, (r, t) in enumerate(TURNS)]


def test_session_compacts_when_over_budget_and_keeps_working_memory_raw():
    session = Compressor(CFG).session("hotel-1")
    results = [session.add(m) for m in messages()]
    assert any(r.compacted for r in results)
    view = session.context()
    assert view.mode == "compressed" and view.folded_upto > 0
    # the closing courtesy turns ("Thanks, that's all.", "Goodbye!") are left out of the working memory
    assert view.text.rstrip().endswith("assistant: Done, the taxi now comes at 6pm.")
    record = session.records[0]
    assert record.tokens_in > 0 and record.validation is not None and record.validation.ok
    assert set(record.latency_ms) >= {"render", "validate", "total"}


def test_below_min_turns_the_context_is_the_raw_history():
    session = Compressor(Config(use_embeddings=False)).session()
    session.add(messages()[0])
    view = session.context()
    assert view.mode == "raw" and view.reason == "no_compaction"
    assert view.text == "user: " + TURNS[0][1]
    assert len(session.context_id) == 36  # a UUIDv4 when none was given


def test_forced_compression_keeps_the_facts_and_marks_the_correction():
    result = Compressor(Config(use_embeddings=False)).compress(messages(), force=True)
    text = result.context.text
    assert result.mode == "compressed" and not result.fallback
    assert "XK29A1B" in text and "north" in text and "Friday" in text
    assert "6pm" in text
    assert "5pm" not in text or "(was: 5pm)" in text
    assert "no smoking rooms" in text
    assert parse_anchors(text)["facts"], "facts are anchored"
    assert len(result.parsed) == len(result.units) == len(TURNS)


def test_output_is_deterministic_for_the_same_input_and_config():
    a = Compressor(Config(use_embeddings=False)).compress(messages(), context_id="same")
    b = Compressor(Config(use_embeddings=False)).compress(messages(), context_id="same")
    assert a.context.text == b.context.text
    assert a.state.model_dump() == b.state.model_dump()


def test_breaker_serves_raw_and_fails_closed_when_it_raises():
    raw = Compressor(CFG, breaker=lambda cid: True).compress(messages())
    assert raw.context.mode == "raw" and raw.context.reason == "breaker"
    assert raw.context.text.startswith("user: I need a hotel")

    def broken(cid: str) -> bool:
        raise RuntimeError("breaker store down")

    closed = Compressor(CFG, breaker=broken).compress(messages())
    assert closed.context.mode == "raw" and closed.context.reason == "breaker_error"


def test_a_failing_stage_keeps_the_previous_compaction_and_serves_raw(monkeypatch):
    session = Compressor(CFG).session("f")
    for m in messages():
        session.add(m, auto_compact=False)
    good = session.compact(reason="manual")
    assert not good.failed
    state_before, rendered_before = session.compacted_state, session.rendered

    def boom(*args, **kwargs):
        raise RuntimeError("render exploded")

    monkeypatch.setattr(session_module, "render", boom)
    bad = session.compact(reason="manual")
    assert bad.failed and "render exploded" in (bad.error or "")
    assert session.compacted_state is state_before and session.rendered is rendered_before
    view = session.context()
    assert view.mode == "raw" and view.reason == "compaction_failed"
    monkeypatch.undo()
    again = session.compact(reason="manual")
    assert not again.failed and session.context().mode == "compressed"


def test_failed_validation_falls_back_to_key_sentences(monkeypatch):
    monkeypatch.setattr(
        session_module,
        "validate",
        lambda *a, **k: session_module.ValidationReport(ok=False, errors=["forced failure"]),
    )
    result = Compressor(Config(use_embeddings=False)).compress(messages())
    assert result.fallback and result.record is not None and result.record.fallback
    assert result.record.retries == CFG.max_retries
    assert result.context.text.startswith("[KEY_SENTENCES]")


def test_raw_mode_is_clipped_to_the_window():
    cfg = Config(use_embeddings=False, window_tokens=13_000, reserve_tokens=1000)
    session = Compressor(cfg, breaker=lambda cid: True).session()
    session.add(Message(idx=0, role="user", text="word " * 20_000))
    assert session.context().tokens <= cfg.history_budget


def test_a_streak_of_tool_failures_triggers_one_compaction_not_one_per_turn():
    cfg = Config(use_embeddings=False, min_turns=4, tool_failure_limit=3, dynamic_min_fraction=0.0)
    session = Compressor(cfg).session("fail")
    session.add(Message(idx=0, role="user", text="Pay my electricity bill of $50."))
    for i in range(1, 12):
        call = ToolCall(call_id=f"c{i}", name="pay_bill", args={"amount": 50})
        session.add(Message(idx=2 * i - 1, role="assistant", text="", tool_call=call))
        session.add(
            Message(idx=2 * i, role="tool", text="", tool_result=ToolResult(call_id=f"c{i}", status="error"))
        )
    triggers = [r.trigger for r in session.records]
    assert sum(t.startswith("tool_failures") for t in triggers) == 1, triggers


def test_the_change_notice_is_audited_always_and_shown_from_the_second_compaction():
    session = Compressor(Config(use_embeddings=False)).session("notice")
    for m in messages()[:6]:
        session.add(m, auto_compact=False)
    first = session.compact(reason="manual")
    assert first.change_notice.startswith("Folded t0-") and "Change:" not in session.context().text
    for m in messages()[6:]:
        session.add(m, auto_compact=False)
    second = session.compact(reason="manual")
    assert second.change_notice in session.context().text
    assert session.context().text.count("Change:") == 1
