"""How a browser signs in to the console: the password form and the browser's cookie.

console/auth.py's gate calls :func:`login_form` and :func:`sign_in_from_cookie`; both sign in
through the library's controller from a token (its own login view also draws its cookie component,
whose rerun could swallow a click on "Sign in")."""

from __future__ import annotations

from typing import Any

from console import login_guard
from console.auth_cookie import cookie_token, delete_cookie, expiry, read_cookie
from console.auth_memory import (
    ANONYMOUS,
    COOKIE_PENDING,
    LOGIN_FORM_KEY,
    NOTICE,
    OPEN_NEXT,
    RETURN_TO,
    SIGNED_IN_AT,
    audit,
    ended_at,
    last_seen,
    sign_in_controller,
    touch,
)
from console.credentials import Directory


def login_form(directory: Directory, now: float) -> bool:
    """Draw the login form; True when a right password was just typed (the user is signed in).

    A plain st.form; the password is checked here (console/login_guard.py: bcrypt on the text as
    typed, the same work and the same answer for unknown names, lockout per name and client) and
    the library's controller then signs the user in from a token, as a cookie would. Its own login
    view also draws its cookie component, whose rerun could swallow a click on "Sign in"."""
    import streamlit as st

    controller = sign_in_controller(directory)  # also sets the library's session keys (status None)
    state = st.session_state
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
    with st.form(LOGIN_FORM_KEY):
        st.subheader("Sign in")
        username = st.text_input("Username", autocomplete="off")
        password = st.text_input("Password", type="password", autocomplete="off")
        submitted = st.form_submit_button("Sign in")
    if not (submitted and username and password):
        return False
    name = username.strip().lower()
    attempt = login_guard.Attempt(name=name, client=_client())
    wait = login_guard.wait_seconds(attempt, now)
    if wait > 0:  # the same for a real and an unknown name: nothing is checked, nothing audited
        st.error(
            f"Too many failed sign-ins with this name from here: try again in {max(1, round(wait / 60))} "
            "minute(s), or ask an admin to reset the password."
        )
        return False
    account = directory.users.get(name)
    if not login_guard.check_password(password, account.password_hash if account else None):
        count = login_guard.record_failure(attempt, now)
        if account is not None:
            audit(name, account.role, "auth.login_failed", after={"attempt": count})
        else:
            left_out = login_guard.audit_unknown(attempt.client, now)
            if left_out is not None:
                after: dict[str, Any] = {"username": "unknown"}
                if left_out:
                    after["not_audited_before"] = left_out
                audit(ANONYMOUS, "viewer", "auth.login_failed", after=after)
        state["authentication_status"] = False
        st.error("Wrong username or password.")
        return False
    assert account is not None
    token = cookie_token(directory, name, now)
    controller.login(token={"username": name, "exp_date": expiry(directory, now)})
    if not state.get("authentication_status"):
        return False
    login_guard.record_success(attempt)
    audit(name, account.role, "auth.login", after={"name": account.name, "role": account.role})
    state[COOKIE_PENDING] = (directory.cookie_name, token, expiry(directory, now))
    state[OPEN_NEXT] = state.pop(RETURN_TO, "")
    state[SIGNED_IN_AT] = now  # last: the gate treats a sign-in without it as unfinished
    touch(name, now)
    return True


def _client() -> str:
    """Who is trying, for the lockout: the browser's address as the server sees it."""
    import streamlit as st

    try:
        address = st.context.ip_address
    except Exception:  # no browser session behind this run
        return "local"
    return address if isinstance(address, str) and address else "local"  # AppTest: one client


def sign_in_from_cookie(directory: Directory, now: float) -> bool:
    """Sign in from the browser's cookie when this process vouches for it; a stale one is deleted.

    Stale: unknown user, no click seen by this process within the idle timeout (or a restart since),
    issued before the user's password was reset or before their last sign-out. Not audited as a
    sign-in: the session continues the one the password opened (its start is the cookie's)."""
    import streamlit as st

    state = st.session_state
    if state.get("logout"):  # this browser session signed out (or was signed out): the form only
        return False
    token = read_cookie(directory, now)
    if not token:
        return False
    username = str(token.get("username") or "")
    account = directory.users.get(username)
    seen = last_seen(username)
    why = None
    if account is None:
        why = "the account was removed"
    elif seen is None or now - seen > directory.idle_minutes * 60:
        why = f"no activity for more than {directory.idle_minutes:g} minutes"
    elif _issued_at(token, directory) < account.sessions_valid_after:
        why = "the password was reset"
    elif _issued_at(token, directory) < ended_at(username):
        why = "signed out"
    if why is None:
        sign_in_controller(directory).login(token=token)  # the library's own sign-in from a token
        if not state.get("authentication_status"):
            return False
        state[SIGNED_IN_AT] = _issued_at(token, directory)
        touch(username, now)
        return True
    state["logout"] = True  # this browser session ignores the cookie from now on
    delete_cookie(directory)
    state[NOTICE] = (
        "You are signed out." if why == "signed out" else f"Your session ended: {why}. Sign in again."
    )
    return False


def _issued_at(token: dict[str, Any], directory: Directory) -> float:
    """When the cookie's token was issued (its expiry less the cookie lifetime)."""
    return float(token.get("exp_date") or 0.0) - directory.expiry_days * 86400
