"""A user correction that states a bare number ("oh wait it's 975", "改成5200") changes the user's
amount in play that it can replace, read with that amount's unit ("950 euros" -> "975 euros").

The parser types a number without a unit as a count; filed as one, the correction would stand beside
the amount it corrects and the old amount would still be shown as current. The evidence that the
number is that amount: a correction cue, one number of two digits or more, and exactly one value the
user holds in the task in play (its domain, or no domain yet) that is one number of the same
magnitude (as many digits before the point) with a unit or currency (money, a quantity). A count
the user holds is not replaced this way (a bare number for a bare number is
core.bare_corrections' case), nor an id, a time, a date or a list of numbers (issue 12: a value
replaces another only with evidence, never across types).
"""

from __future__ import annotations

import re

from core.models import ContextState, Fact, FactCandidate

# one number with optional thousands separators and decimals: "975", "12,500", "2.5"
_NUMBER = re.compile(r"(?<![\w.,])\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\w,])|(?<![\w.,])\d+(?:\.\d+)?(?![\w,])")
_SUFFIXES = ("_2", "_agreed", "_asked")
# values with a unit the number is read with
_AMOUNT_TYPES = frozenset({"money", "quantity"})


def _numbers(text: str) -> list[str]:
    return _NUMBER.findall(text)


def _magnitude(number: str) -> int:
    """How many digits stand before the point ("12,500" -> 5)."""
    return len(number.split(".", 1)[0].replace(",", ""))


def amount_in_play(state: ContextState, cand: FactCandidate) -> Fact | None:
    """The user's amount a user correction stating only a bare number replaces (see the module
    docstring); None when the candidate is no such correction or no single amount fits."""
    if cand.role != "user" or not cand.correction or cand.vtype != "number" or cand.key in state.facts:
        return None
    if cand.key.endswith(_SUFFIXES):
        return None
    said = _numbers(cand.value)
    if len(said) != 1 or said[0] != cand.value.strip() or _magnitude(said[0]) < 2:
        return None  # one digit alone ("make it 7") is as likely an hour or a head count
    domain = cand.key.split(".", 1)[0]
    fits = []
    for fact in state.facts.values():
        if fact.role != "user" or fact.status != "active" or fact.vtype not in _AMOUNT_TYPES:
            continue
        if fact.key.split(".", 1)[0] not in (domain, "general") or fact.key.endswith(_SUFFIXES):
            continue
        held = _numbers(fact.value)
        if len(held) == 1 and _magnitude(held[0]) == _magnitude(said[0]) and held[0] != said[0]:
            fits.append(fact)
    return fits[0] if len(fits) == 1 else None


def as_amount(held: Fact, cand: FactCandidate) -> FactCandidate:
    """cand read as the held amount's new value: its key, type and unit ("975" -> "975 euros")."""
    old = _numbers(held.value)[0]
    value = held.value.replace(old, cand.value.strip(), 1)
    norm_old = _numbers(held.norm)
    new = cand.value.strip().replace(",", "")
    norm = held.norm.replace(norm_old[0], new, 1) if norm_old else value.lower()
    return cand.model_copy(update={"key": held.key, "value": value, "norm": norm, "vtype": held.vtype})
