"""The English analyzer and its lookups, shared by the test_en_* files.

Reference time: Monday 5 January 2026, 12:00 (1 January 2026 is a Thursday).
"""

from __future__ import annotations

import re
from datetime import datetime

from core.lang.en import EnglishAnalyzer
from core.models import Entity

TS = datetime(2026, 1, 5, 12, 0)
EN = EnglishAnalyzer()


def ents(text: str, ts: datetime | None = TS) -> list[Entity]:
    """The analyzer's entities of text at the reference time."""
    return EN.entities(text, ts)


def find(text: str, surface: str, ts: datetime | None = TS) -> Entity:
    """The entity whose surface is exactly `surface` (fails with the list when absent)."""
    found = ents(text, ts)
    for e in found:
        if e.text == surface:
            return e
    raise AssertionError(f"{surface!r} not among {[(e.type, e.text) for e in found]}")


def unit_slot(e: Entity) -> bool:
    """A count of any unit is keyed by its noun ("40 pallets" -> pallet): an open slot."""
    return e.type == "quantity" and bool(re.fullmatch(r"[a-z]+(?:['-][a-z]+)*", e.slot or ""))
