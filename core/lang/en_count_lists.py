"""Lists of counts by kind said in one breath ("two vegans, one gluten free", "2 vegan and 1 pepperoni"):
one value, the list as written, never one count replacing another.

Several counts of one attribute in one clause are coexisting values: the team's two vegans and one
gluten-free eater are all there, and "2 vegan and 1 pepperoni" is one order of three pizzas. Read one by
one, each count would be a value of its own slot and the kinds (vegan, gluten free) a food each, the
last replacing the first (food=gluten free where the dish is pizza). Read as one span, the list keeps
every count next to its kind and takes no food's place.

A list counts people of a kind when one of its kinds is a food-style word in the "-an" plural of a
person ("vegans", "vegetarians": slot diet), else things of a kind (slot items). Only a list of at
least two counts with a food-style kind among them is read (the cuisine lexicon of core.lang.en_values);
a known count ("2 adults and 1 child", "3 nights") stays with the known counts.
"""

from __future__ import annotations

import re

from core.lang.en_lexicon import COUNT_NOUNS, FUNCTION_WORDS
from core.lang.en_phrases import phrase_key
from core.lang.en_units import singular
from core.lang.en_values import PRIO, Candidate, term_table

_SMALL = r"\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
_ITEM = re.compile(
    rf"(?<![\w.,:/$£€¥#-])(?:{_SMALL})\s+(?P<w1>[a-z][a-z-]*)(?:\s+(?P<w2>[a-z][a-z-]*))?\b", re.IGNORECASE
)
_JOIN = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+", re.IGNORECASE)


def count_lists(text: str) -> list[Candidate]:
    """Each list of two or more counts by kind in text, one candidate spanning the whole list."""
    items = [item for m in _ITEM.finditer(text) if (item := _item(m)) is not None]
    out: list[Candidate] = []
    run: list[tuple[int, int, str]] = []
    for item in items:
        if run and _JOIN.fullmatch(text[run[-1][1] : item[0]]):
            run.append(item)
            continue
        out += _as_list(text, run)
        run = [item]
    out += _as_list(text, run)
    return out


_CLOCK_MARKS = frozenset({"am", "pm"})  # "6 pm" is a time, no count of a kind


def _item(m: re.Match[str]) -> tuple[int, int, str] | None:
    """(start, end, kind) of one count: the kind is two words when they are one lexicon term
    ("one gluten free"), else the first word; None for a known count or a function word."""
    table, _ = term_table()
    w1, w2 = m.group("w1").lower(), (m.group("w2") or "").lower()
    if w2 and phrase_key(f"{w1} {w2}") in table:
        return m.start(), m.end(), f"{w1} {w2}"
    if w1 in FUNCTION_WORDS or w1 in COUNT_NOUNS or singular(w1) in COUNT_NOUNS or w1 in _CLOCK_MARKS:
        return None
    return m.start(), m.end("w1"), w1


def _food_kind(kind: str) -> bool:
    table, _ = term_table()
    hit = table.get(phrase_key(kind)) or table.get(phrase_key(singular(kind)))
    return hit is not None and hit[0] == "food"


def _as_list(text: str, run: list[tuple[int, int, str]]) -> list[Candidate]:
    if len(run) < 2 or not any(_food_kind(kind) for _, _, kind in run):
        return []
    people = any(kind.endswith("ans") and _food_kind(kind) for _, _, kind in run)
    start, end = run[0][0], run[-1][1]
    surface = text[start:end]
    return [Candidate(start, end, "term", surface.lower(), "diet" if people else "items", PRIO["term"])]
