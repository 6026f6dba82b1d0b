"""Load test of the compaction service on loopback: ``python -m bench.service [--report FILE]``.

A real service process (``python -m console serve``, real MiniLM) on a fresh database; 50 agent
sessions of 40 turns each (real dialogues of the dev samples and agent traces, chained to reach 40
turns) run concurrently from one bounded asyncio client (aiohttp): each turn is a ``POST messages``
followed by a ``GET context``, then the agent "thinks" (the model call it would make; uniform
0.5x-1.5x ``--think`` seconds). Meanwhile ``python -m console ingest --nice 10`` runs on the same
file, and an operator (a process of its own, through the console's own services and Store, as the
Streamlit app does) corrects a fact of a running session every ``--correct-every`` seconds and
checks the very next context served carries it, and switches a running session to raw and
measures how long until the service serves it raw. Afterwards the store is counted: every session
must hold exactly its turns, once. The CPU seconds of the service, the client, the operator and
the ingest are reported beside the latencies: on 2 cores they decide them.

Think time (``--think``, mean seconds, 0 = back to back) decides whether the latency goals can be
met at all: the agents are a closed loop, so with N agents, S seconds of the service's CPU per turn
and think time Z, the service is saturated once N*S > Z. Measured at the end of stop 21 (quiet
machine, 50 agents, Z = 1 s): S ~22 ms (the service used 45 CPU seconds for 2,000 turns in 48 s,
about half of it the group-commit writer's DuckDB statements), POST p50 ~30 ms and p95 0.23-0.40 s
over three runs, GET p95 18-30 ms. With Z = 2 s the POST p95 was no better (0.37 s), nor with
no ingest (0.18 s) or with neither ingest nor operator (0.22 s): the tail is the service's own.
Stop 22 (``--timeline``): the slow POSTs came in bursts, at full garbage collections and while the
two pipeline threads waited for the file; with those fixed and the writer's per-save work cut to the
new turns, POST p95 0.12-0.18 s over three runs (docs/benchmarks.md, "Stop 22").
Stop 23, the same code: 0.055, 0.065 and 0.068 s on a machine kept quiet for the whole run; 0.18 s
in a run during which another job started on the machine (so earlier spreads were partly noise).
The sessions' first POSTs (the herd: 2.5% of the POSTs, ~0.6 s each, a load and a pipeline queued
behind 49 others) make the overall p95 the later POSTs' p97.5; both are reported, and ``--repeat
N`` runs the whole test N times and reports every run's p95. Then the file lease became an ATTACH
to a kept instance (data/concurrency.py; ~190 handovers a run): 0.037 and 0.047 s.
"""

from __future__ import annotations

import argparse
import asyncio
import csv
import json
import multiprocessing
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import aiohttp
import httpx

from bench.service_operator import Stats, operator_process
from bench.service_report import MARKERS, metric, render_section, server_p95, stages
from bench.service_summary import first_and_later, pct, repeated
from console.service.auth import new_token, token_hash
from data.service_store import ServiceStore

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT / ".." / "shared" / "data"  # the shared corpora beside the checkout (as `make bench` has them)
MAX_TURN_BYTES = 200_000


def _turn(t: dict[str, Any]) -> dict[str, Any] | None:
    turn = {k: t[k] for k in ("role", "text", "tool_call", "tool_result") if t.get(k) is not None}
    if not str(turn.get("text", "")).strip() and not turn.get("tool_call") and not turn.get("tool_result"):
        return None
    return turn if len(json.dumps(turn)) < MAX_TURN_BYTES else None


def build_sessions(files: list[Path], sessions: int, turns: int, seed: int = 7) -> dict[str, list[dict]]:
    """``sessions`` sessions of ``turns`` turns, cycling over the files, dialogues chained in order."""
    pools = []
    for path in files:
        lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        random.Random(seed).shuffle(lines)
        pools.append((path.stem, iter(lines)))
    out: dict[str, list[dict]] = {}
    for n in range(sessions):
        name, pool = pools[n % len(pools)]
        chained: list[dict] = []
        while len(chained) < turns:
            chained += [t for t in (_turn(x) for x in next(pool)["turns"]) if t is not None]
        out[f"load-{n:02d}-{name}"] = chained[:turns]
    return out


