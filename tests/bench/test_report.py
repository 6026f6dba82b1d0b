"""The report section is written between its markers and leaves the rest of the file alone."""

from __future__ import annotations

import json
import math

import pytest

from bench.metrics import score_conversation, summarize
from bench.report import END, START, now_utc, render_section, verdict, write_json, write_section
from bench.runner import DatasetResult, MethodResult

pytestmark = pytest.mark.unit


def test_write_section_creates_the_file_with_markers(tmp_path):
    path = tmp_path / "docs" / "benchmarks.md"
    write_section(path, "table one")
    text = path.read_text()
    assert text.startswith("# Benchmarks")
    assert f"{START}\ntable one\n{END}" in text


def test_write_section_replaces_only_between_the_markers(tmp_path):
    path = tmp_path / "benchmarks.md"
    path.write_text(f"# Benchmarks\n\nintro\n\n{START}\nold numbers\n{END}\n\n## Store and ingest\nkeep me\n")
    write_section(path, "new numbers")
    text = path.read_text()
    assert "old numbers" not in text
    assert text == f"# Benchmarks\n\nintro\n\n{START}\nnew numbers\n{END}\n\n## Store and ingest\nkeep me\n"


def test_write_section_appends_when_the_file_has_no_markers(tmp_path):
    path = tmp_path / "benchmarks.md"
    path.write_text("# Benchmarks\n\n## Store and ingest\nkeep me\n")
    write_section(path, "numbers")
    assert path.read_text() == f"# Benchmarks\n\n## Store and ingest\nkeep me\n\n{START}\nnumbers\n{END}\n"


def _method(name: str, context: str, tokens: int, budget_source: str | None = None) -> MethodResult:
    gold = {"final_state": {"hotel.area": "north", "hotel.people": "2"}, "goals": []}
    score = score_conversation("c", context, tokens, gold, "north 2", raw_tokens=100, oracle_tokens=10)
    return MethodResult(method=name, status="ok", summary=summarize([score]), budget_source=budget_source)


def test_verdict_compares_tokens_for_free_peers_and_the_budget_for_equal_budget_peers():
    ds = DatasetResult("x.jsonl", "sgd", "en", 1, 100.0, 10.0)
    ds.methods = [
        _method("core", "north 2", 20),
        _method("user-verbatim", "north", 30),  # core ahead, with fewer tokens
        _method("langchain-trim", "north 2", 18, "core"),  # a tie is not ahead
        _method("llamaindex-buffer", "north", 10, "core"),  # fewer tokens used, but within the same B
    ]
    text = verdict(ds)
    assert "user-verbatim: ahead (" in text
    assert "langchain-trim: NOT ahead at equal budget" in text
    assert "llamaindex-buffer: ahead at equal budget" in text
    ds.methods[1] = _method("user-verbatim", "north", 10)
    assert "user-verbatim: ahead but at MORE tokens" in verdict(ds)


def test_render_section_has_a_table_per_dataset_and_unavailable_methods(tmp_path):
    ds = DatasetResult("sgd.jsonl", "sgd", "en", 1, 100.0, 10.0)
    ds.methods = [
        _method("core", "north 2", 20),
        MethodResult(method="key-sentence", status="unavailable: no core"),
    ]
    text = render_section(
        [ds, ds], "python -m bench sgd.jsonl", {"cpu": "cpu", "cores": "2"}, now_utc(), 3, None, None
    )
    assert text.count("### sgd.jsonl") == 2
    assert "| key-sentence | unavailable: no core |" in text
    assert "| core | 100.0% |" in text
    assert "python -m bench sgd.jsonl" in text
    write_json(tmp_path / "out.json", [ds], {"runs": 3})
    data = json.loads((tmp_path / "out.json").read_text())
    core = data["datasets"][0]["methods"][0]
    assert core["summary"]["final_state_retention"] == 1.0
    assert core["latency_p50_ms"] is None  # NaN is written as null
    assert math.isnan(ds.methods[0].latency_p50_ms)
