"""English numbers written as words or digits: 'one thousand seven hundred and eighty' -> 1780."""

from __future__ import annotations

import re
from functools import lru_cache

from core.lang.en_lexicon import ORDINAL_WORDS, SCALES, TENS, UNITS

_NUMBER_WORDS = sorted([*UNITS, *TENS, *SCALES], key=len, reverse=True)
_WORD = r"(?:" + "|".join(_NUMBER_WORDS) + r")"
# A run of number words: "twenty-five", "one hundred and eighty", "two thousand five hundred".
NUMBER_WORDS_PATTERN = rf"\b{_WORD}(?:(?:[\s-]+|\s+and\s+){_WORD})*\b"
DIGITS_PATTERN = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"


@lru_cache(maxsize=4096)
def words_to_int(text: str) -> int | None:
    """Value of a spelled-out number ('twenty-five' -> 25, 'a hundred' -> 100); None if not one."""
    tokens = [t for t in re.split(r"[\s-]+", text.lower().strip()) if t and t != "and"]
    if not tokens:
        return None
    total = current = 0
    seen = False
    for tok in tokens:
        if tok in ("a", "an") and not seen:
            current = 1
            continue
        if tok in UNITS:
            current += UNITS[tok]
        elif tok in TENS:
            current += TENS[tok]
        elif tok == "hundred":
            current = max(current, 1) * 100
        elif tok in SCALES:
            total += max(current, 1) * SCALES[tok]
            current = 0
        else:
            return None
        seen = True
    return total + current if seen else None


def to_number(text: str) -> float | None:
    """Value of a number written with digits (commas allowed) or words, or an ordinal word."""
    raw = text.strip().lower()
    digits = raw.replace(",", "")
    if re.fullmatch(r"\d+(?:\.\d+)?", digits):
        return float(digits)
    m = re.fullmatch(r"(\d+)(?:st|nd|rd|th)", digits)
    if m:
        return float(m.group(1))
    if raw in ORDINAL_WORDS:
        return float(ORDINAL_WORDS[raw])
    value = words_to_int(raw)
    return float(value) if value is not None else None


def format_number(value: float) -> str:
    """'4' for 4.0, '12.5' for 12.5: the shortest faithful text of a number."""
    return str(int(value)) if float(value).is_integer() else f"{value:g}"
