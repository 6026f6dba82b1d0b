"""The two browsers of the first-paint measure (bench/paint.py) are what they claim: a returning
browser takes Streamlit's frontend from its HTTP cache, a fresh profile fetches all of it again.

Before: the returning browser's context had a route (to refuse other hosts), which turns
Playwright's HTTP cache off, so both browsers fetched every file and measured the same thing."""

from __future__ import annotations

import pytest

from bench.paint import TITLES, WATCH_JS, new_context
from tests.e2e.conftest import ConsoleServer

pytestmark = pytest.mark.e2e
STATIC = (
    "() => { const r = performance.getEntriesByType('resource').filter(e => e.name.includes('/static/'));"
    " return [r.length, r.filter(e => e.transferSize === 0).length]; }"
)


def _static_files(context: object, server: ConsoleServer) -> tuple[int, int]:
    """Open /breaker in a new tab of ``context``: (frontend files loaded, of which from the cache)."""
    tab = context.new_page()  # type: ignore[attr-defined]
    try:
        tab.add_init_script(f"({WATCH_JS})({TITLES['breaker']!r})")
        tab.goto(server.url + "/breaker")
        tab.wait_for_function("() => window.__paint && window.__paint.paint !== null", timeout=90_000)
        loaded, cached = tab.evaluate(STATIC)
        return int(loaded), int(cached)
    finally:
        tab.close()


def test_a_returning_browser_takes_the_frontend_from_its_cache_a_fresh_profile_does_not(
    browser: object, console_server: ConsoleServer
) -> None:
    returning = new_context(browser, keep_cache=True)
    try:
        _static_files(returning, console_server)  # its first visit fills the cache
        loaded, cached = _static_files(returning, console_server)
        assert loaded > 20 and cached == loaded
    finally:
        returning.close()  # type: ignore[attr-defined]
    for _ in range(2):  # a fresh profile every time: nothing cached, however often it is opened
        fresh = new_context(browser)
        try:
            loaded, cached = _static_files(fresh, console_server)
            assert loaded > 20 and cached == 0
        finally:
            fresh.close()  # type: ignore[attr-defined]
