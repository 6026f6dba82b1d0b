"""A flat, apartment or unit said again replaces that part of the held address (issue 12, item 2).

The user gives a whole address ("Keith Robson, Flat 3, 22 Raby Street, Byker") and then fixes one part
of it ("I've given you the old number. It's Flat 5, same building"). The new part was read as a
reference of its own, beside the address, and the address kept showing the old flat as current. A
user's value that is one labelled part (a flat, apartment, unit, suite, room or floor and its number)
replaces the part with the same label in the one held user value that has one with another number:
the same attribute, a value of the same type. Said as a correction (a cue), or within a few turns of
the address, as the fix of what was just given: much later it may be another place's ("the neighbour
at flat 3 has the keys", long after "Flat 4, 19 Clarendon Road"). The address keeps its other parts;
the history holds the part it replaced."""

from __future__ import annotations

import re

from core.fact_versions import replace_fact
from core.models import ContextState, FactCandidate

_FIX_WITHIN = 4  # turns after the address within which a part said again fixes it, without a cue
_LABEL = r"(?:flat|apartment|apt\.?|unit|suite|room|floor)"
_NUMBER = r"(?P<n>[0-9]+[A-Za-z]?|[A-Za-z][0-9]+)"  # "5", "6B", "B2"
_PART = re.compile(rf"\b(?P<label>{_LABEL})\s*(?:no\.?\s*|#\s*)?{_NUMBER}\b", re.IGNORECASE)
_WHOLE = re.compile(rf"^\s*(?:the\s+)?{_PART.pattern}\s*$", re.IGNORECASE)


def _label(text: str) -> str:
    """The label's one spelling ("Apt." -> "apartment")."""
    return text.lower().removesuffix(".").replace("apt", "apartment")


def corrected_address_part(state: ContextState, cand: FactCandidate) -> bool:
    """Put the user's one labelled part cand ("Flat 5") in place of the part with that label in the one
    held user value that has it with another number (module doc); True when it did."""
    said = _WHOLE.match(cand.value) if cand.role == "user" else None
    if said is None:
        return False
    label, number = _label(said.group("label")), said.group("n").lower()
    targets = []
    for fact in state.facts.values():
        parts = [m for m in _PART.finditer(fact.value) if _label(m.group("label")) == label]
        recent = cand.correction or cand.source_idx - fact.last_idx <= _FIX_WITHIN
        if fact.role == "user" and recent and len(parts) == 1 and parts[0].group("n").lower() != number:
            targets.append((fact, parts[0]))
    if len(targets) != 1:
        return False
    cur, part = targets[0]
    new = cur.value[: part.start()] + said.group(0).strip() + cur.value[part.end() :]
    update = {"key": cur.key, "value": new, "norm": new.lower(), "correction": True}
    replace_fact(state, cur, cand.model_copy(update=update), "the user gave that part of it again")
    fact = state.facts[cur.key]
    old = part.group(0)
    fact.history[-1] = fact.history[-1].model_copy(update={"value": old, "norm": old.lower()})
    return True
