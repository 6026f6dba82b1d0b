"""AppTest of the Circuit breaker page: switches with reasons land in the store and the audit trail."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from console.services.breaker import check_auto_trip
from core.config import Config
from data.store import Store
from tests.console.ops_helpers import T0, open_store, small_context

pytestmark = pytest.mark.apptest
PAGE = str(Path(__file__).resolve().parents[2] / "pages" / "breaker.py")


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "console.duckdb"
    store = open_store(path)
    store.save_contexts([small_context("ctx-a"), small_context("ctx-b")])
    store.close()
    monkeypatch.setenv("CONSOLE_DB", str(path))
    monkeypatch.setenv("CONSOLE_ROLE", "operator")  # with login off, no role is a viewer
    monkeypatch.setenv("CONSOLE_ACTOR", "ana")
    return path


def page() -> AppTest:
    return AppTest.from_file(PAGE, default_timeout=30).run()


def check(db: Path) -> Store:
    return Store(db, linger=0)


def test_the_page_explains_itself_and_shows_the_switches(db: Path) -> None:
    at = page()
    assert not at.exception
    assert at.title[0].value == "Circuit breaker"
    assert "raw mode" in at.markdown[0].value
    assert any("Automatic trip" in c.value for c in at.caption)
    assert at.toggle(key="breaker_global_raw").value is False
    assert at.selectbox(key="context_picker").options == ["ctx-a", "ctx-b"]
    assert any("Pick or paste a context id" in c.value for c in at.caption)  # none picked yet
    assert [s.value for s in at.subheader] == [
        "Global switch",
        "One context",
        "Contexts now in raw mode (0)",
        "Recent changes",
    ]


def test_a_context_toggle_with_a_reason_lands_in_the_breaker_and_the_audit(db: Path) -> None:
    at = page()
    # (AppTest reports an unset selectbox as its first option, so pick the second one to change it)
    at.selectbox(key="context_picker").set_value("ctx-b").run()
    assert at.toggle(key="breaker_context_raw").value is False
    at.toggle(key="breaker_context_raw").set_value(True)
    at.text_input(key="breaker_context_reason").set_value("facts look wrong")
    at.button[1].click().run()  # the context form's submit button
    assert not at.exception
    assert [s.value for s in at.success] == ["Context ctx-b set to raw."]
    store = check(db)
    own = store.get_breaker("ctx-b")
    assert own is not None and own.mode == "raw" and own.actor == "ana" and own.reason == "facts look wrong"
    audit = store.audit_log(action_prefix="breaker.").items
    assert len(audit) == 1 and audit[0].context_id == "ctx-b" and audit[0].actor == "ana"
    assert store.effective_mode("ctx-b") == "raw"
    assert at.subheader[2].value == "Contexts now in raw mode (1)"
    assert at.query_params["context_id"] == "ctx-b"  # a link to this page opens the same context
    assert ":red-badge[served RAW]" in [m.value for m in at.markdown]


def test_a_toggle_without_a_reason_changes_nothing_and_says_why(db: Path) -> None:
    at = page()
    at.toggle(key="breaker_global_raw").set_value(True)
    at.button[0].click().run()
    assert at.error and "reason is required" in at.error[0].value
    store = check(db)
    assert store.breakers() == [] and store.audit_log().total == 0


def test_the_global_switch_with_a_reason(db: Path) -> None:
    at = page()
    at.toggle(key="breaker_global_raw").set_value(True)
    at.text_input(key="breaker_global_reason").set_value("incident 7")
    at.button[0].click().run()
    assert [s.value for s in at.success] == ["Global switch set to raw."]
    assert check(db).effective_mode("ctx-b") == "raw"
    assert ":red-badge[RAW: every context is served raw]" in [m.value for m in at.markdown]


def test_an_automatic_trip_is_listed_and_reset_with_a_reason(db: Path) -> None:
    store = check(db)
    check_auto_trip(store, "ctx-b", [(T0, 3.0), (T0 + timedelta(seconds=301), 3.0)], Config())
    store.close()
    at = page()
    assert at.subheader[2].value == "Contexts now in raw mode (1)"
    assert any("1 of them tripped automatically" in c.value for c in at.caption)
    assert at.selectbox(key="breaker_reset_cid").value == "ctx-b"
    at.text_input(key="breaker_reset_reason").set_value("bloat fixed by config v3")
    at.button[-1].click().run()
    assert [s.value for s in at.success] == ["Context ctx-b is compressed again."]
    assert check(db).effective_mode("ctx-b") == "compressed"
    assert at.subheader[2].value == "Contexts now in raw mode (0)"


def test_a_link_with_a_context_id_opens_that_context(db: Path) -> None:
    at = AppTest.from_file(PAGE, default_timeout=30)
    at.query_params["context_id"] = "ctx-b"
    at.run()
    assert at.selectbox(key="context_picker").value == "ctx-b"
    assert any("no switch asks for raw" in c.value for c in at.caption)


def test_an_unknown_context_is_named(db: Path) -> None:
    at = AppTest.from_file(PAGE, default_timeout=30)
    at.query_params["context_id"] = "nope"
    at.run()
    assert at.error and "nope" in at.error[0].value
    assert not [t for t in at.toggle if t.key == "breaker_context_raw"]  # no switch for an unknown id


def test_a_viewer_sees_disabled_switches(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CONSOLE_ROLE", "viewer")
    at = page()
    assert at.info and "read only" in at.info[0].value
    assert at.toggle(key="breaker_global_raw").disabled
    assert at.button[0].disabled
