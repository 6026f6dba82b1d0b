"""A bare count the assistant reads back with its noun: "I need four" -> "4 tickets for ...".

A number the user says without a noun ("I need four", "It is just me, so 1") is kept as the domain's
plain count. When the assistant's next read-back gives the same number a typed count slot (people,
rooms, nights, days: "You are buying 4 tickets"), the count was that slot's value all along: the fact
moves to that slot, so the user's later "No, make that 2 tickets" replaces it (shown as "(was: 4)")
instead of standing beside it as another, unreplaced count.
"""

from __future__ import annotations

import re

from core.lang.cues import any_language
from core.models import ContextState, Fact

# typed counts a bare number can be read back as (a count of what the slot is about)
TYPED_COUNT_SLOTS = frozenset({"people", "rooms", "nights", "days"})
_DIGITS = re.compile(r"\d+(?:\.\d+)?")


def number_of(value: str) -> float | None:
    """The one number value says (digits or a numeral in words), None for none or several."""
    nums = [float(d) for d in _DIGITS.findall(value)] or any_language().numeral_values(value)
    return nums[0] if len(set(nums)) == 1 else None


def read_back_count(state: ContextState, key: str, norm: str, role: str, idx: int) -> Fact | None:
    """The domain's bare count the user said, when the assistant's value for the typed count slot key
    (its norm, numbers as digits, at turn idx) reads it back: the same single number, said by the
    user in the turn just before and not yet held under key. None otherwise."""
    domain, _, slot = key.rpartition(".")
    count = state.facts.get(f"{domain}.count")
    if role != "assistant" or slot not in TYPED_COUNT_SLOTS or count is None or count.role != "user":
        return None
    if count.last_idx != idx - 1 or count.status != "active":
        return None
    number = number_of(norm)
    if number is None or number != number_of(count.norm):
        return None
    cur = state.facts.get(key)
    if cur is not None and number_of(cur.norm) == number:
        return None
    return count
