"""Storage benchmark: write N synthetic contexts, then time every console query at that size.

    python -m bench.store --contexts 100000 [--batch 10000] [--db PATH] [--keep] [--report docs/benchmarks.md]

Generation is not timed (bench.synthetic stands in for the core); the save calls are, through the
real Store (lease, prepare, one transaction per batch). Then each console query runs on a Store
opened afresh: the first call (which pays the ~30 ms DuckDB open) and the median of 3 more.
The results go between the store markers of the report, leaving the rest of the file as it is.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from bench.report import write_section
from bench.synthetic import synthetic_contexts
from data.concurrency import close_all_leases
from data.records import ContextFilter, FactCorrection
from data.store import Store

START = "<!-- bench:store:start -->"
END = "<!-- bench:store:end -->"
TARGET_MS = 200.0


def write_contexts(store: Store, count: int, batch: int, seed: int) -> dict[str, float]:
    """Save ``count`` synthetic contexts in batches; only the save calls are timed."""
    rows = {"messages": 0, "traces": 0}
    generator = synthetic_contexts(count, seed=seed)
    done = 0
    wall = cpu = 0.0
    while done < count:
        bundles = [b for _, b in zip(range(min(batch, count - done)), generator, strict=False)]
        rows["messages"] += sum(len(b.messages) for b in bundles)
        rows["traces"] += sum(len(b.traces) for b in bundles)
        t0, c0 = time.perf_counter(), time.process_time()
        store.save_contexts(bundles)
        wall += time.perf_counter() - t0
        cpu += time.process_time() - c0
        done += len(bundles)
        print(f"\r  saved {done}/{count} contexts ({done / wall:.0f}/s)", end="", flush=True)
    t0, c0 = time.perf_counter(), time.process_time()
    store.close()  # the final checkpoint is part of the cost
    wall += time.perf_counter() - t0
    cpu += time.process_time() - c0
    print()
    return {"contexts": count, "wall_s": wall, "cpu_s": cpu, **rows}


def _time(fn: Callable[[], Any]) -> float:
    start = time.perf_counter()
    fn()
    return 1e3 * (time.perf_counter() - start)


def console_queries(store: Store, rng: random.Random) -> list[tuple[str, Callable[[], Any]]]:
    """The calls the console's screens make, with arguments picked from the stored data."""
    total = store.find_contexts(limit=1).total
    if total == 0:
        raise SystemExit("the database holds no contexts: nothing to time the console queries on")
    # The sample starts within the first 1000 (as at 100k) but never past the end of a small file.
    sample = store.find_contexts(limit=500, offset=rng.randrange(0, max(1, min(1000, total - 499)))).items
    ctx = rng.choice([c for c in sample if c.compactions >= 2] or sample)
    cid = ctx.context_id
    facts = store.facts(cid)
    key = facts[0].fact.key if facts else "x.unknown"
    prefix = cid[: len(cid.split("-")[0]) + 3]
    week = (ctx.updated_at - timedelta(days=3), ctx.updated_at + timedelta(days=4))
    counter = iter(range(10**6))
    big_batch = [
        FactCorrection(
            context_id=c.context_id, key="x.unknown", new_value="1", actor="bench", source="csv", row=i
        )
        for i, c in enumerate(store.find_contexts(limit=1000).items, start=2)
    ]
    return [
        ("sessions: first page, newest first, with total", lambda: store.find_contexts(limit=50)),
        (
            "sessions: id prefix search",
            lambda: store.find_contexts(ContextFilter(id_prefix=prefix), limit=50),
        ),
        ("sessions: full id pasted", lambda: store.find_contexts(ContextFilter(id_prefix=cid))),
        (
            "sessions: source + health + 7-day window",
            lambda: store.find_contexts(
                ContextFilter(
                    source=ctx.source,
                    health=["warning", "critical"],
                    updated_from=week[0],
                    updated_to=week[1],
                ),
                limit=50,
            ),
        ),
        ("sessions: page 1000 (offset 50k)", lambda: store.find_contexts(limit=50, offset=50_000)),
        ("sessions: sources for the filter", store.sources),
        ("session: summary row", lambda: store.get_context(cid)),
        ("session: timeline (turns + compactions)", lambda: store.timeline(cid)),
        ("session: audit records", lambda: store.audit_log(context_id=cid, limit=50)),
        ("replay: turns with traces", lambda: store.traced_turns(cid)),
        ("replay: stage traces of one turn", lambda: store.stage_traces(cid, 5)),
        ("replay: two compactions for a diff", lambda: store.compaction_pair(cid, 1, 2)),
        ("facts: grid with history", lambda: store.facts(cid)),
        ("facts: one fact's history", lambda: store.fact_history(cid, key)),
        (
            "facts: apply a form correction",
            lambda: store.apply_corrections(
                [
                    FactCorrection(
                        context_id=cid, key=key, new_value=f"v{next(counter)}", actor="bench", source="form"
                    )
                ]
            ),
        ),
        ("facts: preview a 1000-row CSV", lambda: store.preview_corrections(big_batch)),
        ("metrics: per day, all sources + overall", lambda: store.metric_series(bucket="day")),
        (
            "metrics: per hour over 7 days, all sources + overall",
            lambda: store.metric_series(bucket="hour", start=week[0], end=week[1]),
        ),
        ("metrics: per day, one source", lambda: store.metric_series(bucket="day", source=ctx.source)),
        ("metrics: compaction success and latency per day", lambda: store.compaction_stats(bucket="day")),
        (
            "metrics: compaction success and latency per hour over 7 days",
            lambda: store.compaction_stats(bucket="hour", start=week[0], end=week[1]),
        ),
        ("breaker: effective mode of a context", lambda: store.effective_mode(cid)),
        ("breaker: contexts in raw mode", lambda: store.breakers(mode="raw")),
        ("config: current", store.current_config),
        ("agent: load a context's state", lambda: store.load_state(cid)),
    ]


