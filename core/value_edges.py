"""The user's words a typed value's fact does not show (the coverage guarantee, core.coverage).

The parser types a value by its span: "2 bed" of "2 bed flat", "5" of "its flat 5", "a week" of "once
a week", "7pm" of "tuesdays 7pm", "vegetarian" of "vegetarian menu only", "2份" of "虾滑2份". The fact
shows the span (or its normal form), so the value counts as shown, but the word that made it the
user's value (its head, its qualifier) stands right beside it in the clause and nowhere on a line
that shows the value: the span likely cut the user's value short, and the clause comes back whole.
Only a word touching the span counts (no word, no punctuation between): a word further off is the
clause's frame ("leave the hotel", "departing from X"), and so is a participle beside it ("starting
wednesday", "called X"), whose meaning the fact's key carries. The clause must be brief (a longer
one is a request or a narration: its values are the facts', its aim the goal line's), and nothing
the user said later may have replaced it: its old value would be shown unmarked. A brief preference
or constraint the parser typed nothing of ("we want it every week please") comes back when the
context shows none of its content words; a reply ("Permission granted.", "2nd") is an answer to
the assistant's turn, whose value the offer taken or the action shows.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from core.coverage_corrections import NUMBER
from core.embed import is_chinese
from core.lang.edge_words import JOINER, frames_value
from core.lang.en_cues import asks_detail_only
from core.lang.registry import analyzer_for
from core.models import Atom
from core.shown import _PART, _shows, content_units, shows_value, topic_words

_CUT = re.compile(r"[,.;:!?()\[\]\"\n\uff0c\u3002\uff1b\uff1a\uff01\uff1f\u3001\uff08\uff09]")
_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9'-]*")
_HAN = re.compile(r"[\u4e00-\u9fff]")
_DIGIT = re.compile(r"\d")  # a number is a value even with no content word ("2份")


def _en_neighbours(text: str, start: int, end: int) -> list[tuple[str, int]]:
    """The words touching text[start:end] on each side (a space or a list joiner between, no
    punctuation) that are content words and no frame word: (lowercased word, offset)."""
    out = []
    before = re.search(r"([A-Za-z0-9][A-Za-z0-9'-]*) +" + JOINER + "$", text[:start])
    after = re.match(r" +" + JOINER + r"([A-Za-z0-9][A-Za-z0-9'-]*)", text[end:])
    for m, at in ((before, lambda m: m.start(1)), (after, lambda m: end + m.start(1))):
        if m is None:
            continue
        low = m.group(1).lower()
        if content_units(low) and not frames_value(low):
            out.append((low, at(m)))
    return out


def _zh_neighbours(text: str, start: int, end: int) -> list[tuple[str, int]]:
    """The Chinese character pairs right before and right after text[start:end]: (pair, offset)."""
    out = []
    for at in (start - 2, end):
        pair = text[at : at + 2] if at >= 0 else ""
        if len(pair) == 2 and all(_HAN.match(c) for c in pair) and not frames_value(pair):
            out.append((pair, at))
    return out


def edge_unshown(atom: Atom, own: str) -> bool:
    """True when a value of the clause is shown (own: the context's user view, lowercased) but a
    content word touching its span in the clause is on no line that shows the value. A word of
    another value of the clause is that value's own fact."""
    text, chinese = atom.text, is_chinese(atom.text)
    spans = [(text.find(e.text), e) for e in atom.entities if content_units(e.text) or _DIGIT.search(e.text)]
    spans = [(i, e) for i, e in spans if i >= 0]
    taken = [(i, i + len(e.text)) for i, e in spans]
    for i, e in spans:
        end = i + len(e.text)
        lines = [
            line for line in _PART.split(own)
            if shows_value(e.text.lower(), line) or shows_value(e.value.lower(), line)
        ]
        if not lines:
            continue  # an unshown value is the value rule's (core.coverage._needs)
        near = _zh_neighbours(text, i, end) if chinese else _en_neighbours(text, i, end)
        for word, at in near:
            if any(a <= at < b for a, b in taken):
                continue
            if not any(_shows(word, line) for line in lines):
                return True
    return False


def _corrected_since(atom: Atom, corrections: Sequence[tuple[int, set[str], set[str], str]]) -> bool:
    """True when a later correction of the user may have replaced what the clause says: it speaks of
    the clause's words or states a value of a type the clause holds ("need full days mon-thu", then
    "actually make it mon tue wed only")."""
    words, types = topic_words(atom.text), {e.type for e in atom.entities}
    return any(idx > atom.msg_idx and (words & said or types & kinds) for idx, said, kinds, _ in corrections)


def _restated_since(atom: Atom, later: Sequence[tuple[int, set[str]]]) -> bool:
    """True when a later clause of the user speaks of the clause's words again ("豆浆两杯，一杯无糖",
    then "豆浆都要无糖的吧"): the later one may hold the value now."""
    words = topic_words(atom.text)
    return any(idx > atom.msg_idx and words & said for idx, said in later)


def own_words_unshown(
    atom: Atom,
    own: str,
    max_units: int,
    corrections: Sequence[tuple[int, set[str], set[str], str]] = (),
    later: Sequence[tuple[int, set[str]]] = (),
) -> bool:
    """True when a brief clause of the user's (at most max_units content units, Chinese twice as
    many character pairs) has a value shown without the words beside it (edge_unshown), or typed
    nothing and has none of its words shown (_words_unshown), and nothing
    the user said later may have replaced it (a correction, a clause on the same words): the clause
    comes back in the user's words. A clause later replaced would show its old value unmarked."""
    if len(content_units(atom.text)) > max_units * (2 if is_chinese(atom.text) else 1):
        return False
    if _corrected_since(atom, corrections) or _restated_since(atom, later):
        return False
    return edge_unshown(atom, own) or _words_unshown(atom, own)


def _words_unshown(atom: Atom, own: str) -> bool:
    """True when a preference or constraint the parser typed nothing of says two content units or
    more and the context shows none of them ("we want it every week please")."""
    units = content_units(atom.text)
    if atom.entities or atom.kind not in ("preference", "constraint", "correction") or len(units) < 2:
        return False
    if "?" in atom.text or "\uff1f" in atom.text or asks_detail_only(atom.text):
        return False  # a question, a request for a detail ("just the phone number"): no value of theirs
    return not any(_shows(u, own) for u in units)


# the word right after a number, the thing it counts ("24 players")
_COUNTED = re.compile(r" ([a-z]{3,})\b")


def untyped_numbers(atom: Atom) -> list[str]:
    """The numbers of a clause that stating something the parser typed no entity of ("max_history_tokens
    设 16000": a setting's value with no unit): a value the user set, to be shown like any other.
    One digit alone ("第1个") is too little to tell a value from a pick."""
    spans = [e.text for e in atom.entities]
    out = []
    for m in NUMBER.finditer(atom.text):
        if len(m.group(0)) < 2 or any(m.group(0) in sp for sp in spans):
            continue
        # "we've got 24 players": the noun it counts says which 24; a 24 said of another thing
        # ("BBQ for all 24") does not show it
        noun = _COUNTED.match(atom.text, m.end())
        counted = noun is not None and not analyzer_for("en").is_light_word(noun.group(1).lower())
        out.append(atom.text[m.start() : noun.end()] if counted and noun else m.group(0))
    return out
