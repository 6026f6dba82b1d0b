"""The ingest's core on worker processes: the same stored data as in-process, in input order, bad
lines and failures reported, and no worker left running when the ingest is killed."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import types
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from console.ingest import ingest_files
from console.ingest_workers import (
    CachedEmbedder,
    busy_cores,
    default_workers,
    run_dialogue,
    tasks_of,
)
from core.compressor import Compressor
from core.config import Config
from core.embed import NgramEmbedder
from core.formats import parse_line
from data.store import Store
from tests.console.test_cli import ROOT, SMALL_WINDOW, sample_lines

RULES = Config(use_embeddings=False)


def stored_rows(store: Store, cid: str) -> dict:
    """What the console reads of one context, without times and latencies."""
    timeline = store.timeline(cid)
    turns = [m.message for m in timeline.messages]
    traces = {
        (t.idx, t.stage): json.dumps(t.payload, sort_keys=True)
        for m in turns
        for t in store.stage_traces(cid, m.idx)
    }
    facts = {r.fact.key: (r.fact.value, r.version, r.fact.status) for r in store.facts(cid)}
    compactions = [
        (c.record.seq, c.record.at_turn, c.rendered) for c in store.compactions(cid, with_state=True)
    ]
    summary = store.get_context(cid)
    return {
        "turns": [(m.idx, m.role, m.text) for m in turns],
        "traces": traces,
        "facts": facts,
        "compactions": compactions,
        # not the health: it folds in the compaction latency, which is wall-clock (a loaded run
        # judged a session red on its p95 where the other run found it ok)
        "summary": (summary.turns, summary.tokens_raw, summary.tokens_context),
        "rendered": timeline.rendered,
    }


@pytest.mark.unit
def test_default_workers_uses_two_processes_only_with_enough_work_and_two_free_cores():
    assert default_workers(650, cpus=2, load=0.2) == 2
    assert default_workers(650, cpus=8, load=0.2) == 2  # sized for this machine's two cores
    assert default_workers(99, cpus=2, load=0.0) == 1  # a worker's start-up costs seconds
    assert default_workers(650, cpus=1, load=0.0) == 1
    assert default_workers(650, cpus=2, load=1.0) == 1  # another process holds a core


@pytest.mark.unit
def test_the_cached_embedder_gives_the_inner_vectors_and_embeds_each_text_once():
    seen: list[str] = []

    class Counting(NgramEmbedder):
        def encode(self, texts):
            seen.extend(texts)
            return super().encode(texts)

    cached = CachedEmbedder(Counting(), size=3)
    texts = ["我想订一家酒店", "便宜一点的", "我想订一家酒店"]
    assert (cached.encode(texts) == NgramEmbedder().encode(texts)).all()
    assert seen == ["我想订一家酒店", "便宜一点的"]
    assert (cached.encode(["便宜一点的"]) == NgramEmbedder().encode(["便宜一点的"])).all()
    assert len(seen) == 2  # a hit
    many = ["一", "二", "三", "四", "五"]  # more than the cache holds: still the right vectors
    assert (cached.encode(many) == NgramEmbedder().encode(many)).all()


@pytest.mark.unit
def test_tasks_keep_the_input_order():
    now = datetime(2025, 1, 1, tzinfo=UTC)
    items = [(n, now) for n in range(7)]
    tasks = tasks_of(items, 3)  # type: ignore[arg-type]
    assert [[n for n, _ in t] for t in tasks] == [[0, 1], [2, 3], [4, 5, 6]]  # 3 tasks, even sizes
    assert [len(t) for t in tasks_of(items * 7 + items[:1], 24)] == [16, 17, 17]  # type: ignore[arg-type]
    assert tasks_of([], 24) == [] and [len(t) for t in tasks_of(items, 24)] == [7]  # type: ignore[arg-type]


@pytest.mark.unit
def test_a_conversation_the_core_cannot_take_is_named_not_raised():
    dialogue = parse_line(sample_lines(1)[0], 7)

    class Broken(Compressor):
        @property
        def embedder(self):
            raise RuntimeError("no session today")

    outcome = run_dialogue(dialogue, Broken(RULES), "", datetime.now(UTC))
    assert outcome == f"line 7 ({dialogue.context_id}): RuntimeError: no session today"


@pytest.fixture
def plain_main(monkeypatch: pytest.MonkeyPatch) -> None:
    """A spawned worker first re-runs the parent's ``__main__``: the CLI's is console/__main__.py,
    but a Streamlit AppTest run earlier in this pytest process leaves a page script there."""
    monkeypatch.setitem(sys.modules, "__main__", types.ModuleType("__main__"))


@pytest.mark.slow
def test_two_workers_store_the_same_as_one_process(tmp_path, plain_main):
    lines = (
        sample_lines(6)
        + sample_lines(4, "multiwoz_dev_sample.jsonl")
        + sample_lines(3, "crosswoz_dev_sample.jsonl")
    )
    data = tmp_path / "in.jsonl"
    data.write_text("\n".join([*lines[:5], "{not json", *lines[5:]]) + "\n", encoding="utf-8")
    reports, stores = [], []
    for workers in (1, 2):
        store = Store.open(tmp_path / f"w{workers}.duckdb", linger=0)
        progress: list[int] = []
        reports.append(
            ingest_files(
                [data], store, Compressor(SMALL_WINDOW), batch=4, workers=workers, progress=progress.append
            )
        )
        assert sum(progress) == len(lines)
        stores.append(store)
    one, two = reports
    assert two.workers == 2 and not two.notes  # the workers ran it (no fallback note)
    assert (one.read, one.created, one.bad_lines) == (two.read, two.created, two.bad_lines)
    assert two.created == len(lines) and len(two.bad_lines) == 1
    assert two.bad_lines[0].startswith(f"{data}:6: invalid JSON")
    ids = [json.loads(line)["context_id"] for line in lines]
    for cid in ids:
        assert stored_rows(stores[0], cid) == stored_rows(stores[1], cid), cid
    # a rerun on workers finds everything unchanged before running the core
    again = ingest_files([data], stores[1], Compressor(SMALL_WINDOW), batch=4, workers=2)
    assert (again.unchanged, again.created, again.core_seconds) == (len(lines), 0, 0.0)
    for store in stores:
        assert store.check().problems == []
        store.close()


def _children(pid: int) -> list[int]:
    """Live child processes of pid (from /proc)."""
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                out.append(int(entry.name))
    return out


def _alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads the process table from /proc")
def test_a_killed_ingest_leaves_no_worker_running_and_the_rerun_completes(tmp_path):
    lines = sample_lines(6)
    copies = [
        json.loads(line) | {"context_id": f"{json.loads(line)['context_id']}-{n}"}
        for n in range(8)
        for line in lines
    ]
    data = tmp_path / "in.jsonl"
    data.write_text("\n".join(json.dumps(c) for c in copies) + "\n", encoding="utf-8")
    db = tmp_path / "c.duckdb"
    cmd = [sys.executable, "-m", "console", "--db", str(db), "ingest", str(data)]
    cmd += ["--rules-only", "--batch", "4", "--workers", "2", "--quiet"]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        workers: list[int] = []
        while not workers and time.monotonic() < deadline:  # the pool's worker (not the resource tracker)
            time.sleep(0.2)
            workers = [
                p for p in _children(proc.pid) if b"spawn_main" in Path(f"/proc/{p}/cmdline").read_bytes()
            ]
        assert len(workers) == 1, "the ingest did not start its worker"
        time.sleep(2.0)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
        deadline = time.monotonic() + 10
        while any(_alive(p) for p in workers) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not any(_alive(p) for p in workers), "a worker kept running after the ingest was killed"
    finally:
        proc.kill()
    rerun = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert rerun.returncode == 0, rerun.stderr[-2000:]
    store = Store(db, linger=0)
    report = store.check()
    assert report.problems == [] and report.counts["contexts"] == len(copies)


@pytest.mark.unit
def test_busy_cores_sees_a_spinning_process():
    import multiprocessing

    idle = busy_cores(0.3)
    assert 0.0 <= idle <= (os.cpu_count() or 1)
    ctx = multiprocessing.get_context("spawn")
    spinning, stop = ctx.Event(), ctx.Event()
    spinner = ctx.Process(target=_spin, args=(spinning, stop))
    spinner.start()
    try:
        # wait for the spinner itself to say it spins (a spawned interpreter may take seconds to
        # start on a loaded machine), then sample while it still does: a runnable process keeps
        # its core from ever being idle, so at least about one core is busy whatever else runs
        assert spinning.wait(timeout=120), "the spinner did not start"
        busy = busy_cores(0.5)
        still_spinning = not stop.is_set() and spinner.is_alive()
    finally:
        stop.set()
        spinner.join(timeout=30)
        if spinner.is_alive():
            spinner.kill()
    assert still_spinning
    assert busy >= 0.7, (idle, busy)


def _spin(spinning: Any, stop: Any) -> None:
    spinning.set()
    deadline = time.monotonic() + 300  # never outlive a test run that lost track of it
    while not stop.is_set() and time.monotonic() < deadline:
        for _ in range(10_000):
            pass
