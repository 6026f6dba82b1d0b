"""Slots the assistant offers (a day and a time said together) and the short reply that names one.

An assistant turn that states a day with a time ("Wednesday December 16, 1pm-5pm is open.", "The
first slots are December 3 at 9:30 and December 4 at 10:15.", "12月29日晚上7点还有一场") offers each
such slot whole: the user takes it as one value ("ok that", "dec 4", "29号的"), never cut into a
date and a time. A slot holding a day or a time the state already holds ("March 11th at 9:45 am"
after "9:45 am") reads the request back for confirmation and offers nothing new. What joins a day
and a time into one slot, and how a reply names a slot by its numbers and short words ("dec" of
"December", "号" of "29号" for "29日"), are the language's (joins_slot, names_slot).
"""

from __future__ import annotations

from core.embed import is_chinese
from core.lang.registry import analyzer_for
from core.models import ContextState, ParsedMessage

_SLOT_TYPES = frozenset({"date", "time", "datetime"})
# a clause asking the user to confirm what they asked for, or reporting an action done or under way
# ("Please confirm: ... on March 5th at 7 pm", "Booked for December 4 at 10:15"): no slot offered
_NOT_OFFERING = frozenset({"confirmation", "action"})
MIN_HELD = 2  # a held value shorter than this ("5") is no day or time read back


def _entities(text: str, parsed: ParsedMessage) -> list[tuple[int, int, str]]:
    """The date and time entities of the turn's offering clauses, with their spans in text, in order."""
    found, cursor = [], 0
    for atom in parsed.atoms:
        at = text.find(atom.text, cursor)
        if at < 0:
            continue
        cursor = at + len(atom.text)
        if atom.kind in _NOT_OFFERING:
            continue
        found += [(at + e.start, at + e.end, e.type) for e in atom.entities
                  if e.start >= 0 and e.type in _SLOT_TYPES]
    return sorted(found)


def slot_spans(state: ContextState, text: str, parsed: ParsedMessage) -> list[tuple[int, int]]:
    """The spans of the slots an assistant turn offers (module doc), in order."""
    joins = analyzer_for("zh" if is_chinese(text) else "en").joins_slot
    groups: list[tuple[int, int, set[str], list[str]]] = []
    for a, b, kind in _entities(text, parsed):
        if groups and groups[-1][1] <= a and joins(text[groups[-1][1] : a]):
            start, _, kinds, parts = groups[-1]
            groups[-1] = (start, b, kinds | {kind}, [*parts, text[a:b]])
        else:
            groups.append((a, b, {kind}, [text[a:b]]))
    held = [f.value.lower() for f in state.facts.values()]
    spans = []
    for a, b, kinds, parts in groups:
        if "datetime" not in kinds and not {"date", "time"} <= kinds:
            continue
        if any(_overlap(p.lower(), h) for p in parts for h in held):
            continue  # a day or time the state holds read back ("今天下午3点" for "下午3点")
        spans.append((a, b))
    return spans


def _overlap(part: str, held: str) -> bool:
    """True when a day or time of a slot is a value held or holds one (not a bare number)."""
    return part in held or (len(held) >= MIN_HELD and not held.isdigit() and held in part)
