"""A result's person (the account holder, the card owner, the guest, the passenger) is a value the
agent passes on or the user is addressed by: a decayed result's summary keeps it beside its ids and
amounts (issue 12 point 3: a tool result's values are facts with evidence)."""

from __future__ import annotations

import pytest

from core.tools import is_key_leaf, summary_values

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(
    "key", ["holder", "owner", "guest", "passenger", "patient", "recipient", "cardHolder"]
)
def test_a_person_role_key_is_a_key_leaf(key: str) -> None:
    assert is_key_leaf(key, "Huang Zhiming")


def test_the_summary_keeps_the_account_holder() -> None:
    summary = summary_values({"holder": "黄志明", "balance_cny": 286400.0, "fx_quota_usd_remaining": 50000})
    assert summary.get("holder") == "黄志明"


def test_a_free_text_note_stays_out_of_the_summary() -> None:
    assert "note" not in summary_values({"holder": "Ann Lee", "note": "called twice"})
