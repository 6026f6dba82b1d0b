"""Failed sign-ins: the same answer and the same work for every name, lockout per (name, client).

* A password is checked with bcrypt whether the name exists or not (an unknown name is checked
  against a hash no password matches), so neither the message nor the time tells which names exist.
* After ``MAX_FAILED_LOGINS`` failures for one name from one client (the browser's address), that
  pair waits before the next try, doubling from ``FIRST_WAIT_SECONDS`` up to ``LOCKOUT_SECONDS``;
  the lock is the same for a real and an unknown name, and someone else's failures from another
  client never lock the account's owner out.
* Failed sign-ins with an unknown name are audited at most ``UNKNOWN_AUDITS_PER_MINUTE`` times a
  minute per client (the rows say how many were left out), so a script cannot fill the audit table.

Process memory only: a restart forgets it, which only makes the server stricter.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

MAX_FAILED_LOGINS = 5
FIRST_WAIT_SECONDS = 30.0
LOCKOUT_SECONDS = 15 * 60.0
UNKNOWN_AUDITS_PER_MINUTE = 10
# bcrypt (cost 12, as every stored hash) of a random text no one knows: the check for unknown names
NO_ACCOUNT_HASH = "$2b$12$O.iwQImovzgsneyPLQRvV.q7xdubZQ7qQMz7QC.IXEPu9VDAE2vy6"

_lock = threading.Lock()
_failures: dict[tuple[str, str], tuple[int, float]] = {}  # (name, client) -> (count, last failure)
_unknown_audits: dict[str, list[float]] = {}  # client -> times of the audited unknown-name failures
_unaudited: dict[str, int] = {}  # client -> unknown-name failures left out of the audit since


@dataclass(frozen=True)
class Attempt:
    """What a sign-in attempt was checked against."""

    name: str
    client: str


def check_password(password: str, password_hash: str | None) -> bool:
    """bcrypt check of the password as typed (spaces kept); an unknown name costs the same and fails."""
    import bcrypt

    hashed = password_hash or NO_ACCOUNT_HASH
    try:
        ok = bcrypt.checkpw(password.encode("utf-8"), hashed.encode("ascii"))
    except ValueError:  # a password over bcrypt's 72 bytes, a malformed hash
        return False
    return ok and password_hash is not None


def wait_seconds(attempt: Attempt, now: float) -> float:
    """Seconds this (name, client) must still wait before trying again; 0 when it may try."""
    with _lock:
        count, last = _failures.get((attempt.name, attempt.client), (0, 0.0))
    if count < MAX_FAILED_LOGINS:
        return 0.0
    wait = min(LOCKOUT_SECONDS, FIRST_WAIT_SECONDS * 2 ** (count - MAX_FAILED_LOGINS))
    return max(0.0, last + wait - now)


def record_failure(attempt: Attempt, now: float) -> int:
    """Count a failed attempt; returns how many in a row for this (name, client)."""
    key = (attempt.name, attempt.client)
    with _lock:
        count, last = _failures.get(key, (0, now))
        if now - last > LOCKOUT_SECONDS:  # quiet for the longest lock: start over
            count = 0
        _failures[key] = (count + 1, now)
        return count + 1


def record_success(attempt: Attempt) -> None:
    """Forget the failures of this (name, client)."""
    with _lock:
        _failures.pop((attempt.name, attempt.client), None)


def audit_unknown(client: str, now: float) -> int | None:
    """None when this unknown-name failure is not to be audited (over the rate), else how many
    earlier ones from this client were left out (0 usually), to record with it."""
    with _lock:
        recent = [t for t in _unknown_audits.get(client, []) if now - t < 60.0]
        if len(recent) >= UNKNOWN_AUDITS_PER_MINUTE:
            _unknown_audits[client] = recent
            _unaudited[client] = _unaudited.get(client, 0) + 1
            return None
        _unknown_audits[client] = [*recent, now]
        return _unaudited.pop(client, 0)


def forget(name: str | None = None) -> None:
    """Forget the failures of ``name`` from every client (an admin reset its password), or all."""
    with _lock:
        if name is None:
            _failures.clear()
            _unknown_audits.clear()
            _unaudited.clear()
            return
        for key in [k for k in _failures if k[0] == name]:
            del _failures[key]
