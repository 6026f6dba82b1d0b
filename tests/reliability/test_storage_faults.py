"""The disk and the lock: a write that fails in the middle of its transaction, a real full disk
(files that may not grow), and a database another process holds past the deadline. The data
that was there stays intact and readable, nothing is half-written, and the error says what
happened.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import duckdb
import pytest

from bench.synthetic import synthetic_contexts
from data.concurrency import RetryPolicy, StoreBusyError, StoreError
from data.queries import corrections as corrections_sql
from data.queries import ingest as ingest_sql
from data.queries import ops as ops_sql
from data.records import FactCorrection
from data.store import Store
from tests.reliability.cases import covers
from tests.reliability.helpers import ROOT, changed_counts, console_check, run_module, snapshot

pytestmark = pytest.mark.unit
DISK_FULL = "IO Error: Could not write file: No space left on device"
SAMPLES = sorted((ROOT / "data" / "samples").glob("*_sample.jsonl"))


def failing_at(real: Callable, table: str) -> Callable:
    """insert_arrow that fails like a full disk when it reaches ``table`` (earlier tables went in)."""

    def insert(con, name, data, *args, **kwargs):
        if name == table:
            raise duckdb.IOException(DISK_FULL)
        return real(con, name, data, *args, **kwargs)

    return insert


def readable(store: Store) -> dict:
    """What an operator reads: every context's timeline, facts and compactions."""
    out = {}
    for c in store.find_contexts(limit=100).items:
        out[c.context_id] = (
            store.timeline(c.context_id),
            store.facts(c.context_id),
            store.compactions(c.context_id),
        )
    return out


@covers("Faults: storage", "a write failing mid-transaction (disk full): rolled back, named, old data intact")
@pytest.mark.parametrize("write", ["save contexts", "apply corrections", "set the breaker"])
def test_a_write_failing_inside_its_transaction_leaves_the_previous_data_intact(
    write, seeded_store, monkeypatch, numbers
):
    store = seeded_store
    cid = store.find_contexts(limit=1).items[0].context_id
    key = store.facts(cid)[0].fact.key
    before, seen = snapshot(store), readable(store)
    if write == "save contexts":
        monkeypatch.setattr(ingest_sql, "insert_arrow", failing_at(ingest_sql.insert_arrow, "messages"))
        call = lambda: store.save_contexts(list(synthetic_contexts(5, seed=1)))  # noqa: E731
    elif write == "apply corrections":
        monkeypatch.setattr(
            corrections_sql, "insert_arrow", failing_at(corrections_sql.insert_arrow, "corrections")
        )
        call = lambda: store.apply_corrections(  # noqa: E731
            [FactCorrection(context_id=cid, key=key, new_value="north", actor="ana", source="form")]
        )
    else:

        def no_audit(con, entry):
            raise duckdb.IOException(DISK_FULL)

        monkeypatch.setattr(ops_sql, "add_audit", no_audit)
        call = lambda: store.set_breaker("raw", context_id=cid, reason="test", actor="ana")  # noqa: E731

    with pytest.raises(StoreError, match="rolled back") as failure:
        call()
    assert "No space left on device" in str(failure.value)
    monkeypatch.undo()
    assert snapshot(store) == before and readable(store) == seen  # nothing half-written, all readable
    assert store.effective_mode(cid) == "compressed"
    call()  # the same write goes through once the disk has room
    assert changed_counts(before, snapshot(store)) != {}
    numbers.add("failing writes injected, previous data intact", 1)


