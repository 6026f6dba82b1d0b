"""English goal wording: a goal line without a value the facts carry."""

from __future__ import annotations

import re

from core.lang.en_lexicon import VALUE_PREPOSITIONS

_WORD = re.compile(r"\S+")


def without_value(text: str, surface: str) -> str:
    """text with surface left out, and the words that only introduced it ("for 4", "at 7pm", "on
    Friday"): "book a table for 4 at 7pm" without "4" is "book a table at 7pm", never "book a table
    for at 7pm". Whitespace is collapsed."""
    at = text.find(surface)
    if at < 0 or not surface.strip():
        return " ".join(text.split())
    head, tail = text[:at].rstrip(), text[at + len(surface):]
    words = _WORD.findall(head)
    while words and words[-1].lower() in VALUE_PREPOSITIONS:
        words.pop()
    return " ".join([*words, *tail.split()])
