"""Spaces set between Chinese characters and numbers ("4764 元", "1 月 10 日", "3 单元 502").

Many writers (and language models) put a space on each side of a number inside Chinese text. The
value rules read a number glued to its unit or date part ("4764元", "1月10日"), so the entity
stage reads a tightened copy of the text and maps every span back to the text as written. A
number that is part of a code of letters and digits ("N2 周日班") keeps its space: the letters make
it a name, not a count of the unit after it.
"""

from __future__ import annotations

import re

_CJK = "\u4e00-\u9fff"
# a space after a number (the token before it ends in a digit) and before a Chinese character,
# or after a Chinese character and before a digit
_GAP = re.compile(r"(?P<tok>[0-9A-Za-z.,:%\-]*\d)[ \t\u3000]+(?=万|元|块)")  # ("15.98 万": 159800)


def tightened(text: str) -> tuple[str, list[int]]:
    """text without the spaces between a number and a Chinese character, and for each position of
    the result (and its end) the position in text it comes from."""
    keep = [True] * len(text)
    for m in _GAP.finditer(text):
        tok = m.group("tok")
        if tok is not None and re.search(r"[A-Za-z]", tok):
            continue  # "N2 周日班": a code, not a number of days
        gap_start = m.end("tok") if tok is not None else m.start()
        for i in range(gap_start, m.end()):
            keep[i] = False
    if all(keep):
        return text, list(range(len(text) + 1))
    positions = [i for i, k in enumerate(keep) if k]
    return "".join(text[i] for i in positions), [*positions, len(text)]


def original_span(index: list[int], start: int, end: int) -> tuple[int, int]:
    """The span in the text as written of the tightened text's [start, end)."""
    return index[start], (index[end - 1] + 1 if end > start else index[start])
