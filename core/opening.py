"""User turns brought back whole. The user's opening request when no goal came from it: "hi, I'm looking at
health insurance but it's not for me, it's for my parents" names no intent the parser knows, so
no goal line says what the conversation is about, and its clause is too short for the coverage
guarantee's word count (core.coverage). Its words then come back as the user said them. And the
user's turn before the newest, when the newest points back at it ("my last question").
"""

from __future__ import annotations

from collections.abc import Sequence

from core.lang.cues import any_language
from core.models import ContextState, Message, ParsedMessage
from core.shown import content_unshown, current_view, users_view

MIN_OPENING_UNITS = 2  # content units (Chinese: character pairs) an opening clause needs to be kept
_STATING = frozenset({"instruction", "constraint", "preference", "answer"})  # a clause that states something


def opening_request(text: str, parsed: Sequence[ParsedMessage], upto: int, state: ContextState) -> list[str]:
    """The clauses of the user's first turn (folded: before `upto`) that state something and that
    the context `text` does not show, when no goal came from that turn; [] otherwise."""
    first = next((p for p in parsed if p.message.role == "user" and p.message.text.strip()), None)
    if first is None or first.message.idx >= upto or any(g.idx == first.message.idx for g in state.goals):
        return []
    low = users_view(current_view(text))
    return [
        a.text for a in first.atoms if a.kind in _STATING and content_unshown(a.text, low, MIN_OPENING_UNITS)
    ]


def quoted_back_turn(text: str, messages: Sequence[Message], upto: int) -> list[str]:
    """The user turn before the newest one, whole, when the newest (a recent turn, at or after
    `upto`) points at the user's own earlier words ("my last question", "我刚才说的") and that turn
    was folded (before `upto`) and `text` does not show it: [] otherwise."""
    users = [m for m in messages if m.role == "user" and m.text.strip()]
    if len(users) < 2 or users[-1].idx < upto or users[-2].idx >= upto:
        return []
    if not any_language().quotes_back(users[-1].text):
        return []
    earlier = users[-2].text.strip()
    return [] if " ".join(earlier.lower().split()) in " ".join(text.lower().split()) else [earlier]
