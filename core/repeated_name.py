"""A name the user repeats from the assistant's offer just before is the whole offered name.

"Would you like to watch Searching for Sugar Man?" -> "Searching for Sugar Man will be perfect.": the
parser, reading "Searching for" as a request, kept only "Sugar Man" of the user's turn, and that
stub then stood as the user's pick. When the name the assistant offered in the turn just before
occurs whole in the user's own turn, around the stub the parser found, the user said that name:
the candidate takes it, with its span in the user's turn (evidence of what was said, not a guess).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from core.models import ContextState, FactCandidate, ParsedMessage

# commas and semicolons (ASCII and full-width) and the Chinese enumeration comma between listed names
_LIST_SEPARATOR = re.compile(r"\s*[,;\uff0c\uff1b\u3001]\s*")
# the value type of a name (core.extract's vtype)
_NAME = "name"


def widen_repeated(
    state: ContextState, parsed: ParsedMessage, cands: Sequence[FactCandidate]
) -> list[FactCandidate]:
    """The user's candidates, each name clipped from a name the assistant offered in the turn just
    before widened to that whole name when the user's turn holds it around the clipped span."""
    msg = parsed.message
    if msg.role != "user":
        return list(cands)
    return [_widened(state, c, msg.text) or c for c in cands]


def _widened(state: ContextState, cand: FactCandidate, text: str) -> FactCandidate | None:
    ev = cand.evidence
    if cand.role != "user" or cand.vtype != _NAME or ev is None or ev.start < 0:
        return None
    said = cand.value.strip().lower()
    low = text.lower()
    for held in (state.offers.get(cand.key), state.facts.get(cand.key)):
        if held is None or held.role != "assistant" or held.last_idx != cand.source_idx - 1:
            continue
        for item in _LIST_SEPARATOR.split(held.value.strip()):
            name = item.strip().lower()
            if len(name) <= len(said) or said not in name:
                continue
            at = low.find(name)
            while at >= 0 and not (at <= ev.start and ev.end <= at + len(name)):
                at = low.find(name, at + 1)
            if at < 0:
                continue
            whole = text[at : at + len(name)]
            span = ev.model_copy(update={"start": at, "end": at + len(name), "text": whole})
            return cand.model_copy(update={"value": whole, "norm": whole.lower(), "evidence": span})
    return None
