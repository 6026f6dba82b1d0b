"""The candidate entity the Chinese value finders return (core.lang.zh_values, zh_contacts)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Hit:
    """A candidate entity: text[start:end], its type, normalized value, slot hint and priority."""

    start: int
    end: int
    type: str
    value: str
    slot: str | None = None
    priority: int = 5
    soft: bool = False  # lexicon terms: dropped when inside a name instead of cutting the name
