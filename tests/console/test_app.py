"""AppTest of the entrypoint: every screen is routed and the default address opens Sessions."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

pytestmark = pytest.mark.apptest
ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "console" / "app.py")


def test_every_screen_file_is_listed_in_the_navigation():
    source = (ROOT / "console" / "app.py").read_text(encoding="utf-8")
    for name in ("sessions", "replay", "facts", "metrics", "breaker", "playground", "config"):
        assert f'"pages/{name}.py"' in source
        assert (ROOT / "pages" / f"{name}.py").is_file()


def test_the_root_address_forwards_to_sessions_with_the_link_kept(app_db):
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["context_id"] = "sgd-train-1_00000"
    at.run()
    assert not at.exception
    assert at.title[0].value == "Sessions"
    assert any(s.value == "sgd-train-1_00000" for s in at.subheader)
    assert any("Signed in as **ana** (operator)" in c.value for c in at.sidebar.caption)


@pytest.mark.parametrize(("page", "title"), [("replay", "Replay"), ("facts", "Facts")])
def test_switching_pages_runs_them_inside_the_app(app_db, page, title):
    at = AppTest.from_file(APP, default_timeout=60).run()
    at.switch_page(str(ROOT / "pages" / f"{page}.py")).run()
    assert not at.exception
    assert at.title[0].value == title
