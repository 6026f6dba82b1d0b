"""The Facts screen's service: the grid's rows, form and grid corrections through the one path."""

from __future__ import annotations

import pytest

from console.services.facts import (
    GRID_REASON,
    correct_facts,
    describe_outcomes,
    facts_frame,
    form_correction,
    grid_corrections,
    history_frame,
    load_facts,
    summarize,
)
from data.records import FactCorrection

pytestmark = pytest.mark.unit
CID = "sgd-train-1_00000"


def fact(store, key):
    return next(r for r in store.facts(CID) if r.fact.key == key)


def test_frame_has_one_row_per_stored_fact_with_its_version(seeded_store):
    records = load_facts(seeded_store, CID)
    frame = facts_frame(records)
    assert list(frame["key"]) == sorted(r.fact.key for r in records)
    city = frame.set_index("key").loc["restaurant.city"]
    stored = fact(seeded_store, "restaurant.city")
    assert (city["value"], city["version"], city["versions"]) == (stored.fact.value, stored.version, 2)
    assert city["status"] == "active" and not city["verified"]


def test_summary_counts_match_the_facts(seeded_store, seed_bundles):
    records = load_facts(seeded_store, CID)
    summary = summarize(records)
    assert summary.total == len(records) == len(next(b for b in seed_bundles if b.context_id == CID).facts)
    assert summary.active + summary.decayed == summary.total
    assert summary.verified == 0 and summary.corrected == 0


def test_a_form_correction_lands_in_history_verified_with_actor_and_source(seeded_store):
    records = load_facts(seeded_store, CID)
    before = fact(seeded_store, "restaurant.city")
    correction = form_correction(
        records,
        context_id=CID,
        key="restaurant.city",
        new_value=" Oakland ",
        reason="user called",
        actor="ana",
        role="operator",
    )
    result = correct_facts(seeded_store, [correction], role="operator")
    assert result.applied
    assert describe_outcomes(result) == [
        f"restaurant.city: {before.fact.value} → Oakland (version {before.version + 1})"
    ]
    after = fact(seeded_store, "restaurant.city")
    assert (after.fact.value, after.fact.verified_by_user, after.version) == (
        "Oakland",
        True,
        before.version + 1,
    )
    last = after.history[-1]
    assert (last.old_value, last.new_value, last.actor, last.source, last.reason) == (
        before.fact.value,
        "Oakland",
        "ana",
        "form",
        "user called",
    )
    frame = history_frame(after.history)
    assert frame.iloc[0]["new_value"] == "Oakland"  # newest first
    assert list(frame["version"]) == sorted(frame["version"], reverse=True)


@pytest.mark.parametrize(
    ("key", "value", "reason", "message"),
    [
        ("restaurant.nope", "x", "r", "has no fact 'restaurant.nope'"),
        ("restaurant.city", "  ", "r", "the new value is empty"),
        ("restaurant.city", "x", " ", "say why"),
    ],
)
def test_form_refuses_unknown_key_empty_value_and_no_reason(seeded_store, key, value, reason, message):
    records = load_facts(seeded_store, CID)
    with pytest.raises(ValueError, match=message):
        form_correction(
            records, context_id=CID, key=key, new_value=value, reason=reason, actor="a", role="operator"
        )


def test_a_viewer_is_refused_in_the_service_and_nothing_changes(seeded_store):
    records = load_facts(seeded_store, CID)
    correction = form_correction(
        records,
        context_id=CID,
        key="restaurant.city",
        new_value="Oakland",
        reason="r",
        actor="vic",
        role="viewer",
    )
    before = fact(seeded_store, "restaurant.city").version
    with pytest.raises(PermissionError):
        correct_facts(seeded_store, [correction], role="viewer")
    assert fact(seeded_store, "restaurant.city").version == before


def test_a_correction_cannot_claim_another_role_than_the_caller(seeded_store):
    c = FactCorrection(
        context_id=CID, key="restaurant.city", new_value="X", actor="a", role="admin", source="form"
    )
    with pytest.raises(PermissionError):
        correct_facts(seeded_store, [c], role="operator")


def test_grid_edits_become_one_correction_per_changed_row_with_only_changed_fields(seeded_store):
    shown = facts_frame(load_facts(seeded_store, CID))
    edited = shown.copy()
    edited.loc[edited["key"] == "restaurant.city", "value"] = "Oakland"
    edited.loc[edited["key"] == "restaurant.time", "pinned"] = True
    edited.loc[edited["key"] == "restaurant.date", "status"] = "invalid"
    corrections = grid_corrections(shown, edited, context_id=CID, actor="ana", role="operator")
    by_key = {c.key: c for c in corrections}
    assert sorted(by_key) == ["restaurant.city", "restaurant.date", "restaurant.time"]
    city = by_key["restaurant.city"]
    assert (city.new_value, city.status, city.pinned, city.source, city.reason) == (
        "Oakland",
        None,
        None,
        "grid",
        GRID_REASON,
    )
    assert city.expected_version == fact(seeded_store, "restaurant.city").version
    assert (by_key["restaurant.time"].pinned, by_key["restaurant.time"].new_value) == (True, None)
    assert by_key["restaurant.date"].status == "invalid"
    result = correct_facts(seeded_store, corrections, role="operator")
    assert result.applied
    assert fact(seeded_store, "restaurant.time").fact.pinned
    assert fact(seeded_store, "restaurant.date").history[-1].source == "grid"


def test_unchanged_grid_gives_no_corrections_and_bad_cells_are_named(seeded_store):
    shown = facts_frame(load_facts(seeded_store, CID))
    assert grid_corrections(shown, shown.copy(), context_id=CID, actor="a", role="operator") == []
    bad = shown.copy()
    bad.loc[bad["key"] == "restaurant.city", "status"] = "gone"
    with pytest.raises(ValueError, match=r"restaurant\.city: status must be one of"):
        grid_corrections(shown, bad, context_id=CID, actor="a", role="operator")
    empty = shown.copy()
    empty.loc[empty["key"] == "restaurant.city", "value"] = " "
    with pytest.raises(ValueError, match=r"restaurant\.city: the value is empty"):
        grid_corrections(shown, empty, context_id=CID, actor="a", role="operator")


def test_grid_booleans_as_text_are_understood(seeded_store):
    shown = facts_frame(load_facts(seeded_store, CID))
    edited = shown.astype({"pinned": object})
    edited.loc[edited["key"] == "restaurant.city", "pinned"] = "true"
    [c] = grid_corrections(shown, edited, context_id=CID, actor="a", role="operator")
    assert c.pinned is True


def test_a_grid_edit_of_a_fact_changed_meanwhile_is_refused_and_applies_nothing(seeded_store):
    shown = facts_frame(load_facts(seeded_store, CID))
    seeded_store.apply_corrections(
        [
            FactCorrection(
                context_id=CID, key="restaurant.city", new_value="Berkeley", actor="bob", source="api"
            )
        ]
    )
    edited = shown.copy()
    edited.loc[edited["key"] == "restaurant.city", "value"] = "Oakland"
    edited.loc[edited["key"] == "restaurant.time", "value"] = "13:00"
    result = correct_facts(
        seeded_store,
        grid_corrections(shown, edited, context_id=CID, actor="ana", role="operator"),
        role="operator",
    )
    assert not result.applied
    assert "changed since it was shown" in result.errors[0].error
    assert fact(seeded_store, "restaurant.city").fact.value == "Berkeley"
    assert fact(seeded_store, "restaurant.time").fact.value != "13:00"