def many_conversations(path: Path, copies: int) -> Path:
    """The shipped sample conversations, each repeated under new ids."""
    lines = []
    for sample in SAMPLES:
        for line in sample.read_text(encoding="utf-8").splitlines():
            for n in range(copies):
                convo = json.loads(line)
                convo["context_id"] = f"{convo['context_id']}-copy{n}"
                lines.append(json.dumps(convo, ensure_ascii=False))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@covers(
    "Faults: storage", "a real full disk during an ingest: clear error, whole batches only, rerun completes"
)
def test_a_full_disk_stops_an_ingest_cleanly_and_the_rerun_completes(tmp_path, seed_bundles, numbers):
    db = tmp_path / "c.duckdb"
    store = Store.open(db, linger=0)
    store.save_contexts(seed_bundles)
    seen = readable(store)
    store.close()
    data = many_conversations(tmp_path / "many.jsonl", copies=3)
    limit = 300_000  # bytes any one file may reach: the WAL fills up after a few batches
    args = ["ingest", str(data), "--rules-only", "--quiet", "--batch", "6"]

    full = run_module("tests.reliability.disk_worker", "ingest", str(db), str(limit), "--", *args)

    assert full.returncode == 1, full.stderr[-2000:]
    assert "the write failed and was rolled back" in full.stderr and "File too large" in full.stderr
    check = console_check(db)
    assert check.returncode == 0, check.stdout + check.stderr
    store = Store(db, linger=0)
    stored = store.find_contexts(limit=500).total - len(seed_bundles)
    assert stored % 6 == 0 and stored < len(data.read_text().splitlines())  # whole batches only
    assert {k: v for k, v in readable(store).items() if k in seen} == seen
    rerun = run_module("console", "--db", str(db), *args)
    assert rerun.returncode == 0, rerun.stderr[-2000:]
    assert store.find_contexts(limit=500).total == len(seed_bundles) + len(data.read_text().splitlines())
    assert console_check(db).returncode == 0
    numbers.add("full-disk ingests stopped cleanly and completed on rerun", 1)


@covers("Faults: storage", "after a full disk the same process reads and writes again once space is back")
def test_a_store_works_again_after_the_disk_had_room_again(tmp_path, seed_bundles):
    db = tmp_path / "c.duckdb"
    store = Store.open(db, linger=0)
    store.save_contexts(seed_bundles)
    store.close()
    limit = 300_000
    done = run_module("tests.reliability.disk_worker", "recover", str(db), str(limit))
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads(done.stdout.splitlines()[-1])
    assert "rolled back" in result["error"] and "File too large" in result["error"]
    assert result["during"] == result["before"] + result["saved"]  # the failed batch left nothing
    assert result["again"] == ["created"] * 5 and result["after"] == result["during"] + 5
    assert console_check(db).returncode == 0


def hold_the_file(db: Path, seconds: float) -> subprocess.Popen:
    """Another process that opens the database and keeps it (an ingest mid-batch, say)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.data.ingest_worker", str(db), "0", "1", "1", "--hold", str(seconds)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout.readline().strip() == "HOLDING", proc.stderr.read()
    return proc


@covers(
    "Faults: storage", "a database locked by another process past the deadline: clear error, nothing written"
)
def test_a_locked_database_gives_a_clear_error_and_writes_nothing(tmp_path, seed_bundles, numbers):
    db = tmp_path / "c.duckdb"
    store = Store.open(db, linger=0)
    store.save_contexts(seed_bundles)
    cid, before, seen = seed_bundles[0].context_id, snapshot(store), readable(store)
    key = seen[cid][1][0].fact.key
    store.close()
    holder = hold_the_file(db, 120)
    try:
        impatient = Store(db, policy=RetryPolicy(deadline=0.5), linger=0)
        for call in (
            lambda: impatient.find_contexts(),
            lambda: impatient.apply_corrections(
                [FactCorrection(context_id=cid, key=key, new_value="north", actor="ana", source="form")]
            ),
            lambda: impatient.set_breaker("raw", reason="test", actor="ana"),
        ):
            started = time.monotonic()
            with pytest.raises(
                StoreBusyError, match=r"still locked by another process after 0\.5s; try again"
            ):
                call()
            assert time.monotonic() - started < 3
        assert impatient.effective_mode(cid) == "raw"  # the breaker fails closed while it cannot read
        # the CLI says the same and exits 1 (its own deadline shortened for the test)
        argv = ["--db", str(db), "ingest", str(SAMPLES[0]), "--rules-only", "--quiet"]
        code = f"import sys, console.cli as cli; cli.CLI_DEADLINE_S = 1.0; sys.exit(cli.main({argv!r}))"
        cli = subprocess.run(
            [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
        )
        assert cli.returncode == 1 and "still locked by another process after 1.0s" in cli.stderr, cli.stderr[
            -2000:
        ]
    finally:
        holder.terminate()
        holder.wait(timeout=30)
    patient = Store(db, linger=0)
    assert snapshot(patient) == before and readable(patient) == seen  # nothing written, all readable
    numbers.add("calls refused on a locked database, nothing written", 4)
