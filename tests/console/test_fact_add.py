"""An operator adds a fact the pipeline missed: the one correction path, audited, served, searchable."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from console.services.facts import added_fact, correct_facts, load_facts
from console.services.sessions import SessionQuery, search_sessions
from data.records import FactCorrection
from data.store import Store

CID = "sgd-train-1_00000"
PAGE = str(Path(__file__).resolve().parents[2] / "pages" / "facts.py")


def add(store: Store, key: str = "restaurants.dietary", value: str = "no peanuts", **kw) -> None:
    event = added_fact(
        load_facts(store, CID), context_id=CID, key=key, value=value, reason="said in turn 3",
        actor="ana", role="operator", **kw,
    )  # fmt: skip
    result = correct_facts(store, [event], role="operator")
    assert result.applied, result.outcomes


@pytest.mark.unit
def test_an_added_fact_is_stored_verified_audited_and_in_the_saved_state(seeded_store):
    add(seeded_store)
    record = next(r for r in seeded_store.facts(CID) if r.fact.key == "restaurants.dietary")
    assert record.fact.value == "no peanuts" and record.fact.verified_by_user and record.version == 1
    assert [(h.old_value, h.new_value, h.actor) for h in record.history] == [(None, "no peanuts", "ana")]
    audit = seeded_store.audit_log(context_id=CID, action_prefix="fact.add").items
    assert len(audit) == 1 and audit[0].after["value"] == "no peanuts"
    state = seeded_store.load_state(CID)
    assert state is not None and state.facts["restaurants.dietary"].value == "no peanuts"
    found = search_sessions(seeded_store, SessionQuery(search="NO PEANUTS")).items
    assert [c.context_id for c in found] == [CID]


@pytest.mark.unit
def test_adding_an_existing_key_or_an_empty_value_is_refused(seeded_store):
    existing = seeded_store.facts(CID)[0].fact.key
    with pytest.raises(ValueError, match="already has a fact"):
        add(seeded_store, key=existing)
    with pytest.raises(ValueError, match="needs a value"):
        add(seeded_store, value="  ")
    # the Store refuses it too, whatever the caller checked
    raw = FactCorrection(context_id=CID, key=existing, new_value="x", actor="ana", source="api", create=True)
    result = seeded_store.apply_corrections([raw])
    assert not result.applied and "already has a fact" in result.errors[0].error


@pytest.mark.apptest
def test_the_facts_page_adds_a_missed_fact(app_db):
    at = AppTest.from_file(PAGE, default_timeout=60)
    at.query_params["context_id"] = CID
    at.run()
    at.text_input(key="add_key").input("restaurants.dietary")
    at.text_input(key="add_value").input("no peanuts")
    at.text_input(key="add_reason").input("said in turn 3")
    at.button(key="FormSubmitter:add_fact_form-Add fact").click().run()
    assert not at.exception
    assert any("Fact added" in s.value and "added no peanuts" in s.value for s in at.success)
    facts = {r.fact.key: r.fact.value for r in Store(app_db, linger=0).facts(CID)}
    assert facts["restaurants.dietary"] == "no peanuts"
