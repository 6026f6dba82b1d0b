"""Vehicle plates in Chinese text ("湘A 8K317", "挂车湘A T729挂", "粤B·D12345"): identifiers by their
shape, with the slot that says whose (the other party's plate, "对方车牌粤B·9D21L", is another
attribute than the user's own)."""

from __future__ import annotations

import re

# a province's character, the city's letter, then five or six letters and digits (I and O are never
# used; four before a trailer's or a learner's mark)
_PLATE = re.compile(
    r"[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼][A-HJ-NP-Z]\s?[·•]?\s?"
    r"(?=[A-HJ-NP-Z]*\d)(?:[A-HJ-NP-Z0-9]{5,6}|[A-HJ-NP-Z0-9]{4}(?=[挂学警]))(?:挂|学|警|领|港|澳)?(?![A-Za-z0-9])"
)

_OTHER_PARTY = re.compile(r"(?:对方|对面|另一辆|别人|他们)[^，。！？；,.!?;]*$")


def plates(text: str) -> list[tuple[int, int, str, str]]:
    """(start, end, plate, slot) of each plate in text: slot "other_plate" after a word for another
    party in its clause ("对方车牌…"), else "plate"."""
    out = []
    for m in _PLATE.finditer(text):
        other = _OTHER_PARTY.search(text[max(0, m.start() - 8) : m.start()])
        out.append((m.start(), m.end(), m.group(0), "other_plate" if other else "plate"))
    return out
