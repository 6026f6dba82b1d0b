"""Words beside a typed value that are no head or qualifier of it (core.value_edges): a participle
of the clause's frame ("starting wednesday", "called X": the fact's key carries its meaning) and a
hedge, which says how exact the value is, not what it is ("around 3000", "3000左右"). A list joiner
may stand between a value and its neighbour: "coffee and lunch" is one answer, typed "coffee" only."""

from __future__ import annotations

import re

# the gap a neighbour may stand behind (a regex part): an English list joiner, or nothing
JOINER = r"(?:(?:and|&) +)?"
_PARTICIPLE = re.compile(r"\w{3,}(?:ing|ed)$")
_HEDGES = frozenset({"around", "approximately", "roughly", "nearly", "大约", "大概", "左右", "上下"})


def frames_value(word: str) -> bool:
    """True when a lowercased word (an English word, a Chinese character pair) beside a value is a
    frame participle or a hedge, not a word that makes the value the user's."""
    return word in _HEDGES or _PARTICIPLE.search(word) is not None
