"""An answer that opens with one of the alternatives the assistant just asked picks it.

"Petrol or battery?" -> "Petrol, hard out. Battery ones are toys." The user says the option whole,
so no pick by a part of it is needed (core.alternatives), and the parser read "Petrol" and "Battery"
as names: the next values of a guessed name slot ("Petrol, Battery" had replaced the business's name),
and nothing was picked, so the later "Battery then, it's quieter" replaced nothing either. The option
the user's first clause opens with, when exactly one does and the clause negates nothing, is taken
as the user's pick of the offering turn (offer_taken.keep_option: a later pick among the same
alternatives replaces it, core.repicked); the names the turn read for the options asked are no values.
"""

from __future__ import annotations

import re

from core.listed import listed
from core.models import ContextState, OfferedChoice, ParsedMessage, Units
from core.offer_taken import CLAUSE_MARKS, keep_option
from core.replaced import NAME_SLOT


def _opens_with(clause: str, option: str) -> bool:
    """True when the clause starts with the option's words (any case), ending there."""
    rx = r"\W*" + r"\W{1,2}".join(re.escape(w) for w in option.split()) + r"(?!\w)"
    return re.match(rx, clause, re.IGNORECASE) is not None


def take_said_option(state: ContextState, parsed: ParsedMessage, units: Units) -> None:
    """Before the user's turn is merged: take the option of the alternatives the assistant's turn just
    before asked that the user's first clause opens with (module doc), dropping the names the turn
    read for the options. State and units are changed in place."""
    choice, turn, msg = state.offered_choice, state.offer_turn, parsed.message
    if choice is None or turn is None or len(choice.options) < 2 or turn.idx != choice.idx or not msg.text:
        return
    first = parsed.atoms[0] if parsed.atoms else None
    if first is None or first.negation is not None or first.kind == "question":
        return
    clause = CLAUSE_MARKS.split(msg.text.strip(), maxsplit=1)[0]
    said = [i for i, o in enumerate(choice.options) if _opens_with(clause, o)]
    if len(said) != 1 or choice.starts[said[0]] < 0:
        return
    options = {o.lower() for o in choice.options}
    names = [  # "Petrol, Battery": the turn's names joined under one key
        c for c in units.facts
        if c.key.rsplit(".", 1)[-1] == NAME_SLOT and set(listed(c.value.lower())) <= options
    ]  # fmt: skip
    if not any(choice.options[said[0]].lower() in listed(c.value.lower()) for c in names):
        return  # the option is a value the parser typed (a time, a count): it holds it already
    units.facts = [c for c in units.facts if not any(c is n for n in names)]
    for key, offer in list(state.offers.items()):  # the question's own names of the options: answered
        if offer.value.lower() in options and offer.evidence is not None and offer.evidence.idx == choice.idx:
            del state.offers[key]
    option, start = choice.options[said[0]], choice.starts[said[0]]
    picked = OfferedChoice(idx=choice.idx, label=first.domain or "", options=[option], starts=[start])
    keep_option(state, picked, 0, msg.idx, turn.options[0])
