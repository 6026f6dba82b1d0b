"""Whether a later correction of the user can hold a clause's old value (core.coverage): a correction
that shares words with a clause ("那还是安康吧，我爸最怕这个" and "我爸妈，爸爸66，妈妈63"; "还是支付宝吧"
and "退到原来的支付宝") replaced its value only when it states a value of the same group (a count for
a count, a date for a date) other than the clause's own. One of another group only, or the clause's
own value again, leaves the clause's value standing: the clause is owed, not stale.
"""

from __future__ import annotations

import re
from collections.abc import Set

from core.models import Atom

# value types that can stand for one attribute (a count typed "quantity" or "number", a day typed
# "date" or "datetime"); a term (a bare domain word) is no value
_GROUPS = {
    "money": "measure", "quantity": "measure", "number": "measure", "duration": "measure",
    "rating": "measure", "date": "when", "time": "when", "datetime": "when", "place": "named",
    "name": "named", "address": "named", "id": "code", "phone": "code", "email": "code", "url": "code",
}
_DIGIT = re.compile(r"\d")
_NUMBER = re.compile(r"\d+(?:[.:]\d+)?")


def _groups(types: Set[str]) -> set[str]:
    return {_GROUPS[t] for t in types if t in _GROUPS}


def passes_by(atom: Atom, types: Set[str], text: str) -> bool:
    """True when a later correction (its value types and text) cannot hold the clause atom's old
    value: the clause has values, and the correction restates every one of them with no number of
    its own, or states values of other groups only (and no digits beside the clause's digits). A clause
    with no typed value ("鸳鸯锅，一边清汤一边麻辣") is the correction's by its words, as before."""
    values = [e for e in atom.entities if e.type in _GROUPS and e.text.strip()]
    if not values:
        return False
    low = text.lower()
    numbers = set(_NUMBER.findall(text))
    if all(e.text.lower() in low for e in values) and numbers <= set(_NUMBER.findall(atom.text)):
        return True  # the clause's value said again, and no other number ("TTL 改成 300"): it still holds
    said = _groups(set(types))
    if not said or said & _groups({e.type for e in values}):
        return False
    return not (_DIGIT.search(text) and _DIGIT.search(atom.text))
