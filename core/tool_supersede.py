"""A tool call's argument a later call set anew on the same object is shown as replaced.

``t17 place_order(..., address=A)`` then ``t21 update_address(order_id=X, address=B)`` (X the order
the first call's result named): the first line shows ``address=(was: A)``, the second the current
value, so the old address is never read as current beside the new one. Only scalar arguments of
successful writes are compared, and only when the later call names the same object: one of its
other argument values (4 characters or more) occurs in the earlier call's arguments or result.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.models import ActionUnit
from core.tools import args_text

MIN_ID_CHARS = 4  # an argument value short as "1" or "ok" names no object


def _scalar(value: Any) -> bool:
    return isinstance(value, (str, int, float)) and not isinstance(value, bool)


def _record_text(rec: ActionUnit) -> str:
    """What a record says of its object: its arguments and its result (detail and digest)."""
    summary = " ".join(str(v) for v in (rec.summary or {}).values())
    return " ".join([args_text(rec.args, 10_000), rec.detail, rec.result_summary, summary])


def _same_object(earlier: ActionUnit, later: ActionUnit, key: str) -> bool:
    """True when the later call names the earlier call's object by another argument's value."""
    text = _record_text(earlier)
    named = [str(v) for k, v in later.args.items() if k != key and _scalar(v) and len(str(v)) >= MIN_ID_CHARS]
    return any(v in text for v in named)


def mark_superseded_args(records: Sequence[ActionUnit]) -> list[ActionUnit]:
    """The records with each scalar argument a later successful write set anew on the same object
    shown as "(was: old)"; records with nothing set anew are returned as they are."""
    out = []
    for i, rec in enumerate(records):
        later = [r for r in records[i + 1 :] if r.status == "done" and r.write and r.idx > rec.idx]
        marked = dict(rec.args)
        for key, value in rec.args.items():
            if not _scalar(value) or rec.status != "done":
                continue
            anew = [r for r in later if _scalar(r.args.get(key)) and str(r.args[key]) != str(value)]
            if any(_same_object(rec, r, key) for r in anew):
                marked[key] = f"(was: {value})"
        out.append(rec if marked == rec.args else rec.model_copy(update={"args": marked}))
    return out
