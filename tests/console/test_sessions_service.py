"""The Sessions screen's service: search, paging, one session's timeline and records."""

from __future__ import annotations

from datetime import date, datetime

import plotly.graph_objects as go
import pytest

from console.services.session_views import audit_frame, compactions_frame, timeline_figure, transcript_frame
from console.services.sessions import (
    SessionDetail,
    SessionQuery,
    compaction_outcome,
    compaction_points,
    context_change_pct,
    page_count,
    resolve_context,
    search_sessions,
    served_frame,
    session_detail,
    sessions_frame,
    token_series,
)
from core.models import Message
from core.render import message_line, turn_tokens
from core.served import REASON_TEXT, ServedDecision
from core.stage_outputs import CompactionRecord, ValidationReport
from data.records import ContextSummary, FactCorrection, StoredMessage

pytestmark = pytest.mark.unit
CID = "sgd-train-1_00000"


def ids(store, **query) -> list[str]:
    return sorted(c.context_id for c in search_sessions(store, SessionQuery(**query)).items)


def test_search_by_prefix_is_case_insensitive_and_a_full_id_finds_one(seeded_store, dialogue_ids):
    assert ids(seeded_store, text="SGD-") == sorted(i for i in dialogue_ids if i.startswith("sgd-"))
    assert ids(seeded_store, text=f"  {CID} ") == [CID]
    assert ids(seeded_store) == sorted(dialogue_ids)


def test_filters_by_source_health_and_day(seeded_store):
    assert ids(seeded_store, source="crosswoz") == ["crosswoz-val-3243"]
    assert ids(seeded_store, health=["red"]) == ["crosswoz-val-3243"]  # set by the seed
    assert ids(seeded_store, health=["ok", "yellow"]) == sorted(
        ["sgd-train-1_00000", "sgd-train-4_00021", "multiwoz-val-MUL0012"]
    )
    assert len(ids(seeded_store, date_from=date(2025, 3, 1), date_to=date(2025, 3, 1))) == 4
    assert ids(seeded_store, date_from=date(2025, 3, 2)) == []
    assert ids(seeded_store, date_to=date(2025, 2, 28)) == []


@pytest.mark.parametrize(
    "text", ["' OR 1=1 --", "%", "_", "sgd'; DROP TABLE contexts; --", "\\", "北京", "🙂"]
)
def test_sql_metacharacters_in_the_search_match_nothing_and_break_nothing(seeded_store, text):
    assert ids(seeded_store, text=text) == []
    assert len(ids(seeded_store)) == 4


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"text": "x" * 513}, "context ids are at most 512"),
        ({"date_from": date(2025, 3, 2), "date_to": date(2025, 3, 1)}, "reversed"),
        ({"health": ["purple"]}, "unknown health purple"),
        ({"sort": "tokens_raw; DROP"}, "cannot sort by"),
    ],
)
def test_bad_queries_are_refused_with_the_reason(seeded_store, query, message):
    with pytest.raises(ValueError, match=message):
        search_sessions(seeded_store, SessionQuery(**query))


def test_paging_walks_every_context_once_in_the_chosen_order(seeded_store, dialogue_ids):
    first = search_sessions(seeded_store, SessionQuery(page_size=3, sort="context_id", descending=False))
    second = search_sessions(
        seeded_store, SessionQuery(page_size=3, page=2, sort="context_id", descending=False)
    )
    assert (first.total, page_count(first)) == (4, 2)
    seen = [c.context_id for c in first.items + second.items]
    assert seen == sorted(dialogue_ids)
    frame = sessions_frame(first.items)
    assert list(frame["context_id"]) == seen[:3]
    row = frame.iloc[0]
    assert row["reduction_pct"] == pytest.approx(
        100 * (1 - row["context_tokens"] / row["raw_tokens"]), abs=0.05
    )


def test_resolve_context_takes_an_exact_id_or_a_unique_prefix(seeded_store):
    assert resolve_context(seeded_store, CID) == (CID, [CID])
    assert resolve_context(seeded_store, "multi")[0] == "multiwoz-val-MUL0012"
    chosen, candidates = resolve_context(seeded_store, "sgd-")
    assert chosen is None and len(candidates) == 2
    assert resolve_context(seeded_store, "nothing") == (None, [])
    assert resolve_context(seeded_store, "") == (None, [])


