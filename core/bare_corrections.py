"""A user correction that states only a bare number ("hmm make it 20000", "不对，还是5000吧") right
after the user's own bare-number answer ("30000") is that answer's new value.

The parser types no entity of a number without a unit, so the correction would leave the answer
shown as current; a correction cue with one number, in the user's next turn, says which value
changes. Only a held value that is a number alone is replaced (a count with its unit, a date or a
price has its own words for the parser to type).
"""

from __future__ import annotations

import re

from core.models import ContextState, Evidence, FactCandidate, ParsedMessage

# a number standing alone: not part of an id ("ORD-903"), a time ("9:30") or a word
_BARE = re.compile(r"(?<![\w:.#/-])\d{2,}(?![\w:.%/-])")


def bare_number_correction(parsed: ParsedMessage, state: ContextState) -> list[FactCandidate]:
    """The candidate replacing the user's last bare-number answer with the one number of a user
    correction that typed no value of its own; [] when the turn is no such correction, states
    several numbers, or the user's previous turn set no bare number (or several)."""
    msg = parsed.message
    if msg.role != "user":
        return []
    atoms = [a for a in parsed.atoms if a.kind == "correction" and not a.entities]
    numbers = [n for a in atoms for n in _BARE.findall(a.text)]
    if len(atoms) != 1 or len(numbers) != 1:
        return []
    held = [f for f in state.facts.values() if f.role == "user" and f.status == "active"]
    if not held:
        return []
    last = max(f.last_idx for f in held)
    answers = [f for f in held if f.last_idx == last and f.vtype == "number" and f.value.strip().isdigit()]
    if len(answers) != 1 or last < state.turn - 1 or answers[0].value.strip() == numbers[0]:
        return []
    value = numbers[0]
    start = msg.text.find(value)
    return [
        FactCandidate(
            key=answers[0].key,
            value=value,
            norm=value,
            strength="strong",
            kind=answers[0].kind,
            source_idx=msg.idx,
            role="user",
            correction=True,
            vtype="number",
            evidence=Evidence(idx=msg.idx, role="user", how="corrected", start=start, end=start + len(value)),
        )
    ]
