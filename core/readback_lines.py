"""The agent's short read-backs of what was settled, kept in its own words.

An agent answers a brief user turn with a short sentence that states what is now agreed: "Thursday 3
December, 8am–12pm.", "American bustle it is, £65.", "已记录：12月7日上午10点半，验配师刘敏。". The
user said "morning" or "就这个"; the read-back is the only place the settled value is written whole.
The facts keep its parts (a date, a time, a price) under keys, but a model reading "time_agreed=8am"
cannot tell the delivery window from the fitting, and the words the user agreed to are gone.

So the first sentence of an assistant turn that answers a brief user turn (one that asked nothing)
is kept verbatim ("Agent confirmed:" line) when it is short, asks and denies nothing, holds a value,
and the context does not already show its values. Of two read-backs of the same kinds of value only
the later is kept, and none that a later user correction may have changed (it speaks of the same
thing or names a value of the same kind); values since replaced are marked inside it as in the
user's clauses (core.replaced.mark_quoted). A user who said the value whole needs no read-back:
their own words are its record (core.coverage).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from core.lang.time_ranges import time_ranges
from core.models import Atom, ParsedMessage
from core.shown import content_units

MAX_WORDS = 12  # a read-back states values; a longer first sentence explains or offers
MAX_CHARS_CJK = 32  # the same for a sentence written without spaces
MAX_BRIEF_WORDS = 6  # a user turn this short leaves the settled value to the agent's words
MAX_BRIEF_CHARS_CJK = 15
_FIRST_SENTENCE = re.compile(r"^.*?(?:[.!。！](?=\s|$)|[。！]|$)", re.S)
_ASKS = ("?", "？")
# kinds of value one correction changes into another ("4 tickets" -> "just one", "12点" -> "明天")
_GROUP = {"quantity": "number", "money": "number", "time": "when", "date": "when", "datetime": "when"}


def _first_sentence(text: str) -> str:
    """The text up to its first full stop or exclamation mark (a question mark ends none: a read-back
    asks nothing)."""
    m = _FIRST_SENTENCE.match(text.strip())
    return m.group(0).strip() if m else ""


def _short(sentence: str) -> bool:
    """True for a sentence short enough to be a read-back of values."""
    if sentence.isascii():
        return len(sentence.split()) <= MAX_WORDS
    return len(sentence) <= MAX_CHARS_CJK


def _brief(text: str) -> bool:
    """True for a user turn of a few words ("morning", "the second one", "就这个吧")."""
    text = text.strip()
    return len(text.split()) <= MAX_BRIEF_WORDS if text.isascii() else len(text) <= MAX_BRIEF_CHARS_CJK


# a user's correction: its turn, its content words, the groups of the kinds of value it names
Correction = tuple[int, set[str], set[str]]


def _corrections(parsed: Sequence[ParsedMessage], upto: int) -> list[Correction]:
    """The user's corrections of turns before upto: what a read-back before one may have been changed by."""
    return [
        (i, set(content_units(a.text)), {_GROUP.get(e.type, e.type) for e in a.entities})
        for i, p in enumerate(parsed[:upto])
        if p.message.role == "user"
        for a in p.atoms
        if a.kind == "correction"
    ]


def _corrected_later(corrections: list[Correction], i: int, sentence: str, kinds: set[str]) -> bool:
    """True when a user correction after turn i speaks of what the read-back states (a content word of
    it, or a value of a kind it holds): the read-back may hold the value it changed ("黑色车把带"
    before "车把带换白色", "明天中午12点" before "改成下午5点半")."""
    units = set(content_units(sentence))
    groups = {_GROUP.get(k, k) for k in kinds}
    return any(at > i and (units & words or groups & said) for at, words, said in corrections)


def _read_back(parsed: Sequence[ParsedMessage], i: int) -> tuple[str, list[Atom]]:
    """The first sentence of turn i and its atoms when the turn is a read-back: the assistant's
    answer to a brief user turn that asked nothing, a short sentence that asks and denies nothing;
    ("", []) otherwise."""
    msg, before = parsed[i].message, parsed[i - 1].message
    if msg.role != "assistant" or before.role != "user" or not msg.text.strip():
        return "", []
    if not _brief(before.text) or any(a.kind == "question" for a in parsed[i - 1].atoms):
        return "", []  # the user said it whole (their words are its record), or asked: an answer follows
    sentence = _first_sentence(msg.text)
    if not sentence or any(q in sentence for q in _ASKS) or not _short(sentence):
        return "", []
    atoms = [a for a in parsed[i].atoms if a.text and (a.text in sentence or sentence in a.text)]
    if any(a.negation is not None for a in atoms):
        return "", []  # "Neither one is a guesthouse": what is not, no value settled
    return sentence, atoms


def read_back_sentences(parsed: Sequence[ParsedMessage], upto: int, shown: str) -> list[str]:
    """The agent's read-back sentences of turns before upto (see the module doc) that the shown
    context text does not already hold, oldest first: of two read-backs of values of the same
    kinds only the later, and none a later user correction may have changed."""
    out: list[str] = []
    low = shown.lower()
    covered: set[str] = set()  # the kinds of value a later read-back states
    corrections = _corrections(parsed, upto)
    for i in reversed(range(1, min(upto, len(parsed)))):
        sentence, atoms = _read_back(parsed, i)
        entities = [e for a in atoms for e in a.entities if e.text and e.text in sentence]
        kinds = {e.type for e in entities}
        if not entities or kinds <= covered:
            continue  # no value, or a later read-back states values of the same kinds: this one is old
        covered |= kinds
        shown_all = all(e.text.lower() in low for e in entities) and _ranges_shown(sentence, low)
        if shown_all or _corrected_later(corrections, i, sentence, kinds):
            continue
        out.append(sentence)
    return out[::-1]


def _ranges_shown(sentence: str, low: str) -> bool:
    """True when every time range of the read-back sentence is shown whole: "8am" and "12pm" shown
    apart (time=8am, end_time=12pm) do not say the window the user settled."""
    return all(r.lower() in low for r in time_ranges(sentence))
