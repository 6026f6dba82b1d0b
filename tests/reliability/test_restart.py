"""Restarts: the console (a real ``streamlit run``) or an ingest killed at random points never
corrupts the database; the next start opens it (DuckDB replays its WAL) and
``python -m console check`` reports it consistent (row counts, orphan rows, schema version), exit 0.
A file that is not a console database, or a damaged one, gives a clear error and a non-zero exit.
"""

from __future__ import annotations

import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import duckdb
import pytest
from streamlit.testing.v1 import AppTest

from console.cli import main as console_main
from data.store import Store
from tests.reliability.cases import covers
from tests.reliability.helpers import ROOT, console_check, run_module
from tests.reliability.test_storage_faults import many_conversations

RNG = random.Random(20251129)
CHROMIUM = Path("/usr/bin/chromium")


def assert_consistent(db: Path) -> dict:
    check = console_check(db)
    assert check.returncode == 0, check.stdout + check.stderr
    report = json.loads(check.stdout)
    assert (
        report["ok"] and report["problems"] == [] and report["schema_version"] == report["expected_version"]
    )
    return report


@covers("Faults: restart", "an ingest killed at random points: check exit 0 each time, the rerun completes")
@pytest.mark.slow
def test_an_ingest_killed_at_random_points_never_corrupts_the_database(tmp_path, numbers):
    db = tmp_path / "c.duckdb"
    data = many_conversations(tmp_path / "many.jsonl", copies=4)
    total = len(data.read_text().splitlines())
    args = ["--db", str(db), "ingest", str(data), "--rules-only", "--quiet", "--batch", "4"]
    stored, replays = [], 0
    for _ in range(5):
        proc = subprocess.Popen([sys.executable, "-m", "console", *args], cwd=ROOT, stderr=subprocess.PIPE)
        time.sleep(RNG.uniform(2.0, 7.0))
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        replays += db.with_name(db.name + ".wal").exists()  # committed batches the next open replays
        report = assert_consistent(db)
        stored.append(report["counts"]["contexts"])
        numbers.add("ingests killed at a random point, database consistent", 1)
    assert stored == sorted(stored)  # no batch that was committed is ever lost
    rerun = run_module("console", *args)
    assert rerun.returncode == 0, rerun.stderr[-2000:]
    assert assert_consistent(db)["counts"]["contexts"] == total
    numbers.add("of those ingest kills: the next open replayed a WAL", replays)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_console(db: Path, log: Path) -> tuple[subprocess.Popen, str]:
    port = _free_port()
    env = {**os.environ, "CONSOLE_DB": str(db), "CONSOLE_AUTH": "off", "CONSOLE_ROLE": "operator"}
    env["CONSOLE_ACTOR"] = "restart-test"
    command = [sys.executable, "-m", "streamlit", "run", "console/app.py", "--server.port", str(port)]
    command += ["--server.headless", "true", "--browser.gatherUsageStats", "false"]
    command += ["--server.fileWatcherType", "none"]
    with log.open("a") as out:
        proc = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        assert proc.poll() is None, log.read_text()[-3000:]
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as answer:
                if answer.status == 200:
                    return proc, url
        except OSError:
            time.sleep(0.3)
    raise AssertionError(f"the console did not start:\n{log.read_text()[-3000:]}")


