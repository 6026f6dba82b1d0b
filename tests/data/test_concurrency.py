"""Several processes on one file: waiting, handing over, no lost or duplicated row, crash safety."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from bench.synthetic import synthetic_contexts
from data.concurrency import RetryPolicy, StoreBusyError, locked_elsewhere
from data.records import ContextFilter, FactCorrection
from data.store import Store
from tests.data.conftest import make_context

ROOT = Path(__file__).resolve().parents[2]


def start_worker(db: Path, *args: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.data.ingest_worker", str(db), *args],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def wait_for_line(proc: subprocess.Popen, wanted: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if wanted in line:
            return
        if not line and proc.poll() is not None:
            raise AssertionError(f"worker exited before {wanted!r}: {proc.stderr.read()}")
    raise AssertionError(f"no {wanted!r} from the worker within {timeout}s")


def expected_counts(count: int, seed: int) -> dict[str, int]:
    bundles = list(synthetic_contexts(count, seed=seed))
    return {
        "contexts": len(bundles),
        "messages": sum(len(b.messages) for b in bundles),
        "stage_traces": sum(len(b.traces) for b in bundles),
        "facts": sum(len(b.facts) for b in bundles),
        "compactions": sum(len(b.compactions) for b in bundles),
    }


@pytest.mark.slow
def test_a_busy_file_makes_a_call_wait_then_fail_clearly(db_path):
    Store.open(db_path, linger=0).close()
    holder = start_worker(db_path, "0", "1", "1", "--hold", "3")
    try:
        wait_for_line(holder, "HOLDING")
        store = Store(db_path, policy=RetryPolicy(deadline=0.5), linger=0)
        start = time.monotonic()
        with pytest.raises(StoreBusyError, match=r"still locked by another process after 0\.5s"):
            store.find_contexts()
        assert 0.45 < time.monotonic() - start < 2.0
        patient = Store(db_path, policy=RetryPolicy(deadline=30), linger=0)
        assert patient.find_contexts().total == 0  # waits until the holder is gone
        assert holder.wait(timeout=30) == 0
    finally:
        holder.kill()


@pytest.mark.slow
def test_an_idle_holder_hands_the_file_over_at_once(db_path):
    Store.open(db_path, linger=0).close()
    # the worker saves one context, then keeps the file open (linger 60 s) and idles
    idle = start_worker(db_path, "1", "1", "3", "--linger", "60")
    try:
        wait_for_line(idle, "saved 1")
        store = Store(db_path, policy=RetryPolicy(deadline=10), linger=0)
        start = time.monotonic()
        assert store.find_contexts().total == 1
        assert time.monotonic() - start < 2.0  # not the 60 s linger: the holder saw us waiting
    finally:
        idle.kill()
        idle.wait()


@pytest.mark.slow
def test_ingest_in_another_process_while_this_one_reads_and_corrects(db_path):
    """Every context the writer saved and every correction applied here arrive exactly once."""
    store = Store.open(db_path, linger=0.5, policy=RetryPolicy(deadline=60))
    seeded = [make_context(f"seed-{i}") for i in range(20)]
    store.save_contexts(seeded)
    writer = start_worker(db_path, "1200", "100", "11", "--linger", "30")
    applied = 0
    reads = 0
    try:
        n = 0
        while writer.poll() is None or n < 10:
            cid = f"seed-{n % 20}"
            assert store.timeline(cid).context.context_id == cid
            page = store.find_contexts(ContextFilter(id_prefix="seed-"), limit=5)
            assert page.total == 20
            reads += 2
            batch = [
                FactCorrection(
                    context_id=cid, key="hotel.area", new_value=f"v{n}", actor="tester", source="form"
                )
            ]
            if n % 5 == 0:  # now and then a multi-row CSV-like batch
                other = f"seed-{(n + 1) % 20}"
                batch.append(
                    FactCorrection(
                        context_id=other, key="hotel.people", new_value=str(n), actor="tester", source="csv"
                    )
                )
            result = store.apply_corrections(batch)
            assert result.applied
            applied += len(batch)
            n += 1
        assert writer.wait(timeout=120) == 0, writer.stderr.read()
    finally:
        writer.kill()
    store.close()
    expected = expected_counts(1200, seed=11)
    report = store.check()
    assert report.problems == []
    assert report.counts["contexts"] == expected["contexts"] + 20
    assert report.counts["messages"] == expected["messages"] + 20 * 6
    assert report.counts["stage_traces"] == expected["stage_traces"] + 20 * 12
    assert report.counts["compactions"] == expected["compactions"] + 20
    assert report.counts["corrections"] == applied
    tester_versions = [
        h for i in range(20) for r in store.facts(f"seed-{i}") for h in r.history if h.actor == "tester"
    ]
    assert len(tester_versions) == applied
    for i in range(20):  # each corrected fact's versions are 1..n in order, one per change
        for record in store.facts(f"seed-{i}"):
            assert [h.version for h in record.history] == list(range(1, record.version + 1))
    assert applied > 10 and reads > 20


@pytest.mark.slow
def test_a_killed_ingest_leaves_no_partial_context_and_the_next_run_completes_it(db_path):
    Store.open(db_path, linger=0).close()
    worker = start_worker(db_path, "300", "100", "5", "--hang-in-batch", "3", "--linger", "0")
    try:
        wait_for_line(worker, "IN_TRANSACTION")  # batch 3: contexts and messages inserted, not committed
        os.kill(worker.pid, signal.SIGKILL)
        worker.wait(timeout=30)
    finally:
        worker.kill()
    store = Store(db_path, linger=0)
    report = store.check()  # opening replays the WAL: only committed batches survive
    assert report.problems == []
    assert report.counts["contexts"] == 200
    first_200 = expected_counts(200, seed=5)
    assert report.counts["messages"] == first_200["messages"]

    rerun = start_worker(db_path, "300", "100", "5", "--linger", "0")
    out, err = rerun.communicate(timeout=120)
    assert rerun.returncode == 0, err
    assert out.split("\n")[:3] == ["saved 0", "saved 0", "saved 100"]
    full = expected_counts(300, seed=5)
    report = store.check()
    assert report.problems == []
    assert {k: report.counts[k] for k in full} == full


@pytest.mark.unit
def test_threads_correcting_one_fact_get_strictly_ordered_versions(store):
    store.save_contexts([make_context("a")])
    errors: list[BaseException] = []

    def correct(worker: int) -> None:
        try:
            for i in range(8):
                value = f"w{worker}-{i}"
                result = store.apply_corrections(
                    [
                        FactCorrection(
                            context_id="a",
                            key="hotel.area",
                            new_value=value,
                            actor=f"t{worker}",
                            source="api",
                        )
                    ]
                )
                assert result.applied
        except BaseException as exc:  # reported below, a thread cannot fail the test itself
            errors.append(exc)

    threads = [threading.Thread(target=correct, args=(w,)) for w in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    area = {r.fact.key: r for r in store.facts("a")}["hotel.area"]
    assert area.version == 2 + 32
    assert [h.version for h in area.history] == list(range(1, 35))
    assert len({h.new_value for h in area.history[2:]}) == 32
    assert store.check().problems == []


@pytest.mark.unit
def test_threads_saving_different_contexts_lose_nothing(store):
    errors: list[BaseException] = []

    def save(worker: int) -> None:
        try:
            for i in range(5):
                store.save_contexts([make_context(f"t{worker}-{i}")])
                store.save_contexts([make_context(f"shared-{i}")])  # every thread saves these too
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=save, args=(w,)) for w in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    report = store.check()
    assert report.problems == []
    assert report.counts["contexts"] == 6 * 5 + 5
    assert report.counts["messages"] == (6 * 5 + 5) * 6


@pytest.mark.slow
def test_a_waiting_lease_probes_the_lock_instead_of_connecting(db_path):
    """A refused duckdb.connect costs ~15 ms of CPU: while another process holds the file the
    waiter only probes DuckDB's fcntl lock, and connects once, when the holder is gone."""
    Store.open(db_path, linger=0).close()
    assert not locked_elsewhere(db_path)
    holder = start_worker(db_path, "0", "1", "1", "--hold", "1.5")
    try:
        wait_for_line(holder, "HOLDING")
        assert locked_elsewhere(db_path)
        store = Store(db_path, policy=RetryPolicy(deadline=30), linger=0)
        connects: list[float] = []
        real_connect = store.lease._connect

        def counted() -> object:
            connects.append(time.monotonic())
            return real_connect()

        store.lease._connect = counted  # type: ignore[method-assign]
        assert store.find_contexts().total == 0  # waited for the holder
        assert holder.wait(timeout=30) == 0
        assert store.lease.lock_probes >= 5  # ~1.5 s of waiting at <= 50 ms a retry
        assert len(connects) <= 2  # one, or two if the holder's exit raced a probe
    finally:
        holder.kill()
        holder.wait()
    assert not locked_elsewhere(db_path)
    assert not locked_elsewhere(db_path.with_name("missing.duckdb"))


@pytest.mark.slow
def test_a_handover_detaches_the_file_and_keeps_the_instance(db_path):
    """The file is attached to one in-memory DuckDB instance for the process's life: handing it to
    another process detaches it (that process can open it and write), and taking it back is an
    ATTACH to the same instance (a new instance costs ~33 ms of CPU, measured), seeing that write."""
    store = Store.open(db_path, linger=0)
    store.save_context(make_context("ours"))
    instance = store.lease._instance
    assert instance is not None and not store.lease.is_open  # linger 0: detached after the call
    assert not locked_elsewhere(db_path)
    other = start_worker(db_path, "1", "1", "5")  # another process writes a context of its own
    try:
        wait_for_line(other, "saved 1")
        assert other.wait(timeout=60) == 0
    finally:
        other.kill()
        other.wait()
    assert store.find_contexts().total == 2  # its write is seen: the file was attached afresh
    assert store.lease._instance is instance
    assert store.lease.opens == 3  # one ATTACH each: Store.open (its schema), the save, find_contexts
    store.close()
    assert store.lease._instance is None  # closing the store drops the instance too
    assert not locked_elsewhere(db_path)
