"""Clauses inside a Chinese sentence that talk about two different things.

"中华民族园这个景点的周边有价格在400-500元的酒店吗？" names an attraction and asks for a hotel: read as
one clause, the attraction's name and the hotel's price would land in one domain. The sentence is cut
where its topic changes, so each clause keeps its own domain:
- at a comma when the parts before and after it name different domains ("花家怡园的电话是多少，周边的
  景点有哪些？" -> restaurant | attraction);
- right before 周边/附近/周围 when a name or a domain word stands before it and the rest names another
  domain ("坡峰岭附近找一个酒店住宿" -> 坡峰岭 keeps the domain of the conversation, the rest is hotel).
"""

from __future__ import annotations

import re

from core.lang.zh_entities import entities_of
from core.lang.zh_kinds import domain_of

_NEARBY = ("周边", "附近", "周围")
_CUT = re.compile(r"(?<=[，,])|(?=周边|附近|周围)")
_MIN_PIECE = 2


def _has_name(text: str) -> bool:
    return any(e.type in ("name", "place") for e in entities_of(text, None))


def topic_pieces(sentence: str) -> list[str]:
    """The sentence cut where its topic moves from one domain to another (substrings, in order)."""
    out: list[str] = []
    rest = sentence
    while True:
        cut = _first_cut(rest)
        if cut is None:
            break
        out.append(rest[:cut].strip())
        rest = rest[cut:].strip()
    out.append(rest)
    return [p for p in out if p]


def _first_cut(text: str) -> int | None:
    """Offset of the first topic change in text, or None."""
    for m in _CUT.finditer(text):
        p = m.start()
        left, right = text[:p].strip(), text[p:].strip()
        if len(left) < _MIN_PIECE or len(right) < _MIN_PIECE:
            continue
        dl, dr = domain_of(left), domain_of(right)
        if dr is None or dl == dr:
            continue
        nearby = text.startswith(_NEARBY, p)
        if (nearby or left[-1] in "，,") and (dl is not None or (nearby and _has_name(left))):
            return p
    return None
