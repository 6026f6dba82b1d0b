"""A yes that says more than yes: the clauses read as agreeing that go on to state the user's own
(core.coverage keeps them in the user's words). A yes that names what it takes ("yes to the box",
"要，拍一份") is the user's pick from one content word; a longer one states something beside it ("yes
downgrade is fine, but I want to keep the same card number")."""

from __future__ import annotations

from collections.abc import Sequence

from core.lang.cues import any_language
from core.models import Atom
from core.shown import MIN_UNITS, content_units, topic_words
from core.turn_kinds import requests


def says_more_than_yes(atom: Atom, least: int = MIN_UNITS) -> bool:
    """True when a clause read as a yes goes on to state something ("yes downgrade is fine, but I want
    to keep the same card number", "Yes penicillin and also sticking plasters"): what follows the yes
    is the user's own and is kept like an answer. A bare or polite yes ("yes that sounds great,
    thanks") has too few content words."""
    return atom.kind == "confirmation" and len(content_units(atom.text)) >= least


def yes_names_pick(
    atom: Atom, rest: Sequence[Atom], taken_back: bool, later: Sequence[tuple[int, set[str]]]
) -> bool:
    """True when a user clause is a yes that names what it takes ("yes to the box", "Yes to installing
    both", "要，拍一份"): the user's pick, kept from one content word and shown only by all its words.
    Not when the user takes it back (the next turn opens on a correction: taken_back; a correction
    later in the turn: rest) or speaks of it again later ("要大巴", then "大巴算了": the later words hold)."""
    if not any_language().yes_names_pick(atom.text) or requests(atom.text) or taken_back:
        return False
    if any(a.kind == "correction" for a in rest):
        return False
    words = topic_words(atom.text)
    return not any(idx > atom.msg_idx and words & said for idx, said in later)
