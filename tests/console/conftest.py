"""Fixtures for the sessions / replay / facts services and pages: real contexts in a real DuckDB file.

The four test dialogues are run through the real core once per test session (``seed_bundles``);
each test gets its own database file with them saved (``seeded_store``). Fixture names are
distinct so that other test modules of this folder can define their own ``store``.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

from console import auth
from data.records import ContextIngest
from data.store import Store
from tests.console.auth_accounts import copy_accounts, make_accounts
from tests.console.builders import load_dialogues, seed_store

UNTRACED = "sgd-train-4_00021"  # stored without stage traces: the replay must offer a recompute


class FixedClock:
    """Every Store write is stamped with ``now`` (naive UTC)."""

    def __init__(self, now: datetime = datetime(2025, 3, 2, 12, 0)) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture(scope="session")
def seed_bundles(tmp_path_factory: pytest.TempPathFactory) -> list[ContextIngest]:
    """The test contexts as built by the real core (once per test session)."""
    path = tmp_path_factory.mktemp("seed") / "seed.duckdb"
    store = Store.open(path, linger=0)
    bundles = seed_store(store, without_traces=(UNTRACED,))
    store.close()
    return bundles


@pytest.fixture
def seeded_store(tmp_path: Path, seed_bundles: list[ContextIngest]) -> Iterator[Store]:
    """A fresh database file holding the test contexts."""
    store = Store.open(tmp_path / "console.duckdb", clock=FixedClock(), linger=5)
    store.save_contexts(seed_bundles)
    yield store
    store.close()


@pytest.fixture
def dialogue_ids() -> list[str]:
    """The context ids of the test dialogues, in file order."""
    return [d.context_id for d in load_dialogues()]


@pytest.fixture
def app_db(tmp_path: Path, seed_bundles: list[ContextIngest], monkeypatch: pytest.MonkeyPatch) -> Path:
    """A seeded database file the app under test uses ($CONSOLE_DB), acting as operator 'ana'."""
    path = tmp_path / "app.duckdb"
    store = Store.open(path, linger=0)
    store.save_contexts(seed_bundles)
    store.close()
    monkeypatch.setenv("CONSOLE_DB", str(path))
    monkeypatch.setenv("CONSOLE_ROLE", "operator")  # with login off, no role is a viewer
    monkeypatch.setenv("CONSOLE_ACTOR", "ana")
    return path


@pytest.fixture(scope="session")
def accounts_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("accounts")
    store = Store.open(folder / "setup.duckdb", linger=0)
    path = make_accounts(folder / "credentials.yaml", store)
    store.close()
    return path


@pytest.fixture
def login_on(app_db: Path, accounts_template: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    path = copy_accounts(accounts_template, tmp_path / "accounts")
    monkeypatch.setenv("CONSOLE_AUTH", "password")
    monkeypatch.setenv("CONSOLE_CREDENTIALS", str(path))
    auth.reset_process_memory()
    yield path
    auth.reset_process_memory()
