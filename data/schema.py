"""The database schema as an ordered list of migrations, applied on open.

Each migration runs once, in order, inside one transaction together with its ``schema_version``
row, so a crash mid-migration leaves the previous version intact. Never edit a migration that has
shipped: append a new one. All timestamps are UTC, stored as naive ``TIMESTAMP``.

JSON payloads (tool calls, stage outputs, states, audit before/after) are stored as ``VARCHAR``
holding JSON text rather than the ``JSON`` type: the JSON type re-parses every value on insert
(measured here: 120k stage payloads insert in 0.025 s as VARCHAR, 0.05 s as JSON), the text stays
byte-exact, and DuckDB's json functions (``->>``, ``json_extract``) work on the text all the same.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

import duckdb


@dataclass(frozen=True)
class Migration:
    """One step of the schema: a version number, what it does, and its statements."""

    version: int
    description: str
    statements: tuple[str, ...]


_V1 = (
    """CREATE TABLE contexts (
        context_id VARCHAR PRIMARY KEY,
        source VARCHAR NOT NULL DEFAULT '',
        lang VARCHAR NOT NULL DEFAULT 'en',
        created_at TIMESTAMP NOT NULL,
        updated_at TIMESTAMP NOT NULL,
        turns INTEGER NOT NULL DEFAULT 0,
        tokens_raw BIGINT NOT NULL DEFAULT 0,
        tokens_context BIGINT NOT NULL DEFAULT 0,
        compactions INTEGER NOT NULL DEFAULT 0,
        health VARCHAR NOT NULL DEFAULT 'no_data',
        mode VARCHAR NOT NULL DEFAULT 'compressed',
        fingerprint VARCHAR NOT NULL DEFAULT '',
        rendered VARCHAR,
        state VARCHAR
    )""",
    """CREATE TABLE messages (
        context_id VARCHAR NOT NULL,
        idx INTEGER NOT NULL,
        version INTEGER NOT NULL,
        role VARCHAR NOT NULL,
        text VARCHAR NOT NULL,
        ts TIMESTAMP,
        tokens INTEGER NOT NULL DEFAULT 0,
        tool_call VARCHAR,
        tool_result VARCHAR,
        attachments VARCHAR,
        content_hash VARCHAR NOT NULL,
        ingested_at TIMESTAMP NOT NULL
    )""",
    """CREATE TABLE stage_traces (
        context_id VARCHAR NOT NULL,
        idx INTEGER NOT NULL,
        pos INTEGER NOT NULL,
        stage VARCHAR NOT NULL,
        payload VARCHAR NOT NULL,
        latency_ms DOUBLE
    )""",
    """CREATE TABLE facts (
        context_id VARCHAR NOT NULL,
        key VARCHAR NOT NULL,
        value VARCHAR NOT NULL,
        norm VARCHAR NOT NULL,
        strength VARCHAR NOT NULL,
        kind VARCHAR NOT NULL,
        status VARCHAR NOT NULL,
        weight DOUBLE NOT NULL,
        first_idx INTEGER NOT NULL,
        last_idx INTEGER NOT NULL,
        mentions INTEGER NOT NULL,
        role VARCHAR NOT NULL,
        pinned BOOLEAN NOT NULL,
        negated BOOLEAN NOT NULL,
        verified_by_user BOOLEAN NOT NULL,
        version INTEGER NOT NULL,
        updated_at TIMESTAMP NOT NULL,
        updated_by VARCHAR NOT NULL,
        source VARCHAR NOT NULL,
        extra VARCHAR,
        PRIMARY KEY (context_id, key)
    )""",
    """CREATE TABLE fact_history (
        context_id VARCHAR NOT NULL,
        key VARCHAR NOT NULL,
        version INTEGER NOT NULL,
        old_value VARCHAR,
        new_value VARCHAR NOT NULL,
        norm VARCHAR NOT NULL,
        status VARCHAR NOT NULL,
        strength VARCHAR NOT NULL,
        pinned BOOLEAN NOT NULL,
        verified_by_user BOOLEAN NOT NULL,
        turn INTEGER,
        reason VARCHAR NOT NULL DEFAULT '',
        actor VARCHAR NOT NULL,
        source VARCHAR NOT NULL,
        recorded_at TIMESTAMP NOT NULL
    )""",
    """CREATE TABLE compactions (
        context_id VARCHAR NOT NULL,
        seq INTEGER NOT NULL,
        at_turn INTEGER NOT NULL,
        trigger VARCHAR NOT NULL,
        tier INTEGER NOT NULL,
        fold_upto INTEGER NOT NULL,
        tokens_in INTEGER NOT NULL,
        tokens_out INTEGER NOT NULL,
        ratio DOUBLE NOT NULL,
        latency_total_ms DOUBLE,
        latency_ms VARCHAR NOT NULL,
        validation_ok BOOLEAN,
        validation VARCHAR,
        retries INTEGER NOT NULL,
        fallback BOOLEAN NOT NULL,
        failed BOOLEAN NOT NULL,
        error VARCHAR,
        change_notice VARCHAR NOT NULL DEFAULT '',
        created_at TIMESTAMP NOT NULL,
        state VARCHAR,
        rendered VARCHAR
    )""",
    """CREATE TABLE metrics (
        context_id VARCHAR,
        source VARCHAR NOT NULL DEFAULT '',
        metric VARCHAR NOT NULL,
        value DOUBLE NOT NULL,
        idx INTEGER,
        recorded_at TIMESTAMP NOT NULL
    )""",
    """CREATE TABLE corrections (
        batch_id VARCHAR NOT NULL,
        row_no INTEGER NOT NULL,
        context_id VARCHAR NOT NULL,
        key VARCHAR NOT NULL,
        old_value VARCHAR,
        new_value VARCHAR,
        reason VARCHAR NOT NULL DEFAULT '',
        actor VARCHAR NOT NULL,
        source VARCHAR NOT NULL,
        outcome VARCHAR NOT NULL,
        error VARCHAR,
        recorded_at TIMESTAMP NOT NULL
    )""",
    """CREATE TABLE breaker (
        scope VARCHAR NOT NULL,
        context_id VARCHAR NOT NULL DEFAULT '',
        mode VARCHAR NOT NULL,
        reason VARCHAR NOT NULL DEFAULT '',
        actor VARCHAR NOT NULL,
        since TIMESTAMP NOT NULL,
        auto BOOLEAN NOT NULL DEFAULT false,
        PRIMARY KEY (scope, context_id)
    )""",
    "CREATE SEQUENCE audit_id_seq START 1",
    """CREATE TABLE audit (
        id BIGINT PRIMARY KEY DEFAULT nextval('audit_id_seq'),
        recorded_at TIMESTAMP NOT NULL,
        actor VARCHAR NOT NULL,
        role VARCHAR NOT NULL,
        action VARCHAR NOT NULL,
        target VARCHAR NOT NULL DEFAULT '',
        source VARCHAR NOT NULL DEFAULT '',
        context_id VARCHAR,
        before VARCHAR,
        after VARCHAR
    )""",
    """CREATE TABLE config_history (
        version INTEGER PRIMARY KEY,
        config VARCHAR NOT NULL,
        actor VARCHAR NOT NULL,
        reason VARCHAR NOT NULL DEFAULT '',
        recorded_at TIMESTAMP NOT NULL
    )""",
)

# Tables whose rows belong to one context: they get the context's dense integer key.
KEYED_TABLES = ("messages", "stage_traces", "facts", "fact_history", "compactions", "metrics")

_V2 = (
    # A dense key in insertion order: bulk ingest appends each context's rows together, so DuckDB's
    # per-row-group min/max of context_key lets a per-context query read one row group instead of
    # scanning every context_id (measured at 2M messages: docs/benchmarks.md).
    "CREATE SEQUENCE context_key_seq START 1",
    "ALTER TABLE contexts ADD COLUMN context_key BIGINT",
    "UPDATE contexts SET context_key = nextval('context_key_seq')",
    *(
        statement
        for table in KEYED_TABLES
        for statement in (
            f"ALTER TABLE {table} ADD COLUMN context_key BIGINT",
            f"UPDATE {table} SET context_key = c.context_key FROM contexts c "
            f"WHERE {table}.context_id = c.context_id",
        )
    ),
    # The source on each compaction, so success and latency per source need no join.
    "ALTER TABLE compactions ADD COLUMN source VARCHAR NOT NULL DEFAULT ''",
    "UPDATE compactions SET source = c.source FROM contexts c WHERE compactions.context_id = c.context_id",
    # Hourly rollup of the metric samples, kept in step with every insert: charts read ~15k rollup
    # rows instead of aggregating every sample (600k at 100k contexts).
    """CREATE TABLE metric_rollup (
        bucket TIMESTAMP NOT NULL,
        source VARCHAR NOT NULL,
        metric VARCHAR NOT NULL,
        n BIGINT NOT NULL,
        total DOUBLE NOT NULL,
        min DOUBLE NOT NULL,
        max DOUBLE NOT NULL,
        PRIMARY KEY (bucket, source, metric)
    )""",
    "INSERT INTO metric_rollup SELECT date_trunc('hour', recorded_at), source, metric, count(*), sum(value), "
    "min(value), max(value) FROM metrics GROUP BY ALL",
)

_V3 = (
    # Bearer tokens of the compaction service: only a SHA-256 of each token is kept (the token is
    # shown once, when made); a revoked token keeps its row (and name) for the audit trail.
    """CREATE TABLE api_tokens (
        name VARCHAR PRIMARY KEY,
        role VARCHAR NOT NULL,
        token_hash VARCHAR NOT NULL UNIQUE,
        created_at TIMESTAMP NOT NULL,
        created_by VARCHAR NOT NULL DEFAULT '',
        revoked_at TIMESTAMP
    )""",
    # HMAC keys of the v2 protocol. The server must hold the secret to check a signature; a rotation
    # gives the previous keys an expiry (7 days by default) so old and new are valid together.
    """CREATE TABLE api_keys (
        key_id VARCHAR PRIMARY KEY,
        secret VARCHAR NOT NULL,
        created_at TIMESTAMP NOT NULL,
        expires_at TIMESTAMP
    )""",
    # The last Lamport clock applied per context (v2): a stale or repeated clock is never applied.
    """CREATE TABLE api_clocks (
        context_id VARCHAR PRIMARY KEY,
        session_id VARCHAR NOT NULL,
        lamport BIGINT NOT NULL,
        updated_at TIMESTAMP NOT NULL
    )""",
)

_V4 = (
    # Why the session served raw when it was saved ('' when compressed; a core.served reason), so a
    # screen decides the served mode with the same function as the core (core.served.decide_served).
    "ALTER TABLE contexts ADD COLUMN served_reason VARCHAR DEFAULT ''",
    # The session's health metrics when it was saved (JSON: metric -> value or null for NO DATA), so
    # a screen can say which metric made it red, with its value and band.
    "ALTER TABLE contexts ADD COLUMN health_metrics VARCHAR",
)

MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "initial schema: contexts, messages, traces, facts, compactions, metrics, ops", _V1),
    Migration(2, "context_key for per-context reads, compactions.source, metric_rollup", _V2),
    Migration(3, "the compaction service: api_tokens, api_keys (HMAC), api_clocks (Lamport)", _V3),
    Migration(4, "contexts.served_reason and contexts.health_metrics", _V4),
)

LATEST_VERSION = MIGRATIONS[-1].version

# The tables a healthy database has, for the integrity check.
TABLES = (
    "contexts",
    "messages",
    "stage_traces",
    "facts",
    "fact_history",
    "compactions",
    "metrics",
    "corrections",
    "breaker",
    "audit",
    "config_history",
    "metric_rollup",
    "api_tokens",
    "api_keys",
    "api_clocks",
)


def utc_now() -> datetime:
    """The current time as the naive UTC datetime every TIMESTAMP column holds."""
    return datetime.now(UTC).replace(tzinfo=None)


class SchemaError(RuntimeError):
    """The database file was written by a newer version of this code, or is not ours."""


def current_version(con: duckdb.DuckDBPyConnection) -> int:
    """The schema version recorded in the file; 0 for a new, empty database."""
    exists = con.execute(
        "SELECT count(*) FROM information_schema.tables WHERE table_name = ? AND table_schema = 'main'",
        ["schema_version"],
    ).fetchone()
    if not exists or not exists[0]:
        return 0
    row = con.execute("SELECT coalesce(max(version), 0) FROM schema_version").fetchone()
    return int(row[0]) if row else 0


def migrate(con: duckdb.DuckDBPyConnection) -> int:
    """Apply every migration newer than the file's version, each in its own transaction.

    Returns the version the file is at afterwards. Raises SchemaError when the file is newer than
    this code (an old console must not write a newer schema).
    """
    con.execute(
        "CREATE TABLE IF NOT EXISTS schema_version ("
        "version INTEGER PRIMARY KEY, description VARCHAR NOT NULL, applied_at TIMESTAMP NOT NULL)"
    )
    version = current_version(con)
    if version > LATEST_VERSION:
        raise SchemaError(
            f"database schema version {version} is newer than this code's {LATEST_VERSION}; upgrade the code"
        )
    for migration in MIGRATIONS:
        if migration.version <= version:
            continue
        con.execute("BEGIN TRANSACTION")
        try:
            for statement in migration.statements:
                con.execute(statement)
            con.execute(
                "INSERT INTO schema_version VALUES (?, ?, ?)",
                [migration.version, migration.description, utc_now()],
            )
            con.execute("COMMIT")
        except BaseException:
            con.execute("ROLLBACK")
            raise
        version = migration.version
    return version
