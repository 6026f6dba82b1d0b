"""Two operators editing at once lose nothing (issue 13, item 4).

Config: B saves breaker_bloat 2.0 -> 0.5 while A's editor is open; A's save of min_turns alone used
to write the whole form back (breaker_bloat 2.0 again). Now an edit carries the version it was made
on, is applied as a diff, and a stale one is refused saying what changed meanwhile. CSV: a fact
changed between the preview and the apply is reported, not overwritten.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from console.services import csv_corrections as csv_svc
from console.services.config_edit import StaleEditError, save_edit
from console.services.facts import correct_facts
from data.records import FactCorrection
from data.store import Store
from tests.console.builders import seed_store
from tests.reliability.cases import covers

SECTION = "Issue 13: second round"
ROOT = Path(__file__).resolve().parents[2]
CONFIG_PAGE = str(ROOT / "pages" / "config.py")


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "console.duckdb"
    Store.open(path, linger=0).close()
    monkeypatch.setenv("CONSOLE_DB", str(path))
    monkeypatch.setenv("CONSOLE_ROLE", "operator")
    monkeypatch.setenv("CONSOLE_ACTOR", "ana")
    return path


def config_tab() -> AppTest:
    return AppTest.from_file(CONFIG_PAGE, default_timeout=60).run()


def save(at: AppTest, name: str, value: object, reason: str, version: int) -> AppTest:
    """Set one setting in the editor drawn on ``version`` and press save."""
    at.number_input(key=f"cfg_v{version}_{name}").set_value(value)
    at.text_input(key="cfg_reason").set_value(reason)
    next(b for b in at.button if b.label == "Validate and save").click()
    return at.run()


@pytest.mark.apptest
@covers(SECTION, "4. two operators on Config: the stale save is refused saying what changed, nothing lost")
def test_a_stale_config_save_is_refused_with_what_changed_and_loses_nothing(db):
    a, b = config_tab(), config_tab()  # two operators open Config on the defaults
    save(b, "breaker_bloat", 0.5, "B: trip earlier", 0)
    assert Store(db, linger=0).current_config().breaker_bloat == 0.5
    a = save(a, "min_turns", 5, "A: compact sooner", 0)
    assert not a.exception
    (error,) = [e.value for e in a.error]
    assert "changed since you opened it" in error and "breaker_bloat 2.0 -> 0.5" in error
    store = Store(db, linger=0)
    assert len(store.config_history()) == 1 and store.current_config().breaker_bloat == 0.5
    a = save(a, "min_turns", 5, "A: compact sooner, again", 1)  # A's page now shows version 1
    assert not a.error
    current = Store(db, linger=0).current_config()
    assert (current.min_turns, current.breaker_bloat) == (5, 0.5)


@covers(SECTION, "4. a config edit is applied as a diff on the version it was made on")
def test_a_config_edit_is_a_diff_and_a_stale_one_is_refused_in_the_service(tmp_path):
    store = Store.open(tmp_path / "c.duckdb", linger=0)
    form = {"min_turns": 8, "breaker_bloat": 2.0}  # the whole form as drawn on the defaults
    save_edit(store, {"breaker_bloat": 0.5}, reason="B", actor="bo", role="operator", base_version=0)
    with pytest.raises(StaleEditError, match=r"version 1 by bo: breaker_bloat 2\.0 -> 0\.5"):
        save_edit(store, form | {"min_turns": 5}, reason="A", actor="ana", role="operator", base_version=0)
    saved, changes = save_edit(
        store,
        {"min_turns": 5, "breaker_bloat": 0.5},
        reason="A",
        actor="ana",
        role="operator",
        base_version=1,
    )
    assert [c.name for c in changes] == ["min_turns"] and saved.version == 2
    assert store.current_config().breaker_bloat == 0.5
    store.close()


@covers(SECTION, "4. a fact changed between a CSV preview and its apply is reported, not overwritten")
def test_a_fact_changed_after_the_csv_preview_is_reported_not_overwritten(tmp_path):
    store = Store.open(tmp_path / "c.duckdb", linger=0)
    seed_store(store)
    cid, key = "sgd-train-1_00000", "restaurant.time"
    data = f"context_id,key,new_value,reason\n{cid},{key},12:15 pm,from the file\n".encode()
    preview = csv_svc.preview_csv(store, data, actor="ana", role="operator")
    assert preview.ok and preview.changes
    other = FactCorrection(context_id=cid, key=key, new_value="1 pm", actor="bo", source="form")
    assert correct_facts(store, [other], role="operator").applied  # bo, meanwhile
    outcome = csv_svc.apply_csv(
        store, data, actor="ana", role="operator", seen=csv_svc.seen_versions(preview)
    )
    assert not outcome.applied
    (refused,) = outcome.preview.errors
    assert refused.line == 2 and "changed since it was shown" in refused.error
    assert {f.fact.key: f.fact.value for f in store.facts(cid)}[key] == "1 pm"
    store.close()


@pytest.mark.apptest
@covers(SECTION, "4. the Facts page: a fact changed after the CSV preview is reported, not overwritten")
def test_the_facts_page_refuses_a_csv_whose_fact_changed_after_its_preview(db):
    store = Store(db, linger=0)
    seed_store(store)
    cid, key = "sgd-train-1_00000", "restaurant.time"
    at = AppTest.from_file(str(ROOT / "pages" / "facts.py"), default_timeout=60)
    at.query_params["context_id"] = cid
    at.run()
    text = f"context_id,key,new_value,reason\n{cid},{key},12:15 pm,from the file\n"
    at.file_uploader[0].set_value(("fix.csv", text.encode(), "text/csv"))
    at.run()
    assert "Every row is valid" in at.success[0].value  # the preview the operator reads
    other = FactCorrection(context_id=cid, key=key, new_value="1 pm", actor="bo", source="form")
    assert correct_facts(store, [other], role="operator").applied  # bo, meanwhile
    at.button(key="csv_apply").click().run()
    assert not at.exception
    flash = " ".join(e.value for e in at.error)
    assert "Nothing applied from fix.csv: line 2" in flash and "changed since it was shown" in flash
    assert {f.fact.key: f.fact.value for f in store.facts(cid)}[key] == "1 pm"
