"""A weekday the user said alone takes the date the agent reads it back as.

The analyzers resolve a bare weekday to the first such day on or after its turn (core.lang.en_dates):
"ideally the Wednesday before?" (the viewing is on Saturday the 19th), said on Friday 4 December,
resolves to Wednesday 9 December. The agent, who knows the week under discussion, reads it back
as "Wednesday 16 December": that is the date the user's weekday names, and the one the context
must show first ("2026-12-16 (Wednesday)"), not a date a week off with the agent's words as an
alias. The same holds for English "next Tuesday" (this coming Tuesday to some speakers, the week
after's to others). Only a read-back of the same weekday with one date of its own counts.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date

from core.lang.bare_weekdays import bare_weekday, days_of_month, read_back_weekday
from core.models import ContextState, FactCandidate, Message

_ISO = re.compile(r"^\d{4}-\d\d-\d\d$")


def settle_weekdays(state: ContextState, cands: Sequence[FactCandidate], msg: Message) -> None:
    """Give each date the user said as a weekday alone the date the assistant's turn msg reads it
    back as, when msg names one date of the month and that is the same weekday (see the module
    docstring). cands are msg's candidates; a read-back merged into a fact is one of its aliases."""
    if msg.role != "assistant" or days_of_month(msg.text) != 1:
        return  # no date of its own, or several ("first visit Monday 14 December, then Monday 21")
    for fact in state.facts.values():
        wd = read_back_weekday(fact.value) if fact.vtype == "date" and fact.role == "user" else None
        if wd is None or not _ISO.match(fact.norm):
            continue
        for cand in cands:
            merged = cand.value in fact.aliases
            if cand.role != "assistant" or not (merged or _reads_back(state, fact.key, cand)):
                continue
            # "Wednesday, 16 December" read as its two parts (the weekday resolved as the user's
            # was, and the day of the month), or as one date said with its weekday
            named = {d for d in cand.norm.split(", ") if _ISO.match(d) and d != fact.norm}
            named = {d for d in named if date.fromisoformat(d).weekday() == wd}
            if len(named) == 1:
                fact.norm = named.pop()
                if not merged:  # it names the user's day: an alias, no value offered in its place
                    fact.aliases.append(cand.value)
                    state.offers.pop(fact.key, None)


def _reads_back(state: ContextState, key: str, cand: FactCandidate) -> bool:
    """True when cand, one date said with its weekday, stands as the offer for the fact's key (the
    merge held it beside the user's weekday, whose resolved date it does not share)."""
    offer = state.offers.get(key)
    words = cand.value.split()
    lead = words[0].rstrip(",.") if words else ""
    return offer is not None and offer.value == cand.value and bare_weekday(lead) is not None
