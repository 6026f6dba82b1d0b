"""`python -m bench DATA.jsonl [DATA2.jsonl ...]`: the core against its peers, one table per file.

Examples:
    python -m bench ../shared/data/dialogues/sgd_dev_sample.jsonl --limit 20 --runs 1
    python -m bench A.jsonl B.jsonl --methods core last-n oracle --json out.json
        --report docs/benchmarks.md
"""

from __future__ import annotations

import argparse
import re
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tqdm import tqdm

from bench.chart import write_chart
from bench.conversations import load_conversations
from bench.long_session import run_long_sessions
from bench.methods import ALL_METHODS, MethodUnavailable, build_method
from bench.report import (
    machine_info,
    now_utc,
    render_section,
    section_markers,
    write_json,
    write_section,
)
from bench.runner import DatasetResult, run_dataset
from core.embed import Embedder, NgramEmbedder
from core.formats import DialogueError

LONG_PER_SESSION = 20


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line (see the module docstring)."""
    ap = argparse.ArgumentParser(prog="python -m bench", description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="+", help="dialogue JSONL files (shared/data/dialogues format)")
    ap.add_argument(
        "--methods",
        nargs="+",
        default=list(ALL_METHODS),
        help=f"methods to run (space or comma separated); default all: {' '.join(ALL_METHODS)}",
    )
    ap.add_argument("--json", help="write every number (per method and conversation) to this JSON file")
    ap.add_argument(
        "--report", help="write the benchmark section of this markdown file (e.g. docs/benchmarks.md)"
    )
    ap.add_argument(
        "--limit", type=int, default=0, help="use the first N conversations of each file (0: all)"
    )
    ap.add_argument(
        "--runs", type=int, default=3, help="timed runs per conversation; timings are their median"
    )
    ap.add_argument("--no-long", action="store_true", help="skip the long chained sessions")
    ap.add_argument(
        "--long-sessions",
        type=int,
        default=3,
        help="chained sessions per file and config (default 3: each is ~400 messages fed one by one; 0: all)",
    )
    ap.add_argument(
        "--long-window", type=int, default=2000, help="max_history_tokens of the small-window long run"
    )
    ap.add_argument(
        "--embedder",
        choices=("default", "ngram"),
        default="default",
        help="the core's embedder: its default (MiniLM + n-grams for Chinese) or the n-gram stand-in",
    )
    ap.add_argument("--no-png", action="store_true", help="write the chart as HTML only")
    ap.add_argument(
        "--section",
        default="core",
        help="the report section to write (default 'core': the dev samples; e.g. 'freeform' for "
        "another data set, written beside it with its own chart)",
    )
    args = ap.parse_args(argv)
    args.methods = [m for part in args.methods for m in part.split(",") if m]
    unknown = [m for m in args.methods if m not in ALL_METHODS]
    if unknown:
        ap.error(f"unknown method(s) {', '.join(unknown)}; choose from {', '.join(ALL_METHODS)}")
    if args.runs < 1:
        ap.error("--runs must be at least 1")
    if not re.fullmatch(r"[a-z0-9_-]+", args.section):
        ap.error("--section must be lowercase letters, digits, '-' or '_'")
    return args


def run_bench(
    files: Sequence[str],
    methods: Sequence[str],
    limit: int = 0,
    runs: int = 3,
    embedder: Embedder | None = None,
    long_sessions: bool = True,
    long_max: int = 0,
    long_window: int = 2000,
    progress: bool = True,
) -> list[DatasetResult]:
    """Run the benchmark on each file and return the results (no files written)."""
    results = []
    for file in files:
        convs = load_conversations(file, limit=limit)
        built = [build_method(name, embedder=embedder) for name in methods]
        with tqdm(
            total=len(built) * runs * len(convs),
            desc=Path(file).name,
            unit="conv",
            disable=not progress,
            file=sys.stderr,
            mininterval=0.5,
        ) as bar:
            ds = run_dataset(file, convs, built, runs=runs, tick=bar.update)
        if long_sessions:
            ds.long_sessions = _long(convs, embedder, long_max, long_window, progress, Path(file).name)
        results.append(ds)
    return results


def _long(
    convs: Any, embedder: Embedder | None, long_max: int, window: int, progress: bool, name: str
) -> list[Any]:
    size = min(LONG_PER_SESSION, len(convs))
    n = len(convs) // size if size else 0
    n = min(n, long_max) if long_max else n
    configs = [
        ("default config (16k trigger)", {}),
        (f"max_history_tokens={window}", {"max_history_tokens_override": window}),
    ]
    out: list[Any] = []
    with tqdm(
        total=n * len(configs),
        desc=f"{name} long sessions",
        unit="session",
        disable=not progress,
        file=sys.stderr,
    ) as bar:
        for label, overrides in configs:
            try:
                out.append(
                    run_long_sessions(
                        convs, label, overrides, embedder, LONG_PER_SESSION, long_max, bar.update
                    )
                )
            except MethodUnavailable as exc:
                out.append(f"{label}: unavailable: {exc}")
                bar.update(n)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """Run, print the tables, and write the JSON, report and chart that were asked for."""
    args = parse_args(argv)
    embedder = NgramEmbedder() if args.embedder == "ngram" else None
    load_start = machine_info().get("load", "?")
    try:
        results = run_bench(
            args.files,
            args.methods,
            args.limit,
            args.runs,
            embedder,
            not args.no_long,
            args.long_sessions,
            args.long_window,
        )
    except DialogueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    when = now_utc()
    machine = {**machine_info(), "load_start": load_start}
    command = "python -m bench " + shlex.join(list(argv) if argv is not None else sys.argv[1:])
    chart_html = chart_png = None
    note = ""
    if args.report:
        infix = "" if args.section == "core" else f"_{args.section}"
        html = Path(args.report).with_name(Path(args.report).stem + infix + "_retention.html")
        png_ok, note = write_chart(results, html, png=not args.no_png)
        chart_html = html.name
        chart_png = html.with_suffix(".png").name if png_ok else None
    extra = {}
    if args.section != "core":
        extra = {
            "heading": f"Core against its peers: the {args.section} data",
            "make_note": f"`make bench` runs it when the {args.section} files exist",
        }
    section = render_section(
        results, command, machine, when, args.runs, chart_html, chart_png, note, args.embedder, **extra
    )
    print(section)
    if args.report:
        write_section(args.report, section, section_markers(args.section))
        print(f"\nwrote {args.report}", file=sys.stderr)
    if args.json:
        meta = {
            "command": command,
            "machine": machine,
            "date": when.isoformat(),
            "runs": args.runs,
            "embedder": args.embedder,
            "limit": args.limit,
            "section": args.section,
        }
        write_json(args.json, results, meta)
        print(f"wrote {args.json}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
