"""Who is acting in the console: login, sessions, and ``current_user() -> (actor, role)``.

Modes (env ``CONSOLE_AUTH``):

* ``password`` (default): streamlit-authenticator's login form against the credentials file of
  console/credentials.py (bcrypt hashes, outside the repository). A signed-in browser keeps a signed
  cookie (``cookie.expiry_days``, default 1 day) so a reload or a new tab stays signed in; a session
  ends after ``idle_minutes`` without a click (default 30; ``CONSOLE_IDLE_MINUTES``), when the cookie
  lifetime has passed since the password was typed, when an admin resets the password or removes
  the account, and on "Sign out". A cookie is honoured only while this server process has seen the
  user within the idle timeout and only if it was issued after the user's last sign-out, so after a
  restart everyone types their password again and a copied cookie dies with the sign-out.

  The cookie (console/auth_cookie.py) is the library's own token, read from the request that
  opened the session and written by a script in the page; the library's cookie component is never
  drawn (nor its login view, which draws it): it reruns the app on its own schedule, which in a
  real browser interrupted sign-ins half way and swallowed clicks.
* ``off``: no login, for tests and scripted local runs. ``CONSOLE_ROLE`` (viewer | operator | admin)
  and ``CONSOLE_ACTOR`` say who acts; no role, or an unknown one, fails closed to viewer.

The role always comes from the credentials file as it is now, so a role change applies at the
user's next click. Sign-in, failed sign-in, sign-out and every expiry are audited (``auth.*``).
Mutating services check the role themselves (``require_writer``); ``can_write`` is the same rule
for the UI. The password form and the cookie sign-in are console/auth_signin.py's; the keys, the
process's memory of sign-ins and the audit of sign-in events console/auth_memory.py's.
"""

from __future__ import annotations

import logging
import os
import time
from typing import Any

from console import login_guard
from console.auth_cookie import delete_cookie, write_pending_cookie
from console.auth_memory import (
    ANONYMOUS,
    COOKIE_PENDING,
    NOTICE,
    OPEN_NEXT,
    RETURN_TO,
    SEEN_AT,
    SIGN_OUT,
    SIGNED_IN_AT,
    audit,
    forget_all,
    iso,
    mark_ended,
    sign_in_controller,
    touch,
)
from console.auth_signin import login_form, sign_in_from_cookie
from console.credentials import ROLES, CredentialsError, Directory, Role, load_directory
from console.services.permissions import WRITER_ROLES

ROLE_ENV_VAR = "CONSOLE_ROLE"
ACTOR_ENV_VAR = "CONSOLE_ACTOR"
AUTH_ENV_VAR = "CONSOLE_AUTH"
AUTH_MODES = ("password", "off")
MAX_FAILED_LOGINS = login_guard.MAX_FAILED_LOGINS
LOCKOUT_SECONDS = login_guard.LOCKOUT_SECONDS
# session_state keys (SIGNED_IN_AT, SEEN_AT, ...) are console/auth_memory.py's; the library keeps its
# own: authentication_status, username, ...

__all__ = ["ROLES", "Role", "can_write", "current_user", "gate"]

log = logging.getLogger(__name__)


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
        role = "viewer"  # nobody said who acts: read only (fail closed)
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
    if state.get("authentication_status") and not (state.get("username") and state.get(SIGNED_IN_AT)):
        # A run stopped between the library's "signed in" and ours (a rerun can interrupt any run at
        # any session_state access): fail closed, the cookie or the form decides again below.
        sign_in_controller(directory).logout()
        state["logout"] = None
    ended = _why_session_ends(directory, state, now) if state.get("authentication_status") else None
    if state.get("authentication_status") and not ended:
        touch(state["username"], now)
        write_pending_cookie(st.session_state.get(COOKIE_PENDING))
        return True
    if ended:
        _end_session(directory, ended)
    elif sign_in_from_cookie(directory, now):
        return True
    state.setdefault(RETURN_TO, _requested_page())  # before the form's run rewrites the URL to /
    # The form (and whatever it says) is drawn in a placeholder: a right password clears it and a
    # page opens in this same run, query parameters kept (the linked page itself: see _requested_page).
    placeholder = st.empty()
    with placeholder.container():
        signed_in = login_form(directory, now)
    if signed_in:
        placeholder.empty()
        write_pending_cookie(st.session_state.get(COOKIE_PENDING))
    return signed_in


