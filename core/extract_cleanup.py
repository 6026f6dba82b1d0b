"""The extract stage's last passes over one message's fact candidates (core.extract): a name of an
entity already in play takes that entity's key, a kind word pointing back at a named entity is no
new value, a value the message replaces or denies beside its new one goes, and several values of
one key become one fact (options or a list).
"""

from __future__ import annotations

import re
from collections import Counter

from core.alternatives import ENTITY_SLOTS
from core.answers import person_named
from core.lang.cues import any_language
from core.models import ContextState, FactCandidate, Units
from core.values import same_surface, same_value

# the slots a clause may name such an entity in ("尝尝郭靖烤全羊": the restaurant listed, not a dish)
NAMING_SLOTS = ENTITY_SLOTS | {"food"}


def name_known_entities(units: Units, state: ContextState, role: str = "user") -> None:
    """A user's name that is the value of another key already (the attraction picked earlier, said
    again in a hotel request: "a hotel near 篱苑图书馆"), or one of the names the assistant listed
    under another key ("兔爷 and 干锅传奇 are both good" -> "I'll go to 干锅传奇"), names that entity:
    the candidate takes that key (a refresh, or a pick among the options), never replacing the
    name of another entity of its own domain."""
    held = [*state.facts.values(), *state.offers.values()]
    for cand in units.facts:
        if cand.key.rsplit(".", 1)[-1] not in NAMING_SLOTS:
            continue
        if role == "assistant":
            # the assistant reads back the person the user named ("NGUYEN THI LAN, born?", "Beneficiary
            # Tom Reyes."): that person, not another value of the bare name slot
            person = person_named(state, cand)
            if person is not None:
                cand.key = person
            continue
        own = state.facts.get(cand.key)
        if own is not None and _names(own.value, own.norm, cand):
            continue
        named = (f for f in held if f.key != cand.key and f.key.rsplit(".", 1)[-1] in ENTITY_SLOTS)
        other = next((f for f in named if _names(f.value, f.norm, cand)), None)
        if other is not None:
            cand.key = other.key


def drop_kind_references(units: Units, state: ContextState, text: str) -> None:
    """A kind word after a definite determiner that ends the name of an entity in play ("the address
    of that Gallery" after "Broughton House Gallery") points at that entity: no new type value."""
    held = [*state.facts.values(), *state.offers.values()]
    names = [f.value for f in held if f.key.rsplit(".", 1)[-1] in ENTITY_SLOTS and f.value.split()]
    heads = {v.split()[-1].lower().rstrip("s") for v in names}

    def refers(cand: FactCandidate) -> bool:
        ev = cand.evidence
        if cand.key.rsplit(".", 1)[-1] != "type" or ev is None or ev.start <= 0:
            return False
        word = cand.value.strip().lower().rstrip("s")
        return word in heads and any_language().ends_with_determiner(text[max(0, ev.start - 12) : ev.start])

    units.facts = [c for c in units.facts if not refers(c)]


def _names(value: str, norm: str, cand: FactCandidate) -> bool:
    """True when cand's value is value, or one of the options or items value lists."""
    low = cand.value.strip().lower()
    items = {i.strip().lower() for i in re.split(r" \| |, ", f"{norm}, {value}")}
    return low == value.strip().lower() or low in items or cand.norm in items


def drop_replaced_values(units: Units, state: ContextState, negated: list[str]) -> None:
    """A correction that names the old value beside the new one ("I have something on the 12th, make
    it the 13th instead", "not Italian, Thai instead"), or an assistant's alternative that does
    ("19:45 is fully booked; how about 18:45?"), replaces it: for a key with several values in one
    message, one of them said as a correction or a proposal, the values equal to what the state
    holds go. So does a held value the message says there is none of ("since there is no cheap
    international restaurant, is there any Italian one?"; negated: the targets of its negations)."""
    keys = Counter(c.key for c in units.facts)
    for key in [k for k, n in keys.items() if n > 1]:
        cands = [c for c in units.facts if c.key == key]
        cur = state.facts.get(key)
        if cur is None:
            continue
        denied = [c for c in cands if any(c.value.strip().lower() in t for t in negated)]
        if not any(c.correction or c.proposes for c in cands) and not denied:
            continue
        old = [c for c in cands if same_value(cur.norm, c.norm) or same_surface(cur.value, c.value)]
        if not any(c.correction or c.proposes for c in cands):
            old = [c for c in old if c in denied]
        if old and len(old) < len(cands):
            units.facts = [c for c in units.facts if not any(c is o for o in old)]


