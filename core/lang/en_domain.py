"""Which task domain an English clause names (core.lang.en.EnglishAnalyzer.domain): the keyword rows
of core/lang/data/en_domains.toml, with the things a clause only points at (a reference point, a
trip's start or end) set aside."""

from __future__ import annotations

import re
from functools import cache, lru_cache

from core.lang.vocab import table

# The domain keywords are data (core/lang/data/en_domains.toml): strong rows name a service outright
# and open (or switch to) their domain; weak rows ("tickets" for a train, "stay" for a flight, "play"
# a song or a game) open a domain only when none is set, never switch away from one.

# "I also need a place to stay": a new task, so even a weak word names its domain
# "I need to find somewhere to eat": asking for a place to do something is asking for a new thing too
_NEW_TASK = re.compile(
    r"\b(?:also|as well|another|in addition|besides|(?:somewhere|someplace|a\s+place|a\s+spot)\s+to\s+\w+)\b",
    re.I,
)


# "the same area as the hotel", "the same area that I booked the restaurant for", "close to the
# restaurant", "near our hotel": the thing named is a reference point a value is taken from or
# measured against, not what the clause asks about
_SAME_AS = re.compile(
    r"\bsame\s+(?:\w+\s+){1,2}(?:as|of|that|where)\s+(?:(?:i|we)\s+(?:\w+\s+){1,2})?(?:the|my|our|your)\s+\w+"
    r"|\b(?:close\s+to|near(?:\s+to)?|nearby|next\s+to|walking\s+distance\s+(?:of|from|to))\s+(?:the|my|our|your)\s+\w+",
    re.I,
)

# "Disregard that last message!", "ignore my previous message": the user takes back a turn of the
# dialogue itself; the message is that turn, no messaging task
_RETRACTED_TURN = re.compile(
    r"\b(?:disregard|ignore|forget|scratch|never\s+mind)\s+(?:that|this|my|the)\s+"
    r"(?:(?:last|previous|earlier|prior)\s+)?messages?\b",
    re.I,
)


# a clause about getting somewhere
_TRIP = re.compile(
    r"\b(?:taxis?|cabs?|rides?|car|drive|driver|trains?|bus|coach|flights?|leav(?:e|ing)|depart\w*|arriv\w*|"
    r"get\s+(?:me\s+)?to|go\s+to|going\s+to|head\w*\s+to|pick\w*\s+(?:me\s+)?up|commute|trip)\b",
    re.I,
)
# a known thing (definite) a trip starts or ends at: "from the hotel", "to the restaurant", "leave the hotel"
_TRAVEL_POINT = re.compile(
    r"\b(?:from|to|leav(?:e|ing)|out\s+of|get\s+to|back\s+to)\s+(?:the|my|our|your|this|that)\s+\w+", re.I
)


@cache
def _domain_regexes(weak: bool = False) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """The (domain, pattern) rows of core/lang/data/en_domains.toml, strong or weak, in order."""
    rows = table("en_domains.toml")["weak" if weak else "strong"]
    return tuple((r["domain"], re.compile(rf"\b(?:{r['pattern']})\b", re.IGNORECASE)) for r in rows)


@lru_cache(maxsize=8192)
def find_domain(text: str, current: str | None = None) -> str | None:
    """The domain the text names: the current one if the text names it among others (unless the text
    opens a new task: then another one it names), else the first strong keyword's (fixed specificity
    order); a weak keyword ("tickets", "stay", "play") only when
    no domain is current or the text opens a new task ("I also need a place to stay"); else None."""
    # "The same area as the hotel, please": the domain after "same ... as" is where the value is
    # taken from, not what the text asks about
    text = _RETRACTED_TURN.sub(" ", _SAME_AS.sub(" ", text))
    if current is not None and _TRIP.search(text):
        # "a taxi from the hotel to the cinema", "leave the hotel by 3:30": a known thing a trip
        # starts or ends at is a point of the trip; only what the clause names besides is a domain
        # ("transfer $1260 from my savings account" is no trip: its account stays named)
        text = _TRAVEL_POINT.sub(" ", text)
    named = [domain for domain, rx in _domain_regexes() if rx.search(text)]
    if named:
        others = [d for d in named if d != current]
        if current in named and _NEW_TASK.search(text) and not others:
            # "I also need a place to eat in the same area as the hotel": a weak word names the new task
            others = [d for d, rx in _domain_regexes(weak=True) if d != current and rx.search(text)]
        if current in named and others and _NEW_TASK.search(text):
            # "I also need a taxi from the hotel to the restaurant": a new task names its own domain;
            # the one being talked about is only where it starts or ends
            return others[0]
        # "a hotel in the same area as the restaurant": the domain already being talked about wins
        return current if current in named else named[0]
    if current is None or _NEW_TASK.search(text):
        for domain, rx in _domain_regexes(weak=True):
            if rx.search(text):
                return domain
    return None
