"""The browser harness: a real ``streamlit run console/app.py`` on a seeded database, driven by Chromium.

* ``console_server`` (session): a temporary $CONSOLE_DB seeded with the test dialogues (built by
  the real core; one context stored without stage traces), the app started on a free port, waited
  for through its health endpoint, stopped at the end. Its log is in the temp folder.
* ``browser`` (session) and ``page`` (per test): Playwright's sync API on Debian's
  /usr/bin/chromium (never ``playwright install``). Requests that leave the machine are refused
  at once (no network here; a hanging font request would stall screenshots).
* ``settle(page)``: wait until Streamlit has finished running and drawing (no skeletons left).

Without /usr/bin/chromium the tests skip locally; with CI set they fail instead.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from bench.console_server import CHROMIUM, LAUNCH_ARGS, serve_console
from data.store import Store
from tests.console.builders import seed_store

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "docs" / "screenshots"
UNTRACED = "sgd-train-4_00021"
SETTLE_TIMEOUT_S = 90


@dataclass(frozen=True)
class ConsoleServer:
    """A running console: its base URL, database file and log."""

    url: str
    db: Path
    log: Path

    def store(self) -> Store:
        """A Store on the server's database (shares the file with the server, as the CLI does)."""
        return Store(self.db, linger=0)


def _require_chromium() -> None:
    if CHROMIUM.exists():
        return
    if os.environ.get("CI"):
        pytest.fail(f"{CHROMIUM} is missing: CI must run the browser tests (.ci/run installs chromium)")
    pytest.skip(f"{CHROMIUM} is not installed (browser tests run in CI)")


@pytest.fixture(scope="session")
def console_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ConsoleServer]:
    """The console served on a free port over a freshly seeded database."""
    _require_chromium()
    folder = tmp_path_factory.mktemp("e2e")
    db, log = folder / "console.duckdb", folder / "streamlit.log"
    store = Store.open(db, linger=0)
    seed_store(store, without_traces=(UNTRACED,))
    store.close()
    # these tests are about the screens; tests/e2e/test_login.py signs in
    env = {"CONSOLE_AUTH": "off", "CONSOLE_ROLE": "operator", "CONSOLE_ACTOR": "e2e-operator"}
    with serve_console(db, log, env) as url:
        yield ConsoleServer(url=url, db=db, log=log)


@pytest.fixture(scope="session")
def browser(console_server: ConsoleServer) -> Iterator[object]:
    """Debian's Chromium, driven by Playwright."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=str(CHROMIUM), args=LAUNCH_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: object, console_server: ConsoleServer) -> Iterator[object]:
    """A fresh browser tab (its own Streamlit session) that only talks to the local server."""
    context = browser.new_context(viewport={"width": 1500, "height": 1300})  # type: ignore[attr-defined]
    context.set_default_timeout(SETTLE_TIMEOUT_S * 1000)
    local = ("http://127.0.0.1", "data:", "blob:")
    context.route(
        "**/*", lambda route: route.continue_() if route.request.url.startswith(local) else route.abort()
    )
    tab = context.new_page()
    yield tab
    context.close()


def settle(page: object, timeout_s: float = SETTLE_TIMEOUT_S) -> None:
    """Wait until the app is idle: no script running, no element still a loading skeleton."""
    page.wait_for_selector("[data-testid='stApp']")  # type: ignore[attr-defined]
    page.wait_for_timeout(400)  # type: ignore[attr-defined]  # a rerun a click started shows up first
    deadline = time.monotonic() + timeout_s
    quiet = 0
    while quiet < 3:
        if time.monotonic() > deadline:
            raise TimeoutError(f"the app was still busy after {timeout_s} s")
        busy = page.locator("[data-testid='stStatusWidget'], [data-testid='stSkeleton']").count()  # type: ignore[attr-defined]
        quiet = quiet + 1 if busy == 0 else 0
        page.wait_for_timeout(300)  # type: ignore[attr-defined]


def open_page(page: object, server: ConsoleServer, path: str) -> None:
    """Go to ``path`` (e.g. '/sessions?context_id=x') and wait until it has drawn (every page has a title)."""
    page.goto(server.url + path)  # type: ignore[attr-defined]
    page.wait_for_selector("[data-testid='stMain'] h1")  # type: ignore[attr-defined]
    settle(page)


def wait_text(page: object, text: str, timeout_s: float = SETTLE_TIMEOUT_S) -> None:
    """Wait until ``text`` is shown in the page's main area (then for the app to be idle)."""
    page.locator("[data-testid='stMain']").get_by_text(text, exact=False).first.wait_for(  # type: ignore[attr-defined]
        timeout=timeout_s * 1000
    )
    settle(page)


def screenshot(page: object, name: str) -> Path:
    """Save the whole page as docs/screenshots/<name>.png (the README shows them)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    size = page.viewport_size  # type: ignore[attr-defined]
    # Streamlit scrolls inside its main block, so a "full page" shot is one screen: grow the window
    height = page.evaluate(  # type: ignore[attr-defined]
        "Math.max(0, ...[...document.querySelectorAll("
        "'[data-testid=stMain], [data-testid=stMainBlockContainer]')].map(e => e.scrollHeight))"
    )
    page.set_viewport_size(
        {"width": size["width"], "height": min(max(int(height) + 40, size["height"]), 4000)}
    )  # type: ignore[attr-defined]
    settle(page)
    page.screenshot(path=str(path))  # type: ignore[attr-defined]
    page.set_viewport_size(size)  # type: ignore[attr-defined]
    return path
