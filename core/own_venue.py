"""The business the user deals with, named in its reply to the user's opening turn ("Hi! Yes, Red
Scissors Studio on Tyler Street runs papercutting workshops", "您好！可以的，杨家埠风筝坊有扎风筝体验").

Its name is the venue of the conversation, a value of its own slot: not an option offered beside what
the user named first ("a Girl Scout troop", "簇绒地毯", guessed as names), which left it an offer the
soft budget drops. Only that one reply is read: later assistant turns name options the user may
never take. The user's opening turn may name it first, asking if it is the one they mean ("Is this
Granite City Beds on George Street?"). Right after the reply's greeting ("您好！神算子珠心算在中关村，…",
"Hello! Red Thread Crafts can come to you") the name needs no venue-type word: what the business does
or where it is follows it.
"""

from __future__ import annotations

from core.answers import rekeyed
from core.models import Atom, ContextState, Entity
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


def _bare_name(e: Entity) -> bool:
    """A name with no attribute of its own, or a business read as an address by the street it is on
    ("Granite City Beds on George Street"; not a street address, which opens with its number)."""
    if e.type == "address":
        return e.text[:1].isalpha() and e.text[:1].isupper()
    return e.type == "name" and e.slot in _BARE_NAME_SLOTS


def own_venue_entities(atom: Atom, state: ContextState, greeted: bool = False) -> Atom:
    """The assistant's clause with the names keyed as the venue that open it as the business naming
    itself (core.lang names_itself; greeted: the clause comes right after the turn's pleasantries,
    after_pleasantries), and the name of the place said right after one as its area ("神算子珠心算在中关村"),
    when it replies to the user's one opening turn; the names the user's opening turn asks about as the
    business they mean ("Is this North Star Gymnastics in Eagan?"); the atom unchanged otherwise."""
    opening = atom.role == "user" and state.user_turns == 0  # "Is this North Star Gymnastics in Eagan?"
    if not opening and (atom.role != "assistant" or state.user_turns != 1):
        return atom
    lang = analyzer_for(atom.lang)
    out = list(atom.entities)
    for i, e in enumerate(out):
        if not _bare_name(e):
            continue
        if not lang.names_itself(atom.text, e.start, e.end, greeted and not opening):
            continue
        out[i] = e.model_copy(update={"slot": VENUE_SLOT})
        area = lang.area_after(atom.text, e.end)
        for j, other in enumerate(out):
            if other.start == area and other.type == "name" and other.slot in _BARE_NAME_SLOTS:
                out[j] = other.model_copy(update={"slot": AREA_SLOT})
    return rekeyed(atom, out)
