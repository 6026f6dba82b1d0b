"""An assistant turn that lays out choices without asking: a brief user turn after it is a pick.

"Our packages: Classic booth £395, Mirror booth £495, GIF booth £450." then "mirror"; "推荐：自由划
150 元/人；教练带队 260 元/人" then "带教练的"; "Thursday we have 8-10am or 10am-12pm." then "10-12";
"保温杯有黑、白、蓝三色。" then "白色".
The coverage guarantee (core.coverage) keeps a brief answer to an open question by its words; a
brief reply to choices laid out is the same kind of value, though no question mark asks for it,
unless a later correction of the user's picks again among the same choices.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from core.lang.cues import any_language
from core.lang.laid_out import lays_out_alternatives
from core.lang.value_shapes import shaped_values
from core.shown import topic_words

# the shapes of values options are told apart by: their prices and their times
_OPTION_SHAPES = ("money:", "time")
# options enumerated with the enumeration comma ("保温杯有黑、白、蓝三色"): two items or more
_ENUMERATION = re.compile(r"[^、，,。；;！？!?\s]{1,10}(?:、[^、，,。；;！？!?\s]{1,10})+")


@lru_cache(maxsize=4096)
def choices_offered(text: str) -> str:
    """text when an assistant turn names two or more prices or two or more times of day, enumerates
    items with the enumeration comma or states two ways the user may take ("you can X or Y": it lays
    out options the user's next brief turn picks among), else "". Cached: every compaction of a
    session reads its assistant turns again."""
    found = [shape for shape, _ in shaped_values(text)]
    priced = any(sum(s.startswith(kind) for s in found) >= 2 for kind in _OPTION_SHAPES)
    return text if priced or _ENUMERATION.search(text) or lays_out_alternatives(text) else ""


def picked_again(
    pick: str, offer: str, corrections: Sequence[tuple[int, set[str], set[str], str]], idx: int
) -> bool:
    """True when a user correction after turn idx (core.coverage's corrections: turn, topic words,
    entity types, text) speaks of another of the offer's choices: words of the offer the pick does
    not hold ("actually the full service" after "interim" of "interim £89 or full service £149")."""
    others = topic_words(offer) - topic_words(pick)
    return any(at > idx and topic_words(text) & others for at, _, _, text in corrections)


def accepts_only(reply: str, offer: str) -> bool:
    """True when a brief reply to choices laid out opens by agreeing and names no word of them ("Yes,
    actually."): a yes picks none of several ways; "yes, delivery please" names one."""
    return any_language().accepts(reply.strip()) and not topic_words(reply) & topic_words(offer)
