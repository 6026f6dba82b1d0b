"""Render stage, the lines of the user's own words: each clause shown once.

The coverage guarantee (core.coverage) puts the user's clauses back verbatim on the "User said:" line,
and the Must line holds the user's constraints verbatim. Several of them may hold the same words: a
whole turn and a clause of it ("so my car makes a grinding noise, which scared me" and "which scared
me"), a constraint and the clause it was cut from ("Must: no return" beside "no return, I'll fly
back"), a clause that holds nothing but a replaced value its fact's "(was: ...)" marker already shows.
On a short conversation such repeats cost a tenth of the context; the words shown once say the same.
A fact whose value such a clause shows as written is not repeated as an anchor either (core.render),
by the rule a recent raw turn follows (core.render_repeats.in_recent_turns).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_WAS = re.compile(r"\(was: ([^()]*)\)")
_EDGE = " \t.,;:!?\u3002\uff0c\uff1b\uff1a\uff01\uff1f\u3001-"


def _norm(text: str) -> str:
    """Lowercased, whitespace collapsed, edge punctuation off: the form two clauses are compared in."""
    return " ".join(text.lower().split()).strip(_EDGE)


def contains_words(big: str, small: str) -> bool:
    """True when small (normalised) stands inside big as a whole: not cut from a longer word or number
    ("no return" is inside "no return, I'll fly back"; "5" is not inside "15:00")."""
    big, small = _norm(big), _norm(small)
    if not small:
        return True
    start = big.find(small)
    while start >= 0:
        end = start + len(small)
        before = big[start - 1] if start else " "
        after = big[end] if end < len(big) else " "
        # Chinese has no spaces: any neighbour will do there; a Latin letter or digit will not
        if not (before.isascii() and before.isalnum()) and not (after.isascii() and after.isalnum()):
            return True
        start = big.find(small, start + 1)
    return False


def only_shown_markers(item: str, fact_text: str) -> bool:
    """True when a clause holds nothing but "(was: ...)" markers each of which the fact anchors
    (fact_text) show already: the clause adds no word of the user's."""
    olds = _WAS.findall(item)
    if not olds or _norm(_WAS.sub(" ", item)):
        return False
    return all(f"(was: {old})" in fact_text or f"was: {old})" in fact_text for old in olds)


def said_once(items: Sequence[str], fact_text: str = "") -> list[str]:
    """The "User said:" clauses, each shown once: a clause inside another clause is left out (the
    longer one shows its words), and so is one that is only markers the fact anchors show; order kept."""
    kept: list[str] = []
    for i, item in enumerate(items):
        if not _norm(item) or only_shown_markers(item, fact_text):
            continue
        inside = any(
            contains_words(other, item) and (_norm(other) != _norm(item) or j < i)
            for j, other in enumerate(items)
            if j != i and _norm(other)
        )
        if not inside:
            kept.append(item)
    return kept


def musts_unsaid(musts: Sequence[str], said: Sequence[str]) -> list[str]:
    """The Must constraints the "User said:" clauses do not already show word for word."""
    return [m for m in musts if not any(contains_words(s, m) for s in said)]


def said_unmust(said: Sequence[str], musts: Sequence[str]) -> list[str]:
    """The "User said:" clauses that no Must constraint already shows word for word."""
    return [s for s in said if not any(contains_words(m, s) for m in musts)]


def said_words(clauses: Sequence[str]) -> list[str]:
    """The words of each clause (lowercased, space-joined), a "(was: ...)" marker's left out: what a
    fact's value is looked for in, as in the recent turns (core.render_repeats.in_recent_turns)."""
    return [" ".join(re.findall(r"\w+", _WAS.sub(" ", c).lower())) for c in clauses]
