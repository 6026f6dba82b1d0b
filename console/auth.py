"""Who is acting in the console: login, sessions, and ``current_user() -> (actor, role)``.

Modes (env ``CONSOLE_AUTH``):

* ``password`` (default): streamlit-authenticator's login form against the credentials file of
  console/users.py (bcrypt hashes, outside the repository). A signed-in browser keeps a signed
  cookie (``cookie.expiry_days``, default 1 day) so a reload or a new tab stays signed in; a session
  ends after ``idle_minutes`` without a click (default 30; ``CONSOLE_IDLE_MINUTES``), when the cookie
  lifetime has passed since the password was typed, when an admin resets the password or removes
  the account, and on "Sign out". A cookie is honoured only while this server process has seen the
  user within the idle timeout, so after a restart everyone types their password again.
* ``off``: no login, for tests and scripted local runs. ``CONSOLE_ROLE`` (viewer | operator | admin)
  and ``CONSOLE_ACTOR`` say who acts; an unknown role fails closed to viewer.

The role always comes from the credentials file as it is now, so a role change applies at the
user's next click. Sign-in, failed sign-in, sign-out and every expiry are audited (``auth.*``).
Mutating services check the role themselves (``require_writer``); ``can_write`` is the same rule
for the UI.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from typing import Any

from console.services.permissions import WRITER_ROLES
from console.users import ROLES, CredentialsError, Directory, Role, load_directory

ROLE_ENV_VAR = "CONSOLE_ROLE"
ACTOR_ENV_VAR = "CONSOLE_ACTOR"
AUTH_ENV_VAR = "CONSOLE_AUTH"
AUTH_MODES = ("password", "off")
ANONYMOUS = "anonymous"
MAX_FAILED_LOGINS = 5
LOCKOUT_SECONDS = 15 * 60
LOGIN_FORM_KEY = "console_login"
# session_state keys of this module (the library keeps its own: authentication_status, username, ...)
SIGNED_IN_AT = "console_signed_in_at"
SEEN_AT = "console_seen_at"
SIGN_OUT = "console_sign_out"
NOTICE = "console_auth_notice"

__all__ = ["ROLES", "Role", "can_write", "current_user", "gate"]

log = logging.getLogger(__name__)

# Per-process memory of sign-ins: last click per user (a cookie is honoured only while recent) and
# failed attempts per user (lockout). Lost on restart, which only makes the server stricter.
_lock = threading.Lock()
_last_seen: dict[str, float] = {}
_failures: dict[str, tuple[int, float]] = {}


def auth_mode() -> str:
    """'password' (default) or 'off'; an unknown value fails closed to 'password'."""
    raw = os.environ.get(AUTH_ENV_VAR, "").strip().lower() or "password"
    if raw not in AUTH_MODES:
        log.warning("%s=%r is not one of %s; requiring a password", AUTH_ENV_VAR, raw, ", ".join(AUTH_MODES))
        return "password"
    return raw


def current_user() -> tuple[str, Role]:
    """The acting user as (actor, role), read at call time.

    With login on: the signed-in user and their role in the credentials file now; nobody signed in
    (or an account removed meanwhile) is ('anonymous', 'viewer'). With login off: the environment."""
    if auth_mode() == "off":
        return _env_user()
    state = _session_state()
    username = state.get("username") if state is not None and state.get("authentication_status") else None
    if not username:
        return ANONYMOUS, "viewer"
    try:
        account = load_directory().users.get(username)
    except CredentialsError as exc:
        log.warning("credentials unreadable, acting as a viewer: %s", exc)
        return username, "viewer"
    return (username, account.role) if account is not None else (username, "viewer")


def can_write(role: str) -> bool:
    """True when the role may change state (correct facts, upload CSVs, toggle the breaker, config)."""
    return role in WRITER_ROLES


def is_admin(role: str) -> bool:
    """True when the role may manage operators."""
    return role == "admin"


def _env_user() -> tuple[str, Role]:
    raw = os.environ.get(ROLE_ENV_VAR, "").strip().lower()
    role: Role
    if not raw:
        role = "operator"
    elif raw in ROLES:
        role = raw  # type: ignore[assignment]
    else:
        log.warning("%s=%r is not one of %s; acting as a viewer", ROLE_ENV_VAR, raw, ", ".join(ROLES))
        role = "viewer"
    actor = os.environ.get(ACTOR_ENV_VAR, "").strip() or f"demo-{role}"
    return actor, role


def _session_state() -> Any:
    """st.session_state inside a Streamlit run, else None (the CLI, plain pytest)."""
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    if get_script_run_ctx(suppress_warning=True) is None:
        return None
    import streamlit as st

    return st.session_state


# --- the gate the app runs first ---------------------------------------------------------------------


def gate(now: float | None = None) -> bool:
    """Run at the top of every app run. True when someone is signed in and the page may run.

    Otherwise it has drawn what the visitor needs (the login form, why a session ended, or how to
    create the credentials file) and the caller stops."""
    if auth_mode() == "off":
        return True
    import streamlit as st

    now = time.time() if now is None else now
    try:
        directory = load_directory()
    except CredentialsError as exc:
        st.title("Context console")
        st.error(f"Sign-in is not set up: {exc}")
        return False
    state = st.session_state
    ended = _why_session_ends(directory, state, now) if state.get("authentication_status") else None
    if state.get("authentication_status") and not ended:
        _touch(state["username"], now)
        return True
    # Only a visitor who is not signed in (or whose session ends now) meets the library: its cookie
    # component would otherwise sit on every page and rerun it once on load.
    authenticator = _authenticator(directory)
    if ended:
        _end_session(authenticator, directory, ended)
    return _login(authenticator, directory, now)


def _touch(username: str, now: float) -> None:
    import streamlit as st

    st.session_state[SEEN_AT] = now
    with _lock:
        _last_seen[username] = now


def _authenticator(directory: Directory) -> Any:
    from streamlit_authenticator import Authenticate

    return Authenticate(
        directory.authenticator_credentials(),
        directory.cookie_name,
        directory.cookie_key,
        directory.expiry_days,
        auto_hash=False,  # plaintext never reaches the library: load_directory refuses it
    )


def _why_session_ends(directory: Directory, state: Any, now: float) -> str | None:
    """The reason the signed-in session must end now, or None."""
    signing_out = bool(state.pop(SIGN_OUT, False))
    account = directory.users.get(state.get("username") or "")
    if account is None:
        return "the account was removed"
    signed_in = float(state.get(SIGNED_IN_AT) or 0.0)
    if signed_in < account.sessions_valid_after:
        return "the password was reset"
    if now - signed_in > directory.expiry_days * 86400:
        return f"the session is older than {directory.expiry_days:g} day(s)"
    seen = float(state.get(SEEN_AT) or signed_in)
    if now - seen > directory.idle_minutes * 60:
        return f"no activity for more than {directory.idle_minutes:g} minutes"
    if signing_out:
        return "signed out"
    return None


def _end_session(authenticator: Any, directory: Directory, why: str) -> None:
    import streamlit as st

    state = st.session_state
    username = state.get("username") or ""
    account = directory.users.get(username)
    role = account.role if account else "viewer"
    action, source = ("auth.logout", "form") if why == "signed out" else ("auth.expire", "auto")
    _audit(
        username,
        role,
        action,
        before={"signed_in_at": _iso(state.get(SIGNED_IN_AT))},
        after={"why": why},
        source=source,
    )
    authenticator.logout(location="unrendered")  # clears the library's state and deletes the cookie
    for key in (SIGNED_IN_AT, SEEN_AT):
        state.pop(key, None)
    with _lock:
        _last_seen.pop(username, None)
    state[NOTICE] = (
        "You are signed out." if why == "signed out" else f"Your session ended: {why}. Sign in again."
    )


def _login(authenticator: Any, directory: Directory, now: float) -> bool:
    """Restore a valid cookie, or draw the login form; True when signed in by the cookie."""
    import streamlit as st
    from streamlit_authenticator import LoginError

    state = st.session_state
    if _acceptable_cookie(authenticator, directory, now):
        authenticator.login(location="unrendered", key=LOGIN_FORM_KEY)  # signs in from the cookie
        if state.get("authentication_status"):
            state[SIGNED_IN_AT] = _cookie_issued_at(authenticator, directory, now)
            _touch(state["username"], now)
            return True
    credentials = authenticator.authentication_controller.authentication_model.credentials["usernames"]
    with _lock:
        for username, (count, last) in list(_failures.items()):
            if now - last > LOCKOUT_SECONDS:
                del _failures[username]
            elif username in credentials:
                credentials[username]["failed_login_attempts"] = count
    before = {u: c.get("failed_login_attempts", 0) for u, c in credentials.items()}
    if state.get("authentication_status") is False:
        state["authentication_status"] = None  # a failure is reported in the run it happens only
    st.title("Context console")
    st.caption(
        "Sign in with the account an admin gave you. A fresh `make run` creates demo accounts and prints "
        "their passwords once; lost them? Run `python -m console users reset-password demo-operator`."
    )
    notice = state.pop(NOTICE, None)
    if notice:
        st.info(notice, icon=":material/logout:")
    signed_by_form: dict[str, Any] = {}
    try:
        authenticator.login(
            location="main",
            key=LOGIN_FORM_KEY,
            max_login_attempts=MAX_FAILED_LOGINS,
            fields={
                "Form name": "Sign in",
                "Username": "Username",
                "Password": "Password",
                "Login": "Sign in",
            },
            callback=signed_by_form.update,
        )
    except LoginError as exc:
        st.error(f"{exc}. Wait {LOCKOUT_SECONDS // 60} minutes or ask an admin to reset the password.")
        return False
    failed = [u for u, c in credentials.items() if c.get("failed_login_attempts", 0) > before.get(u, 0)]
    for username in failed:
        with _lock:
            count = _failures.get(username, (0, now))[0] + 1
            _failures[username] = (count, now)
        _audit(username, directory.users[username].role, "auth.login_failed", after={"attempt": count})
    if state.get("authentication_status") is False:
        if not failed:  # an unknown username: the library records nothing for it
            _audit(ANONYMOUS, "viewer", "auth.login_failed", after={"username": "unknown"})
        st.error("Wrong username or password.")
        return False
    if not (state.get("authentication_status") and signed_by_form):
        return False
    username = state["username"]
    account = directory.users[username]
    with _lock:
        _failures.pop(username, None)
    state[SIGNED_IN_AT] = now
    _touch(username, now)
    _audit(username, account.role, "auth.login", after={"name": account.name, "role": account.role})
    # The form and the cookie writer were drawn in this run; the cookie component reruns the app
    # once the browser has stored the cookie, and the page opens. The button covers a browser that
    # does not run it.
    st.success(f"Signed in as {username} ({account.role}).")
    st.button("Open the console", type="primary", key="console_open")
    return False


def _acceptable_cookie(authenticator: Any, directory: Directory, now: float) -> bool:
    """True when the browser holds a valid cookie this process vouches for; a stale one is deleted.

    Stale: unknown user, no click seen by this process within the idle timeout (or a restart since),
    or issued before the user's password was reset."""
    import streamlit as st

    state = st.session_state
    token = authenticator.cookie_controller.get_cookie()
    if not token:
        return False
    username = str(token.get("username") or "")
    account = directory.users.get(username)
    with _lock:
        seen = _last_seen.get(username)
    why = None
    if account is None:
        why = "the account was removed"
    elif seen is None or now - seen > directory.idle_minutes * 60:
        why = f"no activity for more than {directory.idle_minutes:g} minutes"
    elif _issued_at(token, directory) < account.sessions_valid_after:
        why = "the password was reset"
    if why is None:
        return True
    state["logout"] = True  # the library then ignores the cookie for this browser session
    authenticator.cookie_controller.delete_cookie()
    state[NOTICE] = f"Your session ended: {why}. Sign in again."
    return False


