"""The sizes a question asks for ("院门宽多少？", "How wide is the opening?", "面积多大？"): a length or an
area answering one is that size, not a generic quantity that a later length of another thing (a
cable) would replace. Only a quantity with a unit of the size's kind answers it: "6个种植箱" to
"面积多大？" counts boxes, it measures no area."""

from __future__ import annotations

import re

from core.lang.dimensions import WORD_LENGTH_UNITS, ZH_LENGTH_UNITS

SIZE_SLOTS = frozenset({"width", "length", "height", "area"})
_LENGTH = re.compile(rf"{ZH_LENGTH_UNITS}|尺|\b(?:{WORD_LENGTH_UNITS})\b", re.IGNORECASE)
_AREA = re.compile(r"平|㎡|m2|m²|\b(?:sq|square|acres?|hectares?)\b|亩", re.IGNORECASE)


def measures(text: str, slot: str) -> bool:
    """True when a quantity's text has a unit of the size slot's kind: an area for "area", a length
    for a width, length or height."""
    area = bool(_AREA.search(text))
    return area if slot == "area" else not area and bool(_LENGTH.search(text))
