"""Operations state: the circuit breaker, the audit trail, the configuration history."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from core.config import Config, ConfigError
from data.ops_records import AuditEntry, BreakerState, ConfigVersion
from data.queries.columns import from_db_time, json_text, parse_json, to_utc_naive
from data.records import Page

GLOBAL = ""  # context_id of the global breaker row (part of the primary key, so not NULL)


def add_audit(con: Any, entry: AuditEntry) -> int:
    """Append one audit row; returns its id."""
    row = con.execute(
        "INSERT INTO audit (recorded_at, actor, role, action, target, source, context_id, before, after) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
        [
            to_utc_naive(entry.at),
            entry.actor,
            entry.role,
            entry.action,
            entry.target,
            entry.source,
            entry.context_id,
            json_text(entry.before),
            json_text(entry.after),
        ],
    ).fetchone()
    return int(row[0])


def audit_log(
    con: Any, context_id: str | None, action_prefix: str | None, actor: str | None, limit: int, offset: int
) -> Page[AuditEntry]:
    """Audit rows, newest first, filtered by context, action prefix ('fact.', 'breaker.') or actor."""
    clauses, params = [], []
    if context_id is not None:
        clauses.append("context_id = ?")
        params.append(context_id)
    if action_prefix:
        clauses.append("starts_with(action, ?)")
        params.append(action_prefix)
    if actor:
        clauses.append("actor = ?")
        params.append(actor)
    where = (" WHERE " + " AND ".join(clauses)) if clauses else ""
    total = con.execute(f"SELECT count(*) FROM audit{where}", params).fetchone()[0]
    rows = con.execute(
        "SELECT id, recorded_at, actor, role, action, target, source, context_id, before, after "
        f"FROM audit{where} ORDER BY id DESC LIMIT ? OFFSET ?",
        [*params, limit, offset],
    ).fetchall()
    items = [
        AuditEntry(
            id=i,
            at=from_db_time(at),
            actor=actor_,
            role=role,
            action=action,
            target=target,
            source=source,
            context_id=cid,
            before=parse_json(before),
            after=parse_json(after),
        )
        for i, at, actor_, role, action, target, source, cid, before, after in rows
    ]
    return Page[AuditEntry](items=items, total=total, limit=limit, offset=offset)


def _breaker(row: tuple[Any, ...]) -> BreakerState:
    scope, cid, mode, reason, actor, since, auto = row
    return BreakerState(
        scope=scope,
        context_id=cid or None,
        mode=mode,
        reason=reason,
        actor=actor,
        since=from_db_time(since),
        auto=auto,
    )


def get_breaker(con: Any, context_id: str | None) -> BreakerState | None:
    """The global switch (context_id None) or one context's switch; None if never set."""
    row = con.execute(
        "SELECT scope, context_id, mode, reason, actor, since, auto FROM breaker "
        "WHERE scope = ? AND context_id = ?",
        ["context" if context_id else "global", context_id or GLOBAL],
    ).fetchone()
    return _breaker(row) if row else None


def context_breakers(con: Any, context_ids: list[str]) -> dict[str, BreakerState]:
    """The switches of the given contexts that were ever set, by context id (one query)."""
    rows = con.execute(
        "SELECT b.scope, b.context_id, b.mode, b.reason, b.actor, b.since, b.auto FROM breaker b "
        "JOIN (SELECT unnest(?::VARCHAR[]) AS id) w ON b.context_id = w.id WHERE b.scope = 'context'",
        [context_ids],
    ).fetchall()
    return {row[1]: _breaker(row) for row in rows}


