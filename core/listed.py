"""Values read out as a list ("Granta Lodge, Mill Court, Riverside Inn", "14:30, 13:30"): their
items, the one item a later value picks, and a result that settles the user's alternatives.

Moved out of core.merge (which folds candidates into the state) so that merge stays one stage's
rules; merge imports these.
"""

from __future__ import annotations

import re

from core.lang.cues import any_language
from core.models import ContextState, Fact, FactCandidate, FactVersion
from core.values import HALF_DAY, clock_minutes

# commas and semicolons, ASCII and full-width, and the Chinese enumeration comma: punctuation, no words;
# not the comma that groups a number's thousands ("¥12,800", "4,000 lira": one amount)
LIST_SEPARATOR = re.compile(r"\s*(?:[;\uff0c\uff1b\u3001]|(?<!\d),|,(?!\d{3}(?!\d)))\s*")
_WORD = re.compile(r"\w+")
# the values one action takes exactly one of: several times (or dates) for one booking are alternatives
# (a list of other values, "Vegetarian, Thai", may hold them all at once)
POINT_TYPES = frozenset({"time", "date", "datetime"})


def listed(value: str) -> list[str]:
    """The items of a value read out as a list ("A, B, C"); one item for a single value."""
    return [i for i in LIST_SEPARATOR.split(value.strip()) if i]


def one_of_listed(value: str, pick: str) -> str | None:
    """The item of value picked by pick, when value is a list of several values (comma-separated, as
    an assistant reads out options: "Granta Lodge, Mill Court, Riverside Inn") and pick names exactly
    one of its items, whole or by words only it has ("the United" of "Delta DL123, United UA45"):
    the user naming one narrows the value to it; nothing is replaced. None otherwise."""
    items = listed(value)
    low = pick.strip().lower()
    if len(items) < 2 or low == value.strip().lower():
        return None
    exact = [i for i in items if i.lower() == low]
    if exact:
        return exact[0]
    cues = any_language()
    words = {w for w in _WORD.findall(low) if not (cues.is_article(w) or cues.is_bare_one(w))}
    named = [i for i in items if words and words <= set(_WORD.findall(i.lower()))]
    return named[0] if len(named) == 1 else None


def picked_item(cur: Fact, cand: FactCandidate, offered: bool) -> str | None:
    """The item of the held list cur that the user's candidate cand names (one_of_listed), or None.
    The user's own list of names ("Martin Hale, Sofia Brandt, Kenji Mori"), unless offered as
    alternatives (offered), is no set of options: one of them named again ("Mori is 6'4") picks
    nothing, and the others stay."""
    if cand.role != "user" or (cur.role == "user" and cur.vtype == "name" and not offered):
        return None
    return one_of_listed(cur.value, cand.value)


def is_item_of(value: str, listing: str) -> bool:
    """True when listing is a list of several values and value is exactly one of its items ("Ely"
    of "Cambridge, Ely"): a list naming the value among others is no longer form of the value."""
    items = listed(listing)
    low = value.strip().lower()
    return len(items) > 1 and any(i.lower() == low for i in items)


_HOUR = 60  # minutes


def _items(listing: str) -> list[str]:
    """The items of a normalised list, apart by commas or as options (" | ")."""
    return [i for part in listing.split(" | ") for i in listed(part)]


def picks_by_norm(listing: str, pick: str) -> bool:
    """True when the normalized value listed holds several items (times, dates: "08:30, 10:00") and
    pick is exactly one of them ("10:00" for the user's "10点"): the user narrowed the list to it."""
    items = _items(listing)
    return len(items) > 1 and pick.strip() in items and not LIST_SEPARATOR.search(pick.strip())


def afternoon_pick(listing: str, pick: str) -> str | None:
    """The item of the times listed ("10:00, 14:00, 09:00") that a bare hour of the user's picks in its
    afternoon reading ("2", normalised "02:00", picks "14:00"), when only that reading is listed
    (items apart by commas or as options, " | "); None otherwise."""
    items = _items(listing)
    at = clock_minutes(pick)
    if len(items) < 2 or at is None or pick.strip() in items or not _HOUR <= at < HALF_DAY:
        return None
    later = f"{(at + HALF_DAY) // _HOUR:02d}:{at % _HOUR:02d}"
    return later if later in items else None


def result_picks(state: ContextState, cur: Fact, cand: FactCandidate) -> bool:
    """Settle the user's alternatives by the result that took one of them: cur lists the times or
    dates the user would take in turn ("14:30 ... and if that fails how about 13:30?"), and the
    assistant, in a turn reporting an action done, names exactly one of them ("13:30 went well. The
    reference number is ..."). The value becomes the one taken; the others, the ones the action did
    not take, go to the fact's history. True when it did so (the caller merges nothing more)."""
    if cand.role != "assistant" or cur.role != "user" or cur.vtype not in POINT_TYPES:
        return False
    items = listed(cur.value)
    pick = one_of_listed(cur.value, cand.value)
    if pick is None:
        return False
    others = ", ".join(i for i in items if i != pick)
    cur.history = [
        *cur.history,
        FactVersion(
            value=others,
            norm=others.lower(),
            idx=cur.last_idx,
            replaced_at=cand.source_idx,
            reason="the action took another of the user's alternatives",
            evidence=cur.evidence,
        ),
    ]
    cur.value, cur.norm = pick, cand.norm if pick.lower() == cand.value.strip().lower() else pick.lower()
    if cand.evidence is not None:
        cur.evidence = cand.evidence.model_copy(update={"how": "confirmed"})
    cur.last_idx, cur.last_turn = cand.source_idx, state.user_turns
    state.offers.pop(cur.key, None)
    return True
