"""Fixtures of the reliability suite, and the switch for its long cases.

* Tests marked ``slow`` here (50 MB files, kill loops, real servers) run only when
  ``RELIABILITY_LONG=1`` (``make reliability``); ``make test`` runs the fast cases.
* With ``RELIABILITY_RESULTS=path.json`` the recorder plugin (tests/reliability/recorder.py, loaded
  here) writes every test's outcome, the cases it covers (``tests.reliability.cases.covers``) and
  the numbers the tests measured; ``python -m tests.reliability.report`` turns that into
  docs/reliability.md.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from core.config import Config, config_to_toml
from data.records import ContextIngest
from data.store import Store
from tests.console.builders import TEST_CONFIG, seed_store
from tests.reliability import recorder
from tests.reliability.cases import NUMBERS, Numbers
from tests.reliability.recorder import LONG_ENV, in_suite, long_run

__all__ = ["long_run"]


def pytest_configure(config: pytest.Config) -> None:
    """Load the recorder unless ``-p tests.reliability.recorder`` already did."""
    if not config.pluginmanager.is_registered(recorder):
        config.pluginmanager.register(recorder, recorder.__name__)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip the long cases outside ``make reliability``."""
    skip_long = pytest.mark.skip(reason=f"long case: runs with {LONG_ENV}=1 (make reliability)")
    for item in items:
        if in_suite(item) and item.get_closest_marker("slow") and not long_run():
            item.add_marker(skip_long)


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