@covers(
    "Faults: restart", "the console killed while applying a CSV: all rows or none, check exit 0, restarts"
)
@pytest.mark.slow
def test_the_console_killed_while_it_writes_never_half_applies_or_corrupts(tmp_path, seed_bundles, numbers):
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing: CI must run the browser tests")
        pytest.skip(f"{CHROMIUM} is not installed")
    from playwright.sync_api import sync_playwright

    from tests.e2e.conftest import LAUNCH_ARGS, settle, wait_text

    db, log = tmp_path / "c.duckdb", tmp_path / "streamlit.log"
    store = Store.open(db, linger=0)
    store.save_contexts(seed_bundles)
    cid = "sgd-train-1_00000"
    keys = [r.fact.key for r in store.facts(cid)]
    store.close()
    outcomes = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=LAUNCH_ARGS)
        for round_no in range(4):
            proc, url = start_console(db, log)
            try:
                page = browser.new_page(viewport={"width": 1400, "height": 1200})
                page.set_default_timeout(90_000)
                page.goto(f"{url}/facts?context_id={cid}")
                page.wait_for_selector("[data-testid='stMain'] h1")
                settle(page)
                page.get_by_role("tab", name="Correct from a CSV file").click()
                rows = [f"{cid},{key},round {round_no} value {n},restart test" for n, key in enumerate(keys)]
                body = "\n".join(["context_id,key,new_value,reason", *rows]).encode()
                page.locator("input[type=file]").set_input_files(
                    files=[{"name": "r.csv", "mimeType": "text/csv", "buffer": body}]
                )
                wait_text(page, "Every row is valid")
                page.get_by_role("button", name=re.compile(r"^Apply all")).click()
                time.sleep(RNG.uniform(0.0, 1.2))  # somewhere before, during or after the write
            finally:
                proc.send_signal(signal.SIGKILL)
                proc.wait(timeout=30)
            assert_consistent(db)
            values = {r.fact.key: r.fact.value for r in Store(db, linger=0).facts(cid, with_history=False)}
            applied = [values[key] == f"round {round_no} value {n}" for n, key in enumerate(keys)]
            assert all(applied) or not any(applied), applied  # the whole file or nothing of it
            outcomes.append(all(applied))
            numbers.add("console processes killed mid-write, database consistent", 1)
        browser.close()
    # the console starts again on the file every time (checked by the next round) and once more here
    proc, url = start_console(db, log)
    try:
        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=5) as answer:
            assert answer.status == 200
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    assert_consistent(db)
    numbers.add("of those console kills: landed after the commit (all rows applied)", sum(outcomes))


def damaged_copy(good: Path, target: Path) -> Path:
    """A console database with a block in the middle of its data overwritten."""
    data = bytearray(good.read_bytes())
    start = 262_144 + 12_288  # inside the first data block after the headers
    data[start : start + 4096] = bytes((b * 7 + 13) % 256 for b in data[start : start + 4096])
    target.write_bytes(bytes(data))
    return target


@covers("Faults: restart", "a foreign or damaged file: check names it and exits non-zero")
@pytest.mark.unit
@pytest.mark.parametrize(
    "kind", ["text file", "random bytes", "another app's DuckDB", "truncated", "damaged block"]
)
def test_check_names_a_foreign_or_damaged_file_and_exits_non_zero(kind, tmp_path, seeded_store, capsys):
    seeded_store.close()
    good, target = seeded_store.path, tmp_path / "suspect.duckdb"
    if kind == "text file":
        target.write_text("context_id,key,new_value\nnot a database\n")
    elif kind == "random bytes":
        target.write_bytes(random.Random(1).randbytes(300_000))
    elif kind == "another app's DuckDB":
        con = duckdb.connect(str(target))
        con.execute("CREATE TABLE invoices (id INTEGER, total DECIMAL(10, 2))")
        con.close()
    elif kind == "truncated":
        target.write_bytes(good.read_bytes()[:600_000])
    else:
        damaged_copy(good, target)
    code = console_main(["--db", str(target), "check"])
    out = capsys.readouterr()
    assert code == 2, out
    said = out.out + out.err
    assert "PROBLEMS" in said and "Traceback" not in said
    expected = {
        "text file": "not a valid DuckDB database file",
        "random bytes": "not a valid DuckDB database file",
        "another app's DuckDB": "table contexts is missing",
    }.get(kind, "it is damaged or not ours")
    assert expected in said or "schema version 0" in said, said


@covers("Faults: restart", "the console on a file that is not its database: a clear error, no traceback")
@pytest.mark.apptest
def test_the_console_on_a_foreign_file_shows_a_clear_error(tmp_path, monkeypatch):
    foreign = tmp_path / "notes.duckdb"
    foreign.write_text("meeting notes, not a database\n")
    monkeypatch.setenv("CONSOLE_DB", str(foreign))
    at = AppTest.from_file(str(ROOT / "console" / "app.py"), default_timeout=60).run()
    assert not at.exception
    errors = " ".join(e.value for e in at.error)
    assert "cannot open the database" in errors and str(foreign) in errors
