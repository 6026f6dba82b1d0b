"""An extra the seller offers in a Chinese question, priced after it: the extra's price, not the thing's.

"好的，星河90，1580元。要不要配一片月亮滤镜？看月亮不刺眼，60元。" The 60元 is the filter's: read as one
more price of the turn, it replaced the 1580元 of the telescope the user took. A question offering a
thing to add ("要不要配…", "需要加个…吗") and the first amount after it, in the question's sentence or
a clause after it, price that thing: the amount is keyed by the thing's noun ("月亮滤镜_fee"), as English
keys "Would you like a moon filter? $19." (core.lang.en_fees).
"""

from __future__ import annotations

import re

from core.lang.zh_values import find_values

# a question offering a thing to add: the verb of asking, a verb of adding, a count word, the thing
_OFFERED = re.compile(
    r"(?:要不要|需不需要|需要|要)(?:加|配|买|带|添|搭)(?:[一两]?[个片套副把瓶只条块张件份盒])?"
    r"(?P<noun>[\u4e00-\u9fff]{2,6}?)(?:吗|么)?[？?](?:[^。！？?，,]{0,15}[，,])?\s*$"
)
# words a question may end in that name no extra ("要不要加点别的？")
_NO_EXTRA = frozenset({"别的", "其他", "其它", "什么", "点别的", "点什么"})


def extra_prices(text: str) -> dict[tuple[int, int], str]:
    """The spans of text's amounts that price the extra a question right before them offers, each with
    the slot "<noun>_fee" (module doc)."""
    out: dict[tuple[int, int], str] = {}
    if "？" not in text and "?" not in text:
        return out  # no question, no extra offered: the message's values are not read again
    for hit in find_values(text):
        if hit.type != "money":
            continue
        m = _OFFERED.search(text, 0, hit.start)
        if m is not None and m.group("noun") not in _NO_EXTRA:
            out[(hit.start, hit.end)] = f"{m.group('noun')}_fee"
    return out
