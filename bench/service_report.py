"""The docs/benchmarks.md section of a ``python -m bench.service`` run, and the numbers it reads from
the service's /metrics (Prometheus text)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

MARKERS = ("<!-- bench:service:start -->", "<!-- bench:service:end -->")


def _cpu_row(r: dict[str, Any]) -> str:
    """The CPU the service, the client (with the operator) and the ingest used, against the cores."""
    cpu = r.get("cpu_s") or {}
    if not cpu:
        return "| CPU seconds | not measured | |"
    ingest = cpu.get("ingest_whole_run")
    return (
        f"| CPU seconds while the agents ran: service / load client / operator; ingest (its whole run) | "
        f"{cpu['service']} / {cpu['client']} / {cpu['operator']}; {ingest if ingest is not None else '-'} "
        f"(the machine has {cpu['cores']} cores x {r['wall_s']} s) | |"
    )


def server_p95(text: str, route: str) -> float | None:
    """Upper bound (ms) of the histogram bucket holding the route's p95, as the service timed it
    (from the request reaching the app to its answer: without the client's and the kernel's share)."""
    head = f'compaction_request_seconds_bucket{{route="{route}",le="'
    buckets = [
        (float("inf") if le == "+Inf" else float(le), float(n))
        for le, n in (line[len(head) :].split('"} ') for line in text.splitlines() if line.startswith(head))
    ]
    if not buckets:
        return None
    total = buckets[-1][1]
    bound = next(b for b, n in buckets if n >= 0.95 * total)
    return round(bound * 1000, 1) if bound != float("inf") else None


def stages(text: str) -> dict[str, float]:
    """Mean milliseconds per request step from /metrics (compaction_stage_seconds)."""
    sums, counts = {}, {}
    for line in text.splitlines():
        for kind, into in (("_sum", sums), ("_count", counts)):
            head = f'compaction_stage_seconds{kind}{{stage="'
            if line.startswith(head):
                stage, value = line[len(head) :].split('"}')
                into[stage] = float(value)
    return {k: round(1000 * sums[k] / counts[k], 1) if counts.get(k) else 0.0 for k in sorted(sums)}


def metric(text: str, name: str) -> float | None:
    for line in text.splitlines():
        if line.startswith(name + " "):
            return float(line.split()[1])
    return None


def _repeat_row(r: dict[str, Any]) -> str:
    runs = r.get("runs") or [r]
    return (
        f"| whole runs / clean (0 errors, lost, duplicated) / `POST` p95 of each (this table: the median) "
        f"/ `GET` p95 of each | {len(runs)} / {r.get('clean_runs', len(runs))} / "
        + ", ".join(f"{x['post_p95_ms']:g}" for x in runs)
        + " ms / "
        + ", ".join(f"{x['get_p95_ms']:g}" for x in runs)
        + " ms | every run's p95 within the goals |"
    )


def render_section(r: dict[str, Any]) -> str:
    """The docs/benchmarks.md section of a run."""
    ok = "yes" if r["errors"] == 0 and r["lost"] == 0 and r["duplicated"] == 0 else "NO"
    return "\n".join([
        "## The compaction service under load (`python -m bench.service`)",
        "",
        f"A real service process on loopback (uvicorn, real MiniLM), {r['sessions']} agent sessions of "
        f"{r['turns']} turns each (dev-sample dialogues and BFCL agent traces, chained) from one bounded "
        f"asyncio aiohttp client: the agents start over {r.get('ramp_s', 0):g} s, then per turn "
        f"`POST messages` then `GET context`, then {r['think_s']:g} s of "
        "think time (0.5x-1.5x, the model call an agent makes), while `python -m console ingest "
        f"--nice {r.get('ingest_nice', 0)}` "
        f"({Path(r['ingest']).name if r['ingest'] else 'none'}) writes the same file and an operator "
        "corrects facts and switches the breaker through the console's services. Measured on this 2-core "
        "machine, shared with other jobs.",
        "",
        "| measure | value | goal |",
        "|---|---|---|",
        f"| requests / errors | {r['requests']} / {r['errors']} | 0 errors |",
        f"| messages sent / acknowledged / stored / lost (acknowledged, not stored) / duplicated | "
        f"{r['expected_messages']} / {r['acknowledged']} / {r['stored_messages']} / {r['lost']} / "
        f"{r['duplicated']} | 0 lost, 0 duplicated |",
        f"| `POST messages` p50 / p95 | {r['post_p50_ms']} / {r['post_p95_ms']} ms | p95 <= 100 ms |",
        _repeat_row(r),
        f"| `POST messages`: each session's first (p50; the {r['sessions']} start at once) / the later "
        "ones (p95) | "
        f"{r.get('post_first_p50_ms', '-')} / {r.get('post_later_p95_ms', '-')} ms | |",
        f"| `GET context` p50 / p95 | {r['get_p50_ms']} / {r['get_p95_ms']} ms | p95 <= 50 ms |",
        f"| corrections applied / in the next context / next context served raw | {r['corrections']} / "
        f"{r['corrections_seen_next_context']} / {r.get('corrections_served_raw', '-')} | all |",
        f"| breaker switches / slowest honoured after the switch committed / slowest console call | "
        f"{r['breaker_switches']} / {r['breaker_honoured_max_ms']} ms / {r['breaker_call_max_ms']} ms "
        "| <= 1 s |",
        f"| ingest alongside: exit / seconds / still running when the agents ended / contexts | "
        f"{r['ingest_rc']} / {r['ingest_s']} s / {r['ingest_overlapped']} / {r['ingested_contexts']} "
        "| exit 0 |",
        f"| group commit: saves / transactions / seconds in them | {r['writer_saves']} / "
        f"{r['writer_batches']} / {r.get('writer_s')} s | |",
        "| where a POST's time went, mean ms per step (server side) | "
        + ", ".join(f"{k} {v}" for k, v in r.get("stage_mean_ms", {}).items() if not k.startswith("context."))
        + " | |",
        "| p95 as the service timed it (histogram bucket holding it): POST / GET | "
        + " / ".join(f"<= {v} ms" for v in r.get("server_p95_le_ms", {}).values())
        + " | |",
        f"| store reads made by the service's cache (breaker, corrections, tokens) | "
        f"{r.get('cache_store_reads')} for {r['requests']} requests | |",
        f"| the service's full garbage collections (each stops every request) / the longest | "
        f"{r.get('gc_full_collections')} / {r.get('gc_full_max_s')} s | |",
        f"| wall time | {r['wall_s']} s | |",
        _cpu_row(r),
        "",
        f"All clean: {ok}.",
    ])  # fmt: skip