def _requested_page() -> str:
    """The URL path of the page the browser asked for in this run ('' for the default page).

    The login runs draw no menu, so Streamlit rewrites the address to the app's root; this is how
    a link to /facts?context_id=... still opens Facts after signing in."""
    import re

    from streamlit.runtime.scriptrunner import get_script_run_ctx

    ctx = get_script_run_ctx(suppress_warning=True)
    name = str(getattr(getattr(ctx, "pages_manager", None), "intended_page_name", None) or "")
    return name if re.fullmatch(r"[A-Za-z0-9_-]{1,100}", name) else ""


def page_to_open() -> str:
    """The URL path of the page a link asked for before the sign-in form ('' if none), once.

    The form's runs draw no menu, so Streamlit rewrites the address to the app's root; the app
    switches to this page in the session that signed in (query parameters kept)."""
    import streamlit as st

    return str(st.session_state.pop(OPEN_NEXT, "") or "")


def confirm_acting(actor: str, role: str, action: str, now: float | None = None) -> None:
    """PermissionError unless (``actor``, ``role``) is who acts in this console session right now.

    A page passes the name and role it read when it was drawn; the click that asks for a change can
    come after the account was removed, demoted or timed out, so every mutating service asks again
    here, from the credentials file as it is now and the session's own clock. Outside a Streamlit
    run (the CLI, scripts) there is no session: the caller, who holds the database file, names who acts."""
    state = _session_state()
    if state is None:
        return
    now_actor, now_role = acting_now(state, time.time() if now is None else now)
    if now_actor != (actor or "").strip() or now_role != role:
        raise PermissionError(
            f"refused to {action}: the page acted as {actor} ({role}) but this session is now "
            f"{now_actor} ({now_role}); nothing was changed, reload the page"
        )


def acting_now(state: Any, now: float) -> tuple[str, Role]:
    """(actor, role) of this session at ``now``: a session that must end acts as an anonymous viewer."""
    if auth_mode() == "off":
        return _env_user()
    username = state.get("username") if state.get("authentication_status") else None
    if not username or not state.get(SIGNED_IN_AT):
        return ANONYMOUS, "viewer"
    try:
        directory = load_directory()
    except CredentialsError:
        return ANONYMOUS, "viewer"
    account = directory.users.get(username)
    if account is None or _session_problem(directory, state, now):
        return ANONYMOUS, "viewer"
    return username, account.role


def _why_session_ends(directory: Directory, state: Any, now: float) -> str | None:
    """The reason the signed-in session must end now, or None."""
    signing_out = bool(state.pop(SIGN_OUT, False))
    return _session_problem(directory, state, now) or ("signed out" if signing_out else None)


def _session_problem(directory: Directory, state: Any, now: float) -> str | None:
    """Why the signed-in session in ``state`` is no longer valid at ``now``."""
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
    return None


def _end_session(directory: Directory, why: str) -> None:
    import streamlit as st

    state = st.session_state
    username = state.get("username") or ""
    account = directory.users.get(username)
    role = account.role if account else "viewer"
    action, source = ("auth.logout", "form") if why == "signed out" else ("auth.expire", "auto")
    audit(
        username,
        role,
        action,
        before={"signed_in_at": iso(state.get(SIGNED_IN_AT))},
        after={"why": why},
        source=source,
    )
    sign_in_controller(directory).logout()  # clears the library's state, sets its 'logout' flag
    delete_cookie(directory)
    for key in (SIGNED_IN_AT, SEEN_AT, COOKIE_PENDING, RETURN_TO, OPEN_NEXT):
        state.pop(key, None)
    mark_ended(username, time.time())
    state[NOTICE] = (
        "You are signed out." if why == "signed out" else f"Your session ended: {why}. Sign in again."
    )


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


def forget_failures(username: str) -> None:
    """Lift the lockout of ``username`` from every client (after an admin reset their password)."""
    login_guard.forget(username)


def reset_process_memory() -> None:
    """Forget sign-in activity and failed attempts (tests; an admin's 'end every session')."""
    forget_all()
    login_guard.forget()
