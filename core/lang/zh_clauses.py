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

from core.lang.zh_cues import intent_cue
from core.lang.zh_entities import entities_of
from core.lang.zh_kinds import asks, domain_of

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


# a statement the user makes before asking, in one sentence: "我膝盖不太好，按压的时候要一直跪着吗" states a
# condition of the user's, then asks about it. Read as one question, the condition is no value of theirs
# and the context may drop it; cut off, it is a clause of its own. Only the comma before the last part,
# when that part alone asks and the parts before it ask nothing nor request.
_MIN_STATEMENT = 4  # characters the stated part needs ("好的，" is no statement)


def statement_before_question(sentence: str) -> list[str]:
    """The sentence as [statement, question] when its last comma part asks and the rest states,
    else [sentence]."""
    cut = max(sentence.rfind("，"), sentence.rfind(","))
    if cut < _MIN_STATEMENT:
        return [sentence]
    left, right = sentence[: cut + 1].strip(), sentence[cut + 1 :].strip()
    if not right or not asks(right) or asks(left) or len(left.rstrip("，,")) < _MIN_STATEMENT:
        return [sentence]
    if intent_cue(left):
        return [sentence]  # "我奶奶要去拔牙，...，这个要紧吗": a request asked about is one question
    return [left, right]
