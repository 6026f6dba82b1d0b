"""A tool call's argument the user corrected after the call is shown as replaced.

``t2 search_venues(guests=60, ...)`` then "we need to invite the cousins, 64 now": the state's fact
holds 60 in its history, replaced after turn 2, so the call line shows ``guests=(was: 60)``: the
call was made with a value that no longer holds, and a reader must not take it for the current one
beside the fact's 64. Only a replacement the context shows (core.replaced.shown_as_replaced) of a
value of a definite type (a count, a date, an amount, a code: not a name) counts, only one made after
the call, and never a value some fact still holds as current. A number matches
a replaced value that is that number with its unit ("60 guests").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from core.models import ActionUnit, ContextState
from core.replaced import UNTYPED, shown_as_replaced

_NUMBER = re.compile(r"\d+(?:\.\d+)?")


def _forms(value: str) -> set[str]:
    """The lowercased forms a replaced value matches an argument by: itself, and its number when it
    is one number with a unit word ("60 guests" -> "60")."""
    low = value.strip().lower()
    numbers = _NUMBER.findall(low)
    rest = _NUMBER.sub(" ", low).split()
    return {low} | ({numbers[0]} if len(numbers) == 1 and len(rest) <= 1 and low[:1].isdigit() else set())


_CLOCK_TYPES = ("date", "time", "datetime")


def _replaced_after(state: ContextState) -> tuple[dict[str, int], dict[str, int]]:
    """Each replaced value's forms (_forms) -> the earliest turn a replacement of it was made at:
    for a text argument, and for a JSON number argument, which matches no date or time (``children=3``
    is a count or an amount, never the "3" of "finishes at 3")."""
    current = {f.value.strip().lower() for f in state.facts.values()} | {f.norm for f in state.facts.values()}
    texts: dict[str, int] = {}
    numbers: dict[str, int] = {}
    for fact in state.facts.values():
        if (fact.vtype or "") in UNTYPED:
            continue  # one name after another is weak evidence of one attribute (core.replaced)
        shown = set(shown_as_replaced(fact))
        for version in fact.history:
            if version.value not in shown:
                continue
            for out in (texts,) if fact.vtype in _CLOCK_TYPES else (texts, numbers):
                for form in _forms(version.value) - current:
                    out[form] = min(out.get(form, version.replaced_at), version.replaced_at)
    return texts, numbers


def mark_corrected_args(records: Sequence[ActionUnit], state: ContextState) -> list[ActionUnit]:
    """The records with each scalar argument whose value a fact shows replaced after the call marked
    "(was: value)"; records with none are returned as they are."""
    replaced, replaced_numbers = _replaced_after(state)
    if not replaced:
        return list(records)
    out = []
    for rec in records:
        marked = dict(rec.args)
        for key, value in rec.args.items():
            if isinstance(value, bool) or not isinstance(value, (str, int, float)):
                continue
            forms = replaced if isinstance(value, str) else replaced_numbers
            at = forms.get(str(value).strip().lower())
            if at is not None and at > rec.idx:
                marked[key] = f"(was: {value})"
        out.append(rec if marked == rec.args else rec.model_copy(update={"args": marked}))
    return out
