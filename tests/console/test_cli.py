"""python -m console ingest | seed | check, on real dialogues and a real DuckDB file."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from console.cli import main
from console.ingest import ingest_files
from core.compressor import Compressor
from core.config import Config
from data.concurrency import RetryPolicy
from data.schema import LATEST_VERSION
from data.store import Store

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared" / "data" / "dialogues"
SMALL_WINDOW = Config(use_embeddings=False, max_history_tokens_override=320, min_turns=6)


def sample_lines(n: int, name: str = "sgd_dev_sample.jsonl") -> list[str]:
    """n dialogue lines: the shared dev sample's, or (a clone without it) the project's own samples."""
    own = ROOT / "data" / "samples"
    paths = [SHARED / name]
    if not paths[0].exists():  # the same corpus's own sample first, then the others for more lines
        corpora = ["sgd", "multiwoz", "crosswoz"]
        first = next((c for c in corpora if name.startswith(c)), "sgd")
        paths = [own / f"{c}_sample.jsonl" for c in [first, *(c for c in corpora if c != first)]]
    lines = [line for path in paths for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    assert len(lines) >= n, f"only {len(lines)} sample dialogues for a test that needs {n}"
    return lines[:n]


@pytest.fixture
def config_file(tmp_path: Path) -> Path:
    path = tmp_path / "config.json"
    path.write_text(SMALL_WINDOW.model_dump_json(), encoding="utf-8")
    return path


def run(db: Path, *args: str) -> int:
    return main(["--db", str(db), *args])


@pytest.mark.slow
def test_ingest_stores_every_stage_and_reports_bad_lines(tmp_path, config_file, capsys):
    good = sample_lines(3)
    lines = [good[0], '{"context_id": "broken", "turns": [', good[1], good[0], good[2]]
    data = tmp_path / "in.jsonl"
    data.write_text("\n".join(lines) + "\n", encoding="utf-8")
    db = tmp_path / "c.duckdb"

    summary = tmp_path / "summary.json"
    args = ("--config", str(config_file), "--quiet", "--batch", "2", "--json", str(summary))
    assert run(db, "ingest", str(data), *args) == 2
    err = capsys.readouterr().err
    assert f"{data}:2: invalid JSON" in err
    assert f"{data}:4: context_id 'sgd-train-1_00000' already on line 1 of this file; skipped" in err
    assert "3 conversations: 3 created" in err
    written = json.loads(summary.read_text())
    assert (written["read"], written["created"], len(written["bad_lines"]), written["embeddings"]) == (
        3,
        3,
        2,
        False,
    )
    assert written["seconds"] > 0 and written["cpu_seconds"] > 0 and written["db_mb"] > 0

    store = Store(db, linger=0)
    assert store.check().problems == []
    cid = json.loads(good[0])["context_id"]
    summary = store.get_context(cid)
    assert summary.source == "sgd" and summary.turns == len(json.loads(good[0])["turns"])
    assert summary.compactions >= 1 and summary.health != "no_data"
    assert {t.stage for t in store.stage_traces(cid, 2)} >= {"parse", "extract", "merge", "render"}
    assert store.traced_turns(cid) == list(range(summary.turns))
    assert store.facts(cid) and all(r.history for r in store.facts(cid))
    first = store.compactions(cid, with_state=True)[0]
    assert first.state is not None and first.rendered
    assert {b.metric for b in store.metric_series(bucket="day").rows()} >= {"bloat_rate", "goal_churn_rate"}
    assert store.timeline(cid).rendered  # the served context

    # a rerun finds every conversation stored unchanged, before running the core
    report = ingest_files([data], store, Compressor(SMALL_WINDOW))
    assert (report.created, report.unchanged, report.core_seconds) == (0, 3, 0.0)
    assert len(report.bad_lines) == 2


@pytest.mark.slow
def test_a_changed_turn_in_the_file_updates_the_context(tmp_path):
    line = json.loads(sample_lines(1)[0])
    data = tmp_path / "in.jsonl"
    data.write_text(json.dumps(line) + "\n", encoding="utf-8")
    store = Store.open(tmp_path / "c.duckdb", linger=0)
    assert ingest_files([data], store, Compressor(SMALL_WINDOW)).created == 1
    line["turns"][4]["text"] = "Actually I would rather eat Italian food."
    data.write_text(json.dumps(line) + "\n", encoding="utf-8")
    report = ingest_files([data], store, Compressor(SMALL_WINDOW))
    assert report.updated == 1
    versions = store.message_versions(line["context_id"], 4)
    assert [v.message.text for v in versions][-1] == "Actually I would rather eat Italian food."
    assert store.check().problems == []


@pytest.mark.slow
def test_a_killed_ingest_leaves_whole_batches_and_the_rerun_completes(tmp_path, config_file, capsys):
    data = tmp_path / "in.jsonl"
    total = 16  # batches enough for the kill to land mid-way (8 were all stored before a 0.2 s poll saw 2)
    data.write_text("\n".join(sample_lines(total)) + "\n", encoding="utf-8")
    db = tmp_path / "c.duckdb"
    Store.open(db, linger=0).close()
    cmd = [sys.executable, "-m", "console", "--db", str(db), "ingest", str(data)]
    cmd += ["--config", str(config_file), "--batch", "2", "--quiet"]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    watcher = Store(db, policy=RetryPolicy(deadline=60), linger=0)
    try:
        deadline = time.monotonic() + 120
        while watcher.find_contexts().total < 2 and time.monotonic() < deadline:
            time.sleep(0.02)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        proc.kill()
    report = watcher.check()
    assert report.problems == []
    stored = report.counts["contexts"]
    assert 2 <= stored < total and stored % 2 == 0  # whole batches only
    capsys.readouterr()
    assert run(db, "ingest", str(data), "--config", str(config_file), "--quiet") == 0
    said = capsys.readouterr().err  # what the rerun did, should the count below be wrong
    report = watcher.check()
    assert report.problems == [], report.problems
    assert report.counts["contexts"] == total, f"{stored} stored before the rerun, which said: {said}"


@pytest.mark.unit
def test_check_reports_and_exits(tmp_path, capsys):
    db = tmp_path / "c.duckdb"
    assert run(db, "check") == 1
    assert "no database file" in capsys.readouterr().err
    Store.open(db, linger=0).close()
    assert run(db, "check") == 0
    out = capsys.readouterr().out
    assert f"schema version {LATEST_VERSION} (expected {LATEST_VERSION})" in out
    assert "OK: no problem found" in out
    assert run(db, "check", "--json") == 0
    assert json.loads(capsys.readouterr().out)["ok"] is True


@pytest.mark.unit
def test_ingest_refuses_a_missing_file_or_a_bad_config(tmp_path, capsys):
    db = tmp_path / "c.duckdb"
    assert run(db, "ingest", str(tmp_path / "nope.jsonl")) == 1
    assert "no such file" in capsys.readouterr().err
    data = tmp_path / "in.jsonl"
    data.write_text(sample_lines(1)[0] + "\n", encoding="utf-8")
    bad = tmp_path / "bad.toml"
    bad.write_text("min_turns = -3\n", encoding="utf-8")
    assert run(db, "ingest", str(data), "--config", str(bad)) == 1
    assert "min_turns" in capsys.readouterr().err


@pytest.mark.slow
def test_seed_loads_the_demo_once(tmp_path, capsys):
    db = tmp_path / "c.duckdb"
    assert run(db, "seed", "--rules-only", "--quiet") == 0
    store = Store(db, linger=0)
    total = store.find_contexts().total
    assert total == 31
    sources = {"sgd", "multiwoz21", "crosswoz", "demo", "bfcl-multi-turn", "bfcl-long_context"}
    assert set(store.sources()) == sources
    days = {c.updated_at.date() for c in store.find_contexts(limit=100).items}
    assert len(days) >= 7  # a week of activity
    assert len({s.bucket for s in store.compaction_stats(bucket="day") if s.overall}) >= 7
    assert run(db, "seed", "--if-empty") == 0
    assert "already holds 31 sessions; not seeding" in capsys.readouterr().err
    assert store.find_contexts().total == 31
    assert store.check().problems == []


@pytest.mark.slow
def test_the_seeded_failing_session_records_failed_compactions(tmp_path, caplog):
    db = tmp_path / "c.duckdb"
    from console.health import Thresholds, culprits
    from console.seed import seed_demo
    from console.services.served import served_now

    store = Store.open(db, linger=0)
    with caplog.at_level("WARNING"):
        report = seed_demo(store, rules_only=True)  # the failing session's broken model is its own
    # its warnings are expected: kept out of the log, said once
    assert not [r for r in caplog.records if "unavailable" in r.getMessage()]
    [note] = [n for n in report.notes if "expected" in n]
    assert "intentionally broken embedding model" in note
    served = served_now(store, store.get_context("demo-en-failing-0005"))
    assert (served.mode, served.reason) == ("raw", "compaction_failed")
    # every red session says why: the metric that made it red
    thresholds = Thresholds.default()
    red = [c for c in store.find_contexts(limit=100).items if c.health == "red"]
    assert all(culprits(c.health_metrics, thresholds) for c in red)
    assert len(red) <= 8  # was 22 of 23 with decay over all facts (0% on every short session)
    failing = store.compactions("demo-en-failing-0005")
    assert failing and all(c.record.failed for c in failing)
    assert all("embedding model is unavailable" in c.record.error for c in failing)
    # served raw, it costs what its raw history costs (tool calls included), not more
    summary = store.get_context("demo-en-failing-0005")
    assert summary.mode == "compressed" and summary.tokens_context <= summary.tokens_raw
    assert summary.tokens_raw > sum(m.message.tokens for m in store.timeline("demo-en-failing-0005").messages)
    overall = [s for s in store.compaction_stats(bucket="day") if s.overall]
    assert sum(s.failed for s in overall) == len(failing)


@pytest.mark.slow
def test_an_ingest_run_with_nice_runs_at_lower_cpu_priority(tmp_path):
    """--nice N lowers the ingest's CPU priority (a batch job beside a live service); a negative
    value is refused: an ingest never takes CPU from the others."""
    data = tmp_path / "in.jsonl"
    data.write_text("\n".join(sample_lines(2)) + "\n", encoding="utf-8")
    summary = tmp_path / "summary.json"
    db = tmp_path / "c.duckdb"
    base = ["--db", str(db), "ingest", str(data), "--rules-only", "--quiet", "--workers", "1"]
    cmd = [sys.executable, "-m", "console", *base, "--nice", "5", "--json", str(summary)]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert json.loads(summary.read_text())["nice"] == min(19, os.nice(0) + 5)
    refused = subprocess.run(
        [sys.executable, "-m", "console", *base, "--nice", "-1"], cwd=ROOT, capture_output=True, text=True
    )
    assert refused.returncode == 1 and "--nice must be 0 or more" in refused.stderr
