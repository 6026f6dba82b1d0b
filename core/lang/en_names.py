"""Proper names in English text: venues, people, titles, events, places.

Dialogue text is often lowercase ("how about curry prince?"), so capitalization is one rule of several:
- caps: capitalized runs ("The Golden Curry", "Whipple Museum of the History of Science", "Dr. Vahid Feiz"),
  minus sentence-initial grammar words, extended by trailing venue nouns ("United airlines");
- venue: words that are not everyday English right before a venue-type noun ("lovell lodge");
- event: content words before an event noun ("dentist appointment", "stylist visit");
- cue: the words after a naming or offering cue ("called ali baba", "how about cotto?", "album X");
- travel: the words after from/to ("from bishops stortford") -> a place;
- subject: a sentence-initial run before a verb ("kambar is the club ...");
- versus: "giants vs brewers";
- offered: lowercase words in the position of an offered name ("how does university arms hotel
  sound?", "i recommend old schools. it is ...");
- aliased: a capitalized name and another in parentheses right after it ("Big Ben (Elizabeth
  Tower)") are one name;
- credited: a capitalized run, ": ", a person's name closed by a credential ("Blossom Ridge Medical
  Group: Zimmer J Kirk MD") is one name (a practice listed with its doctor).
"Everyday English" is the general word lists of en_lexicon with simple inflection stripping.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import pairwise

from core.lang.en_name_caps import caps_runs
from core.lang.en_name_cues import cue_runs, subject_runs, versus_runs
from core.lang.en_name_events import event_runs
from core.lang.en_name_located import located_runs
from core.lang.en_name_offers import offered_runs
from core.lang.en_name_venues import venue_runs
from core.lang.en_name_words import CITY_WORDS, CREDENTIALS, NameSpan, is_everyday, tokenize

__all__ = ["NameSpan", "find_names", "is_everyday"]


@lru_cache(maxsize=8192)
def find_names(text: str) -> tuple[NameSpan, ...]:
    """Every proper-name span found by the rules above (overlaps allowed; the caller keeps the longest)."""
    toks = tokenize(text)
    if not toks:
        return ()
    caps = caps_runs(text, toks)
    events = event_runs(text, toks)
    return tuple(
        caps
        + _credited_runs(text, caps)
        + venue_runs(text, toks)
        + events
        + _event_with_runs(text, events, caps)
        + cue_runs(text, toks)
        + subject_runs(text, toks)
        + versus_runs(text, toks)
        + offered_runs(text)
        + located_runs(text)
        + _aliased_runs(text, caps)
    )


def _credited_runs(text: str, caps: list[NameSpan]) -> list[NameSpan]:
    """Two capitalized runs joined by ': ' where the second ends in a credential ('MD', 'DDS')."""
    spans: list[NameSpan] = []
    for a, b in pairwise(caps):
        last = text[b.start : b.end].split()[-1].lower()
        if text[a.end : b.start] == ": " and last in CREDENTIALS:
            spans.append(NameSpan(a.start, b.end, "caps"))
    return spans


def _event_with_runs(text: str, events: list[NameSpan], caps: list[NameSpan]) -> list[NameSpan]:
    """An event noun's run, 'with' or 'at', and a capitalized name right after make one event name
    ("General Practitioner appointment with Sonal Aggarwal, MD", "Apartment viewing at Reed
    Square"): the calendar entry names whom or where; a bare city after 'at' stays a place."""
    spans: list[NameSpan] = []
    starts = {c.start: c for c in caps}
    for e in events:
        for joiner in (" with ", " at "):
            c = starts.get(e.end + len(joiner))
            if c is None or text[e.end : c.start] != joiner:
                continue
            words = text[c.start : c.end].lower().split()
            if joiner == " at " and all(w.strip(",.") in CITY_WORDS for w in words):
                continue
            spans.append(NameSpan(e.start, c.end, "event"))
    return spans


def _aliased_runs(text: str, caps: list[NameSpan]) -> list[NameSpan]:
    """A capitalized name and, in parentheses right after it, another it is also known by ("Big Ben
    (Elizabeth Tower)") make one name; a city in the parentheses ("Kings Cross (London)") says where."""
    spans: list[NameSpan] = []
    for a, b in pairwise(caps):
        if text[a.end : b.start] != " (" or text[b.end : b.end + 1] != ")":
            continue
        if all(w.strip(",.") in CITY_WORDS for w in text[b.start : b.end].lower().split()):
            continue
        spans.append(NameSpan(a.start, b.end + 1, "caps"))
    return spans
