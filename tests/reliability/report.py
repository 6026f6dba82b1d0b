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
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tests.reliability.cases import SECTIONS

RESULT_MARK = {"passed": "passed", "failed": "**FAILED**", "error": "**ERROR**", "skipped": "skipped"}
SUBCOUNT = "of those"  # a number that counts part of the one before it (not added to a total)
TOTALLED = (
    "Inputs fuzzed (property tests)",
    "Faults injected and survived",
    "Rows written concurrently and found",
)
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


@dataclass
class CaseRow:
    """One case as the doc shows it: the test proving it and the outcome of each of its variants."""

    case: str
    nodeid: str
    outcomes: list[tuple[str | None, str]] = field(default_factory=list)  # (variant, outcome)
    seconds: float = 0.0

    def result(self) -> str:
        """'passed', '**FAILED** (1 of 17)', 'skipped', 'passed 3, skipped 1', 'not run'."""
        counts: dict[str, int] = {}
        for _, outcome in self.outcomes:
            counts[outcome] = counts.get(outcome, 0) + 1
        bad = counts.get("failed", 0) + counts.get("error", 0)
        if bad:
            return f"**FAILED** ({bad} of {len(self.outcomes)})"
        if len(counts) == 1:
            return next(iter(counts))
        return ", ".join(f"{k} {n}" for k, n in sorted(counts.items()))

    def variants(self) -> str:
        """The parameter ids of a parametrized test (each cut to 32 characters), failed ones in bold."""
        shown = []
        for variant, outcome in self.outcomes:
            if variant is None:
                continue
            text = variant if len(variant) <= 32 else variant[:31] + "…"
            shown.append(f"**{text}**" if outcome in ("failed", "error") else text)
        return ", ".join(shown)


def case_rows(results: dict[str, Any]) -> dict[str, list[CaseRow]]:
    """Per section, its cases in the order their tests ran, the variants of one test in one row; a
    test listed in covered_elsewhere that did not run at all shows as 'not run'."""
    rows: dict[str, dict[tuple[str, str], CaseRow]] = {s: {} for s in SECTIONS}
    ran = set()
    for test in results["tests"]:
        base = test["nodeid"].split("[", 1)[0]
        ran.add(base)
        for section, case in test["cases"]:
            row = rows.setdefault(section, {}).setdefault((case, base), CaseRow(case, base))
            row.outcomes.append((test.get("variant"), test["outcome"]))
            row.seconds += test["seconds"]
    for nodeid, cases in results.get("covered_elsewhere", {}).items():
        if nodeid not in ran:
            for section, case in cases:
                rows.setdefault(section, {})[(case, nodeid)] = CaseRow(case, nodeid, [(None, "not run")])
    return {section: list(by_case.values()) for section, by_case in rows.items()}


def number_groups(numbers: dict[str, float]) -> list[tuple[str, list[tuple[str, float]]]]:
    """The measured totals sorted into NUMBER_GROUPS, each with its entries in the order measured."""
    grouped: dict[str, list[tuple[str, float]]] = {title: [] for title, _ in NUMBER_GROUPS}
    for name, value in numbers.items():
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
        total = sum(v for name, v in entries if not name.startswith(SUBCOUNT))
        heading = f"### {title}: {_fmt(total)}" if title in TOTALLED else f"### {title}"
        lines += [heading, "", "| What | Count |", "|---|---:|"]
        for name, value in entries:
            shown = f"&nbsp;&nbsp;&nbsp;{name}" if name.startswith(SUBCOUNT) else name
            lines.append(f"| {_cell(shown)} | {_fmt(value)} |")
        lines.append("")
    rows = case_rows(results)
    for section in [*SECTIONS, *(s for s in rows if s not in SECTIONS)]:
        lines += [f"## {section}", ""]
        if not rows.get(section):
            lines += ["No test of this section ran.", ""]
            continue
        lines += ["| Case | Test | Result | Variants | s |", "|---|---|---|---|---:|"]
        for row in rows[section]:
            lines.append(
                f"| {_cell(row.case)} | `{short_test(row.nodeid)}` | {row.result()} | "
                f"{_cell(row.variants())} | {row.seconds:.1f} |"
            )
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
