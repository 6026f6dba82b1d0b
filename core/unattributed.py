"""Values the state holds without what they are of: the user's clause is then their record.

A fact's slot says what its value is (``hotel.area=north``). When the parser could not tell, the slot
is a guess, and the value is shown without its meaning:

- its task was never known and the slot is named after the value's type: ``general.date``;
- the slot names only the value's type ("count", "amount", "person"), not an attribute;
- a second value of one type got a numbered slot (``time_2``): the two are not told apart;
- one slot lists several values of one clause (``count=34, 24.5, 37``: ages and boot sizes).
A value that says what it is wherever it stands (an address, an email) needs no more.

"Me (Priya, 34, 165 cm, 58 kg, intermediate, boot 24.5)" rendered as ``count=34, 24.5`` loses who
is 34 and what 24.5 measures. The coverage guarantee (core.coverage) brings such a clause back in the
user's words, which say it; a clause whose values sit in slots that say what they are needs nothing.
"""

from __future__ import annotations

from typing import get_args

from core.model_kinds import EntityType
from core.models import Atom
from core.replaced import guessed_key, unnumbered_slot

# slots named after the type of their value, not after what the value is of
TYPE_SLOTS = frozenset({"count", "amount", "number", "person"})
# values that say what they are wherever they stand: a count with its unit ("100 shares"), an
# address, a phone number, an email, a url, an id or a file name
SELF_DESCRIBING = frozenset({"quantity", "address", "phone", "email", "url", "id"})
MIN_LISTED = 3  # values one slot lists before they count as not told apart


def guessed_attribute(key: str, value: str) -> bool:
    """True when a fact's key does not say what its value is of (see the module docstring)."""
    slot = key.rpartition(".")[2]
    base = unnumbered_slot(key)
    # without a task (core.replaced.guessed_key), a slot named after an entity type ("general.date") is
    # a guess too; one named after the user's noun says what
    guessed_type = guessed_key(key) and base in get_args(EntityType) and base not in SELF_DESCRIBING
    typed_only = base in TYPE_SLOTS or guessed_type
    return base != slot or typed_only or value.count(",") + 1 >= MIN_LISTED


def shown_unattributed(atom: Atom, shown: dict[str, str]) -> bool:
    """True when a rendered fact shows a value of the user's clause under a key that does not say
    what the value is of (shown: the context's facts, key -> value, core.render.parse_anchors); False
    when there is none: the clause is then no more than its facts."""
    for entity in atom.entities:
        text = entity.text.lower().strip()
        if not text or entity.type in SELF_DESCRIBING:
            continue  # an address, an email, "100 shares": it says what it is
        if any(text in v.lower() and guessed_attribute(k, v) for k, v in shown.items()):
            return True
    return False
