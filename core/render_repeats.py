"""Render stage, values the context would say twice: an agreed value its own slot's fact already shows.

``[FACT:event.people=one ticket (aka 1)|people_agreed=1]``: the user's "one ticket" and the "1" the
assistant offered and the user took stand side by side (merge keeps both when no cue says one
replaces the other), but the first piece already shows "1" as written, so the second tells the
model nothing and costs a piece.
"""

from __future__ import annotations

import re

from core.listed import is_item_of
from core.merge import AGREED_SUFFIX
from core.models import ContextState, Fact
from core.render_dedup import contains_words

_WAS = re.compile(r"\(was: [^()]*\)")
ALIAS = "aka"  # the same value said another way
LISTED_WITH = "vs"  # the other options an assistant named beside it: not the same value


def repeats_own_slot(fact: Fact, state: ContextState) -> bool:
    """True for a fact kept beside its slot's own fact (``X_agreed`` beside ``X``) whose value that
    fact already shows as written, whole words, in its current value or its other wording (never in
    its replaced values: a "(was: ...)" value is not the value shown)."""
    if not fact.key.endswith(AGREED_SUFFIX) or fact.history:
        return False
    base = state.facts.get(fact.key[: -len(AGREED_SUFFIX)])
    if base is None or not fact.value.strip():
        return False
    shown = " ".join([base.value, *base.aliases]).lower()
    return re.search(rf"(?<!\w){re.escape(fact.value.strip().lower())}(?!\w)", shown) is not None


def other_wording(alias: str, value: str) -> str:
    """The parts of an alias list ("Monday, today") that say more than the value itself: a part
    that differs from it only in case or spacing repeats it ('monday' beside 'Monday') and is not
    shown again."""
    same = _folded(value)
    return ", ".join(part for part in alias.split(", ") if part.strip() and _folded(part) != same)


def alias_label(fact: Fact, alias: str) -> str:
    """How the context introduces an alias of fact: 'aka' for the same value said another way, but
    'vs' when the alias is a list an assistant read out that names the value among other
    items ("The Jogger" in "The Jogger, The Grand C4 SpaceTourer"): the others are the options the
    user chose between, never other names of the value. Only for a value read as a name: a date's
    list may hold the same day said two ways ("Monday, today")."""
    return LISTED_WITH if fact.vtype == "name" and is_item_of(fact.value, alias) else ALIAS


def _folded(text: str) -> str:
    return " ".join(text.lower().split())


def in_recent_turns(fact: Fact, recent_words: str) -> bool:
    """True when the recent raw turns (recent_words: their words, lowercased, space-joined) show a
    fact's value as written, so its anchor would only repeat them: a value of two words or more, or
    of eight characters or more ("The Golden Curry", "07404779442"; not "2" or "cheap", which a turn
    may say of anything), with no earlier value or other wording to show beside it."""
    words = words_of(fact.value)
    if fact.history or fact.aliases or not words or (" " not in words and len(words) < 8):
        return False
    return f" {words} " in f" {recent_words} "


def tools_shown(lines: list[str]) -> str:
    """The tool records' lines as one text with their "(was: ...)" markers left out: what they show
    as current (a replaced argument is not the value shown)."""
    return _WAS.sub(" ", "\n".join(lines))


def in_tool_lines(fact: Fact, tool_text: str) -> bool:
    """True when the tool records' lines (tool_text, from tools_shown) show a fact's value as written,
    whole, case aside: by in_recent_turns' rule, but the value itself, not only its words (a result's
    ``"price_eur":129.99`` does not show "€129.99": the currency is the fact's)."""
    if fact.history or fact.aliases or not fact.value.strip():
        return False
    words = words_of(fact.value)
    if " " not in words and len(words) < 8:
        return False
    return contains_words(tool_text, fact.value)


def words_of(text: str) -> str:
    """A text's words, lowercased and space-joined (how a value is looked for in the turns)."""
    return " ".join(re.findall(r"\w+", text.lower()))
