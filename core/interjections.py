"""A capitalised word set off at the start of a user's sentence is an interjection unless it can answer.

Users open sentences with words of their own speech: greetings, exclamations and thanks in their
dialect or language ("Howzit, is this Tokai Garden?", "Eish, R11,999.", "Lekker. Reagan Adams, 14 Ruby
Street", "Nagode sosai.", "Thank you, oga. Sannu da aiki"). The parser reads a capitalised word that is
no everyday English as a name, so each became a value of a guessed name slot and, said again, the
next value of that slot: "Nagode sosai" put the fridge model "Haske DD310" in history (issue 12, item
2: no replacement without evidence of the same attribute).

Such a word is a value only where it can answer: it opens the user's turn right after an assistant turn
that asked something ("Where are you leaving from?" -> "Regina. Me, my wife and the two boys"), the
assistant's turn just before said it ("black, navy and plum" -> "Navy. And no fur trim"), or a list of
names goes on after its comma ("Liam, Nora and Declan are the kids"). Otherwise the name is dropped
from the clause; the clause stays the user's words. Only a name of one capitalised word, or of one
capitalised word and lowercase words after it ("Sannu da aiki"), set off by a comma or a stop or ending
its clause, is read this way: a name of several capitalised words ("Reagan Adams") is left alone.
"""

from __future__ import annotations

import re

from core.models import Atom, ContextState, Entity

_SENTENCE_END = re.compile(r"(?:^|[.!?。！？]\s*)$")
_SET_OFF = re.compile(r"\s*(?:[,.!;:—–-]|$)")
_LIST_GOES_ON = re.compile(r",\s*[A-Z][a-z]")
_WORD = re.compile(r"[^\W\d_]+")


def _one_capital(text: str) -> bool:
    """True when text is one capitalised word, or one followed by lowercase words only."""
    words = text.split()
    # a capital opening a word of letters: not "H-A-N-E-U-L", "UPI", nor "衣服尺码L" (no case of its own)
    titled = bool(words) and words[0][0].isupper() and words[0].isalpha() and words[0].istitle()
    return titled and all(w.islower() for w in words[1:])


def _said_in(word: str, turn: str) -> bool:
    """True when the assistant's turn says the word (any case), as a whole word."""
    low = word.lower()
    return any(w.lower() == low for w in _WORD.findall(turn))


def _can_answer(e: Entity, opens_turn: bool, state: ContextState) -> bool:
    """True when the name can be the user's value (module doc): an opening answer to a question, a word
    the assistant's turn just before said."""
    turn = state.offer_turn
    before = turn.options[0] if turn is not None and turn.options else ""
    first = e.text.split()[0]
    return _said_in(first, before) or (opens_turn and "?" in before.replace("？", "?"))


def _interjection(atom: Atom, e: Entity, opens_turn: bool, state: ContextState) -> bool:
    """True when the name entity e of a user's clause is a word set off at a sentence's start that
    cannot answer (module doc)."""
    if e.type != "name" or e.start < 0 or not _one_capital(e.text):
        return False
    if not _SENTENCE_END.search(atom.text[: e.start]) or not _SET_OFF.match(atom.text, e.end):
        return False
    if _LIST_GOES_ON.match(atom.text, e.end):
        return False
    return not _can_answer(e, opens_turn and e.start == 0, state)


def drop_interjections(atom: Atom, state: ContextState, opens_turn: bool) -> Atom:
    """The user's clause without the names that are interjections (module doc); the atom itself when
    there is none. opens_turn: the clause is the first of the user's turn."""
    if atom.role != "user" or not any(e.type == "name" for e in atom.entities):
        return atom
    kept = [e for e in atom.entities if not _interjection(atom, e, opens_turn, state)]
    if len(kept) == len(atom.entities):
        return atom
    return atom.model_copy(update={"entities": kept})
