"""Sign-in in a real browser: the console served with login on (streamlit-authenticator, a bcrypt
credentials file in a temp folder), driven by Debian's Chromium.

A wrong password is refused, the right one opens the linked page and stores the signed cookie
(SameSite=Strict, about a day), a reload keeps the session through it, "Sign out" ends it and
deletes the cookie, and a reload then asks for the password again; a viewer's switches are
disabled. Every event lands in the audit table (a reload through the cookie is not a new sign-in).
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from console.credentials import COOKIE_NAME
from data.store import Store
from tests.console.auth_accounts import PASSWORDS, make_accounts
from tests.console.builders import seed_store
from tests.e2e.conftest import (
    ConsoleServer,
    _require_chromium,
    screenshot,
    serve_console,
    settle,
)

pytestmark = pytest.mark.e2e
CID = "sgd-train-1_00000"
TIMEOUT_MS = 90_000


@pytest.fixture(scope="module")
def login_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ConsoleServer]:
    """The console with login on, over a seeded database and the three test accounts."""
    _require_chromium()
    folder = tmp_path_factory.mktemp("e2e-login")
    db, log = folder / "console.duckdb", folder / "streamlit.log"
    store = Store.open(db, linger=0)
    seed_store(store)
    credentials = make_accounts(folder / "accounts" / "credentials.yaml", store)
    store.close()
    env = {"CONSOLE_AUTH": "password", "CONSOLE_CREDENTIALS": str(credentials)}
    with serve_console(db, log, env, unset=("CONSOLE_ROLE", "CONSOLE_ACTOR", "CONSOLE_IDLE_MINUTES")) as url:
        yield ConsoleServer(url=url, db=db, log=log)


@pytest.fixture
def tab(browser: object, login_server: ConsoleServer) -> Iterator[object]:
    """A fresh browser context (its own cookies) that only talks to the local server."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})  # type: ignore[attr-defined]
    context.set_default_timeout(TIMEOUT_MS)
    local = ("http://127.0.0.1", "data:", "blob:")
    context.route(
        "**/*", lambda route: route.continue_() if route.request.url.startswith(local) else route.abort()
    )
    page = context.new_page()
    yield page
    context.close()


def goto(page: object, server: ConsoleServer, path: str) -> None:
    page.goto(server.url + path)  # type: ignore[attr-defined]
    page.wait_for_selector("[data-testid='stMain'] h1")  # type: ignore[attr-defined]
    settle(page)


def fill_and_sign_in(page: object, username: str, password: str) -> None:
    main = page.locator("[data-testid='stMain']")  # type: ignore[attr-defined]
    main.get_by_role("textbox", name="Username").fill(username)
    main.get_by_role("textbox", name="Password").fill(password)
    main.get_by_role("button", name="Sign in").click()
    settle(page)


def title(page: object) -> str:
    return page.locator("[data-testid='stMain'] h1").first.inner_text()  # type: ignore[attr-defined]


def wait_title(page: object, text: str) -> None:
    page.locator("[data-testid='stMain'] h1", has_text=text).first.wait_for(timeout=TIMEOUT_MS)  # type: ignore[attr-defined]
    settle(page)


def session_cookies(page: object) -> list[dict]:
    """The browser's re-authentication cookies for the console."""
    return [c for c in page.context.cookies() if c["name"] == COOKIE_NAME]  # type: ignore[attr-defined]


def test_sign_in_reload_and_sign_out_in_the_browser(tab, login_server):
    page = tab
    goto(page, login_server, f"/facts?context_id={CID}")
    assert title(page) == "Context console"
    assert page.locator("[data-testid='stSidebar']").count() == 0 or "Signed in" not in page.content()
    screenshot(page, "login")

    fill_and_sign_in(page, "ana", "not-the-password")
    page.get_by_text("Wrong username or password.").wait_for()
    assert title(page) == "Context console"

    assert session_cookies(page) == []
    fill_and_sign_in(page, "ana", PASSWORDS["ana"])
    wait_title(page, "Facts")  # the linked page opens, query parameters kept
    assert CID in page.url
    sidebar = page.locator("[data-testid='stSidebar']")
    sidebar.get_by_text("Signed in as").wait_for()
    assert "ana" in sidebar.inner_text() and "(operator)" in sidebar.inner_text()
    (cookie,) = session_cookies(page)  # the page stored the signed cookie
    assert (cookie["path"], cookie["sameSite"], cookie["httpOnly"]) == ("/", "Strict", False)
    assert 0.9 * 86400 < cookie["expires"] - time.time() < 1.1 * 86400  # cookie.expiry_days: 1

    page.reload()  # a new Streamlit session: the signed cookie keeps the user in
    page.wait_for_selector("[data-testid='stMain'] h1")
    settle(page)
    wait_title(page, "Facts")

    assert "ana" in sidebar.inner_text()

    sidebar.get_by_role("button", name="Sign out").click()
    page.get_by_text("You are signed out.").wait_for()
    settle(page)
    assert title(page) == "Context console"
    assert session_cookies(page) == []  # deleted by the page
    page.reload()  # the cookie is gone: the password is asked again
    page.wait_for_selector("[data-testid='stMain'] h1")
    settle(page)
    assert title(page) == "Context console"
    page.locator("[data-testid='stMain']").get_by_role("textbox", name="Password").wait_for()
    assert session_cookies(page) == [] and "Signed in as" not in page.content()

    rows = Store(login_server.db, linger=0).audit_log(action_prefix="auth.", actor="ana").items
    assert [r.action for r in rows][:3] == ["auth.logout", "auth.login", "auth.login_failed"]
    assert {(r.role, r.source) for r in rows} == {("operator", "form")}


def test_a_viewer_signed_in_in_the_browser_cannot_switch_the_breaker(tab, login_server):
    page = tab
    goto(page, login_server, "/breaker")
    fill_and_sign_in(page, "vic", PASSWORDS["vic"])
    wait_title(page, "Circuit breaker")
    main = page.locator("[data-testid='stMain']")
    main.get_by_text("read only").first.wait_for()
    assert main.get_by_role("button", name="Apply global switch").is_disabled()
    assert Store(login_server.db, linger=0).get_breaker(None) is None
