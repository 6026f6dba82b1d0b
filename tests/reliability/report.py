"""docs/reliability.md from a reliability run's results (written by tests/reliability/recorder.py).

    python -m tests.reliability.report RESULTS.json [--out docs/reliability.md]

A table per section of the issue (tests.reliability.cases.SECTIONS) of every case, the test that
covers it and its result; the numbers the tests measured (inputs fuzzed, faults injected and
survived, rows written concurrently and found); the run's date, commit and duration, and whether the
long cases ran. Nothing in it is typed by hand: rerun ``make reliability`` to refresh it.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tests.reliability.cases import SECTIONS

RESULT_MARK = {"passed": "passed", "failed": "**FAILED**", "error": "**ERROR**", "skipped": "skipped"}
# How a measured number is grouped in the doc: the first group whose word the name contains.
NUMBER_GROUPS = (
    ("Inputs fuzzed (property tests)", ("fuzzed",)),
    (
        "Faults injected and survived",
        ("injected", "killed", "kills", "full-disk", "locked", "failing", "replayed", "fault"),
    ),
    ("Rows written concurrently and found", ("concurrently", "threads", "another process")),
    ("Bad input and attacks", ("",)),
)


def short_test(nodeid: str) -> str:
    """``tests/reliability/test_x.py::test_y[p]`` as ``test_x.py::test_y`` (the case names the p)."""
    path, _, name = nodeid.partition("::")
    folder = path.rsplit("/", 2)[-2] if path.count("/") >= 2 else ""
    prefix = "" if folder == "reliability" else f"{folder}/"
    return f"{prefix}{path.rsplit('/', 1)[-1]}::{name.split('[', 1)[0]}"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def case_rows(results: dict[str, Any]) -> dict[str, list[tuple[str, str, str, float]]]:
    """Per section: (case, test, outcome, seconds), cases in the order the tests ran; a case whose
    test is listed in covered_elsewhere but did not run at all shows as 'not run'."""
    rows: dict[str, list[tuple[str, str, str, float]]] = {s: [] for s in SECTIONS}
    ran = set()
    for test in results["tests"]:
        ran.add(test["nodeid"].split("[", 1)[0])
        for section, case in test["cases"]:
            rows.setdefault(section, []).append((case, test["nodeid"], test["outcome"], test["seconds"]))
    for nodeid, cases in results.get("covered_elsewhere", {}).items():
        if nodeid not in ran:
            for section, case in cases:
                rows.setdefault(section, []).append((case, nodeid, "not run", 0.0))
    return rows


def number_groups(numbers: dict[str, float]) -> list[tuple[str, list[tuple[str, float]]]]:
    """The measured totals sorted into NUMBER_GROUPS, each with its entries."""
    grouped: dict[str, list[tuple[str, float]]] = {title: [] for title, _ in NUMBER_GROUPS}
    for name, value in sorted(numbers.items()):
        title = next(t for t, words in NUMBER_GROUPS if any(w in name for w in words))
        grouped[title].append((name, value))
    return [(title, entries) for title, entries in grouped.items() if entries]


def _fmt(value: float) -> str:
    return f"{int(value):,}" if float(value).is_integer() else f"{value:,.2f}"


def _summary(results: dict[str, Any]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for test in results["tests"]:
        counts[test["outcome"]] = counts.get(test["outcome"], 0) + 1
    return counts


def render(results: dict[str, Any], command: str = "make reliability") -> str:
    """The whole Markdown document."""
    started = datetime.fromtimestamp(results["started"], UTC).strftime("%Y-%m-%d %H:%M UTC")
    counts = _summary(results)
    commit = results.get("commit") or "unknown"
    if results.get("uncommitted_files"):
        commit += f" (+{results['uncommitted_files']} files with uncommitted changes)"
    outcome = ", ".join(f"{n} {k}" for k, n in sorted(counts.items()))
    lines = [
        "# Reliability and security: the cases and the tests that prove them",
        "",
        f"Produced by `{command}` (the tests, then `python -m tests.reliability.report`); do not edit "
        "by hand. `make test` runs the same suite without the long cases. Issue 6 lists the cases.",
        "",
        "| Run | |",
        "|---|---|",
        f"| Date | {started} |",
        f"| Commit | {commit} |",
        f"| Duration | {results['seconds'] / 60:.1f} min ({results['seconds']:.0f} s) |",
        f"| Long cases (RELIABILITY_LONG=1) | {'ran' if results.get('long') else 'skipped'} |",
        f"| Python | {results.get('python', '?')} |",
        f"| Tests | {len(results['tests'])}: {outcome} |",
        "",
        "## The numbers",
        "",
    ]
    for title, entries in number_groups(results.get("numbers", {})):
        total = sum(v for _, v in entries)
        lines += [f"### {title}: {_fmt(total)}", "", "| What | Count |", "|---|---:|"]
        lines += [f"| {_cell(name)} | {_fmt(value)} |" for name, value in entries]
        lines.append("")
    rows = case_rows(results)
    for section in [*SECTIONS, *(s for s in rows if s not in SECTIONS)]:
        lines += [f"## {section}", ""]
        if not rows.get(section):
            lines += ["No test of this section ran.", ""]
            continue
        lines += ["| Case | Test | Result | s |", "|---|---|---|---:|"]
        for case, nodeid, outcome, seconds in rows[section]:
            result = RESULT_MARK.get(outcome, outcome)
            lines.append(f"| {_cell(case)} | `{short_test(nodeid)}` | {result} | {seconds:.1f} |")
        lines.append("")
    lines += _problems(results["tests"])
    return "\n".join(lines).rstrip() + "\n"


def _problems(tests: Iterable[dict[str, Any]]) -> list[str]:
    """The tests that failed or were skipped, with the reason of a skip."""
    bad = [t for t in tests if t["outcome"] != "passed"]
    if not bad:
        return ["Every recorded test passed."]
    out = ["## Not passed", "", "| Test | Result | Reason |", "|---|---|---|"]
    for t in bad:
        reason = _cell(str(t.get("reason", "")))[:200]
        out.append(f"| `{t['nodeid']}` | {RESULT_MARK.get(t['outcome'], t['outcome'])} | {reason} |")
    return out


def main(argv: list[str] | None = None) -> int:
    """Write the doc; exit 1 if the results file is missing or unreadable."""
    parser = argparse.ArgumentParser(prog="python -m tests.reliability.report", description=__doc__)
    parser.add_argument("results", type=Path, help="the JSON file RELIABILITY_RESULTS named")
    parser.add_argument("--out", type=Path, default=Path("docs/reliability.md"))
    parser.add_argument("--command", default="make reliability", help="the command the doc says made it")
    args = parser.parse_args(argv)
    try:
        results = json.loads(args.results.read_text(encoding="utf-8"))
        text = render(results, args.command)
    except (OSError, ValueError, KeyError) as exc:
        print(f"cannot read the results {args.results}: {exc}", file=sys.stderr)
        return 1
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    print(f"wrote {args.out}: {len(results['tests'])} tests")
    return 0


if __name__ == "__main__":
    sys.exit(main())
