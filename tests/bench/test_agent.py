"""The agent-trace benchmark: trace rendering, the clear-tools peer, needed-value scoring, a small run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.agent import main
from bench.agent_methods import (
    CLEARED,
    FAST_AGENT_METHODS,
    build_agent_method,
    clear_tools_text,
    cleared_positions,
    raw_trace_text,
    trace_line,
)
from bench.agent_report import AGENT_MARKERS
from bench.agent_run import first_seen_flags
from bench.agent_score import score_cut, summarize_cuts
from bench.conversations import conversation_from_record, load_conversations
from core.formats import DialogueError
from core.render import raw_history
from tests.bench.helpers import write_jsonl

pytestmark = pytest.mark.unit

SAMPLE = Path(__file__).parent / "data" / "bfcl_base_5.jsonl"


def _call(i: int, name: str, **args) -> dict:
    return {"role": "assistant", "text": "", "tool_call": {"call_id": f"c{i}", "name": name, "args": args}}


def _result(i: int, data) -> dict:
    return {"role": "tool", "text": "", "tool_result": {"call_id": f"c{i}", "status": "ok", "data": data}}


TRACE = {
    "context_id": "tr-1-t2",
    "source": "test",
    "turns": [
        {"role": "user", "text": "Find my report and check the budget."},
        _call(0, "ls"),
        _result(0, {"files": ["report_q3.pdf", "notes.txt"]}),
        _call(1, "cd", folder="docs"),
        _result(1, {"cwd": "docs"}),
        _call(2, "wc", file_name="report_q3.pdf"),
        _result(2, {"lines": 4021}),
        _call(3, "grep", pattern="budget"),
        _result(3, {"matches": ["budget line 12"]}),
        {"role": "user", "text": "Now show the last 20 lines of it."},
    ],
    "gold": {
        "next_calls": [{"name": "tail", "args": {"file_name": "report_q3.pdf", "lines": 20}}],
        "needed": ["report_q3.pdf"],
        "needed_from_history": ["report_q3.pdf"],
    },
}


def _conv():
    return conversation_from_record(TRACE)


def test_a_trace_line_carries_the_call_or_result_as_compact_json():
    msgs = _conv().messages
    assert trace_line(msgs[0]) == "user: Find my report and check the budget."
    assert trace_line(msgs[3]) == 'assistant: <call cd {"folder":"docs"}>'
    assert trace_line(msgs[6]) == 'tool: <result ok {"lines":4021}>'
    assert raw_trace_text(msgs) == raw_history(msgs)  # the raw trace is what raw mode serves


@pytest.mark.parametrize(
    "keep, cleared",
    [(0, {2, 4, 6, 8}), (1, {2, 4, 6}), (3, {2}), (4, set()), (9, set())],
)
def test_clear_tools_replaces_every_result_but_the_last_n(keep, cleared):
    msgs = _conv().messages
    assert cleared_positions(msgs, keep) == cleared
    lines = clear_tools_text(msgs, keep).split("\n")
    assert [i for i, ln in enumerate(lines) if ln == f"tool: <result ok {CLEARED}>"] == sorted(cleared)
    for i, ln in enumerate(lines):  # calls, user turns and kept results are the raw lines
        if i not in cleared:
            assert ln == trace_line(msgs[i])


def test_the_clear_tools_peer_loses_a_value_only_a_cleared_result_held():
    conv = _conv()
    scores = {}
    for keep in (0, 1, 3):
        out = build_agent_method(f"clear-tools-{keep}").run(conv)
        scores[keep] = score_cut(conv.context_id, out.text, out.tokens, {"needed": ["notes.txt"]}, 100)
    assert [scores[k].needed_kept for k in (0, 1, 3)] == [0, 0, 0]  # ls result is the 4th from the end
    out = build_agent_method("clear-tools-3").run(conv)
    assert score_cut("x", out.text, 1, {"needed": ["4021"]}, 1).needed_kept == 1


def test_needed_values_are_scored_outside_markers_and_from_history():
    gold = {"needed": ["report_q3.pdf", "20", "docs"], "needed_from_history": ["report_q3.pdf", "docs"]}
    ctx = "[FACT:file.name=notes.txt (was: report_q3.pdf)|cwd=docs]\nuser: show the last 20 lines"
    s = score_cut("c", ctx, 30, gold, 120)
    assert (s.needed_total, s.needed_kept, s.history_total, s.history_kept) == (3, 2, 2, 1)
    assert s.lost == ["report_q3.pdf"] and s.only_marked == ["report_q3.pdf"]
    empty = score_cut("d", "anything", 10, {"needed": []}, 100)
    summary = summarize_cuts([s, empty])
    assert summary.needed_retention == pytest.approx(2 / 3)
    assert summary.all_needed == 0.0  # the cut without needed values is not in the share
    assert summary.from_history_retention == 0.5
    assert summary.only_marked == pytest.approx(1 / 3)
    assert summary.token_reduction == pytest.approx(((1 - 30 / 120) + (1 - 10 / 100)) / 2)


def test_peers_on_the_hand_made_trace():
    conv = _conv()
    kept = {}
    for name in ("raw", "last-n", "user-verbatim", "clear-tools-0"):
        out = build_agent_method(name).run(conv)
        kept[name] = score_cut(conv.context_id, out.text, out.tokens, conv.gold, 100).needed_kept
    # the wc call (5th turn from the end) names the file: last-n and clear-tools keep it through it
    assert kept == {"raw": 1, "last-n": 1, "user-verbatim": 0, "clear-tools-0": 1}


def test_first_seen_flags_leave_out_the_repeated_prefix_of_a_later_cut():
    full = _conv()
    short = conversation_from_record({**TRACE, "context_id": "tr-1-t1", "turns": TRACE["turns"][:5]})
    flags = first_seen_flags([short, full])
    assert flags[0] == [True] * 5
    assert flags[1] == [False] * 5 + [True] * 5


def test_a_gold_list_of_the_wrong_type_is_named_by_file_and_line(tmp_path):
    path = write_jsonl(tmp_path / "t.jsonl", [TRACE, {**TRACE, "gold": {"needed": "report_q3.pdf"}}])
    convs = load_conversations(path)
    from bench.agent_run import run_agent_file

    expected = r"t\.jsonl: line 2: gold 'needed' must be a list, got str \(context tr-1-t2\)"
    with pytest.raises(DialogueError, match=expected):
        run_agent_file(str(path), convs, [build_agent_method("raw")])


def test_agent_run_on_five_cuts_with_the_fast_methods_writes_report_and_json(tmp_path):
    report = tmp_path / "benchmarks.md"
    report.write_text("# Benchmarks\n\n<!-- bench:core:start -->\nkept\n<!-- bench:core:end -->\n")
    out_json = tmp_path / "agent.json"
    args = [str(SAMPLE), "--methods", ",".join(FAST_AGENT_METHODS), "--limit", "5", "--quiet"]
    assert main([*args, "--json", str(out_json), "--report", str(report)]) == 0
    text = report.read_text()
    assert "<!-- bench:core:start -->\nkept\n<!-- bench:core:end -->" in text
    assert text.count(AGENT_MARKERS[0]) == 1 and text.count(AGENT_MARKERS[1]) == 1
    assert "### bfcl_base_5.jsonl" in text
    data = json.loads(out_json.read_text())
    ds = data["datasets"][0]
    assert ds["cuts"] == 5 and ds["needed"] == 13 and ds["from_history"] == 4
    by_name = {m["method"]: m for m in ds["methods"]}
    assert list(by_name) == list(FAST_AGENT_METHODS)
    assert all(m["status"] == "ok" and m["errors"] == 0 for m in by_name.values())
    assert by_name["raw"]["summary"]["needed_retention"] == 1.0
    assert by_name["raw"]["summary"]["token_reduction"] == 0.0
    core = by_name["core-rules"]
    # cuts of one trace repeat its prefix: 8, 13, 16 turns, then 4, 9 turns of the next trace
    assert core["adds_timed"] == 8 + (13 - 8) + (16 - 13) + 4 + (9 - 4)
    assert core["compaction_p50_ms"] is not None and core["compaction_p50_ms"] > 0
    assert all(r["mode"] in ("compressed", "raw") for r in core["rows"])
    for name in ("last-n", "user-verbatim", "clear-tools-0"):
        assert by_name[name]["summary"]["tokens_mean"] < by_name["raw"]["summary"]["tokens_mean"]
