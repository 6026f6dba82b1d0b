"""The interface every language analyzer implements; the parse stage only talks to this.

Slot hints (``Entity.slot``) and domains are canonical English names shared by all languages, so a
Chinese and an English session produce keys of the same shape (``hotel.price``).
"""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

from core.models import ActionMarker, AtomKind, Entity, Lang, Negation, Role

# Canonical slot hints a language analyzer may put in Entity.slot (None when no cue says which).
# end_date / end_time: the end of a stay, rental or trip (check-out, drop-off, return), kept apart
# from its start so that one never replaces the other.
SLOTS = (
    "time", "date", "datetime", "duration", "people", "count", "nights", "days", "rooms", "stars",
    "rating", "price", "price_range", "area", "food", "type", "name", "city", "origin", "destination",
    "address", "postcode", "phone", "ref", "email", "url", "facility", "genre", "title", "person",
    "end_date", "end_time",
    "airline", "seat_class", "car_type", "item", "amount", "account", "other",
)

# Canonical task domains a language analyzer may return from domain().
DOMAINS = (
    "restaurant", "hotel", "attraction", "train", "taxi", "flight", "bus", "metro", "movie", "event",
    "music", "car_rental", "ride", "weather", "bank", "payment", "doctor", "dentist", "salon",
    "apartment", "home", "travel", "alarm", "calendar", "messaging", "media", "shopping", "police",
    "hospital", "general",
)


class LanguageAnalyzer(Protocol):
    """What the parse stage needs from a language. All methods are pure and fast (< 1 ms typical)."""

    lang: Lang

    def split(self, text: str) -> list[str]:
        """Split a turn into clauses/sentences; each is a substring of text, in order, none empty."""
        ...

    def entities(self, text: str, ts: datetime | None) -> list[Entity]:
        """Typed values with surface, normalized value, offsets into text and a slot hint.

        Dates and times are normalized against ts (the message time; now() if None is NOT
        allowed: use a fixed reference so output is deterministic)."""
        ...

    def negations(self, text: str) -> list[Negation]:
        """Prohibitions and dislikes kept whole ('no spicy food', '不要靠窗的座位')."""
        ...

    def kind(self, text: str, role: Role) -> AtomKind:
        """The clause's kind: instruction, constraint, preference, question, answer, ..."""
        ...

    def domain(self, text: str, current: str | None = None) -> str | None:
        """The task domain the clause names (one of DOMAINS), or None. current: the domain of the
        conversation so far; a word that only suggests a domain should not switch away from it."""
        ...

    def pinned(self, text: str) -> bool:
        """True when the user stresses the clause (must, important, make sure, 务必, 一定)."""
        ...

    def is_correction(self, text: str) -> bool:
        """True when the clause replaces an earlier value ('actually', 'instead', '改成')."""
        ...

    def proposes_alternative(self, text: str) -> bool:
        """True when an assistant's clause offers its value in place of the user's ('sorry, 19:45 is
        taken; how about 18:45?', '没有7点的了，8点可以吗'): only then does a yes replace the user's value."""
        ...

    def action(self, text: str, role: Role) -> ActionMarker | None:
        """An action the assistant reports done, failed, pending or offers ('I have booked ...')."""
        ...
