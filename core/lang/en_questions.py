"""English questions of a turn (split from core.lang.en_cues, which exposes these as cues): whether a
question asks for a yes or a no, where a turn's last question starts, and the alternatives it offers
("upright or grand?", "Premium term: 10-year pay or 20-year pay?")."""

from __future__ import annotations

import re

from core.lang.patterns import last_match_span

_YES_NO_QUESTION = re.compile(
    r"^(?:is|are|am|was|were|do|does|did|would|will|can|could|shall|should|have|has|may|anything)\b",
    re.IGNORECASE,
)
_ALTERNATIVES = re.compile(r"\bor\b", re.IGNORECASE)


def asks_yes_no(question: str) -> bool:
    """True when a question asks for a yes or a no ("Would you like me to book it?", "Anything
    else?"), not for a value ("Delivery address?", "Any allergies?", "lithium-ion or lead-acid?")."""
    q = question.strip()
    return bool(_YES_NO_QUESTION.search(q)) and not _ALTERNATIVES.search(q)


# the last question of a turn, and the label a colon puts before its alternatives ("Premium term: ...")
_LAST_QUESTION = re.compile(r"([^.?!]*)\?[^?]*$")
_OPTION_CUT = re.compile(r"\s*,\s*(?:or\s+)?|\s+or\s+", re.IGNORECASE)
_LEAD_ARTICLE = re.compile(r"^(?:the|a|an)\s+", re.IGNORECASE)
MAX_OPTION_WORDS = 4


def last_question(text: str) -> tuple[int, str]:
    """Where the last question of a turn starts and its text ("Pay with the card ending 5527?"),
    (-1, "") when it asks none."""
    return last_match_span(_LAST_QUESTION, text)


def alternatives(text: str) -> tuple[str, list[str]]:
    """The label and the options of the alternatives a turn's last question offers ("Premium term:
    10-year pay or 20-year pay?" -> ("Premium term", ["10-year pay", "20-year pay"]); "upright or
    grand?"); ("", []) when it offers none. With no colon, the first option is cut to as many words
    as the last one has ("Would you like a guesthouse or a hotel?" -> "guesthouse", "hotel")."""
    m = _LAST_QUESTION.search(text)
    if m is None or not _ALTERNATIVES.search(m.group(1)):
        return "", []
    label, colon, body = m.group(1).rpartition(":")
    if not colon:
        label, body = "", m.group(1)
    parts = [_LEAD_ARTICLE.sub("", p.strip()) for p in _OPTION_CUT.split(body.strip()) if p.strip()]
    if len(parts) < 2:
        return "", []
    if not colon:
        size = len(parts[-1].split())
        parts[0] = _LEAD_ARTICLE.sub("", " ".join(parts[0].split()[-size:]))
    if any(not p or len(p.split()) > MAX_OPTION_WORDS for p in parts):
        return "", []
    return label.strip(), parts
