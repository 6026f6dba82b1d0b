"""The business the user deals with, named in its reply to the user's opening turn ("Hi! Yes, Red
Scissors Studio on Tyler Street runs papercutting workshops", "您好！可以的，杨家埠风筝坊有扎风筝体验").

Its name is the venue of the conversation, a value of its own slot: not an option offered beside what
the user named first ("a Girl Scout troop", "簇绒地毯", guessed as names), which left it an offer the
soft budget drops. Only that one reply is read: later assistant turns name options the user may
never take. Right after the reply's greeting ("您好！神算子珠心算在中关村，…", "Hello! Red Thread Crafts can
come to you") the name needs no venue-type word: what the business does or where it is follows it.
"""

from __future__ import annotations

from core.answers import rekeyed
from core.models import Atom, ContextState
from core.parse import analyzer_for

VENUE_SLOT = "venue"
AREA_SLOT = "area"
_BARE_NAME_SLOTS = frozenset({None, "name"})
_EXCLAIMS = ("!", "！")


def after_pleasantries(atoms: list[Atom], i: int) -> bool:
    """True when atoms[i] comes right after the turn's pleasantries: a greeting or exclamations naming
    nothing ("Hello!", "Happy to help!", "抱抱你们！"), and nothing else before it."""
    return i > 0 and all(
        not a.entities and (a.kind in ("greeting", "filler") or a.text.rstrip()[-1:] in _EXCLAIMS)
        for a in atoms[:i]
    )


def own_venue_entities(atom: Atom, state: ContextState, greeted: bool = False) -> Atom:
    """The assistant's clause with the names keyed as the venue that open it as the business naming
    itself (core.lang names_itself; greeted: the clause comes right after the turn's pleasantries,
    after_pleasantries), and the name of the place said right after one as its area ("神算子珠心算在中关村"),
    when it replies to the user's one opening turn; the atom unchanged otherwise."""
    if atom.role != "assistant" or state.user_turns != 1:
        return atom
    lang = analyzer_for(atom.lang)
    out = list(atom.entities)
    for i, e in enumerate(out):
        if e.type != "name" or e.slot not in _BARE_NAME_SLOTS:
            continue
        if not lang.names_itself(atom.text, e.start, e.end, greeted):
            continue
        out[i] = e.model_copy(update={"slot": VENUE_SLOT})
        area = lang.area_after(atom.text, e.end)
        for j, other in enumerate(out):
            if other.start == area and other.type == "name" and other.slot in _BARE_NAME_SLOTS:
                out[j] = other.model_copy(update={"slot": AREA_SLOT})
    return rekeyed(atom, out)
