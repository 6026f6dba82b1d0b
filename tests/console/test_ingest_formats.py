"""Agent traces in every format through the doors: ``python -m console ingest`` and
``python -m core compress`` on a JSON array and on JSONL, and the playground's paste and upload."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from console.cli import main as console_main
from console.services.transcripts import read_transcripts, read_upload
from core.cli import main as core_main
from core.config import Config
from data.store import Store

pytestmark = pytest.mark.unit
FIXTURES = Path(__file__).resolve().parents[1] / "core" / "data" / "formats"
NAMES = ["project_turns", "openai_chat", "anthropic_messages", "langchain_messages_to_dict"]


def records() -> list[dict]:
    out = []
    for name in NAMES:
        record = json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))
        record["context_id"] = name
        out.append(record)
    return out


@pytest.fixture
def config_file(tmp_path: Path) -> Path:
    path = tmp_path / "config.json"
    config = Config(use_embeddings=False, max_history_tokens_override=320, min_turns=6)
    path.write_text(config.model_dump_json(), encoding="utf-8")
    return path


def test_console_ingest_stores_a_json_array_of_traces_in_four_formats_alike(tmp_path, config_file, capsys):
    path = tmp_path / "traces.json"
    path.write_text(json.dumps(records(), indent=2), encoding="utf-8")
    db = tmp_path / "c.duckdb"
    code = console_main(["--db", str(db), "ingest", str(path), "--config", str(config_file), "--quiet"])
    assert code == 0, capsys.readouterr().err
    store = Store(db, linger=0)
    stored = {}
    for name in NAMES:
        timeline = store.timeline(name)
        assert timeline is not None, name
        stored[name] = [
            (m.message.role, m.message.text, m.message.tool_call, m.message.tool_result)
            for m in timeline.messages
        ]
    assert len(stored["project_turns"]) == 10
    assert stored["project_turns"][5][3].status == "error"
    assert all(turns == stored["project_turns"] for turns in stored.values())


def test_core_compress_reads_jsonl_with_one_format_per_line(tmp_path, config_file):
    src = tmp_path / "in.jsonl"
    src.write_text("\n".join(json.dumps(r) for r in records()) + "\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    assert core_main(["compress", str(src), "--out", str(out), "--config", str(config_file), "--quiet"]) == 0
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [r["context_id"] for r in rows] == NAMES
    assert len({r["tokens_raw"] for r in rows}) == 1  # the same trace, the same raw size
    assert all("HX-4471" in r["context"] for r in rows)


def test_the_playground_takes_a_pasted_anthropic_trace_and_an_uploaded_openai_array():
    anthropic, openai = records()[2], records()[1]
    [pasted] = read_transcripts(json.dumps(anthropic, indent=2), context_id="mine").transcripts
    assert pasted.context_id == "mine" and [m.role for m in pasted.messages][:3] == [
        "system",
        "user",
        "assistant",
    ]
    parsed = read_upload(json.dumps(openai["messages"]).encode(), "trace.json")
    assert parsed.errors == [] and len(parsed.transcripts[0].messages) == 10
    bad = dict(openai, messages=[*openai["messages"][:2], {"role": "tool", "content": "x"}])
    parsed = read_upload((json.dumps(bad) + "\n" + json.dumps(anthropic)).encode(), "two.jsonl")
    assert [t.context_id for t in parsed.transcripts] == ["anthropic_messages"]
    assert [str(e) for e in parsed.errors] == ["line 1: messages[2].tool_call_id: missing or not a string"]
