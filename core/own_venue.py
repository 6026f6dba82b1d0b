"""The business the user deals with, named in its reply to the user's opening turn ("Hi! Yes, Red
Scissors Studio on Tyler Street runs papercutting workshops", "您好！可以的，杨家埠风筝坊有扎风筝体验").

Its name is the venue of the conversation, a value of its own slot: not an option offered beside what
the user named first ("a Girl Scout troop", "簇绒地毯", guessed as names), which left it an offer the
soft budget drops. Only that one reply is read: later assistant turns name options the user may
never take.
"""

from __future__ import annotations

from core.answers import rekeyed
from core.models import Atom, ContextState
from core.parse import analyzer_for

VENUE_SLOT = "venue"
_BARE_NAME_SLOTS = frozenset({None, "name"})


def own_venue_entities(atom: Atom, state: ContextState) -> Atom:
    """The assistant's clause with the names keyed as the venue that open a clause and end in a
    venue-type word (core.lang names_itself), when it replies to the user's one opening turn; the
    atom unchanged otherwise."""
    if atom.role != "assistant" or state.user_turns != 1:
        return atom
    names_itself = analyzer_for(atom.lang).names_itself
    out = [
        e.model_copy(update={"slot": VENUE_SLOT})
        if e.type == "name" and e.slot in _BARE_NAME_SLOTS and names_itself(atom.text, e.start, e.end)
        else e
        for e in atom.entities
    ]
    return rekeyed(atom, out)
