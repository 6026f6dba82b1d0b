"""The user's pick among options the assistant listed with a price each: the price of the pick.

"The full day is $220 a head, the half day $140 a head, and the overnight cabin $380 a head." ->
"Full day." The three prices were held as one value of the amount slot, which no single price
replaced, and the soft budget dropped the list as information: the price of what the user took was
lost. Each price stands in its own part of the listing turn beside the option it prices; the user's
clause that names the option of exactly one part narrows the list to that part's price, as the
assistant's own read-back of one of them does (core.listed_amounts). The clause must say the option
and nothing more (its content words, or for Chinese its character pairs, are the option's: "全日吧"
for "全日320元一个人"); a clause saying more, naming several options or none, narrows nothing.
"""

from __future__ import annotations

import re

from core.listed import listed
from core.models import ContextState, Evidence, Fact, ParsedMessage
from core.shown import content_units

_CLAUSE_END = re.compile(r"[,.;!?\uff0c\u3002\uff1b\uff01\uff1f]")  # what ends a clause, either script
_MOST_WORDS = 4  # a pick is a brief clause ("Full day.", "the overnight cabin then")


def _labels(offering: str, items: list[str]) -> list[str] | None:
    """The words before each listed price in the offering turn, back to the price before it: the
    option that price is for. None when the prices are not each found once, in order."""
    labels, at = [], 0
    for item in items:
        found = offering.find(item, at)
        if found < 0 or offering.find(item, found + len(item)) >= 0:
            return None
        labels.append(offering[at:found])
        at = found + len(item)
    return labels


def _names(clause: str, label: str) -> bool:
    """True when the user's brief clause says the option label and nothing else: the same content
    words (English) or character pairs (Chinese)."""
    said = set(content_units(clause))
    return bool(said) and len(said) <= _MOST_WORDS and said == set(content_units(label))


def _picked_price(fact: Fact, offering: str, parsed: ParsedMessage) -> str | None:
    items = listed(fact.value)
    labels = _labels(offering, items) if len(items) > 1 else None
    if labels is None:
        return None
    for clause in _CLAUSE_END.split(parsed.message.text):
        named = [i for i, label in zip(items, labels, strict=True) if _names(clause, label)]
        if named:
            return named[0] if len(named) == 1 else None
    return None


def take_priced_pick(state: ContextState, parsed: ParsedMessage) -> None:
    """After a user turn: the assistant's listed prices of the turn before narrow to the price of the
    option the user's brief clause names (module doc). State is changed in place."""
    turn = state.offer_turn
    if parsed.message.role != "user" or turn is None or not turn.options:
        return
    offering = turn.options[0]
    for fact in state.facts.values():
        ev = fact.evidence
        if fact.role != "assistant" or fact.vtype != "money" or ev is None or ev.idx != turn.idx:
            continue
        price = _picked_price(fact, offering, parsed)
        if price is None:
            continue
        start = offering.find(price)
        norms, values = listed(fact.norm), listed(fact.value)
        fact.norm = norms[values.index(price)] if len(norms) == len(values) else fact.norm
        fact.value = price
        fact.evidence = Evidence(
            idx=turn.idx, role="assistant", how="accepted", start=start, end=start + len(price), text=price
        )
