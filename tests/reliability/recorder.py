"""The pytest plugin that records what docs/reliability.md reports.

It records every test under tests/reliability and every test anywhere that proves a case (decorated
with ``tests.reliability.cases.covers``, or listed in ``COVERED_ELSEWHERE``): its outcome, time and
cases. With ``RELIABILITY_RESULTS=path.json`` it writes them at the end of the run with the numbers
the tests measured (``NUMBERS``), the run's start, duration and commit, and whether the long cases
ran; ``python -m tests.reliability.report path.json`` turns that into the doc.

It is global (it sees tests/console too) when loaded with ``-p tests.reliability.recorder`` as
``make reliability`` does; tests/reliability/conftest.py also loads it, for runs of that folder.
"""

from __future__ import annotations

import json
import os
import platform
import subprocess
import time
from pathlib import Path

import pytest

from tests.reliability.cases import COVERED_ELSEWHERE, NUMBERS

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
LONG_ENV = "RELIABILITY_LONG"
RESULTS_ENV = "RELIABILITY_RESULTS"
_RESULTS: dict[str, dict] = {}
_CASES: dict[str, list[tuple[str, str]]] = {}
_VARIANTS: dict[str, str] = {}  # node id -> the parameter id of a parametrized test
_STARTED = time.time()


def long_run() -> bool:
    """True under ``make reliability`` (the slow cases run too)."""
    return os.environ.get(LONG_ENV, "") == "1"


def in_suite(item: pytest.Item) -> bool:
    """True for a test under tests/reliability."""
    return Path(str(item.path)).resolve().is_relative_to(HERE)


def cases_of(item: pytest.Item) -> list[tuple[str, str]]:
    """The (section, case) pairs a test proves (each variant of a parametrized test proves them too)."""
    cases = list(getattr(getattr(item, "function", None), "reliability_cases", []))
    return cases + list(COVERED_ELSEWHERE.get(item.nodeid.split("[", 1)[0], ()))


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Remember the tests to record, and the cases each proves (after deselection by -k / -m)."""
    for item in items:
        cases = cases_of(item)
        if cases or in_suite(item):
            _CASES[item.nodeid] = cases
            callspec = getattr(item, "callspec", None)
            if callspec is not None:
                _VARIANTS[item.nodeid] = callspec.id


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Keep each recorded test's outcome and time (setup, call and teardown together)."""
    if report.nodeid not in _CASES:
        return
    entry = _RESULTS.setdefault(report.nodeid, {"outcome": "passed", "seconds": 0.0})
    entry["seconds"] += report.duration
    if report.failed:
        entry["outcome"] = "failed" if report.when == "call" else "error"
    elif report.skipped and entry["outcome"] == "passed":
        entry["outcome"] = "skipped"
        longrepr = report.longrepr
        entry["reason"] = longrepr[2] if isinstance(longrepr, tuple) else str(longrepr)


def _git(*args: str) -> str:
    try:
        done = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, timeout=20)
    except (OSError, subprocess.SubprocessError):
        return ""
    return done.stdout.strip() if done.returncode == 0 else ""


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Write the results file when RELIABILITY_RESULTS names one."""
    target = os.environ.get(RESULTS_ENV, "").strip()
    if not target or not _RESULTS:
        return
    tests = [
        {"nodeid": nodeid, "variant": _VARIANTS.get(nodeid), "cases": _CASES.get(nodeid, []), **result}
        for nodeid, result in _RESULTS.items()
    ]
    dirty = [line for line in _git("status", "--porcelain", "--untracked-files=no").splitlines() if line]
    Path(target).parent.mkdir(parents=True, exist_ok=True)
    Path(target).write_text(
        json.dumps(
            {
                "started": _STARTED,
                "seconds": time.time() - _STARTED,
                "long": long_run(),
                "python": platform.python_version(),
                "commit": _git("rev-parse", "--short", "HEAD"),
                "uncommitted_files": len(dirty),
                "exitstatus": int(exitstatus),
                "tests": tests,
                "covered_elsewhere": {k: list(v) for k, v in COVERED_ELSEWHERE.items()},
                "numbers": NUMBERS.totals,
            },
            indent=1,
        ),
        encoding="utf-8",
    )
