"""The user's words around a value that say more than the value: "豆浆都要无糖的吧" (the typed value
is "豆浆", what the user set is "都要无糖"), "退到原来的支付宝" (the value "支付宝", the user's
choice "原来的"). The value alone being shown (a fact, a tool call's argument) does not show what
the user stated of it; the coverage guarantee (core.coverage) keeps such a part in the user's words.
"""

from __future__ import annotations

from core.models import Atom
from core.shown import PART_CUT, WEAK_TYPES, content_units, content_unshown

MIN_REST_UNITS = 3  # content units the words beside the value need to be a statement of their own
# the values a qualifier speaks of: a thing named ("豆浆", "支付宝"); a date, time, amount or count
# carries its own meaning, and the words around it are its frame ("订12月31号到1月3号的酒店")
NAMED_TYPES = frozenset({"name", "place"})


def qualified_parts(atom: Atom, low: str) -> list[str]:
    """The parts of a Chinese clause (cut at commas) that hold a named value (NAMED_TYPES) and, beside it, at
    least MIN_REST_UNITS content units that no one line of the context low shows ("都要无糖的吧 刚问了
    同事" beside "豆浆"). A part with a negation is the negation rule's; a part whose other words
    are shown, or too few, says nothing more than its value."""
    if atom.negation is not None or atom.lang != "zh":
        return []
    values = [e for e in atom.entities if e.text.strip() and e.type not in WEAK_TYPES]
    out = []
    for part in (x.strip() for x in PART_CUT.split(atom.text)):
        held = [e.text for e in values if e.text in part]
        if not held or any(e.type not in NAMED_TYPES for e in values if e.text in part):
            continue
        rest = part
        for v in sorted(held, key=len, reverse=True):
            rest = rest.replace(v, " ")
        if len(content_units(rest)) >= MIN_REST_UNITS and content_unshown(rest, low, MIN_REST_UNITS):
            out.append(part)
    return out