async def _agent(
    client: aiohttp.ClientSession,
    cid: str,
    turns: list[dict],
    think: float,
    stats: Stats,
    rng: random.Random,
    ramp: float = 0.0,
) -> None:
    await asyncio.sleep(rng.uniform(0, ramp))  # this agent's first turn, somewhere in the ramp
    for turn in turns:
        t0 = time.perf_counter()
        try:
            async with client.post(f"/v1/sessions/{cid}/messages", json={"messages": [turn]}) as r:
                body = await r.read()
            stats.post_ms.append((time.perf_counter() - t0) * 1000)
            stats.timeline.append(("POST", t0, stats.post_ms[-1], cid))
            if r.status != 200:
                stats.errors.append(f"POST {cid}: {r.status} {body[:200]!r}")
                continue
            stats.posted[cid] = stats.posted.get(cid, 0) + 1
            names, slots = stats.posted_slots
            slots[names.index(cid)] += 1  # the operator process reads which sessions are running
            t0 = time.perf_counter()
            async with client.get(f"/v1/sessions/{cid}/context") as r:
                body = await r.read()
            stats.get_ms.append((time.perf_counter() - t0) * 1000)
            stats.timeline.append(("GET", t0, stats.get_ms[-1], cid))
            if r.status != 200:
                stats.errors.append(f"GET {cid}: {r.status} {body[:200]!r}")
        except (TimeoutError, aiohttp.ClientError) as exc:
            stats.errors.append(f"{cid}: {type(exc).__name__}: {exc}")
        await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))


def _cpu_s(pid: int) -> float | None:
    """CPU seconds (user + system) a live process has used so far (Linux /proc), None once gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _watch_cpu(pid: int, last: list[float]) -> None:
    """Keep the process's latest CPU seconds in ``last`` until it exits (read twice a second)."""
    while (now := _cpu_s(pid)) is not None:
        last[:] = [now]
        time.sleep(0.5)


def _write_timeline(path: Path, rows: list[tuple[str, float, float, str]], t0: float) -> None:
    """Every request of the run as CSV (kind, seconds since the agents started, ms, context): where
    in time the slow ones fall (together: a stall; spread: a queue)."""
    with path.open("w", encoding="utf-8", newline="") as f:
        out = csv.writer(f)
        out.writerow(["kind", "at_s", "ms", "context_id"])
        for kind, at, ms, cid in sorted(rows, key=lambda r: r[1]):
            out.writerow([kind, round(at - t0, 3), round(ms, 1), cid])


