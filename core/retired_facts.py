"""A fact whose value a user's correction retired takes the value that retired it.

core.retired finds what a correction turn retires: the one earlier value of the same shape as a
value the turn says (a Chinese count with its measure word, "28个人" -> "改成24个"; a size with its
unit; an id of one letter/digit shape; a bare number answered just before). That is the evidence
issue 12 asks for a replacement: a correction cue and a value of the same type, the earlier one
the only candidate. When a fact the user stated still holds the retired value as current (the
parser read the new one without an attribute, or filed it under another key, or found none:
"改成24个" alone is no attribute), the context would show the old value as current. This step
puts the new value in that fact, the old one in its history, and drops the copy of the new value
the same turn made under another key, so one fact shows "24个 (was: 28个人)".
"""

from __future__ import annotations

import re

from core.fact_versions import replace_fact
from core.lang.base import OTHER_DAY_SLOTS
from core.listed import LIST_SEPARATOR
from core.models import ContextState, Evidence, Fact, FactCandidate, Message
from core.replaced import unnumbered_slot

_MEASURE = re.compile(r"\d+(?:[.,]\d+)?\s+[^\W\d_]+")  # a number and its unit word ("15 litre")


def _holding(state: ContextState, old: str) -> tuple[Fact, list[str], int] | None:
    """The one user fact that holds old as current, whole or as one of its listed items (or an item
    that opens with it and a word: "15 litre storage"), with its items and the index of that item;
    None when no fact or several do."""
    low = old.strip().lower()
    # or the measure with the noun it qualifies after it ("15 litre storage" of "15 litre"; a bare
    # number or a day is no measure: "11" is not the "11 am" of a time, "1st" not "1st of March")
    measure = _MEASURE.fullmatch(low) is not None
    found = []
    for fact in state.facts.values():
        if fact.role != "user" or unnumbered_slot(fact.key) in OTHER_DAY_SLOTS:
            continue  # "育儿嫂1月29号就要来" retires no "预产期1月3号": a correction of the task's day
        items = LIST_SEPARATOR.split(fact.value.strip())  # "两包, 500 克"
        hits = [i for i, item in enumerate(items) if item.lower() == low]
        hits = hits or [i for i, item in enumerate(items) if measure and item.lower().startswith(f"{low} ")]
        if len(hits) == 1:
            found.append((fact, items, hits[0]))
    return found[0] if len(found) == 1 else None


def replace_retired_facts(state: ContextState, msg: Message) -> None:
    """Put each value msg's correction retired (state.retired.pairs, core.retired) out of the one
    user fact that still holds it, the value that retired it in its place (see the module docstring)."""
    if msg.role != "user":
        return
    for old, new in state.retired.pairs:
        held = _holding(state, old)
        start = msg.text.find(new)
        if held is None or start < 0:
            continue
        fact, items, at = held
        item = new + items[at][len(old.strip()) :]  # "25 litre storage": the noun after it stays
        value = ", ".join([*items[:at], item, *items[at + 1 :]])
        norm = value.lower()
        for other in list(state.facts.values()):
            same_turn = other.last_idx == msg.idx and other.first_idx == msg.idx
            if other is not fact and same_turn and other.value.strip().lower() == new.lower():
                del state.facts[other.key]  # the new value read under a key of its own this turn
                norm = other.norm if len(items) == 1 else norm  # as the parser normalised it ("36 people")
        evidence = Evidence(
            idx=msg.idx, role="user", how="corrected", start=start, end=start + len(new), text=new, ts=msg.ts
        )
        cand = FactCandidate(
            key=fact.key,
            value=value,
            norm=norm,
            strength=fact.strength,
            kind=fact.kind,
            source_idx=msg.idx,
            role="user",
            pinned=fact.pinned,
            correction=True,
            vtype=fact.vtype,
            evidence=evidence,
        )
        replace_fact(state, fact, cand, "corrected by user")
