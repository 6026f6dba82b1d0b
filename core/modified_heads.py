"""A modifier value with its head noun ("private room", "window seat", "upright piano"): the parser
types the modifier ("private" -> type) and the fact keeps only it, but the user asked for the thing
it modifies. The coverage check owes the pair, so the context says "private room", not "private"
alone (issue 12, item 4: a head noun keeps its modifiers when the fact keeps only the modifier)."""

from __future__ import annotations

from core.lang.en_heads import head_after
from core.models import Atom


def modified_heads(atom: Atom) -> list[str]:
    """The "modifier head" phrases of a user clause whose typed value is a lone modifier word right
    before a head noun ("private" of "a private room"): the value with its head."""
    if atom.role != "user" or atom.lang != "en":
        return []
    out: list[str] = []
    for e in atom.entities:
        if e.start < 0 or " " in e.text.strip() or atom.text[e.start : e.end] != e.text:
            continue
        head = head_after(atom.text, e.end)
        if head:
            out.append(f"{e.text} {head}")
    return out
