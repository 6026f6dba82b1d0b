"""A clause typed in capitals ("NO MORE THAN $70 A WEEK, IM ON A PENSION"): its capitals tell no name from
any other word, so its values are read from the clause in lower case and then taken as written. A name
written in capitals ("NGUYEN THI LAN", "NAME WALTER KOWALSKI") has no word of grammar and stays as it is.
"""

from __future__ import annotations

import re

from core.lang.en_lexicon import FUNCTION_WORDS

# this many letters or more: a clause typed so, not an acronym ("OK", "ASAP", "NYC")
_MIN_LETTERS = 8
_WORD = re.compile(r"[A-Za-z]+")


def typed_in_capitals(text: str) -> bool:
    """True when text is a clause typed in capitals: no lower-case letter, enough letters, and a word of
    grammar among its words ("the", "my", "on")."""
    letters = [ch for ch in text if ch.isascii() and ch.isalpha()]
    if len(letters) < _MIN_LETTERS or any(ch.islower() for ch in letters):
        return False
    return any(w.lower() in FUNCTION_WORDS for w in _WORD.findall(text))
