"""Migrations on open, schema version, and the integrity check."""

from __future__ import annotations

import duckdb
import pytest

from data import schema
from data.paths import default_db_path
from data.schema import LATEST_VERSION, Migration, SchemaError
from data.store import Store
from tests.data.conftest import make_context

pytestmark = pytest.mark.unit


def test_open_creates_every_table_once(db_path):
    store = Store.open(db_path, linger=0)
    report = store.check()
    assert report.schema_version == LATEST_VERSION and report.ok
    assert set(report.counts) == set(schema.TABLES)
    assert Store.open(db_path, linger=0).migrate() == LATEST_VERSION  # reopening changes nothing


def test_a_newer_file_is_refused(db_path):
    Store.open(db_path, linger=0)
    con = duckdb.connect(str(db_path))
    con.execute(
        "INSERT INTO schema_version VALUES (?, 'from the future', now()::TIMESTAMP)", [LATEST_VERSION + 1]
    )
    con.close()
    with pytest.raises(SchemaError, match="newer than this code"):
        Store.open(db_path, linger=0)


def test_a_failing_migration_leaves_the_previous_version(db_path, monkeypatch):
    Store.open(db_path, linger=0)
    bad = Migration(LATEST_VERSION + 1, "broken", ("CREATE TABLE half_done (x INTEGER)", "NOT SQL AT ALL"))
    monkeypatch.setattr(schema, "MIGRATIONS", (*schema.MIGRATIONS, bad))
    with pytest.raises(duckdb.ParserException):
        Store.open(db_path, linger=0)
    con = duckdb.connect(str(db_path))
    assert schema.current_version(con) == LATEST_VERSION
    tables = {r[0] for r in con.execute("SELECT table_name FROM information_schema.tables").fetchall()}
    con.close()
    assert "half_done" not in tables


def test_integrity_check_finds_orphans_and_broken_versions(store, db_path):
    store.save_contexts([make_context("a")])
    assert store.check().problems == []
    store.close()
    con = duckdb.connect(str(db_path))
    con.execute(
        "INSERT INTO messages SELECT 'ghost', idx, version, role, text, ts, tokens, tool_call, "
        "tool_result, attachments, content_hash, ingested_at FROM messages WHERE context_id = 'a' LIMIT 2"
    )
    con.execute("UPDATE fact_history SET version = 5 WHERE context_id = 'a' AND key = 'hotel.people'")
    con.close()
    problems = store.check().problems
    assert "2 messages rows whose context is missing" in problems
    assert "1 facts whose version is not their latest history version" in problems
    assert "1 facts whose versions are not 1..n without repeats" in problems
    assert not store.check().ok


def test_default_path_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.delenv("CONSOLE_DB", raising=False)
    assert default_db_path().name == "console.duckdb" and default_db_path().parent.name == "data"
    monkeypatch.setenv("CONSOLE_DB", str(tmp_path / "other.duckdb"))
    assert default_db_path() == tmp_path / "other.duckdb"
    assert Store().path == tmp_path / "other.duckdb"
