"""AppTest of the Facts page: a form correction lands in the history; CSV preview and all-or-nothing apply."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from data.store import Store

pytestmark = pytest.mark.apptest
PAGE = str(Path(__file__).resolve().parents[2] / "pages" / "facts.py")
CID = "sgd-train-1_00000"


def page(**params: str) -> AppTest:
    at = AppTest.from_file(PAGE, default_timeout=60)
    for name, value in params.items():
        at.query_params[name] = value
    return at.run()


def value_of(db: Path, key: str) -> str:
    return next(r.fact.value for r in Store(db, linger=0).facts(CID) if r.fact.key == key)


def table_with(at: AppTest, column: str, nth: int = 0):
    """The nth dataframe on the page that has ``column`` (AppTest does not expose dataframe keys)."""
    return [d.value for d in at.dataframe if column in d.value.columns][nth]


def test_the_page_explains_itself_and_lists_the_facts_of_the_linked_context(app_db):
    at = page(context_id=CID)
    assert not at.exception
    assert at.title[0].value == "Facts"
    assert "one correction path" in at.caption[0].value
    assert [t.label for t in at.tabs] == [
        "Facts and history",
        "Correct one fact",
        "Add a missed fact",
        "Correct from a CSV file",
    ]
    keys = [r.fact.key for r in Store(app_db, linger=0).facts(CID)]
    assert {m.label: m.value for m in at.metric}["Facts"] == str(len(keys))
    assert at.selectbox(key="history_key").options == keys
    assert [o.split(" = ")[0] for o in at.selectbox(key="form_key").options] == keys


def test_a_correction_through_the_form_lands_in_the_history(app_db):
    at = page(context_id=CID)
    old = value_of(app_db, "restaurant.city")
    at.selectbox(key="form_key").set_value("restaurant.city")
    at.text_input(key="form_value").input("Oakland")
    at.text_input(key="form_reason").input("user moved the dinner")
    at.button[0].click().run()  # the form's submit button
    assert not at.exception
    assert "Correction saved" in at.success[0].value and f"{old} → Oakland" in at.success[0].value
    assert value_of(app_db, "restaurant.city") == "Oakland"
    assert at.selectbox(key="history_key").value == "restaurant.city"
    history = table_with(at, "actor")  # the history under the grid (the form's is the second)
    assert history.iloc[0]["new_value"] == "Oakland" and history.iloc[0]["old_value"] == old  # newest first
    last = Store(app_db, linger=0).fact_history(CID, "restaurant.city")[-1]
    assert (last.actor, last.source, last.reason, last.verified_by_user) == (
        "ana",
        "form",
        "user moved the dinner",
        True,
    )
    assert at.text_input(key="form_value").value == ""  # the form is emptied after a save


def test_a_form_without_a_reason_is_refused_and_changes_nothing(app_db):
    at = page(context_id=CID)
    old = value_of(app_db, "restaurant.city")
    at.selectbox(key="form_key").set_value("restaurant.city")
    at.text_input(key="form_value").input("Oakland")
    at.button[0].click().run()
    assert "say why" in at.error[0].value
    assert value_of(app_db, "restaurant.city") == old


def test_a_viewer_sees_the_facts_but_cannot_submit(app_db, monkeypatch):
    monkeypatch.setenv("CONSOLE_ROLE", "viewer")
    at = page(context_id=CID)
    assert not at.exception
    assert "signed in as a viewer" in at.info[0].value
    assert at.button[0].disabled


def csv_upload(at: AppTest, text: str, name: str = "fix.csv") -> AppTest:
    at.file_uploader[0].set_value((name, text.encode("utf-8"), "text/csv"))
    return at.run()


def test_a_csv_with_one_bad_row_applies_nothing_and_names_the_row_then_the_fixed_file_applies(app_db):
    at = page(context_id=CID)
    old_city, old_time = value_of(app_db, "restaurant.city"), value_of(app_db, "restaurant.time")
    bad = (
        "context_id;key;new_value;reason\n"
        f"{CID};restaurant.city;Oakland;moved\n"
        f"{CID};restaurant.tyme;12:00;typo\n"
    )
    csv_upload(at, bad)
    assert not at.exception
    assert "nothing will be" in at.error[0].value and "line 3" in at.error[0].value
    errors = table_with(at, "error")
    assert list(errors["line"]) == [3] and list(errors["key"]) == ["restaurant.tyme"]
    assert at.button(key="csv_apply").disabled
    assert value_of(app_db, "restaurant.city") == old_city

    csv_upload(at, bad.replace("restaurant.tyme", "restaurant.time"))
    assert "Every row is valid" in at.success[0].value
    preview = table_with(at, "old_value", nth=-1)
    assert list(preview["old_value"]) == [old_city, old_time] and list(preview["new_value"]) == [
        "Oakland",
        "12:00",
    ]
    at.button(key="csv_apply").click().run()
    assert not at.exception
    assert "Applied 2 correction(s) from fix.csv" in at.success[0].value
    assert (value_of(app_db, "restaurant.city"), value_of(app_db, "restaurant.time")) == ("Oakland", "12:00")
    assert Store(app_db, linger=0).fact_history(CID, "restaurant.time")[-1].source == "csv"


def test_an_unreadable_csv_is_explained(app_db):
    at = page(context_id=CID)
    csv_upload(at, "id,value\n1,2\n", name="wrong.csv")
    assert "wrong.csv: line 1: the header must name the columns" in at.error[0].value
