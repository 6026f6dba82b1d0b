"""A small run of the whole harness: 2 conversations per dev sample, the cheap methods, all files written.

The core runs with the n-gram stand-in embedder (no model load). Peer packages from
bench/requirements.txt may be missing in `make test`: those methods must then be reported as
unavailable, never crash the run.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.__main__ import main
from bench.report import END, START
from tests.bench.helpers import record, write_jsonl

pytestmark = pytest.mark.slow

DIALOGUES = Path(__file__).resolve().parents[3].parent / "shared" / "data" / "dialogues"
SAMPLES = ("sgd_dev_sample.jsonl", "multiwoz_dev_sample.jsonl", "crosswoz_dev_sample.jsonl")
METHODS = "core,core-rules,key-sentence,last-n,user-verbatim,langchain-trim,llamaindex-buffer,oracle"


def _inputs(tmp_path: Path) -> list[str]:
    real = [DIALOGUES / name for name in SAMPLES if (DIALOGUES / name).is_file()]
    if real:
        return [str(p) for p in real]
    # without the shared corpora (a clean clone elsewhere): two records with a user's constraint each
    facts = [{"slot": "hotel.area", "value": "north", "kind": "constraint", "literal": True}]
    records = [record("s-1", facts=facts), record("s-2", facts=facts)]
    return [str(write_jsonl(tmp_path / "synthetic.jsonl", records))]


def test_harness_runs_end_to_end_and_writes_report_and_json(tmp_path):
    files = _inputs(tmp_path)
    report = tmp_path / "docs" / "benchmarks.md"
    report.parent.mkdir()
    report.write_text("# Benchmarks\n\n## Store and ingest\nkept\n")
    out_json = tmp_path / "bench.json"
    args = [*files, "--limit", "2", "--runs", "1", "--methods", METHODS, "--embedder", "ngram", "--no-png"]
    rc = main([*args, "--json", str(out_json), "--report", str(report), "--long-window", "300"])
    assert rc == 0
    text = report.read_text()
    assert "## Store and ingest\nkept\n" in text
    assert text.count(START) == 1 and text.count(END) == 1
    for file in files:
        assert f"### {Path(file).name}" in text
    assert (tmp_path / "docs" / "benchmarks_retention.html").is_file()
    data = json.loads(out_json.read_text())
    assert len(data["datasets"]) == len(files)
    for ds in data["datasets"]:
        assert ds["conversations"] == 2
        by_name = {m["method"]: m for m in ds["methods"]}
        assert list(by_name) == METHODS.split(",")
        for m in by_name.values():
            assert m["status"] == "ok" or m["status"].startswith("unavailable:")
        assert by_name["oracle"]["summary"]["final_state_retention"] == 1.0
        assert by_name["user-verbatim"]["summary"]["constraint_retention"] == 1.0
        assert len(ds["long_sessions"]) == 2


def test_a_bad_file_exits_2_with_the_line_named(tmp_path, capsys):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"context_id": "a", "turns": [{"role": "user", "text": "hi"}]}\n{oops\n')
    assert main([str(bad), "--methods", "oracle", "--runs", "1", "--no-long"]) == 2
    assert "bad.jsonl: line 2: invalid JSON" in capsys.readouterr().err
