"""A fact the pipeline missed, added by an operator through the one correction path.

The correction (``FactCorrection(create=True)``) is checked and applied like any other: it starts
from an empty fact at version 0 (so the new one is version 1), gets a ``fact_history`` row with no
old value, a ``corrections`` row and a ``fact.add`` audit row, in the batch's one transaction.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any


def new_fact(con: Any, context_id: str) -> dict[str, Any]:
    """The empty fact a new one is proposed against: version 0, at the context's last turn."""
    row = con.execute("SELECT turns FROM contexts WHERE context_id = ?", [context_id]).fetchone()
    last = max(0, (row[0] if row else 1) - 1)
    return {
        "value": None,
        "norm": "",
        "status": "active",
        "strength": "strong",
        "pinned": False,
        "verified_by_user": False,
        "version": 0,
        "last_idx": last,
        "last_at": None,
    }


def insert_new_facts(con: Any, changes: list[dict[str, Any]], now: datetime) -> None:
    """Insert the rows of the added facts; the batch's UPDATE then sets their values and version."""
    for change in changes:
        c = change["correction"]
        con.execute(
            "INSERT INTO facts (context_id, context_key, key, value, norm, strength, kind, status, weight, "
            "first_idx, last_idx, mentions, role, pinned, negated, verified_by_user, version, updated_at, "
            "updated_by, source, extra) "
            "SELECT context_id, context_key, ?, ?, ?, ?, 'other', 'active', 1.0, ?, ?, 1, 'user', false, "
            "false, true, 0, ?, ?, ?, NULL FROM contexts WHERE context_id = ?",
            [
                c.key,
                change["after"]["value"],
                change["after"]["norm"],
                change["after"]["strength"],
                change["turn"],
                change["turn"],
                now,
                c.actor,
                c.source,
                c.context_id,
            ],
        )