def time_queries(path: Path, seed: int) -> list[dict[str, Any]]:
    """First call on a freshly opened file, then the median of 3 warm calls, per query."""
    rng = random.Random(seed)
    results = []
    names = [name for name, _ in console_queries(Store(path), rng)]
    close_all_leases()
    for index, name in enumerate(names):
        close_all_leases()  # every query starts from a closed file: the first call pays the open
        store = Store(path, linger=30)
        _, fn = console_queries(store, random.Random(seed))[index]
        store.close()
        first = _time(fn)
        warm = statistics.median(_time(fn) for _ in range(3))
        results.append({"query": name, "first_ms": first, "median_ms": warm})
        print(f"  {name:52s} first {first:7.1f} ms   median of 3 {warm:7.1f} ms", flush=True)
    close_all_leases()
    check_ms = _time(lambda: Store(path, linger=0).check())
    results.append({"query": "python -m console check (integrity, not a screen)", "first_ms": check_ms,
                    "median_ms": check_ms})  # fmt: skip
    return results


def file_size_mb(path: Path) -> float:
    """Database plus WAL, in MB."""
    wal = path.with_name(path.name + ".wal")
    return (path.stat().st_size + (wal.stat().st_size if wal.exists() else 0)) / 1e6


def render_section(
    write: dict[str, float],
    size_mb: float,
    queries: list[dict[str, Any]],
    args: Any,
    loads: tuple[float, float],
    concurrency: list[dict[str, Any]] | None = None,
    ingest: dict[str, Any] | None = None,
) -> str:
    """The markdown between the store markers (write_section adds them)."""
    worst = max(q["first_ms"] for q in queries[:-1])
    lines = [
        "## Store (DuckDB persistence)",
        "",
        f"Command: `python -m bench.store --contexts {args.contexts} --batch {args.batch}` "
        f"({datetime.now(UTC):%Y-%m-%d}, {os.cpu_count()} cores; load average {loads[0]:.1f} at the start "
        f"and {loads[1]:.1f} at the end: other work shared the machine, so wall times are upper bounds and "
        "the CPU time of the process shows the cost itself).",
        "",
        f"**Write** ({write['contexts']:,} synthetic contexts, {write['messages']:,} messages, "
        f"{write['traces']:,} stage traces; generation not timed, "
        f"batches of {args.batch} contexts per transaction):",
        "",
        "| measure | value |",
        "|---|---|",
        f"| storage throughput (wall) | **{write['contexts'] / write['wall_s']:,.0f} contexts/s** "
        f"({write['messages'] / write['wall_s']:,.0f} messages/s) |",
        "| storage throughput (CPU time of the process) | "
        f"{write['contexts'] / write['cpu_s']:,.0f} contexts/s |",
        f"| database file (after checkpoint) | {size_mb:,.0f} MB |",
        "",
        f"**Console queries at that size** (target < {TARGET_MS:.0f} ms each; first call on a closed file "
        f"includes DuckDB's open; worst first call: {worst:.0f} ms):",
        "",
        "| query | first call (ms) | median of 3 (ms) |",
        "|---|---:|---:|",
    ]
    for q in queries:
        flag = "" if q["first_ms"] < TARGET_MS or "check" in q["query"] else " (over target)"
        lines.append(f"| {q['query']} | {q['first_ms']:.1f}{flag} | {q['median_ms']:.1f} |")
    if concurrency:
        lines += ["", *concurrency_table(concurrency)]
    if ingest:
        lines += ["", *ingest_table(ingest)]
    return "\n".join(lines)


