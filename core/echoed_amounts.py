"""An amount the user says back from the assistant's last turn, as a question, is no value of theirs.

Users repeat a price they were just quoted in disbelief or to check it ("$1,049, are yinz nuts? No.",
"Herh! GH₵2,400? Our welfare fund is only GH₵1,500.", "NT$13,990？太贵了"). Read as the user's own amount,
it held the amount slot, and the prices the assistant quoted after it (the one the user took among them)
were offers beside the user's value, dropped by the soft budget. The amount is the assistant's: it is
dropped from the user's clause, which stays the user's words. Only an amount the assistant's turn just
before wrote with the same digits, in a clause that asks ("?" / "？"); an amount the user offers in a
question ("Can you do it for $700?") is theirs.
"""

from __future__ import annotations

import re

from core.models import Atom, ContextState

_DIGITS = re.compile(r"\d[\d,]*(?:\.\d+)?")
_ASKS = ("?", "？")


def _numbers(text: str) -> set[str]:
    """The numbers written with digits in text, without their group separators ("1,049" -> "1049")."""
    return {n.replace(",", "").rstrip(".") for n in _DIGITS.findall(text)}


def drop_echoed_amounts(atom: Atom, state: ContextState) -> Atom:
    """The user's asking clause without the amounts of money the assistant's turn just before quoted
    (module doc); the atom itself when there is none."""
    if atom.role != "user" or not any(q in atom.text for q in _ASKS):
        return atom
    money = [e for e in atom.entities if e.type == "money" and not e.value.startswith("<")]
    turn = state.offer_turn
    if not money or turn is None or not turn.options:
        return atom
    quoted = _numbers(turn.options[0])
    kept = [e for e in atom.entities if e not in money or e.value.split()[0] not in quoted]
    return atom if len(kept) == len(atom.entities) else atom.model_copy(update={"entities": kept})
