"""The Chinese analyzer and its lookups, shared by the test_zh* files."""

from __future__ import annotations

from datetime import datetime

from core.lang.zh import ChineseAnalyzer

MONDAY = datetime(2026, 1, 5, 10, 0)  # 2026-01-05 is a Monday
ZH = ChineseAnalyzer()


def ents(text: str, ts: datetime | None = MONDAY) -> list[tuple[str, str, str, str | None]]:
    """(type, surface, value, slot) of every entity, after checking its offsets index the text."""
    out = []
    for e in ZH.entities(text, ts):
        assert text[e.start:e.end] == e.text
        out.append((e.type, e.text, e.value, e.slot))
    return out


def find(text: str, surface: str, ts: datetime | None = MONDAY) -> tuple[str, str, str, str | None]:
    """The entity whose surface is exactly `surface`."""
    hits = [e for e in ents(text, ts) if e[1] == surface]
    assert hits, f"{surface!r} not found in {ents(text, ts)}"
    return hits[0]
