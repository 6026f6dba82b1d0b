"""Values a user's correction retired though no fact's history holds them.

The user says "region eu-central-1", and later "wait, put it in eu-west-1 instead": only the new
value may become a fact (or the old one was filed under another key), so no fact's history says
the old one was replaced, and a quote of the user ("User said: ... region eu-central-1") shows it
as current. A correction turn (a correction cue, in the sentence that holds the value) retires the
one value of the same shape the user said before, when it names none of them itself: a size with
its unit ("800G" -> "1T"), an amount in one currency ("£80k" -> "£85k"), a time of day, a calendar
date, a Chinese count with its measure word ("20个人" -> "28个", "三张" -> "四张"), an English number
with its noun ("6 jugs" -> "8 jugs"), an id of the same letter/digit shape ("eu-central-1" ->
"eu-west-1"), or a bare number of as many digits (two or more) answered in the user's turn just
before ("32 is enough" -> "actually keep the 64"); core.lang.value_shapes reads the shapes. Two
earlier values of that shape, a new value the user had said before, or an amount the agent quoted
taken up, say nothing of which one changed: nothing is retired. Values of different shapes (a head
count and a number of nights, "4个人" and "3晚") never retire each other. The values retired are
marked in quotes of the user (core.replaced.mark_quoted), and a fact still holding one as current
takes the value that retired it (core.retired_facts, from Retired.pairs).
"""

from __future__ import annotations

import re

from pydantic import BaseModel

from core.lang.counted_things import count_value, counted_things
from core.lang.value_shapes import extra_correction_cue, shaped_values

_NUMBER = re.compile(r"\d+(?:[.,:]\d+)*")
Counted = list[tuple[str, str, bool]]  # a turn's counts of named things (core.lang.counted_things)
# a number standing alone, as short as a count ("32 is enough"): no phone number, no "36桌"
_BARE = re.compile(r"(?<![\w$£€¥#.,:/\-])\d{1,4}(?![\w%]|[.,:/\-]\d)")


class Retired(BaseModel):
    """What the user said of each value shape, and the values a correction retired. Never mutated:
    merge sets a new one (copy_state shares it)."""

    said: dict[str, tuple[str, ...]] = {}
    last_numbers: tuple[str, ...] = ()
    values: tuple[str, ...] = ()
    # the amounts of money the agent or a tool said (lowercased): the user taking one up ("$2 is $2"
    # after "It's $2 a month cheaper") replaces none of the user's own (a bill, a budget). A count or
    # a time the agent said may well be the user's new value ("总共180人" after "可容纳180人")
    quoted: frozenset[str] = frozenset()
    # the counts the user's latest turn naming a thing said of it (core.lang.counted_things):
    # "个罐头" -> ("九个",)
    things: dict[str, tuple[str, ...]] = {}
    # the latest user turn's retirements as (earlier value, the value of its shape that replaced it)
    pairs: tuple[tuple[str, str], ...] = ()


def is_retiring_cue(text: str) -> bool:
    """True when the user's turn corrects an earlier value: the shared correction cues, and the
    Chinese "wait", "改" before a count and a new total."""
    from core.lang.registry import analyzer_for  # here: core.models holds a Retired, core.lang imports it

    return any(analyzer_for(lang).is_correction(text) for lang in ("en", "zh")) or extra_correction_cue(text)


def _retired_now(text: str, found: list[tuple[str, str]], prior: Retired) -> dict[str, str]:
    """The earlier values this correction turn retires (see the module docstring), each with the
    new value of its shape that retired it (the turn's last, when it says several)."""
    low = text.lower()
    out: dict[str, str] = {}
    for shape, new in found:
        earlier = prior.said.get(shape, ())
        if new.lower() in {e.lower() for e in earlier}:
            continue  # said before: a pick among the user's own values, not a new one
        if shape.startswith("money:") and new.lower() in prior.quoted:
            continue  # a price the agent quoted, taken up: no new value of the user's budget
        left = {e for e in earlier if e.lower() not in low}
        # the turn names an earlier value itself ("10 条，5 条太少了"): that is the one it replaces
        if len(left) == 1 and len(left) == len(set(earlier)):
            out[next(iter(left))] = new
    bare = _BARE.findall(text)
    if len(bare) == 1 and len(_NUMBER.findall(text)) == 1 and len(prior.last_numbers) == 1:
        old, said_before = prior.last_numbers[0], {v for vs in prior.said.values() for v in vs}
        # one shape: as many digits, two at least (a "1" or a "2" stands in too many quotes)
        alike = len(old) == len(bare[0]) >= 2
        if alike and old != bare[0] and bare[0] not in said_before and old not in low:
            out[old] = bare[0]
    return out


