"""AppTest of the Sessions page: filters, the link that opens a session, the session's sections."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from data.store import Store

pytestmark = pytest.mark.apptest
PAGE = str(Path(__file__).resolve().parents[2] / "pages" / "sessions.py")
CID = "sgd-train-1_00000"


def param(at: AppTest, name: str) -> str | None:
    """A query parameter's value (AppTest gives a string, or a list once the page set it)."""
    value = at.query_params.get(name)
    return value[-1] if isinstance(value, list) else value


def page(**params: str) -> AppTest:
    at = AppTest.from_file(PAGE, default_timeout=60)
    for name, value in params.items():
        at.query_params[name] = value
    return at.run()


def test_the_page_explains_itself_and_offers_every_filter(app_db):
    at = page()
    assert not at.exception
    assert at.title[0].value == "Sessions"
    assert "click a row to open the session" in at.caption[0].value
    assert at.text_input(key="s_text").placeholder.startswith("prefix or full id")
    assert at.selectbox(key="s_source").options == ["All sources", "crosswoz", "multiwoz21", "sgd"]
    assert "red" in at.multiselect(key="s_health").options
    assert at.selectbox(key="s_sort").value == "updated_at"
    assert any("of **4** sessions" in c.value for c in at.caption)
    assert "Select a session in the table" in at.info[0].value


def test_a_link_with_the_context_id_opens_that_session(app_db):
    compactions = len(Store(app_db, linger=0).compactions(CID))
    at = page(context_id=CID)
    assert not at.exception
    assert at.subheader[0].value == CID
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Turns"] == "24" and metrics["Compactions"] == str(compactions)
    assert at.tabs[2].label == f"Compactions ({compactions})"
    assert len(at.dataframe) >= 1  # the compactions table
    transcript = next(h.proto.body for h in at.get("html") if 'data-key="transcript"' in h.proto.body)
    assert "I am feeling hungry" in transcript and "white-space:pre-wrap" in transcript
    assert param(at, "context_id") == CID


def test_filters_narrow_the_list_and_a_pasted_id_opens_the_session(app_db):
    at = page()
    at.selectbox(key="s_source").set_value("crosswoz").run()
    assert any("of **1** sessions" in c.value for c in at.caption)
    at.selectbox(key="s_source").set_value("All sources")
    at.text_input(key="s_text").input(CID).run()
    assert not at.exception
    assert param(at, "context_id") == CID
    assert at.subheader[0].value == CID


def test_bad_input_is_explained_not_crashed(app_db):
    at = page(context_id="no-such-context")
    assert not at.exception
    assert "No context “no-such-context”" in at.error[0].value
    at.text_input(key="s_text").input("x" * 600).run()
    assert not at.exception
    assert "context ids are at most 512" in at.error[0].value


def test_a_context_served_raw_says_so(app_db):
    Store(app_db, linger=0).set_breaker("raw", context_id=CID, reason="bloat spike", actor="bob")
    at = page(context_id=CID)
    assert "raw dialogue by bob: “bloat spike”" in at.warning[0].value
