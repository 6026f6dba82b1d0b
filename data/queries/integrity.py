"""The integrity check behind ``python -m console check``: counts, orphans, versions, schema."""

from __future__ import annotations

from typing import Any

from data.ops_records import IntegrityReport
from data.schema import KEYED_TABLES, LATEST_VERSION, TABLES, current_version

# (what is wrong, a query counting the rows that show it)
_ORPHANS = tuple(
    (
        f"{table} rows whose context is missing",
        f"SELECT count(*) FROM {table} t WHERE t.context_id IS NOT NULL "
        f"AND NOT EXISTS (SELECT 1 FROM contexts c WHERE c.context_id = t.context_id)",
    )
    for table in ("messages", "stage_traces", "facts", "fact_history", "compactions", "metrics")
)
_KEYS = tuple(
    (
        f"{table} rows whose context_key is not their context's",
        f"SELECT count(*) FROM {table} t JOIN contexts c USING (context_id) "
        "WHERE t.context_key IS DISTINCT FROM c.context_key",
    )
    for table in KEYED_TABLES
)
_CHECKS: tuple[tuple[str, str], ...] = (
    *_ORPHANS,
    *_KEYS,
    (
        "metric samples missing from (or extra in) the hourly rollup",
        "SELECT abs((SELECT coalesce(sum(n), 0) FROM metric_rollup) - (SELECT count(*) FROM metrics))",
    ),
    (
        "fact_history rows whose fact is missing",
        "SELECT count(*) FROM fact_history h WHERE NOT EXISTS "
        "(SELECT 1 FROM facts f WHERE f.context_id = h.context_id AND f.key = h.key)",
    ),
    (
        "facts without any history row",
        "SELECT count(*) FROM facts f WHERE NOT EXISTS "
        "(SELECT 1 FROM fact_history h WHERE h.context_id = f.context_id AND h.key = f.key)",
    ),
    (
        "facts whose version is not their latest history version",
        "SELECT count(*) FROM facts f JOIN (SELECT context_id, key, max(version) AS v FROM fact_history "
        "GROUP BY ALL) h USING (context_id, key) WHERE f.version <> h.v",
    ),
    (
        "facts whose versions are not 1..n without repeats",
        "SELECT count(*) FROM (SELECT context_id, key FROM fact_history GROUP BY ALL "
        "HAVING count(*) <> max(version) OR count(DISTINCT version) <> count(*) OR min(version) <> 1)",
    ),
    (
        "turns stored twice with the same version",
        "SELECT count(*) FROM (SELECT context_id, idx, version FROM messages "
        "GROUP BY ALL HAVING count(*) > 1)",
    ),
    (
        "contexts whose turn count differs from their stored turns",
        "SELECT count(*) FROM contexts c LEFT JOIN "
        "(SELECT context_id, count(DISTINCT idx) AS n FROM messages GROUP BY context_id) m "
        "USING (context_id) WHERE c.turns <> coalesce(m.n, 0)",
    ),
    (
        "compactions stored twice with the same seq",
        "SELECT count(*) FROM (SELECT context_id, seq FROM compactions GROUP BY ALL HAVING count(*) > 1)",
    ),
)


def check(con: Any, path: str) -> IntegrityReport:
    """Row counts of every table and every inconsistency found (an empty list means healthy)."""
    version = current_version(con)
    counts: dict[str, int] = {}
    problems: list[str] = []
    if version != LATEST_VERSION:
        problems.append(f"schema version {version}, this code expects {LATEST_VERSION}")
    existing = {
        r[0]
        for r in con.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'main'"
        ).fetchall()
    }
    for table in TABLES:
        if table not in existing:
            problems.append(f"table {table} is missing")
            continue
        counts[table] = con.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
    if not problems:
        for what, sql in _CHECKS:
            n = con.execute(sql).fetchone()[0]
            if n:
                problems.append(f"{n} {what}")
    return IntegrityReport(
        path=path, schema_version=version, expected_version=LATEST_VERSION, counts=counts, problems=problems
    )
