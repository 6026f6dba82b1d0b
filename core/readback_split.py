"""A read-back that splits two values the merge took as one attribute's old and new value.

The user says one date ("leave on the 11th"), then another ("for the 9th of this month"); with no
attribute named, the second replaced the first. When the assistant then reads the request back and
gives the two values two attributes of the same task ("Departing March 9th ... Returning March
11th"), the earlier value was never replaced: it is the other attribute's value. Showing it as
"(was: the 11th)" would tell the model a current value is gone (issue 12: a value replaces another
only with evidence of the same attribute). The read-back is that evidence, read the other way:

- the replaced value read back for another attribute of the domain: it leaves the fact's history
  and stays, in the user's words, beside that attribute's value (an alias);
- the replaced value read back for the fact's own attribute and the current one for another
  attribute: the replacement is undone, and the current value goes beside the other attribute.

Only a read-back (an assistant turn confirming the request) counts, only for values of the same
type (dates with dates), and only for a replacement the user's own turn made.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.models import ContextState, Fact, FactCandidate, FactVersion
from core.replaced import key_domain
from core.values import same_surface, same_value

# the key of an assistant value the user agreed to that stands beside the user's own value for the
# slot (no cue said it replaces it: "today" beside "March 1st", the airport beside the city)
AGREED_SUFFIX = "_agreed"


def _same(norm: str, value: str, cand: FactCandidate | Fact) -> bool:
    return same_value(norm, cand.norm) or same_surface(value, cand.value)


def _users(version: Fact | FactVersion) -> bool:
    """True when the user's own turn said the value (its evidence is a user's span)."""
    return version.evidence is not None and version.evidence.role == "user"



def _add_alias(fact: Fact, words: str) -> None:
    """Keep the user's words for fact's value beside it (not when they are already shown)."""
    low = words.lower()
    if low in fact.value.lower() or any(low == a.lower() for a in fact.aliases):
        return
    fact.aliases = [*fact.aliases, words]  # a new list: a state copy shares the old one


def split_read_back(state: ContextState, cands: Sequence[FactCandidate], idx: int) -> None:
    """Undo a user's replacement the assistant's read-back at turn idx shows to be two attributes
    (see the module docstring): state is changed in place; cands are the turn's candidates."""
    read = [
        c
        for c in cands
        if c.role == "assistant" and c.source_idx == idx and c.evidence is not None
        and c.evidence.how == "confirmed"
    ]
    if not read:
        return
    for fact in list(state.facts.values()):
        if not fact.history or not _users(fact) or not _users(fact.history[-1]):
            continue  # only a replacement of the user's value by the user's next one
        old = fact.history[-1]
        own = [c for c in read if c.key == fact.key]
        domain = key_domain(fact.key)
        alike = [c for c in read if c.vtype and c.vtype == fact.vtype]
        others = [c for c in alike if c.key != fact.key and key_domain(c.key) == domain]
        for cand in others:
            other = state.facts.get(cand.key)
            if other is None or not _same(other.norm, other.value, cand):
                continue  # the other attribute does not hold what was read back for it
            if _same(old.norm, old.value, cand) and not any(_same(old.norm, old.value, c) for c in own):
                # the replaced value is the other attribute's: it was never replaced
                fact.history = fact.history[:-1]
                _add_alias(other, old.value)
                break
            if any(_same(old.norm, old.value, c) for c in own) and _same(fact.norm, fact.value, cand):
                # the replaced value is this attribute's, the current one the other attribute's
                current = fact.value
                fact.history = fact.history[:-1]
                fact.value, fact.norm, fact.evidence = old.value, old.norm, old.evidence or fact.evidence
                offer = state.offers.get(fact.key)
                if offer is not None and _same(old.norm, old.value, offer):
                    state.offers.pop(fact.key)
                agreed = state.facts.get(f"{fact.key}{AGREED_SUFFIX}")
                if agreed is not None and _same(old.norm, old.value, agreed):
                    # held beside the replacing value for want of evidence: now the value itself
                    del state.facts[agreed.key]
                    _add_alias(fact, agreed.value)
                _add_alias(other, current)
                break
