"""Which Host header the console answers when login is off (DNS rebinding).

With ``CONSOLE_AUTH=off`` anyone who reaches the port acts with the configured role. A web page on
another site can reach a console on 127.0.0.1 by DNS rebinding (its own name made to resolve to
127.0.0.1), but its requests then carry its own name in the Host header. So without login the
console only answers requests addressed to this machine by a local name (localhost, 127.0.0.1,
[::1]) or to a name listed in ``CONSOLE_ALLOWED_HOSTS`` (comma-separated).
"""

from __future__ import annotations

import os

ALLOWED_ENV_VAR = "CONSOLE_ALLOWED_HOSTS"
LOCAL_NAMES = frozenset({"localhost", "127.0.0.1", "::1", "[::1]"})


def request_host() -> str | None:
    """The Host header of the request behind this session (no port), or None outside a browser."""
    import streamlit as st

    try:
        headers = st.context.headers
        raw = headers.get("Host") if hasattr(headers, "get") else None
    except Exception:  # no request behind this run
        return None
    if not isinstance(raw, str) or not raw:
        return None
    host = raw.strip().lower()
    if host.startswith("["):  # [::1]:8501
        return host.split("]", 1)[0] + "]"
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def allowed_hosts() -> frozenset[str]:
    """The local names plus $CONSOLE_ALLOWED_HOSTS."""
    extra = {h.strip().lower() for h in os.environ.get(ALLOWED_ENV_VAR, "").split(",") if h.strip()}
    return LOCAL_NAMES | extra


def host_refused() -> str | None:
    """The Host header this session's request used when it is not allowed, else None.

    None too when there is no request to look at (a test harness runs the script directly)."""
    host = request_host()
    if host is None or host in allowed_hosts():
        return None
    return host
