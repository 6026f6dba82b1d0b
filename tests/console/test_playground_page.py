"""AppTest of the Playground page: a 4-turn transcript shows every stage; a bad one names its line."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from console.services.breaker import set_context_mode
from data.store import Store
from tests.console.markdown import shown
from tests.console.ops_helpers import FOUR_TURNS, open_store, small_context

pytestmark = pytest.mark.apptest
PAGE = str(Path(__file__).resolve().parents[2] / "pages" / "playground.py")


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "console.duckdb"
    store = open_store(path)
    store.save_contexts([small_context("real-1")])
    store.close()
    monkeypatch.setenv("CONSOLE_DB", str(path))
    monkeypatch.setenv("CONSOLE_ROLE", "operator")  # with login off, no role is a viewer
    monkeypatch.setenv("CONSOLE_ACTOR", "ana")
    return path


def run_with(text: str, cid: str = "") -> AppTest:
    at = AppTest.from_file(PAGE, default_timeout=60).run()
    at.text_area(key="pg_text").set_value(text)
    at.text_input(key="pg_cid").set_value(cid)
    at.button(key="pg_run").click().run()
    return at


def test_the_page_explains_itself_and_loads_no_model_before_a_run(db: Path) -> None:
    at = AppTest.from_file(PAGE, default_timeout=60).run()
    assert not at.exception
    assert at.title[0].value == "Playground"
    assert "plain lines" in at.markdown[0].value and "JSONL" in at.markdown[0].value
    assert at.radio(key="pg_mode").value.startswith("Rules only")
    assert at.checkbox(key="pg_force").value is True
    assert any("press Run" in c.value for c in at.caption)
    assert not at.tabs  # nothing ran yet


def test_the_example_button_fills_the_transcript(db: Path) -> None:
    at = AppTest.from_file(PAGE, default_timeout=60).run()
    at.button(key="pg_example").click().run()
    assert at.text_area(key="pg_text").value.startswith("user: I need a table for 2")


def test_a_four_turn_transcript_shows_every_stage(db: Path) -> None:
    at = run_with(FOUR_TURNS, "pg-4")
    assert not at.exception and not at.error
    assert at.subheader[0].value == "Result for pg-4"
    assert {m.label: m.value for m in at.metric}["Turns"] == "4"
    assert [t.label for t in at.tabs] == [
        "1 Parse",
        "2 Extract",
        "3 Merge",
        "4 Trigger",
        "5 Render",
        "6 Validate",
    ]
    assert at.select_slider(key="pg_turn").value == 3  # the last turn, where the final compaction ran
    assert any("[FACT:restaurant." in c.value for c in at.code)  # rendered with anchors
    assert any("Passed" in s.value for s in at.success)  # the validation report
    # step back to the first turn: its parse table holds the user's time and date
    at.select_slider(key="pg_turn").set_value(0).run()
    entity_table = at.dataframe[1].value
    assert {"7pm", "Friday"} <= set(entity_table["as written"])
    assert "restaurant.time" in set(at.dataframe[3].value["key"])  # merge: the state after turn 0
    assert any("Did not fire" in i.value for i in at.info)  # trigger: below min_turns


def test_a_bad_transcript_gets_an_error_naming_the_line(db: Path) -> None:
    at = run_with("user: hello\nassistant: hi\nthis line has no role\n")
    assert at.error and at.error[0].value.startswith(
        "Cannot read the transcript: line 3: expected 'role: text'"
    )
    assert not at.tabs


def test_a_bad_jsonl_field_is_named(db: Path) -> None:
    at = run_with('{"context_id": "x", "turns": [{"role": "user", "text": 5}]}')
    assert "line 1: turns[0].text: expected a string" in shown(at.error[0].value)


def test_a_context_switched_to_raw_is_served_raw(db: Path) -> None:
    set_context_mode(Store(db, linger=0), "real-1", raw=True, reason="test", actor="ana", role="operator")
    at = run_with(FOUR_TURNS, "real-1")
    assert {m.label: m.value for m in at.metric}["Served as"] == "raw"
    assert any("Served raw: an operator switched this context" in w.value for w in at.warning)


def test_saving_the_run_makes_a_session(db: Path) -> None:
    at = run_with(FOUR_TURNS, "pg-saved")
    at.button(key="pg_save").click().run()
    assert at.success[-1].value.startswith("Saved pg-saved (created")
    store = Store(db, linger=0)
    assert store.get_context("pg-saved").source == "playground"


def test_saving_over_a_real_session_is_refused(db: Path) -> None:
    at = run_with(FOUR_TURNS, "real-1")
    at.button(key="pg_save").click().run()
    assert "already exists (source 'sgd')" in at.error[-1].value


def test_a_viewer_can_run_but_not_save(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CONSOLE_ROLE", "viewer")
    at = run_with(FOUR_TURNS, "pg-v")
    assert not at.exception
    assert not [b for b in at.button if b.key == "pg_save"]
    assert any("read only" in c.value for c in at.caption)


def test_rules_only_never_asks_for_the_model(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import console.resources

    def no_model() -> None:
        raise AssertionError("the rules-only run must not load the embedding model")

    monkeypatch.setattr(console.resources, "get_embedder", no_model)
    at = run_with(FOUR_TURNS, "pg-rules")
    assert not at.exception
    assert {m.label: m.value for m in at.metric}["Embeddings"] == "rules-only"


def test_the_embeddings_mode_asks_for_the_shared_embedder_on_run(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import console.resources
    from core.embed import NgramEmbedder

    calls: list[int] = []

    def fake_embedder() -> NgramEmbedder:  # a deterministic stand-in for MiniLM (no download, no load)
        calls.append(1)
        return NgramEmbedder()

    monkeypatch.setattr(console.resources, "get_embedder", fake_embedder)
    at = AppTest.from_file(PAGE, default_timeout=60).run()
    assert calls == []  # opening the page loads nothing
    at.text_area(key="pg_text").set_value(FOUR_TURNS)
    at.radio(key="pg_mode").set_value(at.radio(key="pg_mode").options[1])
    at.button(key="pg_run").click().run()
    assert not at.exception and calls == [1]
    assert {m.label: m.value for m in at.metric}["Embeddings"] == "ngram"
