"""The operator console's entrypoint: ``streamlit run console/app.py``. It only routes.

Every screen is one file in the top-level ``pages/`` folder, listed here explicitly with
``st.navigation`` (Streamlit's automatic discovery does not apply: ``pages/`` is not beside this
file). A page whose file is missing is left out of the menu instead of breaking the app.

Every run starts at the sign-in gate (console/auth.py): nobody sees a page before signing in, and
the admin screen (Users) is in the menu of admins only.
"""

from __future__ import annotations

import contextlib
import logging
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # `streamlit run console/app.py` puts console/ on the path, not the repo root
    sys.path.insert(0, str(ROOT))

import streamlit as st  # noqa: E402

from console import auth, hosts  # noqa: E402
from console.auth import current_user  # noqa: E402
from console.resources import get_store  # noqa: E402
from console.served_widgets import global_raw_banner  # noqa: E402
from console.widgets import plain  # noqa: E402
from data.concurrency import StoreBusyError, StoreError  # noqa: E402
from data.paths import default_db_path  # noqa: E402

log = logging.getLogger(__name__)

# section -> (file, title, icon, url path); the first page is the default one
PAGES: dict[str, list[tuple[str, str, str, str]]] = {
    "Investigate": [
        ("pages/sessions.py", "Sessions", ":material/list_alt:", "sessions"),
        ("pages/replay.py", "Replay", ":material/slow_motion_video:", "replay"),
        ("pages/facts.py", "Facts", ":material/fact_check:", "facts"),
    ],
    "Operate": [
        ("pages/metrics.py", "Metrics", ":material/monitoring:", "metrics"),
        ("pages/breaker.py", "Circuit breaker", ":material/power_settings_new:", "breaker"),
    ],
    "Tune": [
        ("pages/playground.py", "Playground", ":material/science:", "playground"),
        ("pages/config.py", "Config", ":material/tune:", "config"),
    ],
}
# shown to admins only (the page refuses anyone else too)
ADMIN_PAGES: dict[str, list[tuple[str, str, str, str]]] = {
    "Admin": [("pages/users.py", "Users", ":material/group:", "users")],
}


def navigation_pages(role: str = "viewer") -> dict[str, list]:
    """The st.Page objects of every page file that exists, by section, plus the hidden home page.

    ``role`` admin adds the admin section.

    Streamlit serves its default page at "/" and ignores that page's own url_path; so the default
    is a hidden page that forwards to the first screen, and every screen keeps a stable address
    (/sessions?context_id=... works as a link)."""
    out: dict[str, list] = {}
    sections = {**PAGES, **(ADMIN_PAGES if auth.is_admin(role) else {})}
    for section, pages in sections.items():
        for path, title, icon, url in pages:
            file = ROOT / path
            if not file.is_file():
                log.warning("console page %s is missing; left out of the menu", path)
                continue
            out.setdefault(section, []).append(st.Page(file, title=title, icon=icon, url_path=url))
    screens = [page for pages in out.values() for page in pages]
    if screens:
        first_section = next(iter(out))
        out[first_section].insert(
            0, st.Page(_home(screens[0]), title="Home", url_path="home", default=True, visibility="hidden")
        )
    return out


def _home(first: object) -> Callable[[], None]:
    """The default page: forwards to ``first`` with the same query parameters."""

    def home() -> None:
        st.switch_page(first, query_params=dict(st.query_params))  # type: ignore[arg-type]

    return home


def main() -> None:
    """Set up the frame shared by every page, then run the page the URL names."""
    st.set_page_config(page_title="Context console", page_icon=":material/compress:", layout="wide")
    refused = hosts.host_refused() if auth.auth_mode() == "off" else None
    if refused is not None:  # login off: only requests addressed to this machine (DNS rebinding)
        st.error(
            f"This console answers {', '.join(sorted(hosts.LOCAL_NAMES))} only while login is off, not "
            f"“{plain(refused)}”. Open it by one of those names, or list the name in "
            f"{hosts.ALLOWED_ENV_VAR}."
        )
        return
    if not auth.gate():  # the sign-in form, or why a session ended; no page for a visitor
        return
    actor, role = current_user()
    pages = navigation_pages(role)
    page = st.navigation(pages)
    linked = auth.page_to_open()  # a link that met the sign-in form opens its page now
    if linked and linked != page.url_path:
        target = next((p for section in pages.values() for p in section if p.url_path == linked), None)
        if target is not None:
            st.switch_page(target, query_params=dict(st.query_params))
    with st.sidebar:
        st.caption(f"Signed in as **{plain(actor)}** ({role})")
        if auth.auth_mode() != "off":
            st.button("Sign out", key="console_sign_out", on_click=auth.sign_out, icon=":material/logout:")
        st.caption(auth.session_note())
        st.caption(f"Database: `{default_db_path().name}`", help=str(default_db_path()))
    # every page: the model is served raw while the global switch is on; on a file the store
    # cannot open, the page says so in its own words below
    with contextlib.suppress(StoreError):
        global_raw_banner(get_store())
    try:
        page.run()
    except StoreBusyError:
        st.warning(
            "The database is busy: another process (an ingest run, most likely) is writing to it. "
            "Nothing was changed; reload the page in a moment.",
            icon=":material/hourglass_top:",
        )
    except StoreError as exc:  # a full disk, a damaged file: the change was rolled back
        st.error(f"The database could not do this: {exc}", icon=":material/database:")


if __name__ == "__main__":
    main()
