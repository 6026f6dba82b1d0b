"""Fact keys: which ``domain.slot`` a value lands on (its type's default slot, or the slot its cue
words name), which entities are values worth keeping at all, and amenities as yes/no slots. Read by
the extract stage and by the task logic that re-keys a value (core.tasks)."""

from __future__ import annotations

import re
from typing import NamedTuple

from core.lang.base import SLOTS
from core.lang.cues import any_language
from core.models import Entity
from core.parse import analyzer_for

SLOT_BY_TYPE = {
    "money": "price",
    "quantity": "count",
    "number": "count",
    "date": "date",
    "time": "time",
    "datetime": "datetime",
    "duration": "duration",
    "frequency": "frequency",
    "place": "place",
    "name": "name",
    "term": "type",
    "id": "ref",
    "phone": "phone",
    "email": "email",
    "url": "url",
    "address": "address",
    "rating": "rating",
}
# slots that say where or how to reach a thing, or what it costs, rather than what the user chose:
# rendered last, and never promoted to the user's own values by a "yes"
INFORMATIONAL_SLOTS = frozenset(
    {
        "address",
        "postcode",
        "phone",
        "email",
        "url",
        "other",
        "amount",
        "price",
        "unit_price",
        "duration",
        "rating",
        "facility",
    }
)
# the informational slots that hold what a thing costs: a term of a result reported, or of an offer the
# user accepts (a reported address, phone or duration stays information: it is in the raw turn while it
# matters)
COST_SLOTS = frozenset({"amount", "price", "unit_price"})
BUDGET_SLOT = "budget"  # the most the user will pay
# What a booking in a domain needs before it can run (general knowledge of the task, not data).
REQUIRED_SLOTS = {
    "restaurant": ("name", "date", "time", "people"),
    "hotel": ("name", "date", "nights", "people"),
    "train": ("origin", "destination", "date"),
    "flight": ("origin", "destination", "date"),
    "bus": ("origin", "destination", "date"),
    "taxi": ("origin", "destination"),
    "ride": ("destination",),
    "movie": ("title", "date"),
    "event": ("name", "date"),
    "car_rental": ("city", "date"),
    "doctor": ("name", "date", "time"),
    "dentist": ("name", "date", "time"),
    "salon": ("name", "date", "time"),
    "payment": ("amount", "person"),
    "bank": ("amount",),
}
# a number with a fractional part ("8.5"; "1,500" is thousands): counts of things are whole
_FRACTION = re.compile(r"\d\.\d")
# the entity types a search can bound ("under $150", "after 13:30", "at least 4 stars")
BOUNDABLE_TYPES = frozenset({"money", "quantity", "number", "time", "datetime", "date", "duration", "rating"})


# domains whose sought thing is a work (a film, a song): a name said there with no place cue before
# it ("I found 1: Gloria Bell.", "Gloria Bell is ok.") is the work's title, never the venue the
# search was placed at ("a movie at Opera Plaza"), so picking a film never replaces the theater
WORK_DOMAINS = frozenset({"movie", "music", "media"})
# domains whose sought thing stays at one place (an event, a stay, a meal, a forecast): a city the
# user is going to there ("I'd like to go to Philly", "I'm travelling to LAX") is the city it is
# in, the one attribute a later "events in LAX" restates; only a trip has a destination of its own
PLACED_DOMAINS = frozenset(
    {"event", "hotel", "home", "apartment", "restaurant", "attraction", "movie", "weather"}
    | {"doctor", "dentist", "salon", "hospital"}
)


def fact_key(entity: Entity, domain: str | None, before: str | None = None) -> str:
    """The state key of an entity: domain.slot (general when no domain is known). A date with a time
    is keyed as the time, so "7pm on Friday" and a later "make it 8pm" are one slot. before: the
    clause's text before the entity, when known: a name in a work domain with no place cue before
    it is the work's title (WORK_DOMAINS). A city gone to in a domain whose thing stays at one place
    is that thing's city (PLACED_DOMAINS)."""
    slot = entity.slot or SLOT_BY_TYPE.get(entity.type, "other")
    if entity.type == "number" and entity.slot is None and _FRACTION.search(entity.value or entity.text):
        slot = "number"  # "iron rangers, 8.5": a measure (a size), no count of things
    if (
        before is not None
        and domain in WORK_DOMAINS
        and entity.type == "name"
        and slot == "name"
        and not any_language().place_before(before)
    ):
        slot = "title"
    if slot == "destination" and entity.type == "place" and domain in PLACED_DOMAINS:
        slot = "city"
    return f"{domain or 'general'}.{'time' if slot == 'datetime' else slot}"


def is_value(entity: Entity, domain: str | None, role: str) -> bool:
    """False for entities that carry no state: bare yes/no, a domain word used outside its domain,
    and unkeyed numbers the assistant mentions in passing ("there is one")."""
    low = entity.text.strip().lower()
    cues = any_language()
    if not low or cues.is_non_value(low):
        return False
    named = cues.domain_word(low)
    if entity.type == "term" and named is not None and named != domain:
        return False
    if entity.type == "quantity" and cues.is_indefinite_article(low.split()[0]):
        return False  # "a table", "a room": an article, not a count
    if entity.type == "quantity" and entity.slot not in SLOTS and role not in ("user", "system"):
        return False  # "rain (6 mm)", "33-pallet reefers": a measure the assistant quotes, not a choice
    if entity.type == "number" and entity.slot in (None, "count"):
        return role == "user" and not cues.is_bare_one(low)  # "that one": a pronoun, not a count
    return True


def has_digits(text: str) -> bool:
    """True when text holds a digit ("4" of "4 tickets"; "four" holds none)."""
    return any(ch.isdigit() for ch in text)


class SlotValue(NamedTuple):
    """A fact key and its value."""

    key: str
    value: str


def facility_fact(entity: Entity, domain: str | None, negated: bool, lang: str) -> SlotValue:
    """An amenity as a yes/no slot: "free wifi" -> (hotel.internet, yes); negated "parking" -> no."""
    low = (entity.value or entity.text).lower()
    cues = any_language()
    name = cues.facility_slot(low)
    if name is None:
        name = re.sub(r"\W+", "_", cues.strip_free(low)).strip("_") or "facility"
    yes, no = analyzer_for("zh" if lang == "zh" else "en").yes_no()
    return SlotValue(f"{domain or 'general'}.{name}", no if negated else yes)


def is_promoted_key(key: str) -> bool:
    """True for a fact a turn promoted from a tool result, keyed ``tool@tN.path`` (core.tool_records;
    rendered on its record's line)."""
    call = key.partition(".")[0]
    return "@t" in call and call.rpartition("@t")[2].isdigit()


def record_turn(key: str) -> int:
    """The result turn N of a promoted fact's key ``tool@tN.path``."""
    return int(key.partition(".")[0].rpartition("@t")[2])