def split_thing_at_venue(units: Units, text: str) -> None:
    """Two names of one key in one message, the second placed ("... at The Irenic", "held at
    Murmrr") and the first not ("Pup is another popular option. It's happening at The Irenic."):
    the thing offered and the venue it is at, two attributes, never a list of options to pick from.
    The venue keeps the key domain.name, the thing becomes the domain's title."""
    names = [c for c in units.facts if c.vtype == "name" and c.key.rsplit(".", 1)[-1] in _THING_SLOTS]
    for domain in {c.key.rsplit(".", 1)[0] for c in names}:
        group = [c for c in names if c.key.rsplit(".", 1)[0] == domain]
        if len({c.key for c in group}) != 1:
            continue  # already told apart
        if len(group) != 2 or any(c.alternative for c in group):
            continue  # three or more names are a list of options ("Granta Lodge at 120, Mill Court ...")
        thing, venue = group
        if _placed(venue, text) and not _placed(thing, text):
            thing.key, venue.key = f"{domain}.title", f"{domain}.name"


_THING_SLOTS = frozenset({"name", "title"})


def _placed(cand: FactCandidate, text: str) -> bool:
    """True when the words right before the value's span in the turn say where a thing is ("at ",
    "在"), not where one goes to or comes from."""
    ev = cand.evidence
    if ev is None or ev.start <= 0 or text[ev.start : ev.end] != cand.value:
        return False
    return any_language().place_before(text[max(0, ev.start - 24) : ev.start], at=True)


def join_same_key(units: Units) -> None:
    """Several values for one key in one message become one fact: options the user must pick from
    when they were offered as alternatives ("X or Y": norm "x | y"), else a list ("X and Y")."""
    by_key: dict[str, FactCandidate] = {}
    out: list[FactCandidate] = []
    for cand in units.facts:
        prev = by_key.get(cand.key)
        if prev is None:
            by_key[cand.key] = cand
            out.append(cand)
        elif cand.norm != prev.norm and cand.norm not in re.split(r" \| |, ", prev.norm):
            options = cand.alternative or " | " in prev.norm
            merged = prev.model_copy(
                update={
                    "value": f"{prev.value}, {cand.value}",
                    "norm": f"{prev.norm}{' | ' if options else ', '}{cand.norm}",
                    "strength": min(prev.strength, cand.strength, key=["strong", "medium", "weak"].index),
                    "pinned": prev.pinned or cand.pinned,
                    "correction": prev.correction or cand.correction,
                }
            )
            by_key[cand.key] = merged
            out[out.index(prev)] = merged
        elif _dated_again(prev, cand):
            # "明天3月21日星期天": the day named twice, both forms kept as said
            merged = prev.model_copy(update={"value": f"{prev.value}{cand.value}"})
            by_key[cand.key] = merged
            out[out.index(prev)] = merged
    units.facts = out


def _dated_again(prev: FactCandidate, cand: FactCandidate) -> bool:
    """True when cand is prev's date said again with its day number, in Chinese ("3月21日" after "明天").
    English is left alone: "Tomorrow, Tuesday the 29th" as one value was shown in place of other
    clauses the budget then dropped, and cost more than it kept."""
    digits = any(ch.isdigit() for ch in cand.value) and not any(ch.isdigit() for ch in prev.value)
    chinese = not cand.value.isascii()
    return prev.vtype == cand.vtype == "date" and cand.norm == prev.norm and digits and chinese
