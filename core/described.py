"""An assistant's answer to the user's question about the thing in play describes it; it names no
other thing.

"Blueface will be at The Fillmore" -> "What is that exactly?" -> "It's a hip hop show": the answer
tells what the offered event is, and a parser reading "hip hop show" as a name must not let it
replace "Blueface" (issue 12: a value replaces another only with evidence of the same attribute;
a current value shown as "(was: ...)" misleads the model). The same for "do they offer cosmetic
services?" -> "Cosmetic dental work is unavailable here": no other dentist was offered.

The evidence is the exchange: the user's turn only asked (a question with no value of its own, no
request for another option or a new task), and the assistant's next turn gave a name-typed value
for a slot that already holds a name the assistant offered before the question. That value stands
beside the held one, under its own key; it replaces nothing.
"""

from __future__ import annotations

from core.lang.cues import any_language
from core.models import ContextState, Fact, FactCandidate, ParsedMessage, Units

# the value type of a name (core.extract's vtype): the only type an answer's description is read as
_NAME = "name"


def only_asks(parsed: ParsedMessage, units: Units) -> bool:
    """True when a user's turn only asks about the thing in play ("What is that exactly?", "where
    are they located?"): a question, no value of its own, no yes or no, no request for another
    option ("anything else?") or for something new ("could you find me a hotel?")."""
    if units.facts or not any(a.kind == "question" for a in parsed.atoms):
        return False
    if any(a.negation is not None for a in parsed.atoms):
        return False
    cues = any_language()
    text = parsed.message.text.strip()
    return not (
        cues.asks_another(text)
        or cues.opens_task(text)
        or cues.asks_about_other(text)
        or cues.accepts(text)
        or cues.declines(text)
    )


def describes_held(state: ContextState, cur: Fact, cand: FactCandidate) -> bool:
    """True when cand, an assistant's name-typed value, answers the user's question of the turn just
    before about the thing in play, and cur, the held name of its slot, is one the assistant offered
    before that question: the answer describes cur's thing, it does not replace it. (A value the
    user said is never replaced by an assistant's anyway: the merge holds that one as an offer.)"""
    return (
        cand.role == "assistant"
        and not cand.correction
        and cand.vtype == _NAME
        and cur.vtype == _NAME
        and cur.role == "assistant"  # a user's own value is never replaced by it (it is offered)
        and state.user_asked_idx >= 0
        and state.user_asked_idx == cand.source_idx - 1
        and cur.last_idx < state.user_asked_idx
    )
