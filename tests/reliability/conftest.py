"""Fixtures of the reliability suite, and the plugin that records its results for the doc.

* Tests marked ``slow`` here (50 MB files, kill loops, real servers) run only when
  ``RELIABILITY_LONG=1`` (``make reliability``); ``make test`` runs the fast cases.
* With ``RELIABILITY_RESULTS=path.json`` every test's outcome, the cases it covers
  (``tests.reliability.cases.covers``) and the numbers the tests measured are written there at
  the end of the run; ``python -m tests.reliability.report`` turns that into docs/reliability.md.
"""

from __future__ import annotations

import json
import os
import platform
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from core.config import Config, config_to_toml
from data.records import ContextIngest
from data.store import Store
from tests.console.builders import TEST_CONFIG, seed_store
from tests.reliability.cases import NUMBERS, Numbers

HERE = Path(__file__).resolve().parent
LONG_ENV = "RELIABILITY_LONG"
RESULTS_ENV = "RELIABILITY_RESULTS"
_RESULTS: dict[str, dict] = {}
_CASES: dict[str, list[tuple[str, str]]] = {}
_STARTED = time.time()


def long_run() -> bool:
    """True under ``make reliability`` (the slow cases run too)."""
    return os.environ.get(LONG_ENV, "") == "1"


def _ours(item: pytest.Item) -> bool:
    return Path(str(item.path)).resolve().is_relative_to(HERE)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip the long cases outside ``make reliability``; remember which case each test covers."""
    skip_long = pytest.mark.skip(reason=f"long case: runs with {LONG_ENV}=1 (make reliability)")
    for item in items:
        if not _ours(item):
            continue
        if item.get_closest_marker("slow") and not long_run():
            item.add_marker(skip_long)
        cases = getattr(getattr(item, "function", None), "reliability_cases", [])
        callspec = getattr(item, "callspec", None)
        _CASES[item.nodeid] = [
            (section, f"{case} [{callspec.id}]" if callspec is not None else case) for section, case in cases
        ]


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Keep each of our tests' outcome and time (setup, call and teardown together)."""
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


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Write the results file when RELIABILITY_RESULTS names one."""
    target = os.environ.get(RESULTS_ENV, "").strip()
    if not target or not _RESULTS:
        return
    tests = [
        {"nodeid": nodeid, "cases": _CASES.get(nodeid, []), **result} for nodeid, result in _RESULTS.items()
    ]
    Path(target).write_text(
        json.dumps(
            {
                "started": _STARTED,
                "seconds": time.time() - _STARTED,
                "long": long_run(),
                "python": platform.python_version(),
                "tests": tests,
                "numbers": NUMBERS.totals,
            },
            indent=1,
        ),
        encoding="utf-8",
    )


# --- fixtures ---------------------------------------------------------------------------------------


@pytest.fixture
def numbers() -> Numbers:
    """The run's measured totals (see tests.reliability.cases.NUMBERS)."""
    return NUMBERS


@pytest.fixture
def test_config() -> Config:
    """Rules only, and a small history budget so compactions fire within a 20-turn dialogue."""
    return TEST_CONFIG


@pytest.fixture
def config_file(tmp_path: Path, test_config: Config) -> Path:
    """TEST_CONFIG as a TOML file, for the CLIs."""
    path = tmp_path / "config.toml"
    path.write_text(config_to_toml(test_config), encoding="utf-8")
    return path


@pytest.fixture(scope="session")
def seed_bundles(tmp_path_factory: pytest.TempPathFactory) -> list[ContextIngest]:
    """The four test dialogues as the real core ingests them (built once per run)."""
    store = Store.open(tmp_path_factory.mktemp("seed") / "seed.duckdb", linger=0)
    bundles = seed_store(store)
    store.close()
    return bundles


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "console.duckdb"


@pytest.fixture
def seeded_store(db_path: Path, seed_bundles: list[ContextIngest]) -> Iterator[Store]:
    """A fresh database file holding the four test contexts (closed after the test)."""
    store = Store.open(db_path, linger=2)
    store.save_contexts(seed_bundles)
    yield store
    store.close()
