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

from collections.abc import Iterable
from datetime import datetime

from core.embed import is_chinese
from core.lang.registry import analyzer_for
from core.models import ContextState, Fact, ParsedMessage
from core.render_dedup import contains_words
from core.replaced import shown_as_replaced

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


WHEN_SLOT = "datetime"  # the key of a day and a time taken together (core.lang.base.SLOTS)
WHEN_TYPES = frozenset({"date", "time", WHEN_SLOT})  # the value types of a day or a time
_REFERENCE = datetime(2026, 1, 1)  # a fixed time to read an option's entities against: only types are kept


def is_when_slot(option: str) -> bool:
    """True when an option holds a day and a time together ("Wednesday December 16, 1pm-5pm",
    "12月29日晚上7点"): taken, it is the user's appointment time, keyed WHEN_SLOT, not by its last word."""
    types = {e.type for e in analyzer_for("zh" if is_chinese(option) else "en").entities(option, _REFERENCE)}
    return "datetime" in types or {"date", "time"} <= types


def slot_parts(facts: Iterable[Fact]) -> tuple[set[str], set[str]]:
    """The keys of the date and time facts a taken slot shows whole, and of the slots that show them.

    A part is a date or time whose evidence is the assistant's words inside the span of a slot the
    user took ("Wednesday, December 16" and "1pm" of "Wednesday December 16, 1pm-5pm"): rendered
    beside the slot it repeats it; so does one the assistant said in words the slot holds whole
    ("10:15" of "December 4 at 10:15" said again, "17:30" read back). A part the user said (evidence
    of theirs), restated or corrected since, or showing earlier values (its "(was: ...)" marker,
    core.replaced) is no part: it tells more."""
    facts = list(facts)
    slots = [f for f in facts if f.vtype == WHEN_SLOT and f.evidence and f.evidence.how == "accepted"]
    parts: set[str] = set()
    covering: set[str] = set()
    for slot in slots:
        ev = slot.evidence
        assert ev is not None
        for fact in facts:
            part = fact.evidence
            if fact is slot or part is None or part.role != "assistant" or shown_as_replaced(fact):
                continue
            within = part.idx == ev.idx and 0 <= ev.start <= part.start and 0 <= part.end <= ev.end
            # or the same words the assistant said elsewhere ("17:30" read back): the slot shows them
            inside = within or contains_words(slot.value, fact.value)
            if inside and fact.vtype in _SLOT_TYPES:
                parts.add(fact.key)
                covering.add(slot.key)
    return parts, covering
