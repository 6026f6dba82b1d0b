"""`python -m bench.speed [DATA.jsonl] [--report docs/benchmarks.md]`: the core's speed targets.

Three measurements, each the median of three runs, with the rules-only mode (no embeddings)
measured in the same run as the baseline:

- add(): the latency of ``Session.add`` per message, default triggers, the real MiniLM with a cold
  cache (a user turn costs one embedding call), p50 / p95 over every message of the file.
- compaction of a 50-turn session once embeddings are cached: conversations of the file chained
  into sessions of 50 messages, each compacted once to warm the cache, then timed: p50 / p95.
- ``python -m core compress FILE --force`` end to end in a fresh process, model load included:
  conversations per second.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from bench.metrics import percentile
from bench.report import machine_info, now_utc, write_section
from core.cli import load_dialogues
from core.compressor import Compressor
from core.config import Config
from core.embed import MiniLMEmbedder, RoutedEmbedder
from core.formats import Dialogue
from core.models import Message

MARKERS = ("<!-- bench:speed:start -->", "<!-- bench:speed:end -->")
DEFAULT_FILE = "../shared/data/dialogues/sgd_dev_sample.jsonl"
SESSION_TURNS = 50


def add_latencies(dialogues: Sequence[Dialogue], use_embeddings: bool) -> list[float]:
    """Milliseconds of every add() over the dialogues, a fresh model cache (embedder) per call."""
    embedder = RoutedEmbedder(MiniLMEmbedder()) if use_embeddings else None
    if embedder is not None:
        embedder.english.load()  # type: ignore[attr-defined]  # loading is not an add()
    comp = Compressor(Config(use_embeddings=use_embeddings), embedder=embedder)
    out = []
    for d in dialogues:
        session = comp.session(d.context_id)
        for m in d.messages:
            t0 = time.perf_counter()
            session.add(m)
            out.append((time.perf_counter() - t0) * 1000)
    return out


def chained_sessions(dialogues: Sequence[Dialogue], turns: int = SESSION_TURNS) -> list[list[Message]]:
    """Consecutive conversations joined into sessions of exactly `turns` messages."""
    flat = [m for d in dialogues for m in d.messages]
    return [
        [m.model_copy(update={"idx": i}) for i, m in enumerate(flat[k : k + turns])]
        for k in range(0, len(flat) - turns + 1, turns)
    ]


def compaction_latencies(sessions: Sequence[list[Message]], use_embeddings: bool) -> list[float]:
    """Milliseconds of a forced compaction of each session, its embeddings already cached."""
    comp = Compressor(Config(use_embeddings=use_embeddings))
    out = []
    for i, msgs in enumerate(sessions):
        session = comp.session(f"speed-{i}")
        for m in msgs:
            session.add(m, auto_compact=False)
        session.compact(force=True)  # warms the cache (goal texts, user turns)
        t0 = time.perf_counter()
        session.compact(force=True)
        out.append((time.perf_counter() - t0) * 1000)
    return out


def cli_throughput(path: str, use_embeddings: bool) -> tuple[float, int]:
    """Seconds and conversations of `python -m core compress FILE --force` in a fresh process."""
    with tempfile.TemporaryDirectory() as tmp:
        cfg = Path(tmp) / "c.toml"
        cfg.write_text(f"use_embeddings = {'true' if use_embeddings else 'false'}\n")
        out = Path(tmp) / "out.jsonl"
        t0 = time.perf_counter()
        subprocess.run(
            [
                sys.executable,
                "-m",
                "core",
                "compress",
                path,
                "--force",
                "--quiet",
                "--config",
                str(cfg),
                "--out",
                str(out),
            ],
            check=True,
            capture_output=True,
        )
        seconds = time.perf_counter() - t0
        return seconds, sum(1 for _ in out.open(encoding="utf-8"))


def measure(path: str, runs: int = 3, limit: int = 0) -> dict:
    """Every speed number, median of `runs` runs, both modes."""
    dialogues = [d for d in load_dialogues(path) if isinstance(d, Dialogue)]
    if limit:
        dialogues = dialogues[:limit]
    sessions = chained_sessions(dialogues)
    result: dict = {"file": path, "conversations": len(dialogues), "sessions_50": len(sessions), "runs": runs}
    for mode, emb in (("minilm", True), ("rules", False)):
        adds = [add_latencies(dialogues, emb) for _ in range(runs)]
        comps = [compaction_latencies(sessions, emb) for _ in range(runs)]
        clis = [cli_throughput(path, emb) for _ in range(runs)] if not limit else []
        result[mode] = {
            "add_p50_ms": statistics.median(percentile(a, 50) for a in adds),
            "add_p95_ms": statistics.median(percentile(a, 95) for a in adds),
            "compaction_p50_ms": statistics.median(percentile(c, 50) for c in comps),
            "compaction_p95_ms": statistics.median(percentile(c, 95) for c in comps),
            "cli_seconds": statistics.median(s for s, _ in clis) if clis else None,
            "cli_conv_per_s": statistics.median(n / s for s, n in clis) if clis else None,
        }
    return result


def render(result: dict, command: str) -> str:
    """The markdown section."""
    m, r = result["minilm"], result["rules"]

    def ratio(key: str) -> str:
        return f"{m[key] / r[key]:.1f}x" if m.get(key) and r.get(key) else "n/a"

    def pair(d: dict, a: str, b: str) -> str:
        return "n/a" if d.get(a) is None else f"{d[a]:,.2f} / {d[b]:,.2f}"

    def cli(d: dict) -> str:
        return (
            "n/a"
            if d.get("cli_seconds") is None
            else f"{d['cli_seconds']:,.1f} s, {d['cli_conv_per_s']:,.1f} conv/s"
        )

    info = machine_info()
    rows = [
        (
            "add() p50 / p95, ms (cold cache: one embedding per user turn)",
            "p95 <= 15",
            pair(m, "add_p50_ms", "add_p95_ms"),
            pair(r, "add_p50_ms", "add_p95_ms"),
            ratio("add_p95_ms"),
        ),
        (
            f"compaction of a {SESSION_TURNS}-turn session, embeddings cached: p50 / p95, ms",
            "p95 <= 50",
            pair(m, "compaction_p50_ms", "compaction_p95_ms"),
            pair(r, "compaction_p50_ms", "compaction_p95_ms"),
            ratio("compaction_p95_ms"),
        ),
        (
            "`python -m core compress --force` in a fresh process, model load included",
            "> 10 conv/s",
            cli(m),
            cli(r),
            ratio("cli_seconds"),
        ),
    ]
    lines = [
        "## Core speed",
        "",
        f"Measured {now_utc():%Y-%m-%d %H:%M} UTC on {info['cpu']}, {info['cores']} cores, {info['ram']} RAM "
        f"(load {info['load']}); commit {info['commit']}.",
        "",
        "Command:",
        "",
        "```",
        command,
        "```",
        "",
        f"{result['conversations']} conversations of `{Path(result['file']).name}`; {result['sessions_50']} "
        f"sessions of {SESSION_TURNS} messages chained from them; every number is the median of "
        f"{result['runs']} runs. Baseline: the rules-only mode (no embeddings) in the same run.",
        "",
        "| measure | target | MiniLM (default) | rules-only baseline | ratio |",
        "|---|---|---|---|---|",
        *(f"| {' | '.join(row)} |" for row in rows),
        "",
    ]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Measure and print (and write the report section)."""
    ap = argparse.ArgumentParser(prog="python -m bench.speed", description=__doc__.splitlines()[0])
    ap.add_argument("file", nargs="?", default=DEFAULT_FILE)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--limit", type=int, default=0, help="first N conversations (skips the CLI run)")
    ap.add_argument("--report", help="markdown file to write the speed section into")
    args = ap.parse_args(argv)
    result = measure(args.file, args.runs, args.limit)
    command = "python -m bench.speed " + " ".join(sys.argv[1:] if argv is None else argv)
    section = render(result, command.strip())
    print(section)
    if args.report:
        write_section(Path(args.report), section, MARKERS)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