def ingest_table(run: dict[str, Any]) -> list[str]:
    """A ``python -m console ingest --json`` summary (the whole ingest, core included) as markdown.

    With several core processes the core's seconds are summed over them (more than the wall time)
    and the CPU time recorded is the main process's only, so no CPU rate is shown then."""
    files = " ".join(Path(f).name for f in run["files"])
    model = "MiniLM embeddings" if run["embeddings"] else "rules only (no model)"
    workers = int(run.get("workers") or 1)
    cpu = run.get("cpu_seconds")
    cpu_rate = f"{run['read'] / cpu:.1f}" if cpu and workers == 1 else "-"
    return [
        f"**Whole ingest with the core** (`python -m console ingest {files}`, {model}; "
        "the core runs turn by turn as an agent would; parse, extract and merge stored for every turn, "
        "render where a compaction ran; wall time from the store "
        "opened to the store closed, model loads included, interpreter start not):",
        "",
        "| conversations | core processes | wall time | conversations/s (wall) | conversations/s (CPU, "
        "one process) | core (summed over processes) / store | database |",
        "|---:|---:|---:|---:|---:|---:|---:|",
        f"| {run['read']} | {workers} | {run['seconds']:.1f} s | **{run['conversations_per_s']:.1f}** | "
        f"{cpu_rate} | {run['core_seconds']:.1f} s / {run['store_seconds']:.1f} s | {run['db_mb']:.1f} MB |",
    ]


def concurrency_table(results: list[dict[str, Any]]) -> list[str]:
    """The scenarios of bench.store_concurrency as a markdown table."""
    lines = [
        "**Sharing the file** (`python -m bench.store_concurrency`: an ingest-like writer saves synthetic "
        "contexts in batches of 250 while a console-like process searches, opens a timeline, reads facts "
        "and applies a one-row correction every fourth call; each scenario starts from the same file):",
        "",
        "| design | writer contexts/s | console p50 / p95 / max (ms) | console calls failed "
        "| every row once |",
        "|---|---:|---:|---:|---|",
    ]
    names = {
        "alone": "each alone (baseline)",
        "hold": "writer holds the file all along",
        "short": "short connections, retry with backoff + jitter",
        "inbox": "single writer draining an inbox of corrections",
        "ondemand": "**leases handed over on demand (chosen)**",
    }
    for r in results:
        once = r["contexts_arrived"] and r["corrections_applied"] == r["corrections_audited"]
        delay = r.get("inbox_delay_p95_ms")
        extra = f"; queued corrections applied after p95 {delay:.0f} ms" if delay else ""
        lines.append(
            f"| {names.get(r['scenario'], r['scenario'])} | {r['writer_ctx_per_s']:.0f} | "
            f"{r['console_p50_ms']:.0f} / {r['console_p95_ms']:.0f} / {r['console_max_ms']:.0f}{extra} | "
            f"{r['console_failed']} of {r['console_calls']} | {'yes' if once else 'NO'} |"
        )
    return lines


def main(argv: list[str] | None = None) -> None:
    """Run the benchmark and write its section of the report."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--contexts", type=int, default=100_000)
    parser.add_argument(
        "--batch", type=int, default=10_000, help="contexts per save transaction (bigger: fewer commits)"
    )
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--db", type=Path, help="database file (default: a temporary file)")
    parser.add_argument("--keep", action="store_true", help="keep the database file afterwards")
    parser.add_argument("--report", type=Path, help="markdown file whose store section to (re)write")
    parser.add_argument("--concurrency", type=Path, help="JSON of bench.store_concurrency --json, to include")
    parser.add_argument("--ingest", type=Path, help="JSON of python -m console ingest --json, to include")
    args = parser.parse_args(argv)
    load_start = os.getloadavg()[0]
    tmp = tempfile.TemporaryDirectory(prefix="bench-store-", ignore_cleanup_errors=True)
    path = args.db or Path(tmp.name) / "bench.duckdb"
    if path.exists() and not args.keep:
        raise SystemExit(f"{path} exists; remove it or pass --keep to reuse it")
    store = Store.open(path, linger=30)
    existing = store.find_contexts(limit=1).total
    if existing < args.contexts:
        print(f"writing {args.contexts - existing} contexts to {path}")
        write = write_contexts(store, args.contexts - existing, args.batch, args.seed + existing)
    else:
        print(f"{path} already holds {existing} contexts; timing queries only")
        write = {"contexts": 0, "wall_s": float("nan"), "cpu_s": float("nan"), "messages": 0, "traces": 0}
    close_all_leases()
    size = file_size_mb(path)
    print(f"write: {write['contexts'] / write['wall_s']:.0f} contexts/s wall, "
          f"{write['contexts'] / write['cpu_s']:.0f} contexts/s CPU; file {size:.0f} MB")  # fmt: skip
    queries = time_queries(path, args.seed)
    if args.report:
        concurrency = json.loads(args.concurrency.read_text()) if args.concurrency else None
        ingest = json.loads(args.ingest.read_text()) if args.ingest else None
        loads = (load_start, os.getloadavg()[0])
        section = render_section(write, size, queries, args, loads, concurrency, ingest)
        write_section(args.report, section, (START, END))
        print(f"wrote the store section of {args.report}")
    if not args.keep:
        close_all_leases()
        tmp.cleanup()


if __name__ == "__main__":
    main()
