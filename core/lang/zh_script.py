"""Traditional Chinese read as simplified, one character for one.

Users in Hong Kong and Taiwan write traditional characters ("三月二十號", "兩點", "週五"); the Chinese
rules are written in simplified ones, so a traditional date, count or cue went unread ("三月二十號" was
the month alone). The analyzer reads the simplified copy of a text; since every character maps to one
character, every offset holds and the values keep the user's own characters (the span of the
original text). The table (data/zh_traditional.tsv) is OpenCC's traditional-to-simplified character
table, single characters only, first reading.
"""

from __future__ import annotations

from functools import cache

from core.lang.vocab import pairs


@cache
def _table() -> dict[int, str]:
    return str.maketrans(dict(pairs("zh_traditional.tsv")))


def simplified(text: str) -> str:
    """text with each traditional character replaced by its simplified one (same length)."""
    return text.translate(_table())


def in_original(part: str, simple: str, original: str) -> str:
    """The words of original at the place part (a piece of the simplified copy simple) comes from:
    the user's own characters. part itself when it is not a piece of simple."""
    at = simple.find(part) if part else -1
    return original[at : at + len(part)] if at >= 0 else part
