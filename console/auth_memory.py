"""The console sign-in's shared pieces: session-state keys, this process's memory of sign-ins, the
audit of sign-in events and the library's sign-in controller (console/auth.py and
console/auth_signin.py both use them).

Per-process memory: the last click per user (a cookie is honoured only while it is recent) and when
a session of each user last ended (older cookies are refused). Failed attempts are
console/login_guard.py's. Lost on restart, which only makes the server stricter."""

from __future__ import annotations

import logging
import threading
from typing import Any

from console.credentials import Directory

ANONYMOUS = "anonymous"
LOGIN_FORM_KEY = "console_login"
SIGNED_IN_AT = "console_signed_in_at"
SEEN_AT = "console_seen_at"
SIGN_OUT = "console_sign_out"
NOTICE = "console_auth_notice"
COOKIE_PENDING = "console_cookie_pending"  # (name, value, expires) drawn on every run
RETURN_TO = "console_return_to"  # the page the URL named when the login form was first shown
OPEN_NEXT = "console_open_next"  # that page, to open once signed in (see auth.page_to_open)

log = logging.getLogger("console.auth")

_lock = threading.Lock()
_last_seen: dict[str, float] = {}
_ended: dict[str, float] = {}  # user -> when a session of theirs last ended (older cookies are refused)


def touch(username: str, now: float) -> None:
    """Note a click of ``username`` at ``now``, in the session and in this process's memory."""
    import streamlit as st

    st.session_state[SEEN_AT] = now
    with _lock:
        _last_seen[username] = now


def last_seen(username: str) -> float | None:
    """When this process last saw a click of ``username`` (None: not since it started)."""
    with _lock:
        return _last_seen.get(username)


def ended_at(username: str) -> float:
    """When a session of ``username`` last ended in this process (0.0: never)."""
    with _lock:
        return _ended.get(username, 0.0)


def mark_ended(username: str, at: float) -> None:
    """Forget ``username``'s last click and refuse their cookies issued before ``at``."""
    with _lock:
        _last_seen.pop(username, None)
        _ended[username] = at


def forget_all() -> None:
    """Forget every user's clicks and ended sessions (tests; an admin's 'end every session')."""
    with _lock:
        _last_seen.clear()
        _ended.clear()


def sign_in_controller(directory: Directory) -> Any:
    """The library's sign-in state keeper alone (no form, no cookie component)."""
    from streamlit_authenticator.controllers import AuthenticationController

    return AuthenticationController(directory.authenticator_credentials(), auto_hash=False)


def iso(stamp: Any) -> str | None:
    """A UNIX time as an ISO-8601 UTC string for the audit (None when there is none)."""
    from datetime import UTC, datetime

    return datetime.fromtimestamp(float(stamp), UTC).strftime("%Y-%m-%dT%H:%M:%SZ") if stamp else None


def audit(
    actor: str, role: str, action: str, *, before: Any = None, after: Any = None, source: str = "form"
) -> None:
    """Record a sign-in event; a database that cannot take it is logged, not fatal to signing in."""
    from console.resources import get_store
    from data.ops_records import AuditEntry

    try:
        store = get_store()
        store.record_audit(
            AuditEntry(
                at=store.clock(),
                actor=actor or ANONYMOUS,
                role=role,
                action=action,
                target=f"user:{actor or ANONYMOUS}",
                source=source,
                before=before,
                after=after,
            )
        )
    except Exception as exc:  # the audit must never lock people out; the log keeps the event
        log.warning("could not audit %s of %s: %s", action, actor, exc)
