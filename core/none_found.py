"""A search that found nothing, and the value the user names next (issue 12, item 2: a value
replaces another only with evidence that it is the same attribute).

The assistant reports that nothing of the asked kind exists ("Sorry, I have no cinemas in the
west.", "I don't have anything that meets your needs. A different type of cuisine?") and the user,
in the very next turn, names another value of the same kind ("Maybe a college.", "Spanish food
sounds good too."). The parser often keys the two apart, because the words that name a kind also
name a domain or a slot ("cinema" reads as a film, "crossover" as a type, "Spanish food" as a
food): the value not found would stand beside the new one as if both were sought. The report is the
evidence that they are one attribute of one search: the value it names (or, when it names none, the
value of that kind the user said just before it) is replaced by the user's next value.
"""

from __future__ import annotations

import re

from core.embed import is_chinese
from core.lang.cues import any_language
from core.models import ContextState, Fact, FactCandidate

# the slots that hold what kind of thing is sought: one attribute, whichever of them the parser chose
# ("a place that serves crossover" as a type, "Spanish food" as a food)
KIND_SLOTS = frozenset({"type", "food", "category", "genre"})
_WORD = re.compile(r"\w+")


def failed_search_value(state: ContextState, cand: FactCandidate) -> Fact | None:
    """The user's value a search found nothing for, that cand (the user's value in the turn right
    after the report, for a key not held yet) replaces: held under another key, the user's, of the
    same entity type and the same attribute (the same slot, or two slots of what kind is sought),
    said before the report, and named by it ("no cinemas" for "cinema"); when the report names no
    value the user holds ("nothing that meets your needs"), the one such value said in the user's
    turn just before it. None when there is no such single value, or the turn asks for a new task."""
    if cand.role != "user" or not cand.vtype or cand.key in state.facts:
        return None
    if state.none_found_idx < 0 or cand.source_idx != state.none_found_idx + 1:
        return None
    if state.task_idx == cand.source_idx and not cand.correction:
        return None  # "no cinemas there" -> "ok. I also need a restaurant": a task of its own
    slot = cand.key.rsplit(".", 1)[-1]
    held = [
        f
        for f in state.facts.values()
        if f.role == "user"
        and f.status == "active"
        and f.vtype == cand.vtype
        and f.last_idx < state.none_found_idx
        and _same_attribute(f.key.rsplit(".", 1)[-1], slot)
    ]
    report = state.none_found
    named = [f for f in held if _named_in(f.value, report)]
    if not named and not any(_named_in(f.value, report) for f in state.facts.values() if f.role == "user"):
        named = [f for f in held if f.last_idx == state.none_found_idx - 1]
    return named[0] if len(named) == 1 else None


def widens_not_found(state: ContextState, cur: Fact, cand: FactCandidate) -> bool:
    """True when the user's cand names only some of the words of their held value cur, of the same
    key, after a search reported nothing for cur ("Northern European" -> "I was unable to find any"
    -> "any that serve european food?"): the user widened the search, a new value of the attribute,
    not cur said short. The report is the evidence: it came after cur was last said, and names cur
    (or, naming no value the user holds, came right after the turn that said it). A name said short
    after a report ("the Acorn" for "Acorn Guest House") is the same name: names are left out."""
    found = state.none_found_idx
    if cand.role != "user" or cur.role != "user" or not (cur.last_idx < found < cand.source_idx):
        return False
    if cur.key.rsplit(".", 1)[-1] == "name" or "name" in (cur.vtype, cand.vtype) or cur.vtype != cand.vtype:
        return False
    if is_chinese(cur.value) or any(ch.isdigit() for ch in cur.norm + cand.norm):
        return False  # "4" for "4 stars" is the count said short, not a wider one
    short, held = _WORD.findall(cand.norm), _WORD.findall(cur.norm)
    if not short or len(short) >= len(held) or not set(short) < set(held):
        return False
    if _named_in(cur.value, state.none_found):
        return True
    named_other = any(_named_in(f.value, state.none_found) for f in state.facts.values() if f.role == "user")
    return not named_other and cur.last_idx == found - 1


def _same_attribute(a: str, b: str) -> bool:
    """True for one slot, or two slots of what kind of thing is sought (type, food)."""
    return a == b or (a in KIND_SLOTS and b in KIND_SLOTS)


def _named_in(value: str, report: str) -> bool:
    """True when every word of value is in the report, a plural or one letter apart ("cinema" in
    "no cinemas in the west", "barbeque" in "no barbecue restaurants")."""
    if is_chinese(value):
        return value.strip() in report
    cues = any_language()
    words = [w for w in _WORD.findall(value.lower()) if not cues.is_article(w)]
    said = _WORD.findall(report)
    return bool(words) and all(any(_alike(w, s) for s in said) for w in words)


def _alike(a: str, b: str) -> bool:
    if a == b or a.rstrip("s") == b.rstrip("s"):
        return True
    if min(len(a), len(b)) < 5 or len(a) != len(b):
        return False
    return sum(x != y for x, y in zip(a, b, strict=True)) == 1


def rekey_goals(state: ContextState, old_key: str, new_key: str) -> None:
    """Point the goals' values held under old_key at new_key (the value moved there and was
    replaced), so the goal line writes the current value in place of the one not found ("I'd like a
    cinema in the west" -> "I'd like a colleges in the west"): a goal never shows a stale value. Each
    changed goal gets a new dict (the state before the turn shares the old one)."""
    for goal in state.goals:
        if old_key in goal.values and new_key not in goal.values:
            goal.values = {new_key if k == old_key else k: v for k, v in goal.values.items()}
