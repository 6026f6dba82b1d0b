"""English head nouns a one-word modifier value names a kind of ("private room", "window seat",
"upright piano"): general knowledge of things booked, bought or moved by their kind (used by
core.modified_heads)."""

from __future__ import annotations

import re

_HEAD = re.compile(
    r"\s+(?P<head>rooms?|seats?|tables?|sessions?|shoots?|tickets?|cabins?|suites?|beds?|cars?|rides?|"
    r"pianos?|sofas?|desks?|plans?|packages?|tours?|classes|lessons?)\b",
    re.IGNORECASE,
)


def head_after(text: str, end: int) -> str | None:
    """The head noun right after position end of text ("room" after "a private"), or None."""
    m = _HEAD.match(text, end)
    return m.group("head") if m else None
