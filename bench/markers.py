"""Where a context shows a value as replaced: the "(was: ...)" markers, and matching around them.

The core renders a replaced value after its fact as ``(was: OLD)`` (``(was: A; was: B)`` for two).
A value written inside such a marker is shown as *not current*, so a gold current value (or a value
an agent's next call needs) only counts where it appears outside every marker; a value shown only
inside one was falsely superseded.

A marker opens at ``(was:`` (any case, spaces allowed: ``( WAS :``) and runs to the parenthesis that
closes it, counting the parentheses in between, so ``(was: 7 (aka seven))`` and a nested
``(was: a (was: b))`` are one marker. A marker never closed runs to the end of its line (a clipped
context must not leak the old value into "outside").
"""

from __future__ import annotations

import re

_OPEN = re.compile(r"\(\s*was\s*:", re.IGNORECASE)
BLANK = "\0"


def fold(text: str) -> str:
    """The case-folded form every match uses (lower(), which keeps string offsets for CJK and ASCII)."""
    return text.lower()


def marker_spans(text: str) -> list[tuple[int, int]]:
    """The (start, end) offsets of every "(was: ...)" marker in text, outermost only, in order."""
    spans: list[tuple[int, int]] = []
    pos = 0
    while True:
        m = _OPEN.search(text, pos)
        if m is None:
            return spans
        depth, i, end = 1, m.end(), None
        while i < len(text):
            ch = text[i]
            if ch == "(":
                depth += 1
            elif ch == ")":
                depth -= 1
                if depth == 0:
                    end = i + 1
                    break
            elif ch == "\n":
                break
            i += 1
        if end is None:  # unclosed: to the end of the line
            end = i
        spans.append((m.start(), end))
        pos = end


def outside_markers(text: str) -> str:
    """Text with every marker blanked out (same length, so offsets agree; nothing matches across)."""
    out = text
    for start, end in marker_spans(text):
        out = out[:start] + BLANK * (end - start) + out[end:]
    return out


# a fact's key as the render writes it, "hotel.name=" or "train.leave_at=", and the bare keys after
# the first in one anchor ("|type_2=", "|people="): a slot's name, not a value the context shows
# ("hotel" of a MultiWOZ type is not shown by the key "hotel.name", nor "2" by the key "type_2")
FACT_KEY = re.compile(r"(?<![\w.])[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+(?==)|(?<=\|)[a-z][a-z0-9_]*(?==)")


def shown_outside_markers(text: str) -> str:
    """The text a value counts as shown current in: outside every marker, fact keys blanked."""
    return FACT_KEY.sub(lambda m: BLANK * len(m.group(0)), outside_markers(text))


def inside_markers(text: str) -> str:
    """Only the markers' contents, one per line (what the context shows as replaced)."""
    return "\n".join(text[start:end] for start, end in marker_spans(text))


def occurs_unmarked(value: str, text: str) -> bool:
    """True when value occurs (case-insensitive substring) in text outside every "(was: ...)" marker."""
    v = fold(str(value)).strip()
    return bool(v) and v in fold(shown_outside_markers(text))


def occurs_marked(value: str, text: str) -> bool:
    """True when value occurs (case-insensitive substring) inside some "(was: ...)" marker."""
    v = fold(str(value)).strip()
    return bool(v) and v in fold(inside_markers(text))


def only_marked(value: str, text: str) -> bool:
    """True when value is in text only inside markers: shown as replaced, never as current."""
    return occurs_marked(value, text) and not occurs_unmarked(value, text)


def whole_token(value: str) -> str:
    """A regex for value as a whole token: "2" is not an occurrence inside "12:30" or "$23", nor a
    digit of a decimal, a percentage or a grouped number ("4.2", "2%", "1,000"). Chinese has no word
    boundaries: there it is a plain substring. Value is already folded."""
    pattern = re.escape(value)
    if value[:1].isascii() and value[:1].isalnum():
        pattern = r"(?<![0-9a-z])" + (r"(?<!\d[.,])" if value[0].isdigit() else "") + pattern
    if value[-1:].isascii() and value[-1:].isalnum():
        pattern += r"(?![0-9a-z])" + (r"(?![.,]\d|%)" if value[-1].isdigit() else "")
    return pattern


def old_shown_unmarked(context: str, old: str, new: str) -> bool:
    """True when a correction's old value appears in the context as a whole token outside every
    "(was: ...)" marker (occurrences inside the new value excluded: old "2" in new "12" is not one).

    The new value is masked as a whole token too: a new "1" blanks the "1" of "1 room", not the 1 of
    "t13" or "12th" (which would leave a "3" or a "2" standing alone, an occurrence nobody wrote)."""
    o, n = fold(str(old)).strip(), fold(str(new)).strip()
    if not o or o == n:
        return False
    outside = fold(shown_outside_markers(context))
    if n and n not in o:
        outside = re.sub(whole_token(n), lambda m: BLANK * len(m.group(0)), outside)
    return re.search(whole_token(o), outside) is not None


def shown_replaced(value: str, context: str) -> bool:
    """True when value appears as a whole token inside a "(was: ...)" marker (shown as replaced)."""
    v = fold(str(value)).strip()
    return bool(v) and re.search(whole_token(v), fold(inside_markers(context))) is not None