# a sentence end: a full stop before a space (not the point of "16.2吨"), ! ? ; and their full-width forms
_SENTENCE = re.compile(r"(?<=\.)\s+|(?<=[!?\u3002\uff01\uff1f;\uff1b])\s*|\n+")


def _corrected_values(text: str, found: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The values of found in the turn's sentences that hold a correction cue ("vegans are 2 people.
    make it 2 vegan": the count of the first sentence states, it corrects nothing); all of them
    when no one sentence holds the cue alone."""
    cued = [s for s in _SENTENCE.split(text) if s.strip() and is_retiring_cue(s)]
    if not cued:
        return found
    return [(shape, value) for shape, value in found if any(value in s for s in cued)]


def _restated_counts(text: str, found: Counted, prior: Retired) -> dict[str, str]:
    """The earlier count of a thing this turn restates with another count, no cue needed: the same
    attribute restated with a value of its type (core.lang.counted_things), the one earlier count of
    that thing the only candidate. A count added to the earlier one ("再来两个") restates nothing."""
    low, said = text.lower(), {}
    for thing, count, adds in found:
        said.setdefault(thing, []).append((count, adds))
    out = {}
    for thing, counts in said.items():
        earlier = set(prior.things.get(thing, ()))
        if len(counts) != 1 or len(earlier) != 1 or counts[0][1]:
            continue
        (old,), new = earlier, counts[0][0]
        same = count_value(old) is not None and count_value(old) == count_value(new)
        if old.lower() != new.lower() and old.lower() not in low and not same:
            out[old] = new
    return out


def _counts_now(found: Counted, prior: Retired) -> dict[str, tuple[str, ...]]:
    """The user's counts of each thing after this turn: a count it restates is the current one; a
    count added to an earlier one leaves the thing's count unknown (dropped)."""
    things = dict(prior.things)
    for thing in {t for t, _, _ in found}:
        counts = [(c, adds) for t, c, adds in found if t == thing]
        if any(adds for _, adds in counts) and thing in things:
            del things[thing]
        else:
            things[thing] = tuple(dict.fromkeys(c for c, _ in counts))
    return things


def note_other_turn(prior: Retired, text: str) -> Retired:
    """The record after an assistant or tool turn: the amounts of money it said (Retired.quoted)."""
    found = {value.lower() for shape, value in shaped_values(text) if shape.startswith("money:")}
    if not found - prior.quoted:
        return prior
    return prior.model_copy(update={"quoted": prior.quoted | found})


def note_user_turn(prior: Retired, text: str) -> Retired:
    """The record after one user turn: its correction retires (is_retiring_cue), a value said
    again is current again, and its values are added to what the user said."""
    found = shaped_values(text)
    low = text.lower()
    retired = _retired_now(text, _corrected_values(text, found), prior) if is_retiring_cue(text) else {}
    counted = counted_things(text)
    retired = _restated_counts(text, counted, prior) | retired
    kept = tuple(v for v in prior.values if v.lower() not in low and v not in retired)
    kept += tuple(sorted(retired))
    said = dict(prior.said)
    for shape, value in found:
        if value not in said.get(shape, ()):
            said[shape] = (*said.get(shape, ()), value)
    numbers = _NUMBER.findall(text)
    bare = _BARE.findall(text)
    last = tuple(bare) if len(numbers) == 1 and len(bare) == 1 else ()
    said["bare"] = (*said.get("bare", ()), *(b for b in bare if b not in said.get("bare", ())))
    return Retired(
        said=said,
        last_numbers=last,
        values=kept,
        pairs=tuple(sorted(retired.items())),
        quoted=prior.quoted,
        things=_counts_now(counted, prior),
    )
