"""A user's turn that changes what came before, and the assistant's offer that answers it.

A value the assistant offers and the user accepts stands beside the user's own value for the slot
(no evidence it replaces it: "today" beside "March 1st"). When the user had just said no to or
corrected the turn that read their value back ("... on bedroom speaker?" -> "No, play it on the
display.") and the assistant's very next turn offers a value for the slot ("I'll play it on the TV."),
the user's yes to it is the evidence: the offer is what the change was for, and the user's older value
is replaced.
"""

from __future__ import annotations

import re

from core.lang.cues import any_language
from core.listed import LIST_SEPARATOR
from core.models import ContextState, Fact, ParsedMessage
from core.values import same_value


def says_change(parsed: ParsedMessage) -> bool:
    """True when the user's turn corrects ("actually ...") or opens with a bare no to what came before
    ("No, check out date is wrong"): not a "no thanks", which declines an offer without changing a value."""
    text = parsed.message.text.strip()
    cues = any_language()
    said_no = cues.bare_no(text) and not cues.declines(text)
    return said_no or any(a.kind == "correction" for a in parsed.atoms)


def answers_change(state: ContextState, cur: Fact, offer: Fact) -> bool:
    """True when offer was made in the assistant's turn right after a user turn that changed something
    (state.changed_idx) and cur was last said in one of the two turns before that change (the no or the
    correction was about cur's exchange: "please confirm ... on bedroom speaker" -> "No, ..."; a value
    said longer ago is not what the change was about, unless that turn read it back in other words:
    "a house in Chicago" for the user's "Chi-town"): the offer answers the change, unless
    that turn asked about the slot itself (then the offer is the answer to the question, no change). A
    change turn that says cur itself ("No, I prefer on 8th of March") is answered by a read-back of cur
    ("next Friday"), no other value: cur stays."""
    at = state.changed_idx
    # a reworded read-back counts when the offer after the change is another value than it was
    reworded = state.changed_read_back.get(cur.key)
    moved = reworded is not None and not same_value(reworded, offer.norm)
    in_exchange = at - 2 <= cur.last_idx < at or moved
    if at < 0 or offer.first_idx != at + 1 or not in_exchange:
        return False
    if _repeats_part(cur.value, offer.value):
        return False  # "Vegetarian, Thai" then "pad thai ...": a part of the user's value is no new value
    # "actually ..., and confirm the price range please?": the assistant's price answers the question
    slot = cur.key.rsplit(".", 1)[-1].replace("_", " ")
    return not (state.changed_asks and re.search(rf"\b{re.escape(slot)}\b", state.changed_asks))


def _repeats_part(value: str, offered: str) -> bool:
    """True when offered is value itself or one of the items value lists ("Thai" of "Vegetarian, Thai")."""
    low = offered.strip().lower()
    return any(item.lower() == low for item in [value.strip(), *LIST_SEPARATOR.split(value.strip())] if item)


def read_back_reworded(state: ContextState, change_idx: int) -> dict[str, str]:
    """The user's values the assistant's turn just before the change at change_idx read back in
    other words (held as its offer for the key: "Please confirm: a house in Chicago" for the user's
    "Chi-town"), key -> the offer's norm: the user's no is about them as much as about a value said
    in that turn, unless the assistant reads the same back again after it."""
    return {
        key: offer.norm
        for key, offer in state.offers.items()
        if offer.first_idx == change_idx - 1 and offer.role == "assistant"
        and (held := state.facts.get(key)) is not None and held.role == "user"
    }