def test_detail_has_every_turn_and_compaction_and_the_served_mode(seeded_store, seed_bundles):
    bundle = next(b for b in seed_bundles if b.context_id == CID)
    detail = session_detail(seeded_store, CID)
    assert detail is not None
    assert [m.message.idx for m in detail.messages] == [m.idx for m in bundle.messages]
    assert [c.seq for c in detail.compactions] == [c.record.seq for c in bundle.compactions]
    assert detail.rendered == bundle.rendered
    assert detail.served_mode == "compressed"
    seeded_store.set_breaker("raw", context_id=CID, reason="bloat", actor="ana")
    detail = session_detail(seeded_store, CID)
    assert detail.served_mode == "raw" and detail.breaker.reason == "bloat"
    # a context switched to raw shows the raw dialogue and its tokens, not the compaction
    assert detail.served.reason == "context_switch"
    budget = seeded_store.current_config().history_budget
    assert detail.served_tokens == min(detail.summary.tokens_raw, budget)
    assert detail.rendered != bundle.rendered
    assert detail.rendered.endswith(message_line(bundle.messages[-1]))  # the raw dialogue, newest turn last
    assert (detail.audit[0].action, detail.audit[0].actor, detail.audit_total) == ("breaker.set", "ana", 1)
    assert session_detail(seeded_store, "no-such-context") is None


def test_token_series_is_raw_until_the_first_compaction_then_its_output_plus_new_turns(seeded_store):
    detail = session_detail(seeded_store, CID)
    series = token_series(detail.messages, detail.compactions)
    tokens = [turn_tokens(m.message) for m in detail.messages]  # the 'role: text' line, tool calls included
    assert series.raw[-1] == sum(tokens) > sum(m.message.tokens for m in detail.messages)
    assert all(b >= a for a, b in zip(series.raw, series.raw[1:], strict=False))
    first = min(c.at_turn for c in detail.compactions)
    assert series.served[:first] == series.raw[:first]
    by_turn = {c.at_turn: c for c in detail.compactions}
    for i, turn in enumerate(series.turns):
        if turn in by_turn:
            assert series.served[i] == min(by_turn[turn].tokens_out, series.raw[i])
        elif turn > first and turn - 1 in by_turn:
            assert series.served[i] == min(by_turn[turn - 1].tokens_out + tokens[i], series.raw[i])


def test_the_served_line_is_raw_while_a_compaction_is_not_smaller_than_the_raw_dialogue():
    """The session serves raw when its compacted context is not smaller ('not_smaller'): a
    compaction of 50 tokens over 3 turns of 4 is served raw, and the line says so."""
    messages = [
        StoredMessage(message=Message(idx=i, role="user", text="x"), version=1)
        for i in range(6)
    ]
    big = CompactionRecord(
        context_id="c", seq=0, at_turn=2, trigger="t", tier=0, fold_upto=1, tokens_in=12, tokens_out=50,
        ratio=4.0,
    )  # fmt: skip
    series = token_series(messages, [big])
    assert series.raw == [4, 8, 12, 16, 20, 24]
    assert series.served == series.raw  # never above what raw mode would serve
    small = big.model_copy(update={"tokens_out": 5, "at_turn": 4})
    assert token_series(messages, [small]).served == [4, 8, 12, 16, 5, 9]


def test_outcomes_and_the_figure_mark_every_compaction(seeded_store):
    base = dict(context_id="c", seq=0, at_turn=1, trigger="t", tier=0, fold_upto=0, tokens_in=10, ratio=0.5)
    base["tokens_out"] = 5
    assert compaction_outcome(CompactionRecord(**base, validation=ValidationReport(ok=True))) == "ok"
    assert compaction_outcome(CompactionRecord(**base, fallback=True)) == "fallback"
    assert compaction_outcome(CompactionRecord(**base, validation=ValidationReport(ok=False))) == "fallback"
    assert compaction_outcome(CompactionRecord(**base, failed=True, fallback=True)) == "failed"
    detail = session_detail(seeded_store, CID)
    figure = timeline_figure(detail)
    marked = [t for t in figure["data"] if t["name"].startswith("compaction")]
    assert (
        sum(len(t["x"]) for t in marked)
        == len(detail.compactions)
        == len(compaction_points(detail.compactions))
    )
    assert {t["name"] for t in figure["data"]} >= {"raw dialogue", "served to the model"}
    assert sorted(s["x0"] for s in figure["layout"]["shapes"]) == sorted(
        c.at_turn for c in detail.compactions
    )
    go.Figure(figure)  # a valid plotly figure: validation raises on a wrong property


