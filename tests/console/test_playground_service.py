"""The playground service: reading transcripts (errors name the line), running every stage, saving."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from console.services.breaker import set_context_mode
from console.services.playground import run_playground, save_run
from console.services.transcripts import (
    MAX_UPLOAD_BYTES,
    decode_upload,
    parse_transcript,
    read_transcripts,
)
from core.config import Config
from core.formats import DialogueError
from data.store import Store
from tests.console.ops_helpers import FOUR_TURNS, open_store, small_context

pytestmark = pytest.mark.unit
RULES = Config(use_embeddings=False)


def test_plain_lines_become_turns_with_aliases_and_continuations() -> None:
    t = parse_transcript("human: hello\n\nAI: hi there\n  how can I help?\n用户：订一家餐厅\n", "my-id")[0]
    assert t.context_id == "my-id" and t.format == "lines"
    assert [(m.idx, m.role) for m in t.messages] == [(0, "user"), (1, "assistant"), (2, "user")]
    assert t.messages[1].text == "hi there\nhow can I help?"
    assert t.messages[2].text == "订一家餐厅"


def test_plain_lines_get_a_fresh_id_when_none_is_given() -> None:
    assert parse_transcript("user: hi")[0].context_id.startswith("playground-")


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ("user: hi\nthis line has no role\n", 2, "expected 'role: text'"),
        ("user: hi\nwizard: abracadabra\n", 2, "got 'wizard: abracadabra'"),
        ("user: hi\nassistant:\n", 2, "the assistant turn has no text"),
        ("   \n\n", 0, "the transcript is empty"),
        ('{"context_id": "x", "turns": [{"role": "user", "text": "hi"}]}\n{"turns": 5}', 2, "field 'turns'"),
        (
            '\n{"context_id": "x", "turns": [{"role": "user", "text": 3}]}',
            2,
            "turns[0].text: expected a string",
        ),
        ('{"context_id": "x", "turns": [{"role": "robot", "text": "hi"}]}', 1, "turns[0].role: unknown role"),
        ('{"context_id": "x", "turns": [{"role": "user", "text": "hi"}', 1, "invalid JSON"),
    ],
)
def test_bad_input_names_the_line_and_field(text: str, line: int, words: str) -> None:
    with pytest.raises(DialogueError) as err:
        parse_transcript(text)
    assert err.value.line == line and words in str(err.value)
    if line:
        assert str(err.value).startswith(f"line {line}: ")


def test_jsonl_keeps_good_lines_and_reports_bad_ones() -> None:
    good = {"context_id": "a", "source": "sgd", "turns": [{"role": "user", "text": "hi"}]}
    text = "\n".join([json.dumps(good), "{oops", json.dumps({**good, "context_id": "b"}), json.dumps(good)])
    parsed = read_transcripts(text)
    assert [t.context_id for t in parsed.transcripts] == ["a", "b"]
    assert [(e.line, e.detail.split(" (")[0]) for e in parsed.errors] == [
        (2, "invalid JSON"),
        (4, "context_id 'a' repeats line 1; this line is skipped"),
    ]
    assert parsed.transcripts[0].source == "sgd"


def test_one_pretty_printed_conversation_is_accepted_and_the_id_can_be_overridden() -> None:
    text = json.dumps({"context_id": "a", "turns": [{"role": "user", "text": "hi"}]}, indent=2)
    t = parse_transcript(text, context_id="mine")[0]
    assert t.context_id == "mine" and t.messages[0].context_id == "mine"


def test_the_dev_sample_format_reads(tmp_path: Path) -> None:
    sample = Path(__file__).resolve().parents[2] / "data/samples/sgd_sample.jsonl"  # the dev format, gold too
    first = sample.read_text(encoding="utf-8").splitlines()[0]
    t = parse_transcript(first)[0]
    assert t.messages and t.format == "jsonl"


def test_uploads_are_decoded_or_refused_with_the_place() -> None:
    assert decode_upload("\ufeffuser: hi".encode()) == "user: hi"
    with pytest.raises(DialogueError, match=r"x.txt: line 2: not UTF-8"):
        decode_upload(b"user: hi\nuser: \xff\xfe", "x.txt")
    with pytest.raises(DialogueError, match="use the CLI ingest"):
        decode_upload(b"x" * (MAX_UPLOAD_BYTES + 1))


def test_a_four_turn_run_shows_every_stage() -> None:
    run = run_playground(parse_transcript(FOUR_TURNS, "pg-1")[0], RULES)
    assert run.embedder == "rules-only" and len(run.turns) == 4
    first = run.turns[0]
    kinds = {e.type for a in first.parsed.atoms for e in a.entities}
    assert {"time", "date"} <= kinds  # "7pm", "Friday"
    assert "restaurant.time" in first.changed and first.facts["restaurant.time"] == "7pm"
    assert not any(t.trigger.fire for t in run.turns)  # 4 turns < min_turns 8
    last = run.turns[-1]
    assert last.compaction is not None and last.compaction.trigger == "forced"
    assert last.rendered is not None and "[FACT:" in last.rendered.text
    assert run.validation is not None and run.validation.ok
    assert run.anchors["facts"]["restaurant.people"].startswith("3")  # the correction is current
    # four short turns compact to more than they are: the model is served the raw history
    assert run.served.mode == "raw" and run.served.reason == "not_smaller"
    assert run.served.tokens <= run.tokens_raw
    assert run.health.bloat_rate == pytest.approx(run.served.tokens / run.tokens_raw)


def test_without_the_final_compaction_a_short_run_is_served_raw() -> None:
    run = run_playground(parse_transcript(FOUR_TURNS)[0], RULES, compact_at_end=False)
    assert run.records == [] and run.rendered is None
    assert run.served.mode == "raw" and run.served.reason == "no_compaction"


def test_the_trigger_fires_inside_a_long_run_and_each_firing_compacts() -> None:
    config = Config(use_embeddings=False, min_turns=4, max_history_tokens_override=60)
    run = run_playground(parse_transcript(FOUR_TURNS * 3)[0], config, compact_at_end=False)
    fired = [t for t in run.turns if t.trigger.fire]
    assert fired and fired[0].idx >= 3  # never before min_turns (4) messages
    assert fired[0].trigger.reason.startswith("budget:")
    for t in fired:
        assert t.compaction is not None and t.compaction.trigger == t.trigger.reason
    assert [t.compaction for t in run.turns if t.compaction] == run.records


def test_the_breaker_serves_the_run_raw() -> None:
    run = run_playground(parse_transcript(FOUR_TURNS, "x")[0], RULES, breaker=lambda cid: cid == "x")
    assert run.served.mode == "raw" and run.served.reason == "breaker"
    assert run.rendered is not None  # the stages still ran: only the serving is raw


def test_a_run_with_the_breaker_from_the_store(tmp_path: Path) -> None:
    store = open_store(tmp_path / "c.duckdb")
    store.save_contexts([small_context("ctx-raw")])
    set_context_mode(store, "ctx-raw", raw=True, reason="test", actor="ana", role="operator")
    transcript = parse_transcript(FOUR_TURNS, "ctx-raw")[0]
    run = run_playground(transcript, RULES, breaker=lambda cid: store.effective_mode(cid) == "raw")
    assert run.served.mode == "raw"


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return open_store(tmp_path / "console.duckdb")


def test_saving_a_run_makes_a_session_the_replay_can_read_and_an_audit_row(store: Store) -> None:
    transcript = parse_transcript(FOUR_TURNS, "pg-save")[0]
    run = run_playground(transcript, RULES)
    outcome = save_run(store, transcript, run, actor="ana", role="operator")
    assert outcome.status == "created"
    summary = store.get_context("pg-save")
    assert summary is not None and summary.source == "playground" and summary.turns == 4
    stages = [t.stage for t in store.stage_traces("pg-save", 0)]
    assert stages[:3] == ["parse", "extract", "merge"]  # the ingest's traces, as the Replay reads them
    facts = {f.fact.key: f.fact.value for f in store.facts("pg-save")}
    assert facts["restaurant.time"] == run.state.facts["restaurant.time"].value
    audit = store.audit_log(action_prefix="session.").items[0]
    assert audit.actor == "ana" and audit.context_id == "pg-save" and audit.source == "playground"
    assert save_run(store, transcript, run, actor="ana", role="operator").status == "unchanged"


def test_saving_is_refused_to_viewers_and_never_overwrites_a_real_session(store: Store) -> None:
    store.save_contexts([small_context("real-1", source="sgd")])
    transcript = parse_transcript(FOUR_TURNS, "real-1")[0]
    run = run_playground(transcript, RULES)
    with pytest.raises(PermissionError):
        save_run(store, transcript, run, actor="vic", role="viewer")
    with pytest.raises(ValueError, match="already exists \\(source 'sgd'\\)"):
        save_run(store, transcript, run, actor="ana", role="operator")
    assert store.get_context("real-1").turns == 4 and store.get_context("real-1").source == "sgd"
    assert store.audit_log().total == 0
