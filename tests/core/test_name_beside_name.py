"""A name the user says in a bare name slot after another name, with no correction cue, is no
evidence the first was replaced (issue 12): the context does not show the first as "(was: ...)"."""

from __future__ import annotations

import pytest

from core.models import Evidence, Fact, FactVersion
from core.replaced import shown_as_replaced

pytestmark = pytest.mark.unit


def _fact(key: str, how: str) -> Fact:
    old = FactVersion(
        value="Evergreen Cancer Care",
        norm="evergreen cancer care",
        idx=9,
        replaced_at=14,
        reason="corrected by user",
        evidence=Evidence(idx=9, role="user", how="accepted", text="Evergreen Cancer Care"),
    )
    return Fact(
        key=key,
        value="David Ortiz",
        norm="david ortiz",
        first_idx=14,
        last_idx=14,
        role="user",
        history=[old],
        evidence=Evidence(idx=14, role="user", how=how, text="me, David Ortiz"),
    )


def test_a_name_merely_said_after_another_does_not_show_it_replaced():
    assert shown_as_replaced(_fact("insurance.name", "said")) == []


def test_a_corrected_name_or_an_attribute_slot_still_shows_the_replaced_value():
    assert shown_as_replaced(_fact("insurance.name", "corrected")) == ["Evergreen Cancer Care"]
    assert shown_as_replaced(_fact("insurance.policyholder", "said")) == ["Evergreen Cancer Care"]


def test_a_name_the_assistant_then_read_back_is_still_merely_said():
    # the user's "户号" read back in "查到了，户号3301029488": the evidence moves to the read-back,
    # which confirms the value, not that it replaced the name before it
    fact = _fact("general.name", "said")
    fact.evidence = Evidence(idx=15, role="assistant", how="confirmed", text="David Ortiz")
    assert shown_as_replaced(fact) == []
    fact.evidence = Evidence(idx=15, role="assistant", how="accepted", text="David Ortiz")
    assert shown_as_replaced(fact) == ["Evergreen Cancer Care"]