def set_breaker(
    con: Any,
    mode: str,
    context_id: str | None,
    reason: str,
    actor: str,
    role: str,
    auto: bool,
    source: str,
    now: datetime,
) -> BreakerState:
    """Set a switch, keep contexts.mode in step for a context switch, and audit the change."""
    before = get_breaker(con, context_id)
    scope = "context" if context_id else "global"
    if context_id:
        exists = con.execute("SELECT count(*) FROM contexts WHERE context_id = ?", [context_id]).fetchone()[0]
        if not exists:
            raise KeyError(f"unknown context {context_id!r}")
        con.execute("UPDATE contexts SET mode = ? WHERE context_id = ?", [mode, context_id])
    con.execute(
        "INSERT INTO breaker (scope, context_id, mode, reason, actor, since, auto) "
        "VALUES (?, ?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (scope, context_id) DO UPDATE SET mode = excluded.mode, reason = excluded.reason, "
        "actor = excluded.actor, since = excluded.since, auto = excluded.auto",
        [scope, context_id or GLOBAL, mode, reason, actor, now, auto],
    )
    after = get_breaker(con, context_id)
    add_audit(
        con,
        AuditEntry(
            at=now,
            actor=actor,
            role=role,
            action="breaker.auto_trip" if auto else "breaker.set",
            target=f"breaker:{scope}" + (f"/{context_id}" if context_id else ""),
            source=source,
            context_id=context_id,
            before=before.model_dump(mode="json") if before else None,
            after=after.model_dump(mode="json") if after else None,
        ),
    )
    assert after is not None
    return after


def breakers(con: Any, mode: str | None) -> list[BreakerState]:
    """Every switch that was ever set (optionally only those now in ``mode``), global first."""
    sql = "SELECT scope, context_id, mode, reason, actor, since, auto FROM breaker"
    params: list[Any] = []
    if mode:
        sql += " WHERE mode = ?"
        params.append(mode)
    rows = con.execute(sql + " ORDER BY scope DESC, since DESC", params).fetchall()
    return [_breaker(r) for r in rows]


class StaleConfigError(ValueError):
    """A config save made on a version that is no longer the newest (someone saved meanwhile)."""

    def __init__(self, expected: int, current: int) -> None:
        super().__init__(f"the configuration is at version {current}, not {expected}: it changed meanwhile")
        self.expected, self.current = expected, current


def save_config(
    con: Any,
    config: Config,
    actor: str,
    role: str,
    reason: str,
    now: datetime,
    source: str = "form",
    expected_version: int | None = None,
) -> ConfigVersion:
    """Store a new configuration version and audit the change (before/after as dicts, from source).

    ``expected_version``: the version the edit was made on (0: the defaults); another one being the
    newest now raises StaleConfigError inside the transaction, so two saves never both win."""
    previous = con.execute(
        "SELECT version, config FROM config_history ORDER BY version DESC LIMIT 1"
    ).fetchone()
    if expected_version is not None and (previous[0] if previous else 0) != expected_version:
        raise StaleConfigError(expected_version, previous[0] if previous else 0)
    version = (previous[0] if previous else 0) + 1
    body = config.model_dump(mode="json")
    con.execute(
        "INSERT INTO config_history (version, config, actor, reason, recorded_at) VALUES (?, ?, ?, ?, ?)",
        [version, json_text(body), actor, reason, now],
    )
    add_audit(
        con,
        AuditEntry(
            at=now,
            actor=actor,
            role=role,
            action="config.save",
            target=f"config:v{version}",
            source=source,
            before=parse_json(previous[1]) if previous else None,
            after=body,
        ),
    )
    return ConfigVersion(version=version, config=body, actor=actor, reason=reason, at=now)


def config_history(con: Any, limit: int) -> list[ConfigVersion]:
    """Saved configurations, newest first."""
    rows = con.execute(
        "SELECT version, config, actor, reason, recorded_at FROM config_history "
        "ORDER BY version DESC LIMIT ?",
        [limit],
    ).fetchall()
    return [
        ConfigVersion(version=v, config=parse_json(c), actor=a, reason=r, at=from_db_time(at))
        for v, c, a, r, at in rows
    ]


def current_config(con: Any) -> Config:
    """The newest saved configuration, or the defaults when none was saved."""
    latest = config_history(con, 1)
    if not latest:
        return Config()
    try:
        return Config.model_validate(latest[0].config)
    except ValueError as exc:
        raise ConfigError(f"stored config version {latest[0].version} is no longer valid: {exc}") from exc
