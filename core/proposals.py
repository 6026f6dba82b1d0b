"""A user's question that proposes a day or an hour ("Friday morning, 10 o'clock?", "before 20
jan?", "后天下午4点可以吗？") states the value it proposes: the assistant takes it or answers with
another, and either way the user said it. So does a favour asked ("can you cut it off?",
"能不能顺便洗个车": the analyzer's asks_favour): what it asks done is the user's instruction; and so
does a correction asked ("Can we do 8 regular ones instead?", "改成下周日可以吗？"): it says the
new value. Coverage owes such a clause like a statement (issue 12, item 4: every date or time the user
stated is in the context); a question that asks about a time ("what time do you close?") holds no day
or hour of the user's and is not one.
"""

from __future__ import annotations

from core.lang.registry import analyzer_for
from core.models import Atom
from core.shown import content_units

_WHEN_TYPES = frozenset({"date", "time", "datetime"})
# words of a proposal beside its value: "Friday after work, about half 5?" (Chinese counts pairs)
MAX_PROPOSAL_UNITS = 6


def proposes_when(atom: Atom) -> bool:
    """True for a user's short question whose point is a day or an hour it names (see module doc)."""
    if atom.role != "user" or atom.kind != "question":
        return False
    if not any(e.type in _WHEN_TYPES for e in atom.entities):
        return False
    return len(content_units(atom.text)) <= MAX_PROPOSAL_UNITS * (2 if atom.lang == "zh" else 1)


def stated_question(atom: Atom) -> Atom | None:
    """A user's question that proposes a day or an hour or asks a favour, as the statement it makes
    (kind constraint; a favour without its question mark, which would make the coverage check read it
    as stating nothing: core.shown.content_unshown); a correction asked, without its question mark
    (still a correction); None for any other clause."""
    if atom.role == "user" and atom.kind == "correction" and atom.text.rstrip().endswith(("?", "？")):
        return atom.model_copy(update={"text": atom.text.rstrip(" ?？")})
    if proposes_when(atom):
        return atom.model_copy(update={"kind": "constraint"})
    if atom.role == "user" and atom.kind == "question" and analyzer_for(atom.lang).asks_favour(atom.text):
        return atom.model_copy(update={"kind": "constraint", "text": atom.text.rstrip(" ?？")})
    return None