def _issued_at(token: dict[str, Any], directory: Directory) -> float:
    return float(token.get("exp_date") or 0.0) - directory.expiry_days * 86400


def _cookie_issued_at(authenticator: Any, directory: Directory, now: float) -> float:
    token = authenticator.cookie_controller.get_cookie()
    return _issued_at(token, directory) if token else now


def sign_out() -> None:
    """Ask the gate to end this session on the next run (a button's on_click)."""
    import streamlit as st

    st.session_state[SIGN_OUT] = True


def session_note() -> str:
    """One line for the sidebar: how the session ends."""
    if auth_mode() == "off":
        return "Login is off (CONSOLE_AUTH=off): the role comes from CONSOLE_ROLE."
    try:
        directory = load_directory()
    except CredentialsError:
        return ""
    return f"Signs out after {directory.idle_minutes:g} min without a click."


def _iso(stamp: Any) -> str | None:
    from datetime import UTC, datetime

    return datetime.fromtimestamp(float(stamp), UTC).strftime("%Y-%m-%dT%H:%M:%SZ") if stamp else None


def _audit(
    actor: str, role: str, action: str, *, before: Any = None, after: Any = None, source: str = "form"
) -> None:
    """Record a sign-in event; a database that cannot take it is logged, not fatal to signing in."""
    from console.resources import get_store
    from data.records import AuditEntry

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


def forget_failures(username: str) -> None:
    """Lift the lockout of ``username`` (after an admin reset their password)."""
    with _lock:
        _failures.pop(username, None)


def reset_process_memory() -> None:
    """Forget sign-in activity and failed attempts (tests; an admin's 'end every session')."""
    with _lock:
        _last_seen.clear()
        _failures.clear()