def test_record_frames_show_compactions_audit_and_transcript(seeded_store):
    seeded_store.apply_corrections(
        [
            FactCorrection(
                context_id=CID, key="restaurant.city", new_value="Oakland", actor="ana", source="form"
            )
        ]
    )
    detail = session_detail(seeded_store, CID)
    comps = compactions_frame(detail.compactions)
    assert list(comps["seq"]) == [c.seq for c in detail.compactions]
    assert set(comps["outcome"]) == {"ok"}
    audit = audit_frame(detail.audit)
    assert "fact.correct" in set(audit["action"]) and "ana" in set(audit["actor"])
    transcript = transcript_frame(detail.messages)
    assert len(transcript) == len(detail.messages) and transcript.iloc[0]["role"] == "user"


def _summary(raw: int, served: int) -> ContextSummary:
    now = datetime(2025, 3, 1)
    return ContextSummary(
        context_id="c",
        source="s",
        lang="en",
        created_at=now,
        updated_at=now,
        turns=4,
        tokens_raw=raw,
        tokens_context=served,
        compactions=0,
        health="ok",
        mode="compressed",
    )


def test_the_context_change_is_signed_against_the_raw_dialogue():
    assert context_change_pct(_summary(200, 50)) == -75.0
    assert context_change_pct(_summary(200, 300)) == 50.0
    assert context_change_pct(_summary(0, 10)) is None


def test_a_failed_compaction_is_marked_on_the_served_line_and_changes_nothing():
    messages = [
        StoredMessage(message=Message(idx=i, role="user", text="x", tokens=10), version=1) for i in range(4)
    ]
    failed = CompactionRecord(
        context_id="c",
        seq=0,
        at_turn=2,
        trigger="tokens",
        tier=0,
        fold_upto=1,
        tokens_in=999,
        tokens_out=999,
        ratio=1.0,
        failed=True,
    )
    detail = SessionDetail(
        summary=_summary(40, 40),
        messages=messages,
        compactions=[failed],
        rendered=None,
        served=ServedDecision(mode="raw", reason="compaction_failed"),
    )
    # each turn is the line 'user: x' (3 tokens) and its newline, whatever the message's own count
    assert token_series(messages, [failed]).served == [4, 8, 12, 16]
    [marker] = [t for t in timeline_figure(detail)["data"] if t["name"] == "compaction (failed)"]
    assert (marker["x"], marker["y"]) == ([2], [12])


def _record(seq: int, at_turn: int, failed: bool = False) -> CompactionRecord:
    return CompactionRecord(
        context_id="c",
        seq=seq,
        at_turn=at_turn,
        trigger="t",
        tier=0,
        fold_upto=0,
        tokens_in=10,
        tokens_out=5,
        ratio=0.5,
        failed=failed,
    )


def test_the_grid_shows_the_mode_served_the_global_switch_first(seeded_store):
    page = search_sessions(seeded_store, SessionQuery(page_size=10))
    frame = served_frame(seeded_store, page.items)
    compressed = frame[frame["mode"] == "compressed"]
    assert not compressed.empty and compressed["reduction_pct"].notna().all()
    seeded_store.set_breaker("raw", reason="incident", actor="ana")
    frame = served_frame(seeded_store, page.items)
    assert set(frame["mode"]) == {"raw"}
    assert set(frame["why_raw"]) == {REASON_TEXT["global_switch"]}
    assert frame["reduction_pct"].isna().all()  # a raw context saves nothing: no -35%
    budget = seeded_store.current_config().history_budget
    assert list(frame["context_tokens"]) == [min(raw, budget) for raw in frame["raw_tokens"]]


def test_a_context_never_compacted_is_raw_on_the_grid_whatever_its_switch(seed_bundles):
    summary = _summary(200, 200).model_copy(update={"compactions": 0, "served_reason": ""})
    assert sessions_frame([summary]).iloc[0]["mode"] == "raw"  # saved before the reason was stored
    failed = summary.model_copy(update={"compactions": 1, "served_reason": "compaction_failed"})
    row = sessions_frame([failed]).iloc[0]
    assert (row["mode"], row["why_raw"]) == ("raw", REASON_TEXT["compaction_failed"])
    ok = summary.model_copy(update={"compactions": 1, "tokens_context": 50})
    assert sessions_frame([ok]).iloc[0]["reduction_pct"] == 75.0