def _start_server(db: Path, port: int, log: Path, extra: list[str]) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = open(log, "w")  # noqa: SIM115 - kept open for the process's life
    proc = subprocess.Popen(
        [sys.executable, "-m", "console", "--db", str(db), "serve", "--port", str(port), *extra],
        cwd=ROOT,
        stdout=out,
        stderr=subprocess.STDOUT,
        env=env,
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the service exited: {log.read_text()[-2000:]}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    proc.kill()
    raise RuntimeError("the service did not start in 120 s")


async def _drive(
    url: str, token: str, sessions: dict[str, list[dict]], think: float, stats: Stats, limit: int, ramp: float
) -> None:
    # aiohttp, not httpx: measured here, httpx's async client spent ~5 ms of CPU per request with 50
    # connections (aiohttp 0.4 ms), so the load client, not the service, set the latency it measured
    async with aiohttp.ClientSession(
        base_url=url,
        headers={"Authorization": f"Bearer {token}"},
        timeout=aiohttp.ClientTimeout(total=60),
        connector=aiohttp.TCPConnector(limit=limit),
    ) as client:
        rng = random.Random(11)
        await asyncio.gather(
            *(
                _agent(client, cid, turns, think, stats, random.Random(rng.random()), ramp)
                for cid, turns in sessions.items()
            )
        )


def run(args: argparse.Namespace) -> dict[str, Any]:
    """The whole load test; returns its numbers."""
    work = Path(tempfile.mkdtemp(prefix="service-bench-"))
    db = work / "console.duckdb"
    store = ServiceStore.open(db, linger=0)
    agent, operator = new_token(), new_token()
    store.create_token("bench-agent", "agent", token_hash(agent), actor="bench")
    store.create_token("bench-operator", "operator", token_hash(operator), actor="bench")
    store.close()
    sessions = build_sessions([Path(p) for p in args.sessions_from], args.sessions, args.turns)
    port = args.port
    extra = [] if args.writer_interval is None else ["--writer-interval", str(args.writer_interval)]
    server = _start_server(db, port, work / "serve.log", extra)
    url = f"http://127.0.0.1:{port}"
    stats = Stats()
    ingest = None
    if args.ingest:
        ingest = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "console",
                "--db",
                str(db),
                "ingest",
                args.ingest,
                "--workers",
                "1",
                "--quiet",
                "--source",
                "bench-ingest",
                "--nice",
                str(args.ingest_nice),
            ],
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
    ingest_started = time.perf_counter()
    ingest_ended: list[float] = []  # when the ingest exited (it may end before the agents)
    if ingest is not None:
        threading.Thread(
            target=lambda: (ingest.wait(), ingest_ended.append(time.perf_counter())), daemon=True
        ).start()
    names = list(sessions)
    spawn = multiprocessing.get_context("spawn")
    posted, op_stop, op_out = spawn.Array("i", len(names), lock=False), spawn.Event(), spawn.Queue()
    stats.posted_slots = (names, posted)
    op = spawn.Process(
        target=operator_process,
        args=(url, operator, db, names, posted, op_stop, args.correct_every, op_out),
        daemon=True,
    )
    if args.correct_every > 0:
        op.start()
    ingest_cpu: list[float] = []
    if ingest is not None:
        watch = (ingest.pid, ingest_cpu)  # to the ingest's exit, not the agents' end
        threading.Thread(target=_watch_cpu, args=watch, daemon=True).start()
    t0, client0, server0 = time.perf_counter(), time.process_time(), _cpu_s(server.pid) or 0.0
    asyncio.run(_drive(url, agent, sessions, args.think, stats, args.sessions, args.ramp))
    wall = time.perf_counter() - t0
    cpu = {  # where the machine's CPU went while the agents ran (the goal is a question of this)
        "service": round((_cpu_s(server.pid) or 0.0) - server0, 1),
        "client": round(time.process_time() - client0, 1),
        "operator": round(_cpu_s(op.pid) or 0.0, 1) if op.pid else 0.0,
        "cores": os.cpu_count(),
    }
    op_stop.set()
    if op.pid:
        for name, value in op_out.get(timeout=60).items():
            setattr(stats, name, value)
        op.join(30)
    ingest_rc, ingest_s, ingest_overlap = None, None, None
    if ingest is not None:
        ingest_overlap = ingest.poll() is None  # still running when the agents finished
        _, err = ingest.communicate(timeout=600)
        ingest_rc = ingest.returncode
        ingest_s = (ingest_ended[0] if ingest_ended else time.perf_counter()) - ingest_started
        if ingest_rc:
            stats.errors.append(f"ingest exited {ingest_rc}: {err[-500:]}")
    cpu["ingest_whole_run"] = round(ingest_cpu[0], 1) if ingest_cpu else None  # its last reading
    metrics_text = httpx.get(f"{url}/metrics").text
    server.send_signal(signal.SIGINT)
    server.wait(60)
    if args.timeline:
        _write_timeline(Path(args.timeline), stats.timeline, t0)
    store = ServiceStore(db, linger=0)
    counts = store.message_rows(list(sessions))
    # lost: acknowledged (200) but not in the store; a request that failed was not acknowledged
    lost = sum(max(0, stats.posted.get(cid, 0) - counts.get(cid, (0, 0))[1]) for cid in sessions)
    duplicated = sum(rows - distinct for rows, distinct in counts.values())
    ingested = store.find_contexts(None, limit=1).total - len(counts)
    store.close()
    return {
        "sessions": args.sessions, "turns": args.turns, "think_s": args.think,
        "ramp_s": args.ramp, "wall_s": round(wall, 1),
        "requests": len(stats.post_ms) + len(stats.get_ms), "errors": len(stats.errors),
        "error_samples": stats.errors[:5],
        "post_p50_ms": round(pct(stats.post_ms, 50), 1), "post_p95_ms": round(pct(stats.post_ms, 95), 1),
        **first_and_later(stats.timeline),
        "get_p50_ms": round(pct(stats.get_ms, 50), 1), "get_p95_ms": round(pct(stats.get_ms, 95), 1),
        "posts": len(stats.post_ms), "gets": len(stats.get_ms),
        "expected_messages": sum(len(t) for t in sessions.values()),
        "stored_messages": sum(d for _, d in counts.values()), "lost": lost, "duplicated": duplicated,
        "corrections": stats.corrections, "corrections_seen_next_context": stats.corrections_seen,
        "corrections_served_raw": stats.corrections_raw,
        "correction_errors": stats.correction_errors[:5],
        "breaker_switches": len(stats.breaker_ms),
        "breaker_honoured_max_ms": round(max(stats.breaker_ms), 1) if stats.breaker_ms else None,
        "breaker_call_max_ms": round(max(stats.breaker_call_ms), 1) if stats.breaker_call_ms else None,
        "acknowledged": sum(stats.posted.values()),
        "ingest": args.ingest, "ingest_nice": args.ingest_nice,
        "ingest_rc": ingest_rc, "ingest_s": round(ingest_s, 1) if ingest_s else None,
        "ingest_overlapped": ingest_overlap, "ingested_contexts": ingested,
        "writer_batches": metric(metrics_text, "compaction_writer_batches_total"),
        "writer_saves": metric(metrics_text, "compaction_writer_saves_total"),
        "writer_s": metric(metrics_text, "compaction_writer_seconds_total"),
        "cache_store_reads": metric(metrics_text, "compaction_cache_store_reads_total"),
        "gc_full_collections": metric(metrics_text, "compaction_gc_full_collections_total"),
        "gc_full_max_s": metric(metrics_text, "compaction_gc_full_max_seconds"),
        "stage_mean_ms": stages(metrics_text),
        "cpu_s": cpu,
        "server_p95_le_ms": {  # the service's own latency histogram: the bucket holding its p95
            route: server_p95(metrics_text, route)
            for route in ("/v1/sessions/{context_id}/messages", "/v1/sessions/{context_id}/context")
        },
    }  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    """Entry point: run, print the numbers as JSON, write the report section if asked."""
    dialogues, traces = SHARED / "dialogues", SHARED / "agent_traces"
    parser = argparse.ArgumentParser(
        prog="python -m bench.service", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--sessions", type=int, default=50)
    parser.add_argument("--turns", type=int, default=40)
    parser.add_argument(
        "--ramp",
        type=float,
        default=0.0,
        help="seconds over which the agents make their first turn, each at a random moment (default 0: "
        "all at once, a herd of new sessions; measured, a 1 s ramp did not move the POST p95)",
    )
    parser.add_argument(
        "--think",
        type=float,
        default=1.0,
        help="mean seconds an agent waits between turns (its model call; uniform 0.5x-1.5x); 0: back to back",
    )
    parser.add_argument(
        "--correct-every", type=float, default=0.5, help="seconds between operator actions (0: no operator)"
    )
    parser.add_argument("--port", type=int, default=8791)
    parser.add_argument("--sessions-from", nargs="+", default=[
        str(dialogues / "sgd_dev_sample.jsonl"), str(dialogues / "multiwoz_dev_sample.jsonl"),
        str(dialogues / "crosswoz_dev_sample.jsonl"), str(traces / "bfcl_base_dev.jsonl"),
        str(traces / "bfcl_long_context_dev.jsonl")])  # fmt: skip
    parser.add_argument(
        "--ingest",
        default=str(dialogues / "multiwoz_dev_sample.jsonl"),
        help="a dialogue file ingested meanwhile ('' for none)",
    )
    parser.add_argument(
        "--ingest-nice",
        type=int,
        default=10,
        help="the ingest's --nice (default 10: a bulk backfill yields the CPU to the live agents, as an "
        "operator runs it beside a service on a small machine; 0: the same priority as the service)",
    )
    parser.add_argument(
        "--repeat",
        type=int,
        default=1,
        help="whole runs (each on a fresh database and server); the report shows the run with the "
        "median POST p95 and every run's p95 beside it",
    )
    parser.add_argument(
        "--writer-interval",
        type=float,
        default=None,
        help="the service's --writer-interval (default: the service's own default)",
    )
    parser.add_argument("--report", help="write the section into this markdown file (docs/benchmarks.md)")
    parser.add_argument("--json", help="write the numbers to this file")
    parser.add_argument("--timeline", help="write every request (kind, start s, ms, context) to this CSV")
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    runs = [run(args) for _ in range(args.repeat)]
    result = repeated(runs)
    print(json.dumps(result, indent=1))
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1), encoding="utf-8")
    if args.report:
        from bench.report import write_section

        write_section(args.report, render_section(result), MARKERS)
    return 0 if result["clean_runs"] == len(runs) else 1


if __name__ == "__main__":
    raise SystemExit(main())
