"""Where each value of a rendered context came from: the turn and span of its evidence.

Every fact the core keeps carries an :class:`core.models.Evidence` (the turn, the span of its text,
who said it and how; a value a tool returned has the result's turn and its JSON path instead of a
span). This module cuts a rendered context into pieces, each value of a ``[FACT:...]`` anchor a
piece with its fact's evidence, and each tool record's ``tN`` a piece pointing at its call, so the
Replay screen can make every value a link to the turn it came from (``replay_link``).

    >>> pieces = context_pieces("[FACT:hotel.area=north|stars=4]", facts)
    >>> [(p.text, p.evidence.idx if p.evidence else None) for p in pieces]
    [('[FACT:hotel.area=', None), ('north', 2), ('|stars=', None), ('4', 5), (']', None)]

Pieces of anchors keep their segment kind (goal, fact, action, separator, text), so the screen
highlights them as before; joined, the pieces are the text unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Literal
from urllib.parse import urlencode

from pydantic import BaseModel

from console.services.compaction_diff import anchor_segments
from core.models import ContextState, Evidence, Fact

Kind = Literal["text", "goal", "fact", "action", "separator"]
# the 't5' of 't5 search_flights(' on a record line (a line's start, or after ': ' or '; ')
_RECORD_TURN = re.compile(r"(?m)(?:^|(?<=: )|(?<=; ))t(\d+)(?= [\w.\-]+\()")


class Piece(BaseModel):
    """A run of the rendered text; a value has the fact key and the evidence it links to."""

    kind: Kind
    text: str
    key: str | None = None
    evidence: Evidence | None = None
    turn: int | None = None  # a tool record's call turn (no fact behind it)

    @property
    def linked(self) -> bool:
        """True when the piece points at a turn."""
        return self.evidence is not None or self.turn is not None


def _fact_pieces(anchor: str, facts: Mapping[str, Fact]) -> list[Piece]:
    """``[FACT:domain.slot=value|slot=value]`` cut into its punctuation and values (pairs after
    the first take its domain, as ``core.render.parse_anchors`` reads them)."""
    head, inner, tail = "[FACT:", anchor[len("[FACT:") : -1], "]"
    pieces = [Piece(kind="fact", text=head)]
    domain = ""
    for n, part in enumerate(inner.split("|")):
        if n:
            pieces.append(Piece(kind="fact", text="|"))
        key, sep, value = part.partition("=")
        if not sep:
            pieces.append(Piece(kind="fact", text=part))
            continue
        name = key.strip()
        if "." in name:
            domain = name.split(".", 1)[0]
        elif domain:
            name = f"{domain}.{name}"
        fact = facts.get(name)
        pieces.append(Piece(kind="fact", text=key + sep))
        pieces.append(
            Piece(kind="fact", text=value, key=name, evidence=fact.evidence if fact is not None else None)
        )
    pieces.append(Piece(kind="fact", text=tail))
    return pieces


def _text_pieces(text: str, kind: Kind) -> list[Piece]:
    """Plain text with each tool record's ``tN`` pointing at its call turn."""
    out: list[Piece] = []
    pos = 0
    for m in _RECORD_TURN.finditer(text):
        if m.start() > pos:
            out.append(Piece(kind=kind, text=text[pos : m.start()]))
        out.append(Piece(kind=kind, text=m.group(0), turn=int(m.group(1))))
        pos = m.end()
    if pos < len(text):
        out.append(Piece(kind=kind, text=text[pos:]))
    return out


def context_pieces(text: str, facts: Mapping[str, Fact]) -> list[Piece]:
    """A rendered context cut into pieces; fact values carry their evidence (see module doc).

    Only the compacted part is linked: the recent turns after the separator are verbatim text."""
    out: list[Piece] = []
    after_separator = False
    for segment in anchor_segments(text):
        if segment.kind == "separator":
            after_separator = True
            out.append(Piece(kind="separator", text=segment.text))
        elif segment.kind == "fact":
            out += _fact_pieces(segment.text, facts)
        elif segment.kind == "text" and not after_separator:
            out += _text_pieces(segment.text, "text")
        else:
            out.append(Piece(kind=segment.kind, text=segment.text))
    return out


def facts_of(state: ContextState | None) -> dict[str, Fact]:
    """The facts a rendered context can show: live ones, offers and the archive (live wins)."""
    if state is None:
        return {}
    out: dict[str, Fact] = {f.key: f for f in state.archive}
    out.update(state.offers)
    out.update(state.facts)
    return out


def replay_link(context_id: str, piece: Piece) -> str | None:
    """The Replay address of a linked piece: its turn, and the span (``a-b``) or JSON path."""
    if piece.evidence is not None:
        params: dict[str, str] = {"context_id": context_id, "turn": str(piece.evidence.idx)}
        if piece.evidence.start >= 0 and piece.evidence.end > piece.evidence.start:
            params["span"] = f"{piece.evidence.start}-{piece.evidence.end}"
        elif piece.evidence.path:
            params["path"] = piece.evidence.path
        return "?" + urlencode(params)
    if piece.turn is not None:
        return "?" + urlencode({"context_id": context_id, "turn": str(piece.turn)})
    return None


def describe(evidence: Evidence) -> str:
    """The evidence in words, for a link's tooltip: 'turn 3, user said "7pm" (chars 14-17)'."""
    where = f"turn {evidence.idx}, {evidence.role} {evidence.how}"
    if evidence.text:
        where += f' "{evidence.text}"'
    if evidence.start >= 0 and evidence.end > evidence.start:
        where += f" (chars {evidence.start}-{evidence.end})"
    elif evidence.path:
        where += f" (at {evidence.path})"
    return where


def parse_span(raw: str | None, text: str) -> tuple[int, int] | None:
    """A ``start-end`` span of the address, checked against the turn's text (None when it does not fit)."""
    if not raw:
        return None
    start, sep, end = raw.partition("-")
    if not (sep and start.isdigit() and end.isdigit()):
        return None
    a, b = int(start), int(end)
    return (a, b) if 0 <= a < b <= len(text) else None
