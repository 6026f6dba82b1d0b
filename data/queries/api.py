"""SQL of the compaction service: bearer tokens, HMAC keys, Lamport clocks, the facts people changed.

Every function takes a cursor of the caller's transaction (see data/service_store.py) and ``?``
parameters only.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from data.api_records import ApiKey, ApiToken


def _token(row: tuple[Any, ...]) -> ApiToken:
    name, role, created_at, created_by, revoked_at = row
    return ApiToken(name=name, role=role, created_at=created_at, created_by=created_by, revoked_at=revoked_at)


def create_token(con: Any, name: str, role: str, token_hash: str, actor: str, now: datetime) -> ApiToken:
    """Insert a token row; ValueError when the name is taken (revoked names stay taken, for the audit)."""
    if con.execute("SELECT count(*) FROM api_tokens WHERE name = ?", [name]).fetchone()[0]:
        raise ValueError(f"a token named {name!r} exists already (revoked names are kept for the audit)")
    con.execute(
        "INSERT INTO api_tokens (name, role, token_hash, created_at, created_by) VALUES (?, ?, ?, ?, ?)",
        [name, role, token_hash, now, actor],
    )
    return ApiToken(name=name, role=role, created_at=now, created_by=actor)


def list_tokens(con: Any) -> list[ApiToken]:
    """Every token ever made, oldest first (never the hash)."""
    rows = con.execute(
        "SELECT name, role, created_at, created_by, revoked_at FROM api_tokens ORDER BY created_at, name"
    ).fetchall()
    return [_token(r) for r in rows]


def token_by_hash(con: Any, token_hash: str) -> ApiToken | None:
    """The live (not revoked) token with this hash, or None."""
    row = con.execute(
        "SELECT name, role, created_at, created_by, revoked_at FROM api_tokens "
        "WHERE token_hash = ? AND revoked_at IS NULL",
        [token_hash],
    ).fetchone()
    return _token(row) if row else None


def revoke_token(con: Any, name: str, now: datetime) -> ApiToken:
    """Mark a token revoked; KeyError for an unknown name, ValueError when it is revoked already."""
    row = con.execute(
        "SELECT name, role, created_at, created_by, revoked_at FROM api_tokens WHERE name = ?", [name]
    ).fetchone()
    if row is None:
        raise KeyError(f"no token named {name!r}")
    if row[4] is not None:
        raise ValueError(f"token {name!r} was revoked already, at {row[4]:%Y-%m-%d %H:%M} UTC")
    con.execute("UPDATE api_tokens SET revoked_at = ? WHERE name = ?", [now, name])
    return _token((*row[:4], now))


def add_key(con: Any, key_id: str, secret: str, now: datetime, grace: timedelta) -> list[str]:
    """A new signing key; the keys valid until now expire after ``grace``. Returns their ids."""
    if con.execute("SELECT count(*) FROM api_keys WHERE key_id = ?", [key_id]).fetchone()[0]:
        raise ValueError(f"a key with id {key_id!r} exists already")
    previous = [
        r[0]
        for r in con.execute(
            "SELECT key_id FROM api_keys WHERE expires_at IS NULL OR expires_at > ? ORDER BY created_at",
            [now],
        ).fetchall()
    ]
    con.execute(
        "UPDATE api_keys SET expires_at = ? WHERE expires_at IS NULL OR expires_at > ?",
        [now + grace, now + grace],
    )
    con.execute("INSERT INTO api_keys (key_id, secret, created_at) VALUES (?, ?, ?)", [key_id, secret, now])
    return previous


def keys(con: Any) -> list[ApiKey]:
    """Every signing key with its secret, newest first (the server's view; never shown)."""
    rows = con.execute(
        "SELECT key_id, secret, created_at, expires_at FROM api_keys ORDER BY created_at DESC"
    ).fetchall()
    return [ApiKey(key_id=r[0], secret=r[1], created_at=r[2], expires_at=r[3]) for r in rows]


def get_clock(con: Any, context_id: str) -> tuple[str, int] | None:
    """(session_id, last applied Lamport clock) of a context, or None if no v2 request applied."""
    row = con.execute(
        "SELECT session_id, lamport FROM api_clocks WHERE context_id = ?", [context_id]
    ).fetchone()
    return (row[0], int(row[1])) if row else None


def set_clock(con: Any, context_id: str, session_id: str, lamport: int, now: datetime) -> None:
    """Record the clock just applied (in the transaction that applied its messages)."""
    con.execute(
        "INSERT INTO api_clocks (context_id, session_id, lamport, updated_at) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (context_id) DO UPDATE SET session_id = excluded.session_id, "
        "lamport = excluded.lamport, updated_at = excluded.updated_at",
        [context_id, session_id, lamport, now],
    )


def people_facts(con: Any, context_id: str) -> list[tuple[str, str, str, str, int, bool, str]]:
    """(key, value, norm, status, version, verified, source) of the facts a person changed (not the
    pipeline): what the service puts into the live state before it serves a context."""
    return [
        (r[0], r[1], r[2], r[3], int(r[4]), bool(r[5]), r[6])
        for r in con.execute(
            "SELECT key, value, norm, status, version, verified_by_user, source FROM facts "
            "WHERE context_id = ? AND source <> 'pipeline' ORDER BY key",
            [context_id],
        ).fetchall()
    ]


def latest_turns(con: Any, context_id: str) -> int:
    """How many turns of a context are stored (0 when unknown)."""
    row = con.execute(
        "SELECT count(DISTINCT idx) FROM messages WHERE context_id = ?", [context_id]
    ).fetchone()
    return int(row[0]) if row else 0


def message_rows(con: Any, context_ids: list[str]) -> dict[str, tuple[int, int]]:
    """context_id -> (message rows, distinct turns): equal when no turn was written twice."""
    rows = con.execute(
        "SELECT m.context_id, count(*), count(DISTINCT m.idx) FROM messages m "
        "JOIN (SELECT unnest(?::VARCHAR[]) AS id) w ON m.context_id = w.id GROUP BY m.context_id",
        [context_ids],
    ).fetchall()
    return {r[0]: (int(r[1]), int(r[2])) for r in rows}
