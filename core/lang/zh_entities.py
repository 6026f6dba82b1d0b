"""Chinese entities: dates/times, values and names merged into one list with slot hints.

Three finders run over the text: zh_time (dates, times), zh_values (money, ratings, durations,
quantities, phones, ids, types, lexicon terms) and zh_names (proper names between function words).
Overlapping candidates are resolved longest first; a value found first ends a name run, except a
lexicon term ("素食" inside "莲泽舫素食餐厅"), which is dropped when a name covers it.
"""

from __future__ import annotations

import re
from datetime import datetime
from functools import lru_cache

from core.lang.zh_names import find_names, venue_suffix
from core.lang.zh_segment import tokens
from core.lang.zh_time import find_times
from core.lang.zh_values import Hit, find_values
from core.models import Entity

# Cue words before a name -> slot hint; the cue nearest to the name wins (从X到Y: X origin, Y destination)
_NAME_CUES = re.compile(
    r"(?P<origin>从|出发地|起点|出发)"
    r"|(?P<food>推荐菜|招牌菜|特色菜|菜品|想吃|爱吃|吃到|品尝|尝尝|喝到|想喝|吃|做)"
    r"|(?P<destination>到|去往|前往|目的地|终点)"
    r"|(?P<name>推荐|去|叫|名叫|选|住|入住|建议|考虑|就是)"
)
# After a name: it is a dish ("有X的餐馆", "X这道菜")
_FOOD_AFTER = re.compile(
    r"(?:这道菜|这个菜|这俩菜|这两道菜|这几道菜|两道菜|等菜|这道|的菜(?!馆)|的餐馆|的餐厅|的饭馆)"
)
_SENTENCE_PUNCT = "。！？!?；;\n"
_CUE_WINDOW = 40


def _resolve(hits: list[Hit]) -> list[Hit]:
    """Non-overlapping hits: longer spans first, then higher priority, then earlier."""
    chosen: list[Hit] = []
    for h in sorted(hits, key=lambda h: (-(h.end - h.start), -h.priority, h.start)):
        if h.end > h.start and not any(h.start < c.end and c.start < h.end for c in chosen):
            chosen.append(h)
    return sorted(chosen, key=lambda h: h.start)


def _boundaries(text: str) -> tuple[set[int], set[int]]:
    """Start and end offsets of jieba's words in text."""
    toks = tokens(text)
    return {p for _, _, p in toks}, {p + len(w) for w, _, p in toks}


def _name_slot(text: str, start: int, end: int) -> str:
    """Slot hint of a name: the nearest cue before it in its sentence, or a food cue right after."""
    if _FOOD_AFTER.match(text, end):
        return "food"
    lo = max(0, start - _CUE_WINDOW)
    for i in range(start - 1, lo - 1, -1):
        if text[i] in _SENTENCE_PUNCT:
            lo = i + 1
            break
    last = None
    for m in _NAME_CUES.finditer(text, lo, start):
        last = m
    if last is None:
        return "name"
    return last.lastgroup or "name"


def _glued_count(hard: list[Hit], start: int, surface: str) -> Hit | None:
    """A count right before a venue name is part of it ("7天" in "7天连锁酒店"), not a duration."""
    if not venue_suffix(surface):
        return None
    return next((h for h in hard if h.end == start and h.type in ("duration", "quantity", "number")), None)


@lru_cache(maxsize=4096)
def entities_of(text: str, ts: datetime | None) -> tuple[Entity, ...]:
    """Every entity of text, in text order (cached per text and timestamp: turns are re-parsed)."""
    hits = [Hit(t.start, t.end, t.type, t.value, t.type, 8) for t in find_times(text, ts)]
    starts, ends = _boundaries(text)
    # a lexicon word must be a whole jieba word: "租车" is no facility inside "出租车"
    hits += [h for h in find_values(text) if not h.soft or (h.start in starts and h.end in ends)]
    chosen = _resolve(hits)
    hard = [h for h in chosen if not h.soft]
    soft = [h for h in chosen if h.soft]
    merged: set[Hit] = set()
    spans: list[tuple[int, int, str]] = []
    for n in find_names(text, [(h.start, h.end) for h in hard]):
        start = n.start
        glued = _glued_count(hard, n.start, text[n.start:n.end])
        if glued is not None:
            merged.add(glued)
            start = glued.start
        # a lexicon term covering a whole candidate ("会议室") is the better reading of it, and so are
        # facilities inside a candidate that is no venue ("提供wifi和室内游泳池" read as one run)
        inner = [h for h in soft if start <= h.start and h.end <= n.end]
        if any(h.start <= start and n.end <= h.end for h in soft):
            continue
        if any(h.slot == "facility" for h in inner) and not venue_suffix(text[start:n.end]):
            continue
        spans.append((start, n.end, n.kind))
    ents: list[Entity] = []
    for h in chosen:
        if h in merged or (h.soft and any(s <= h.start and h.end <= e for s, e, _ in spans)):
            continue
        ents.append(Entity(type=h.type, text=text[h.start:h.end], value=h.value,  # type: ignore[arg-type]
                           start=h.start, end=h.end, slot=h.slot))
    for start, end, kind in spans:
        surface = text[start:end]
        ents.append(Entity(type="place" if kind == "place" else "name", text=surface, value=surface,
                           start=start, end=end, slot=_name_slot(text, start, end)))
    ents.sort(key=lambda e: e.start)
    return tuple(ents)
