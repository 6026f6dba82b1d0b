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
        "INSERT INTO messages BY NAME SELECT * REPLACE ('ghost' AS context_id) FROM messages "
        "WHERE context_id = 'a' LIMIT 2"
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


def test_a_version_1_file_with_data_migrates_to_the_latest(db_path, monkeypatch):
    """Version 2 adds the dense context key, the compaction source and the metric rollup, backfilled."""
    monkeypatch.setattr(schema, "MIGRATIONS", schema.MIGRATIONS[:1])
    con = duckdb.connect(str(db_path))
    assert schema.migrate(con) == 1
    con.execute(
        "INSERT INTO contexts (context_id, source, created_at, updated_at, turns) "
        "VALUES ('old', 'sgd', '2025-01-01 10:00', '2025-01-01 10:05', 1)"
    )
    con.execute(
        "INSERT INTO messages VALUES ('old', 0, 1, 'user', 'hello', '2025-01-01 10:00', 1, NULL, NULL, NULL, "
        "'h', '2025-01-01 10:00')"
    )
    con.execute(
        "INSERT INTO compactions (context_id, seq, at_turn, trigger, tier, fold_upto, tokens_in, tokens_out, "
        "ratio, latency_ms, retries, fallback, failed, created_at) "
        "VALUES ('old', 0, 0, 'tokens', 0, 0, 10, 5, 0.5, '{}', 0, false, false, '2025-01-01 10:01')"
    )
    con.execute(
        "INSERT INTO metrics VALUES ('old', 'sgd', 'bloat_rate', 0.5, 0, '2025-01-01 10:01'), "
        "('old', 'sgd', 'bloat_rate', 1.5, 0, '2025-01-01 10:20')"
    )
    con.close()
    monkeypatch.undo()

    store = Store.open(db_path, linger=0)
    report = store.check()
    assert report.schema_version == LATEST_VERSION and report.problems == []
    assert [m.message.text for m in store.timeline("old").messages] == ["hello"]
    [stats] = [s for s in store.compaction_stats(bucket="day") if not s.overall]
    assert (stats.source, stats.n) == ("sgd", 1)
    [row] = [b for b in store.metric_series(bucket="hour").rows() if not b.overall]
    assert (row.n, row.mean, row.min, row.max) == (2, 1.0, 0.5, 1.5)
    store.save_contexts([make_context("new")])  # keys continue after the backfilled ones
    assert store.check().problems == []
