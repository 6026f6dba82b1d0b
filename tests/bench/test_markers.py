"""Marker-aware scoring: a value inside "(was: ...)" is shown as replaced and does not count as kept."""

from __future__ import annotations

import math

import pytest

from bench.conversations import conversation_from_record, load_conversations
from bench.markers import (
    marker_spans,
    occurs_unmarked,
    old_shown_unmarked,
    only_marked,
    outside_markers,
    shown_replaced,
)
from bench.metrics import score_conversation, summarize
from tests.bench.helpers import write_jsonl

pytestmark = pytest.mark.unit


def test_a_value_only_inside_a_marker_does_not_count():
    ctx = "[FACT:restaurant.city=Palo Alto (was: San Jose)]"
    assert not occurs_unmarked("San Jose", ctx)
    assert only_marked("san jose", ctx)
    assert occurs_unmarked("palo alto", ctx)
    assert not only_marked("Palo Alto", ctx)


def test_a_value_both_inside_and_outside_a_marker_counts():
    ctx = "[FACT:hotel.people=2 (was: 3)|nights=3]"
    assert occurs_unmarked("3", ctx)
    assert not only_marked("3", ctx)


def test_nested_markers_are_one_marker_and_nothing_inside_leaks_out():
    ctx = "time=18:45 (was: 19:45 (was: 20:00 (aka eight))) people=2"
    assert marker_spans(ctx) == [(11, ctx.index(" people"))]
    for old in ("19:45", "20:00", "eight"):
        assert only_marked(old, ctx)
    assert occurs_unmarked("people=2", ctx)


def test_several_markers_and_the_core_s_two_value_form():
    ctx = "[FACT:t.a=x (was: y; was: z)|b=u (WAS: v)] and ( was : w) then y"
    assert len(marker_spans(ctx)) == 3
    assert only_marked("z", ctx) and only_marked("v", ctx) and only_marked("w", ctx)
    assert occurs_unmarked("y", ctx)  # the trailing "then y" is outside every marker
    assert occurs_unmarked("x", ctx) and occurs_unmarked("u", ctx)


def test_an_unclosed_marker_runs_to_the_end_of_its_line_only():
    ctx = "city=Palo Alto (was: San Jose\nuser: San Jose is far"
    assert marker_spans(ctx) == [(15, ctx.index("\n"))]
    assert occurs_unmarked("San Jose", ctx)  # the second line says it unmarked
    assert not occurs_unmarked("San Jose", ctx.split("\n")[0])


def test_blanking_keeps_offsets_and_never_matches_across_a_marker():
    ctx = "ab (was: c) d"
    assert len(outside_markers(ctx)) == len(ctx)
    assert not occurs_unmarked("ab  d", ctx) and not occurs_unmarked("b d", ctx)


def test_old_value_shown_unmarked_as_a_whole_token_outside_markers():
    assert not old_shown_unmarked("people=12 (was: 2)", "2", "12")  # old inside new is no occurrence
    assert old_shown_unmarked("people=12, 2 of them kids", "2", "12")
    assert not old_shown_unmarked("time=12:30 (was: 2)", "2", "12:30")
    assert not old_shown_unmarked("city=Palo Alto", "Palo Alto", "palo alto")  # old is the new value


def test_masking_the_new_value_leaves_no_digit_of_a_longer_number_standing_alone():
    # the new "1" is no token of "t13", "+1 310-247" or "12th": masking it there invents an old "3" or "2"
    assert not old_shown_unmarked("rooms=1 room\nCompleted: t13 book hotel", "3", "1")
    assert not old_shown_unmarked("phone +1 310-247-0400", "3", "1")
    assert not old_shown_unmarked("User said: something on the 12th.", "1", "2")
    assert old_shown_unmarked("rooms=1 room, 3 rooms", "3", "1")


def test_a_digit_of_a_decimal_or_a_percentage_is_no_whole_token():
    # SGD: the old "2" (stars) is not shown by "rating=4.2", the old "1" not by "1.5%" or "1,000";
    # found by h4 / h6: the scorer had counted these as old values shown unmarked
    assert not old_shown_unmarked("rating=4.2", "2", "3")
    assert not old_shown_unmarked("rate_agreed=2%", "2", "1")
    assert not old_shown_unmarked("fee 1.5% on 1,000 dollars", "1", "4")
    assert old_shown_unmarked("2 cards. rate 3%", "2", "1")  # a count beside them still counts
    assert old_shown_unmarked("people=2, 4", "2", "4")


