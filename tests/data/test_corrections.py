"""The one correction path: form, grid, CSV and API all apply batches all-or-nothing, audited."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from data.records import FactCorrection
from tests.data.conftest import make_context

pytestmark = pytest.mark.unit


def fix(key: str = "hotel.area", value: str | None = "west", **kw) -> FactCorrection:
    base = {"context_id": "ctx-1", "key": key, "new_value": value, "actor": "ana", "source": "form"}
    return FactCorrection(**(base | kw))


@pytest.fixture
def seeded(store):
    store.save_contexts([make_context(), make_context("ctx-2")])
    return store


def test_a_form_correction_lands_in_facts_history_corrections_and_audit(seeded, clock):
    result = seeded.apply_corrections([fix(reason="guest called")], batch_id="b1")
    assert result.applied and result.batch_id == "b1"
    [row] = result.outcomes
    assert (row.row, row.status, row.old_value, row.new_value, row.version) == (
        1,
        "applied",
        "centre",
        "west",
        3,
    )

    area = {r.fact.key: r for r in seeded.facts("ctx-1")}["hotel.area"]
    assert (area.fact.value, area.fact.norm, area.fact.verified_by_user) == ("west", "west", True)
    assert (area.version, area.updated_by, area.source) == (3, "ana", "form")
    last = area.history[-1]
    assert (last.version, last.old_value, last.new_value, last.actor, last.source, last.reason) == (
        3, "centre", "west", "ana", "form", "guest called",
    )  # fmt: skip
    assert last.at.replace(tzinfo=None) == clock.now

    [audit] = seeded.audit_log(context_id="ctx-1").items
    assert (audit.action, audit.actor, audit.role, audit.source) == (
        "fact.correct",
        "ana",
        "operator",
        "form",
    )
    assert (
        audit.before["value"] == "centre"
        and audit.after["value"] == "west"
        and audit.after["batch_id"] == "b1"
    )
    assert seeded.check().counts["corrections"] == 1
    assert seeded.check().problems == []


def test_one_bad_row_applies_nothing_and_names_the_row(seeded):
    batch = [
        fix(row=2),
        fix(key="hotel.people", value="4", row=3, source="csv"),
        fix(key="hotel.stars", value="5", row=4, source="csv"),
        fix(context_id="ghost", row=5, source="csv"),
    ]
    result = seeded.apply_corrections(batch)
    assert not result.applied
    assert [(o.row, o.status) for o in result.outcomes] == [
        (2, "not_applied"), (3, "not_applied"), (4, "rejected"), (5, "rejected"),
    ]  # fmt: skip
    assert result.errors[0].error == "context 'ctx-1' has no fact 'hotel.stars'"
    assert result.errors[1].error == "unknown context 'ghost'"
    facts = {r.fact.key: r.fact.value for r in seeded.facts("ctx-1")}
    assert facts == {"hotel.area": "centre", "hotel.people": "2"}
    assert seeded.check().counts["fact_history"] == 6  # unchanged: 3 per context
    rejected = seeded.audit_log(action_prefix="fact.correct.rejected").items
    assert len(rejected) == 1 and len(rejected[0].after["refused"]) == 2

    fixed = [c for c in batch if c.row in (2, 3)]  # fix the file: drop the bad rows, apply again
    again = seeded.apply_corrections(fixed)
    assert again.applied and [o.status for o in again.outcomes] == ["applied", "applied"]


def test_duplicate_rows_are_refused(seeded):
    result = seeded.apply_corrections([fix(row=2), fix(value="east", row=7)])
    assert not result.applied
    assert result.outcomes[1].error == "duplicate: row 2 already corrects 'hotel.area' of this context"
    # the same key in two contexts is not a duplicate
    other = seeded.apply_corrections([fix(), fix(context_id="ctx-2")])
    assert other.applied


def test_a_stale_grid_edit_is_refused(seeded):
    seeded.apply_corrections([fix(value="east")])  # someone else edited: version 3
    stale = seeded.apply_corrections([fix(value="south", source="grid", expected_version=2)])
    assert not stale.applied
    assert "changed since it was shown (now version 3, edited version 2)" in stale.outcomes[0].error
    fresh = seeded.apply_corrections([fix(value="south", source="grid", expected_version=3)])
    assert fresh.applied and fresh.outcomes[0].version == 4


def test_attribute_edits_and_unchanged_rows(seeded):
    result = seeded.apply_corrections([fix(value=None, pinned=True, status="archived", source="grid")])
    [row] = result.outcomes
    assert row.status == "applied"
    area = {r.fact.key: r for r in seeded.facts("ctx-1")}["hotel.area"]
    assert (area.fact.value, area.fact.pinned, area.fact.status, area.fact.verified_by_user) == (
        "centre", True, "archived", False,
    )  # fmt: skip
    assert area.history[-1].old_value == area.history[-1].new_value == "centre"

    same = seeded.apply_corrections([fix(value=None, pinned=True, source="grid")])
    assert same.applied and same.outcomes[0].status == "unchanged"
    assert seeded.facts("ctx-1")[0].version == area.version  # no new version for no change


def test_the_pipeline_source_does_not_mark_verified(seeded):
    seeded.apply_corrections([fix(source="auto", actor="breaker")])
    area = {r.fact.key: r for r in seeded.facts("ctx-1")}["hotel.area"]
    assert (area.fact.value, area.fact.verified_by_user) == ("west", False)


def test_preview_shows_old_and_new_and_writes_nothing(seeded):
    before = seeded.check().counts
    preview = seeded.preview_corrections([fix(), fix(key="nope", row=9)])
    assert [(o.status, o.old_value, o.new_value) for o in preview.outcomes] == [
        ("not_applied", "centre", "west"),
        ("rejected", None, "west"),
    ]
    assert seeded.check().counts == before


def test_the_correction_event_validates_its_fields():
    with pytest.raises(ValidationError, match="new value is empty"):
        fix(value="   ")
    with pytest.raises(ValidationError, match="needs a new value or an attribute"):
        fix(value=None)
    with pytest.raises(ValidationError):
        fix(source="email")
    with pytest.raises(ValidationError):
        fix(actor="")
    assert fix(value="  north  ").new_value == "north"


def test_an_empty_batch_is_an_error(seeded):
    with pytest.raises(ValueError, match="no corrections given"):
        seeded.apply_corrections([])
