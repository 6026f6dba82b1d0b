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
    "() => performance.getEntriesByType('resource').filter(e => e.name.includes('/static/'))"
    ".map(e => [e.name, e.transferSize === 0])"
)


def _static_files(context: object, server: ConsoleServer) -> dict[str, bool]:
    """Open /breaker in a new tab of ``context``: each frontend file loaded -> taken from the cache."""
    tab = context.new_page()  # type: ignore[attr-defined]
    try:
        tab.add_init_script(f"({WATCH_JS})({TITLES['breaker']!r})")
        tab.goto(server.url + "/breaker")
        tab.wait_for_function("() => window.__paint && window.__paint.paint !== null", timeout=90_000)
        return {name: bool(cached) for name, cached in tab.evaluate(STATIC)}
    finally:
        tab.close()


def test_a_returning_browser_takes_the_frontend_from_its_cache_a_fresh_profile_does_not(
    browser: object, console_server: ConsoleServer
) -> None:
    returning = new_context(browser, keep_cache=True)
    try:
        first = _static_files(returning, console_server)  # its first visit fills the cache
        again = _static_files(returning, console_server)
        # a file the first visit loaded comes from the cache; one it had not loaded yet (a chunk
        # the frontend fetches lazily, after the paint the first tab closed on) cannot
        seen = [name for name in again if name in first]
        assert len(seen) > 20 and all(again[name] for name in seen)
    finally:
        returning.close()  # type: ignore[attr-defined]
    for _ in range(2):  # a fresh profile every time: nothing cached, however often it is opened
        fresh = new_context(browser)
        try:
            files = _static_files(fresh, console_server)
            assert len(files) > 20 and not any(files.values())
        finally:
            fresh.close()  # type: ignore[attr-defined]
