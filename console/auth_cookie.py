"""The console's re-authentication cookie: made, read and deleted in the page itself.

The value is streamlit-authenticator's own token (PyJWT, HS256, the credentials file's random key;
payload username and exp_date). It is read on the server from the request that opened the session
(``st.context.cookies``) and written or deleted by a one-line script in the page (``st.html``), so
the library's cookie component, whose reruns swallowed clicks, is never drawn. console.auth decides
when a cookie is honoured.
"""

from __future__ import annotations

from typing import Any

from console.credentials import Directory


def expiry(directory: Directory, issued_at: float) -> float:
    """Unix time at which a cookie issued at ``issued_at`` stops being honoured."""
    return issued_at + directory.expiry_days * 86400


def cookie_token(directory: Directory, username: str, issued_at: float) -> str:
    """The re-authentication cookie's value: the token streamlit-authenticator 0.4 writes and reads."""
    import jwt

    expires = expiry(directory, issued_at)
    return jwt.encode({"username": username, "exp_date": expires}, directory.cookie_key, algorithm="HS256")


def read_cookie(directory: Directory, now: float) -> dict[str, Any] | None:
    """The browser's re-authentication cookie, decoded and checked, or None.

    None for no cookie, a bad signature (another key, a forged or damaged value) or a token past
    its expiry. The browser sends its cookies once, when the page opens its session."""
    import jwt

    raw = browser_cookies().get(directory.cookie_name)
    if not raw:
        return None
    try:
        token = jwt.decode(raw, directory.cookie_key, algorithms=["HS256"])
    except jwt.InvalidTokenError:
        return None
    if not isinstance(token, dict) or not token.get("username"):
        return None
    try:
        expires = float(token.get("exp_date") or 0.0)
    except (TypeError, ValueError):
        return None
    return token if expires > now else None


def browser_cookies() -> dict[str, str]:
    """The cookies of the request that opened this session (empty under AppTest)."""
    import streamlit as st

    try:
        return dict(st.context.cookies)
    except Exception:  # no request behind this session (tests)
        return {}


def write_pending_cookie(pending: tuple | None) -> None:
    """Draw the script that stores the cookie made at sign-in ``(name, value, expires)``, on every
    run of the session.

    Not once: a run can be cut short before the browser draws it (the home page forwarding to the
    first page, any rerun). Drawn the same each time, the browser runs it when it first appears."""
    import streamlit as st

    if pending:
        name, value, expires = pending[:3]
        cookie_script(name, value, expires, where=st.sidebar)


def delete_cookie(directory: Directory) -> None:
    """Remove the re-authentication cookie from the browser (sign-out, expiry, a refused cookie)."""
    import streamlit as st

    cookie_script(directory.cookie_name, "", 0.0, where=st)


def cookie_script(name: str, value: str, expires: float, *, where: Any) -> None:
    """Set (or, with a past date, delete) a cookie on the page's own origin: path /, SameSite=Strict,
    Secure over https. Runs in the page itself (st.html in ``where``), not in a sandboxed frame."""
    import json
    from email.utils import formatdate

    script = (
        f"document.cookie = {json.dumps(name)} + '=' + {json.dumps(value)} + '; expires=' + "
        f"{json.dumps(formatdate(expires, usegmt=True))} + '; path=/; SameSite=Strict' + "
        "(location.protocol === 'https:' ? '; Secure' : '');"
    )
    where.html(f"<script>{script}</script>", unsafe_allow_javascript=True, width="content")
