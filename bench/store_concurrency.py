"""Measure how an ingest process and a console process share one DuckDB file.

    python -m bench.store_concurrency [--contexts 4000] [--batch 250] [--json out.json]

One writer process saves synthetic contexts in batches (like ``python -m console ingest``) while
one console process loops over the console's calls: a session search, a timeline, a facts grid
and, every fourth call, a one-row fact correction. Each scenario starts from the same seeded file:

* ``alone``      the writer alone, then the console alone (baselines, leases as in ``ondemand``)
* ``hold``       the writer keeps one connection open all along (a classic single writer)
* ``short``      short connections: each batch and each call opens, works, closes; a locked
                 open is retried with backoff and jitter
* ``inbox``      as short, but the console queues its corrections in a spool directory that the
                 writer drains between batches (a single writer with an inbox)
* ``ondemand``   the chosen design: both keep the file open while they work and a little after
                 (linger), and hand it over as soon as the other process waits for it

Reported per scenario: writer throughput, console latency per call (p50 / p95 / max), calls that
failed, and whether every row arrived exactly once (contexts, corrections in fact_history).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import random
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.synthetic import synthetic_contexts
from data.concurrency import RetryPolicy, StoreBusyError, close_all_leases
from data.records import ContextFilter, FactCorrection
from data.store import Store

SCENARIOS = ("alone", "hold", "short", "inbox", "ondemand")


def _writer(
    db: str, mode: str, contexts: int, batch: int, seed: int, inbox: str, out: Any, ready: Any, go: Any
) -> None:
    store = Store(db, policy=RetryPolicy(deadline=120), linger=0.0 if mode in ("short", "inbox") else 30.0)
    bundles = list(synthetic_contexts(contexts, seed=seed))
    ready.set()
    go.wait()
    applied_inbox: list[dict[str, Any]] = []
    paused = 0.0
    start = time.perf_counter()
    if mode == "hold":
        with store.lease.acquire():  # the file stays open (and locked) for the whole run
            for i in range(0, len(bundles), batch):
                store.save_contexts(bundles[i : i + batch])
    else:
        for i in range(0, len(bundles), batch):
            if mode in ("alone", "ondemand"):
                paused += store.yield_to_waiters(max_wait=0.5)
            if mode == "inbox":
                applied_inbox += _drain_inbox(store, Path(inbox))
            store.save_contexts(bundles[i : i + batch])
        if mode == "inbox":
            time.sleep(0.2)
            applied_inbox += _drain_inbox(store, Path(inbox))
    store.close()  # the last checkpoint belongs to the writer's time
    elapsed = time.perf_counter() - start
    out.put({"role": "writer", "contexts": len(bundles), "seconds": elapsed, "paused": paused,
             "lock_retries": store.lease.lock_retries, "inbox": applied_inbox})  # fmt: skip


def _drain_inbox(store: Store, inbox: Path) -> list[dict[str, Any]]:
    files = sorted(inbox.glob("*.json"))
    if not files:
        return []
    done = []
    for f in files:  # each queued request is its own batch, as it would be applied directly
        item = json.loads(f.read_text())
        store.apply_corrections([FactCorrection.model_validate(item["correction"])])
        f.unlink()
        done.append({"queued_at": item["queued_at"], "applied_at": time.time()})
    return done


def _console(
    db: str, mode: str, targets: list[tuple[str, str]], stop: Any, out: Any, seed: int, ready: Any, go: Any
) -> None:
    rng = random.Random(seed)
    linger = 0.0 if mode in ("short", "inbox") else 1.0
    store = Store(db, policy=RetryPolicy(deadline=2.0 if mode == "hold" else 30.0), linger=linger)
    ready.set()
    go.wait()
    latencies: dict[str, list[float]] = {"search": [], "timeline": [], "facts": [], "correct": []}
    failures = 0
    applied = 0
    calls = 0
    inbox = Path(db).with_suffix(".inbox")
    while not stop.is_set() or calls < 8:
        cid, key = rng.choice(targets)
        kind = ("search", "timeline", "facts", "correct")[calls % 4]
        start = time.perf_counter()
        try:
            if kind == "search":
                store.find_contexts(ContextFilter(id_prefix=cid[: len(cid.split("-")[0]) + 3]), limit=50)
            elif kind == "timeline":
                store.timeline(cid)
            elif kind == "facts":
                store.facts(cid)
            else:
                correction = FactCorrection(context_id=cid, key=key, new_value=f"v{calls}", actor="bench",
                                            source="form", reason="concurrency bench")  # fmt: skip
                if mode == "inbox":
                    body = {"queued_at": time.time(), "correction": correction.model_dump(mode="json")}
                    (inbox / f"{time.time_ns()}.json").write_text(json.dumps(body))
                else:
                    result = store.apply_corrections([correction])
                    applied += result.applied
                applied += mode == "inbox"
            latencies[kind].append(time.perf_counter() - start)
        except StoreBusyError:
            failures += 1
        calls += 1
        time.sleep(0.01)  # an operator clicks; the console is not a tight loop
    out.put(
        {"role": "console", "latencies": latencies, "failures": failures, "applied": applied, "calls": calls}
    )


def _pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run_scenario(mode: str, seeded: Path, work: Path, contexts: int, batch: int) -> dict[str, Any]:
    """Copy the seeded file, run writer and console side by side, check every row arrived once."""
    db = work / f"{mode}.duckdb"
    shutil.copy(seeded, db)
    inbox = db.with_suffix(".inbox")
    inbox.mkdir(exist_ok=True)
    seeded_store = Store(db)
    targets = [(r.context_id, r.fact.key) for c in seeded_store.find_contexts(limit=200).items
               for r in seeded_store.facts(c.context_id, with_history=False)[:1]]  # fmt: skip
    before = seeded_store.check().counts
    seeded_store.close()
    ctx = mp.get_context("spawn")
    out, stop = ctx.Queue(), ctx.Event()
    w_ready, c_ready, w_go, c_go = ctx.Event(), ctx.Event(), ctx.Event(), ctx.Event()
    writer = ctx.Process(
        target=_writer, args=(str(db), mode, contexts, batch, 99, str(inbox), out, w_ready, w_go)
    )
    console = ctx.Process(target=_console, args=(str(db), mode, targets, stop, out, 5, c_ready, c_go))
    writer.start()
    console.start()
    w_ready.wait()
    c_ready.wait()
    w_go.set()
    if mode == "alone":  # one after the other: the baselines
        results = [out.get()]
        c_go.set()
        time.sleep(6)
    else:
        c_go.set()
        results = [out.get()]
    stop.set()
    results.append(out.get())
    writer.join()
    console.join()
    by_role = {r["role"]: r for r in results}
    late = _drain_inbox(Store(db), inbox)  # queued after the writer's last drain
    report = Store(db).check()
    w, c = by_role["writer"], by_role["console"]
    flat = [x for v in c["latencies"].values() for x in v]
    inbox_delays = [i["applied_at"] - i["queued_at"] for i in w["inbox"] + late]
    check_store = Store(db)
    applied_rows = check_store.audit_log(actor="bench", action_prefix="fact.correct").total
    return {
        "scenario": mode,
        "writer_ctx_per_s": w["contexts"] / w["seconds"],
        "writer_seconds": w["seconds"],
        "writer_paused_s": w["paused"],
        "console_calls": c["calls"],
        "console_failed": c["failures"],
        "console_p50_ms": 1e3 * _pct(flat, 0.5),
        "console_p95_ms": 1e3 * _pct(flat, 0.95),
        "console_max_ms": 1e3 * max(flat) if flat else float("nan"),
        "per_call_p95_ms": {k: 1e3 * _pct(v, 0.95) for k, v in c["latencies"].items()},
        "inbox_delay_p95_ms": 1e3 * _pct(inbox_delays, 0.95) if inbox_delays else None,
        "contexts_arrived": report.counts["contexts"] - before["contexts"] == w["contexts"],
        "corrections_applied": c["applied"],
        "corrections_audited": applied_rows,
        "integrity_problems": report.problems,
    }


def main(argv: list[str] | None = None) -> None:
    """Run every scenario and print one line each (and JSON with --json)."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--contexts", type=int, default=4000, help="contexts the writer saves per scenario")
    parser.add_argument("--batch", type=int, default=250, help="contexts per save transaction")
    parser.add_argument("--seed-contexts", type=int, default=2000, help="contexts in the file before a run")
    parser.add_argument("--scenarios", nargs="*", default=list(SCENARIOS), choices=SCENARIOS)
    parser.add_argument("--json", type=Path, help="write the results here")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-concurrency-", ignore_cleanup_errors=True) as tmp:
        work = Path(tmp)
        seeded = work / "seed.duckdb"
        store = Store.open(seeded)
        bundles = list(synthetic_contexts(args.seed_contexts, seed=1))
        for i in range(0, len(bundles), 1000):
            store.save_contexts(bundles[i : i + 1000])
        store.close()
        results = []
        for mode in args.scenarios:
            r = run_scenario(mode, seeded, work, args.contexts, args.batch)
            results.append(r)
            close_all_leases()
            print(
                f"{mode:7s} writer {r['writer_ctx_per_s']:6.0f} ctx/s (paused {r['writer_paused_s']:.1f}s) | "
                f"console p50 {r['console_p50_ms']:6.1f} ms p95 {r['console_p95_ms']:7.1f} ms "
                f"max {r['console_max_ms']:7.1f} ms, {r['console_failed']}/{r['console_calls']} failed | "
                f"all contexts: {r['contexts_arrived']}, corrections {r['corrections_applied']} -> "
                f"{r['corrections_audited']} audited"
                + (f", inbox delay p95 {r['inbox_delay_p95_ms']:.0f} ms" if r["inbox_delay_p95_ms"] else ""),
                flush=True,
            )
    if args.json:
        args.json.write_text(json.dumps(results, indent=1, default=str))
    return None


if __name__ == "__main__":
    main()
