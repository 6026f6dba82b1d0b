"""AppTest of the Config page: descriptions, a bad edit names the field and saves nothing, history."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from core.config import Config
from data.store import Store
from tests.console.markdown import shown
from tests.console.ops_helpers import open_store

pytestmark = pytest.mark.apptest
PAGE = str(Path(__file__).resolve().parents[2] / "pages" / "config.py")


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "console.duckdb"
    open_store(path).close()
    monkeypatch.setenv("CONSOLE_DB", str(path))
    monkeypatch.setenv("CONSOLE_ROLE", "operator")  # with login off, no role is a viewer
    monkeypatch.setenv("CONSOLE_ACTOR", "ana")
    return path


def page() -> AppTest:
    return AppTest.from_file(PAGE, default_timeout=30).run()


def stored(db: Path) -> Store:
    return Store(db, linger=0)


def test_every_setting_is_shown_with_its_description(db: Path) -> None:
    at = page()
    assert not at.exception
    assert at.title[0].value == "Configuration"
    assert "newest saved version" in at.markdown[0].value
    assert [t.label for t in at.tabs] == ["Current settings", "Edit", "History", "Export / import"]
    table = at.dataframe[0].value
    assert list(table["setting"]) == list(Config.model_fields)
    described = dict(zip(table["setting"], table["what it does"], strict=True))
    assert described["decay_factor"] == Config.model_fields["decay_factor"].description
    assert at.number_input(key="cfg_v0_decay_factor").value == pytest.approx(0.95)
    assert at.checkbox(key="cfg_v0_use_embeddings").value is True
    assert at.text_input(key="cfg_v0_tiers").value == "0.3, 0.5, 1"


def test_a_bad_value_shows_the_field_error_and_saves_nothing(db: Path) -> None:
    at = page()
    at.number_input(key="cfg_v0_decay_factor").set_value(1.5)
    at.text_input(key="cfg_reason").set_value("try")
    at.button[0].click().run()  # the form's submit button
    assert not at.exception
    assert at.error[0].value.startswith("Nothing saved: 1 setting(s) invalid")
    assert "decay_factor: Input should be less than or equal to 1" in [e.value for e in at.error]
    assert stored(db).config_history() == []
    assert stored(db).audit_log().total == 0


def test_a_good_edit_is_saved_with_its_reason_and_listed_in_the_history(db: Path) -> None:
    at = page()
    at.number_input(key="cfg_v0_min_turns").set_value(10)
    at.text_input(key="cfg_v0_tiers").set_value("0.2, 0.6, 1.0")
    at.text_input(key="cfg_reason").set_value("longer sessions")
    at.button[0].click().run()
    assert (
        shown(at.success[0].value)
        == "Saved version 1: min_turns 8 -> 10, tiers [0.3, 0.5, 1.0] -> [0.2, 0.6, 1.0]."
    )
    store = stored(db)
    assert store.current_config().min_turns == 10 and store.current_config().tiers == [0.2, 0.6, 1.0]
    assert store.config_history()[0].reason == "longer sessions"
    assert store.audit_log(action_prefix="config.").items[0].actor == "ana"
    history = at.dataframe[1].value
    assert list(history["version"]) == [1] and "min_turns: 8 -> 10" in history["changes"][0]
    assert at.number_input(key="cfg_v1_min_turns").value == 10  # the editor now starts from version 1


def test_a_save_without_a_reason_is_refused(db: Path) -> None:
    at = page()
    at.number_input(key="cfg_v0_min_turns").set_value(10)
    at.button[0].click().run()
    assert "reason is required" in at.error[0].value
    assert stored(db).config_history() == []


def test_restore_an_earlier_version(db: Path) -> None:
    store = stored(db)
    store.save_config(Config(min_turns=10), actor="ana", reason="one")
    store.save_config(Config(min_turns=12), actor="ana", reason="two")
    at = page()
    at.selectbox(key="cfg_restore_version").set_value(1)
    at.button[1].click().run()
    assert at.success[0].value == "Version 1 restored as version 3."
    assert stored(db).current_config().min_turns == 10


def test_export_is_offered_as_toml(db: Path) -> None:
    at = page()
    assert at.get("download_button")


def test_a_viewer_sees_the_settings_read_only(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CONSOLE_ROLE", "viewer")
    at = page()
    assert "read only" in at.info[0].value
    assert at.number_input(key="cfg_v0_decay_factor").disabled
    assert at.button[0].disabled
