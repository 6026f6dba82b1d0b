"""Enumerations of Chinese names: one slot for all items, and lists of what exists dropped.

"周边景点有故宫、天坛、恭王府" answers "what is near here": none of the names is what the user chose
or asked for (the one the user settles on is named again, alone), and a list costs more tokens than
anything else in a turn. So the names of an enumeration of three or more, and of any enumeration
right after "周边…有" (what is nearby), are dropped; two alternatives ("推荐您去A或者B") stay, and
so do stations ("出发地附近的地铁站是X站": the answer to a route question).
"""

from __future__ import annotations

import re

from core.lang.zh_self_named import SELF_NAMED_SLOTS
from core.models import Entity

# What stands between two items of an enumeration ("A、B和C", "A, B, C", "A或者B")
_LIST_GAP = re.compile(r"[\s、,，/]*(?:和|与|及|或|或者|以及|还有)?[\s、,，/]*")
# An enumeration of this many names is a list of what exists ("A, B, C都不错"), not a choice
MIN_ENUMERATION = 3
# "周边的景点有A, B": what is near a place is an answer about it, never the place the user chose
_SENTENCE_END = re.compile(r"[。！？!?；;\n]")
_QUESTION_MARK = re.compile(r"[吗呢？?]")
_NEARBY_CUE = re.compile(r"(?:周边|附近|周围|旁边|边上)[^。！？!?；;\n]{0,10}?(?:有|是)")


def without_enumerations(text: str, ents: list[Entity]) -> list[Entity]:
    """Entities minus the names of long enumerations ("周边景点有故宫、天坛、恭王府", "推荐菜有A, B, C").

    A list of three or more names answers "what is there": none of them is what the user chose or
    asked for (the one the user settles on is named again, alone), and together they cost more
    tokens than anything else in a turn. Two names ("A或者B") are alternatives and stay."""
    drop: set[int] = set()
    groups: list[list[int]] = []
    for i, e in enumerate(ents):
        if e.type not in ("name", "place"):
            continue
        prev = ents[groups[-1][-1]] if groups else None
        if prev is not None and prev.end <= e.start and _LIST_GAP.fullmatch(text, prev.end, e.start):
            groups[-1].append(i)
        else:
            groups.append([i])
    for group in groups:
        _share_slot(ents, group)
        first, last = ents[group[0]], ents[group[-1]]
        nearby = first.type == "name" and first.slot != "food" and _after_nearby_cue(text, first.start)
        if len(group) >= MIN_ENUMERATION or (nearby and not _asks(text, last.end)):
            drop.update(group)
    return [e for i, e in enumerate(ents) if i not in drop]


def _share_slot(ents: list[Entity], group: list[int]) -> None:
    """Items of one enumeration fill one slot: a dish cue after the last ("A、B这两道菜") or the cue
    before the first ("推荐您去A或者B") holds for all of them. A business and its area named as such
    (core.lang.zh_self_named) keep their slots: they are told apart by their own words."""
    slots = [ents[i].slot for i in group]
    slot = "food" if "food" in slots else slots[0]
    for i in group:
        if ents[i].slot != slot and ents[i].slot not in SELF_NAMED_SLOTS:
            ents[i] = ents[i].model_copy(update={"slot": slot})


def _asks(text: str, end: int) -> bool:
    """True when the sentence going on from end is a question ("附近有X吗？": X is what the user wants)."""
    m = _SENTENCE_END.search(text, end)
    return bool(_QUESTION_MARK.search(text, end, m.end() if m else len(text)))


def _after_nearby_cue(text: str, start: int) -> bool:
    """True when "周边…有" ends right before start ("周边的餐馆有老诚一锅", "附近有X和Y")."""
    lo = max(0, start - 16)
    return any(m.end() == start or not text[m.end():start].strip(" ：:，,")
               for m in _NEARBY_CUE.finditer(text, lo, start))
