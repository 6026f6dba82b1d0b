"""Fast lookup of lexicon phrases in text: word n-grams against a dict instead of one huge regex."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

_WORD = re.compile(r"\w+(?:['’]\w+)?")


@lru_cache(maxsize=8192)
def word_spans(low: str) -> tuple[tuple[int, int], ...]:
    """Offsets of the words of an already lowercased text."""
    return tuple(m.span() for m in _WORD.finditer(low))


def phrase_key(phrase: str) -> str:
    """The dict key of a lexicon phrase: lowercased, single spaces, no trailing period ('l.a.' -> 'l.a')."""
    return " ".join(phrase.lower().split()).rstrip(".")


def max_words(keys: Iterable[str]) -> int:
    """The longest phrase of keys, in words (as word_spans counts them)."""
    return max((len(word_spans(k)) for k in keys), default=1)


def find_phrases(text: str, table: dict[str, object], longest: int) -> list[tuple[int, int, str]]:
    """(start, end, key) of the longest table phrase starting at each word of text (overlaps possible)."""
    low = text.lower()
    spans = word_spans(low)
    out: list[tuple[int, int, str]] = []
    n = len(spans)
    for i in range(n):
        s = spans[i][0]
        for k in range(min(longest, n - i), 0, -1):
            key = low[s : spans[i + k - 1][1]]
            if key in table:
                out.append((s, spans[i + k - 1][1], key))
                break
    return out
