"""`python -m bench.agent TRACES.jsonl [...]`: what each method keeps of what an agent's next call needs.

Examples:
    python -m bench.agent ../shared/data/agent_traces/bfcl_base_dev.jsonl --limit 50
    python -m bench.agent A.jsonl B.jsonl --json docs/benchmarks_agent.json --report docs/benchmarks.md
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tqdm import tqdm

from bench.agent_methods import AGENT_METHODS, ALL_AGENT_METHODS, build_agent_method
from bench.agent_report import AGENT_MARKERS, render_agent_section
from bench.agent_run import AgentDatasetResult, run_agent_file
from bench.conversations import load_conversations
from bench.report import machine_info, now_utc, write_section
from core.embed import Embedder, NgramEmbedder
from core.formats import DialogueError


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line (see the module docstring)."""
    ap = argparse.ArgumentParser(prog="python -m bench.agent", description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="+", help="agent-trace JSONL files (shared/data/agent_traces format)")
    ap.add_argument(
        "--methods",
        nargs="+",
        default=list(AGENT_METHODS),
        help=f"methods (space or comma separated); default: {' '.join(AGENT_METHODS)}; "
        f"all: {' '.join(ALL_AGENT_METHODS)}",
    )
    ap.add_argument("--limit", type=int, default=0, help="use the first N cuts of each file (0: all)")
    ap.add_argument("--json", help="write every number (per method and cut) to this JSON file")
    ap.add_argument("--report", help="write the agent-trace section of this markdown file")
    ap.add_argument(
        "--embedder",
        choices=("default", "ngram"),
        default="default",
        help="the core's embedder: its default (MiniLM + n-grams for Chinese) or the n-gram stand-in",
    )
    ap.add_argument("--quiet", action="store_true", help="no progress bar")
    args = ap.parse_args(argv)
    args.methods = [m for part in args.methods for m in part.split(",") if m]
    unknown = [m for m in args.methods if m not in ALL_AGENT_METHODS]
    if unknown:
        ap.error(f"unknown method(s) {', '.join(unknown)}; choose from {', '.join(ALL_AGENT_METHODS)}")
    if args.limit < 0:
        ap.error("--limit must be 0 (all) or more")
    return args


def run_agent_bench(
    files: Sequence[str],
    methods: Sequence[str],
    limit: int = 0,
    embedder: Embedder | None = None,
    progress: bool = True,
) -> list[AgentDatasetResult]:
    """Run the methods on each trace file (freshly built per file) and return the results."""
    results = []
    for file in files:
        convs = load_conversations(file, limit=limit)
        built = [build_agent_method(name, embedder=embedder) for name in methods]
        with tqdm(
            total=len(built) * len(convs),
            desc=Path(file).name,
            unit="cut",
            disable=not progress,
            file=sys.stderr,
            mininterval=0.5,
        ) as bar:
            results.append(run_agent_file(file, convs, built, tick=bar.update))
    return results


def _plain(obj: Any) -> Any:
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: _plain(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    if isinstance(obj, dict):
        return {str(k): _plain(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_plain(v) for v in obj]
    if isinstance(obj, float) and math.isnan(obj):
        return None
    return obj


def write_agent_json(path: str | Path, datasets: Sequence[AgentDatasetResult], meta: dict[str, Any]) -> None:
    """Every number of the run, per method and cut, as JSON (NaN written as null)."""
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    payload = {"meta": meta, "datasets": _plain(list(datasets))}
    Path(path).write_text(json.dumps(payload, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    """Run, print the section, and write the JSON and report that were asked for."""
    args = parse_args(argv)
    embedder = NgramEmbedder() if args.embedder == "ngram" else None
    load_start = machine_info().get("load", "?")
    try:
        results = run_agent_bench(args.files, args.methods, args.limit, embedder, not args.quiet)
    except DialogueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    when = now_utc()
    machine = {**machine_info(), "load_start": load_start}
    command = "python -m bench.agent " + shlex.join(list(argv) if argv is not None else sys.argv[1:])
    section = render_agent_section(results, command, machine, when, args.embedder, args.limit)
    print(section)
    if args.report:
        write_section(args.report, section, AGENT_MARKERS)
        print(f"\nwrote {args.report}", file=sys.stderr)
    if args.json:
        meta = {
            "command": command,
            "machine": machine,
            "date": when.isoformat(),
            "embedder": args.embedder,
            "limit": args.limit,
        }
        write_agent_json(args.json, results, meta)
        print(f"wrote {args.json}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
