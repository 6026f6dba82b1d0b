"""A user correction of a slot also replaces the value the user agreed to beside it.

An assistant's value the user agreed to, with no cue that it replaces the user's own value for the
slot, is held beside it under ``key_agreed`` ("下午3点" said, "今天下午3点" read back; "8:30" picked
beside the hours the user gave). Both speak of the one attribute; when the user then corrects that
slot ("改成5点", "can you make it the 11:00 slot?"), the agreed value is as stale as the user's, and
showing it unmarked would keep the old value current. Only a user's correction, only a value of a
compatible type (a time for a time, a date or time for a date and time; never a name or a term,
whose slot is a guess), agreed before the correction and not the new value itself.

The same holds for the very value being corrected held under a second key of the task
("5万以内" the user's budget, read back by the assistant and keyed as an amount; "预算还是放到6万吧"
lands on the amount): one value under two keys is one attribute held twice, so the correction
replaces both. A bare number ("2") is no such evidence (two counts of a task can be equal).
"""

from __future__ import annotations

from core.models import ContextState, Fact, FactCandidate
from core.readback_split import AGREED_SUFFIX
from core.values import same_value

# types that state the same attribute: a time of day and a date with its time
_COMPATIBLE = (frozenset({"time", "datetime"}), frozenset({"date", "datetime"}))
# values whose type says what they measure; a name's or a term's slot is the parser's guess from
# the words around it, no evidence that two of them are one attribute
_TYPED = frozenset({"time", "datetime", "date", "duration", "money", "quantity", "number"})


def _compatible(a: str, b: str) -> bool:
    return a in _TYPED and (a == b or any(a in g and b in g for g in _COMPATIBLE))


def _stale(fact: Fact, cand: FactCandidate) -> bool:
    """True when fact is a value said before cand, of a compatible type, that cand does not restate."""
    return (
        fact.status == "active"
        and fact.first_idx < cand.source_idx
        and _compatible(fact.vtype, cand.vtype)
        and not same_value(fact.norm, cand.norm)
    )


def agreed_beside(state: ContextState, cand: FactCandidate) -> list[Fact]:
    """The values held beside cand's slot that the user's correction cand replaces too (see the
    module docstring): the value agreed beside it, and the held value itself under another key of
    its domain; [] when there is none or cand is no user correction."""
    if cand.role != "user" or not cand.correction or cand.key.endswith(AGREED_SUFFIX):
        return []
    out = []
    agreed = state.facts.get(f"{cand.key}{AGREED_SUFFIX}")
    if agreed is not None and _stale(agreed, cand):
        out.append(agreed)
    cur = state.facts.get(cand.key)
    if cur is None or cur.norm.strip().isdigit():
        return out
    prefix = f"{cand.key.split('.', 1)[0]}."
    for fact in state.facts.values():
        twice = fact.key.startswith(prefix) and fact.key != cand.key and fact not in out
        same = twice and same_value(fact.norm, cur.norm) and _compatible(fact.vtype, cur.vtype)
        if same and _stale(fact, cand):
            out.append(fact)
    return out
