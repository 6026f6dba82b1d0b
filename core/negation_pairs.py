"""Negation pairs stay whole: beside a prohibition the user often says what they want instead
("email reminder, not text", "no prints, digital only", "3rd floor. no elevator", "不要靠窗，要靠过道的").
The Must line shows the prohibition; the positive half is owed as a fact or in the user's words."""

from __future__ import annotations

from core.lang.cues import any_language
from core.lang.joins import draws_result
from core.models import Atom
from core.shown import content_units, content_unshown

_EDGE = " .,!?;\u3002\uff0c\uff01\uff1f\uff1b"  # the punctuation a clause may end with
_COMMAS = (",", "\uff0c")
# a positive half is kept from one content word ("digital only", "paper, not email"): beside a
# negation, one word is the alternative the pair names
MIN_HALF_UNITS = 1
# a positive half is shown only when all its words are in one part of the context: "reminder"
# shown without "email" keeps what is not wanted and drops what is
HALF_SHOWN_SHARE = 1.0
# a sentence before a bare negation ("3rd floor. no elevator") is its positive half when this short
MAX_BEFORE_UNITS = 4
# a negation drawn from the sentence before ("so NO poison": core.lang.joins) keeps it as its reason,
# unless that sentence is a narration this long
MAX_REASON_UNITS = 12


def positive_half_unshown(atom: Atom, low: str) -> bool:
    """True when a clause with a negation states, beside it, what the user wants instead ("move the
    logo, not the slogan", "we fly economy not business", "no prints, digital only") and the
    context low does not show that half: the negation alone (on the Must line) would drop what the
    pair asks for. A negation opening the clause with no comma after it ("it doesn't need parking
    if ...") or inside a request with no comma before it ("I need a taxi no later than 7") is no pair."""
    if atom.negation is None or not atom.negation.text:
        return False
    rest, sep, after = atom.text.rstrip(_EDGE).rpartition(atom.negation.text)
    if sep and not rest.strip() and after.startswith(_COMMAS):  # "not B, (I want) A"
        return _half_unshown(after.strip(_EDGE), low)
    # "A, not B" (and a reason after another comma: "只发短信，不要打电话，我开会")
    paired = bool(sep) and rest.rstrip().endswith(_COMMAS)
    if not sep or (after.strip() and not (paired and after.lstrip().startswith(_COMMAS))):
        return False
    if not paired and any_language().intent_cue(atom.text):
        return False
    return _half_unshown(rest.strip(_EDGE), low) if paired else content_unshown(rest, low, 2)


def bare_negation(atom: Atom) -> bool:
    """True when a clause is a negation and nothing else ("no elevator", "不要辣的"): what it goes
    with was said before it."""
    if atom.negation is None or not atom.negation.text:
        return False
    return atom.text.strip(_EDGE) == atom.negation.text.strip(_EDGE)


def before_half_unshown(before: Atom | None, atom: Atom, low: str) -> bool:
    """True when a short sentence of the same turn just before a bare negation states what the user
    has or wants ("3rd floor. no elevator"), or any sentence before a negation drawn from it ("2 kids
    and a dog, a beagle. so NO poison anywhere": its reason), and the context low does not show it:
    the pair stays whole. A question, another negation or a long narration before it is no half."""
    if before is None or before.negation is not None or before.kind == "question":
        return False
    if before.msg_idx != atom.msg_idx or atom.negation is None:
        return False
    if draws_result(atom.text) and len(content_units(before.text)) <= MAX_REASON_UNITS:
        return _half_unshown(before.text.strip(_EDGE), low)
    if not bare_negation(atom) or len(content_units(before.text)) > MAX_BEFORE_UNITS:
        return False
    return _half_unshown(before.text.strip(_EDGE), low)


def _half_unshown(half: str, low: str) -> bool:
    """True when low does not show the positive half of a pair (all its words in one part). A half of
    one content word is shown only in the user's words: its other words say how it stands ("only
    numbers" is not shown by "numbers=7, 44")."""
    if len(content_units(half)) == 1 and len(half.split()) > 1 and " ".join(half.lower().split()) not in low:
        return True
    return content_unshown(half, low, MIN_HALF_UNITS, HALF_SHOWN_SHARE)