def test_shown_replaced_is_a_whole_token_inside_a_marker():
    assert shown_replaced("2", "x=3 (was: 2)")
    assert not shown_replaced("2", "x=3 (was: 12)")
    assert not shown_replaced("2", "x=2")


GOLD = {
    "final_state": {"r.city": "Palo Alto", "r.people": "2", "r.time": "7 pm"},
    "corrections": [
        {"slot": "r.city", "old": "San Jose", "new": "Palo Alto", "turn": 2},
        {"slot": "r.time", "old": "6 pm", "new": "7 pm", "turn": 3},
        {"slot": "r.people", "old": "3", "new": "2", "turn": 4},
    ],
    "must_not_replace": ["Il Fornaio", "never said"],
}
TRANSCRIPT = "San Jose please, no Palo Alto. At 6 pm, no 7 pm. 3 people, no 2. Il Fornaio."


def _score(context: str):
    return score_conversation("c", context, 10, GOLD, TRANSCRIPT, 100, 5)


def test_strict_retention_false_supersession_and_old_values_unmarked():
    # Palo Alto current and marked-old correct; 7 pm only shown as replaced; San Jose... marked;
    # "6 pm" shown unmarked; "3" marked; the must-not-replace restaurant shown as replaced
    ctx = "city=Palo Alto (was: San Jose) time=6 pm (was: 7 pm) people=2 (was: 3) name=x (was: Il Fornaio)"
    s = _score(ctx)
    assert (s.final_total, s.final_retained, s.final_retained_loose) == (3, 2, 3)
    assert s.falsely_superseded == [("r.time", "7 pm")]
    assert s.lost == [("r.time", "7 pm")]
    assert (s.old_total, s.old_unmarked) == (3, 1)
    assert (s.keep_total, s.keep_replaced) == (1, 1)  # "never said" is not in the transcript
    summary = summarize([s])
    assert summary.final_state_retention == pytest.approx(2 / 3)
    assert summary.final_state_retention_loose == 1.0
    assert summary.false_supersession == pytest.approx(1 / 3)
    assert summary.old_unmarked == pytest.approx(1 / 3) and summary.olds == 3
    assert summary.must_not_replace_replaced == 1.0 and summary.must_not_replace == 1
    assert summary.joint_retention == 0.0


def test_an_old_value_that_is_also_a_current_value_is_not_scored_as_old():
    gold = {**GOLD, "corrections": [{"slot": "r.nights", "old": "2", "new": "4"}]}
    s = score_conversation("c", "nights=4 people=2", 5, gold, TRANSCRIPT + " 4 nights", 100, 5)
    assert s.old_total == 0


def test_a_verbatim_transcript_keeps_every_current_value_and_shows_every_old_one():
    s = _score(TRANSCRIPT)
    assert s.final_retained == 3 and not s.falsely_superseded
    assert (s.old_total, s.old_unmarked) == (3, 3)
    assert s.keep_replaced == 0


FREEFORM = {
    "context_id": "ff-1",
    "source": "freeform",
    "lang": "zh",
    "turns": [
        {"idx": 0, "role": "user", "text": "我想订周五的两张票。"},
        {"idx": 1, "role": "assistant", "text": "好的，周五两张。"},
        {"idx": 2, "role": "user", "text": "改成周六吧，还是两张。"},
    ],
    "gold": {
        "final_state": {"ticket.date": "周六", "ticket.count": "两张"},
        "corrections": [{"slot": "ticket.date", "old": "周五", "new": "周六", "turn": 2}],
        "must_not_replace": ["两张"],
    },
}


def test_a_free_form_record_without_facts_goals_or_actions_loads_and_scores(tmp_path):
    conv = load_conversations(write_jsonl(tmp_path / "freeform_zh.jsonl", [FREEFORM]))[0]
    good = "[FACT:ticket.date=周六 (was: 周五)|count=两张]"
    s = score_conversation(conv.context_id, good, 9, conv.gold, conv.transcript, 40, 8)
    assert (s.final_total, s.final_retained, s.old_unmarked, s.keep_replaced) == (2, 2, 0, 0)
    summary = summarize([s])
    assert math.isnan(summary.constraint_retention) and math.isnan(summary.goal_coverage)
    wrong = "date=周五 count=周六 (was: 两张)"
    bad = score_conversation(conv.context_id, wrong, 9, conv.gold, conv.transcript, 40, 8)
    assert bad.old_unmarked == 1 and bad.keep_replaced == 1
    assert bad.falsely_superseded == [("ticket.count", "两张")]


