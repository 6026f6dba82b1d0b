"""Words the speaker puts in quotes are one value: the wording itself (any language).

'Engrave his with "L & T 3 ans"', '蛋糕上写"三十年快乐"', '那写"1月1日至3日 全场五折"': the quoted
words are a text to print, engrave or say, not the values read inside them. Read as values, "3 ans"
became a count, "1月1日" a date that replaced the shop's opening day, and the wording was lost. A
quote whose whole content one value already spans ('name is "Drift Coffee"') keeps that value; any
other short quote is one value of the slot ``wording``, and the values inside it are dropped.
"""

from __future__ import annotations

import re

from core.models import Entity

WORDING_SLOT = "wording"
MIN_CHARS, MAX_CHARS = 2, 40  # a longer quote is a passage, not a wording to keep as one value
# straight and curly double quotes, CJK corner brackets; never the apostrophe (it is in words)
_QUOTE = re.compile(r'"([^"\n]+)"|“([^”\n]+)”|「([^」\n]+)」|『([^』\n]+)』')


def with_quoted_wording(text: str, ents: list[Entity]) -> list[Entity]:
    """ents (in text order) with each short quote of text held as one wording value (module doc)."""
    out = list(ents)
    for m in _QUOTE.finditer(text):
        group = next(g for g in range(1, 5) if m.group(g) is not None)
        start, end = m.start(group), m.end(group)
        content = text[start:end]
        lead = len(content) - len(content.lstrip())
        start, end = start + lead, start + len(content.rstrip())
        if not MIN_CHARS <= end - start <= MAX_CHARS:
            continue
        if any(e.start <= start and end <= e.end for e in out):
            continue  # one value spans the quote ('name is "Drift Coffee"'): it is the value
        inside = [e for e in out if start <= e.start and e.end <= end]
        crossing = [e for e in out if e.start < end and e.end > start and e not in inside]
        if crossing:
            continue  # a value runs across the quote mark: the quote is no wording of its own
        wording = text[start:end]
        out = [e for e in out if e not in inside]
        out.append(Entity(type="name", text=wording, value=wording, start=start, end=end, slot=WORDING_SLOT))
    return sorted(out, key=lambda e: e.start)