def test_the_loader_keeps_tool_calls_and_results():
    rec = {
        "context_id": "tr-1",
        "turns": [
            {"role": "user", "text": "list it"},
            {"role": "assistant", "tool_call": {"call_id": "c1", "name": "ls", "args": {"a": True}}},
            {"role": "tool", "tool_result": {"call_id": "c1", "status": "ok", "data": ["x.txt"]}},
        ],
        "gold": {"needed": ["x.txt"]},
    }
    conv = conversation_from_record(rec)
    assert conv.messages[1].tool_call is not None and conv.messages[1].tool_call.args == {"a": True}
    assert conv.messages[2].tool_result is not None and conv.messages[2].tool_result.data == ["x.txt"]


def test_a_free_form_set_runs_into_its_own_report_section(tmp_path):
    from bench.__main__ import main

    en = {
        **FREEFORM,
        "context_id": "ff-en-1",
        "lang": "en",
        "turns": [
            {"role": "user", "text": "Two tickets for Friday at the Odeon, please."},
            {"role": "assistant", "text": "Two for Friday at the Odeon."},
            {"role": "user", "text": "Make it Saturday instead, still two."},
        ],
        "gold": {
            "final_state": {"ticket.date": "Saturday", "ticket.venue": "Odeon"},
            "corrections": [{"slot": "ticket.date", "old": "Friday", "new": "Saturday", "turn": 2}],
            "must_not_replace": ["Odeon"],
        },
    }
    files = [
        write_jsonl(tmp_path / "freeform_en.jsonl", [en]),
        write_jsonl(tmp_path / "freeform_zh.jsonl", [FREEFORM]),
    ]
    report = tmp_path / "benchmarks.md"
    report.write_text("# Benchmarks\n\n<!-- bench:core:start -->\nkept\n<!-- bench:core:end -->\n")
    args = [*map(str, files), "--methods", "core-rules,user-verbatim,oracle", "--runs", "1", "--no-long"]
    args += ["--no-png", "--embedder", "ngram", "--section", "freeform", "--report", str(report)]
    assert main(args) == 0
    text = report.read_text()
    assert "<!-- bench:core:start -->\nkept\n<!-- bench:core:end -->" in text
    assert text.count("<!-- bench:freeform:start -->") == 1
    assert "## Core against its peers: the freeform data" in text
    assert "must-not-replace values shown replaced" in text
    assert (tmp_path / "benchmarks_freeform_retention.html").is_file()
    verbatim = next(ln for ln in text.splitlines() if ln.startswith("| user-verbatim |") and "of 1" in ln)
    cells = [c.strip() for c in verbatim.split("|")[1:-1]]
    assert cells[1:5] == ["100.0%", "100.0%", "0.0%", "100.0% of 1"]  # verbatim shows the old value


def test_a_fact_key_does_not_show_a_value_current() -> None:
    # MultiWOZ's type "hotel" replaced by "guesthouse": the key prefix "hotel." names a slot
    context = "[FACT:hotel.name=Acorn|hotel.type=guesthouse (was: hotel)]"
    assert not old_shown_unmarked(context, "hotel", "guesthouse")
    assert not occurs_unmarked("hotel", "[FACT:hotel.name=Acorn]")  # not retained by its key either
    assert occurs_unmarked("acorn", "[FACT:hotel.name=Acorn]")
    assert old_shown_unmarked("[FACT:hotel.name=Acorn] User said: any hotel is fine", "hotel", "guesthouse")


def test_a_bare_key_after_the_first_does_not_show_a_value() -> None:
    # MultiWOZ MUL2638: 2 nights replaced by 1; the only unmarked "2" is the key "|type_2=" of
    # another slot, which names a slot as "hotel.type=" does
    context = "[FACT:hotel.nights=1 night (was: 2 nights)|type_2=museum|people=2]"
    assert not old_shown_unmarked(context.replace("|people=2", ""), "2", "1")
    assert old_shown_unmarked(context, "2", "1")  # a value 2 still counts
    assert not occurs_unmarked("people", context)

