"""English entity extraction: run every finder, keep the longest of overlaps, then give each kept span a
slot hint from the cue words before it.

Slot hints are what downstream keys facts by (domain.slot), so one kind of value gets one hint whoever
says it and however it is phrased, and two kinds never share one:
- a date next to a time ("March 3rd at 9:30 am") stays a date and a time (a later "at 6 pm" replaces
  the time only); the end of a stay, rental or trip (check-out, drop-off, return, "X to Y") is
  end_date / end_time, so it never replaces the start;
- a title (movie, song, album, event, "X vs Y") is "title", a venue or business "name", an artist or
  a payee "person"; a name after "to" is a destination only in a sentence about getting somewhere;
- kinds of car and ride share "type" (see en_terms.terms); "N tickets/seats/passengers" are people.

The hints from the words around a span (cue words, titles and persons, ends of ranges, past dates)
are in core.lang.en_slot_hints."""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from functools import cache

from core.lang import en_counts as C
from core.lang import en_social
from core.lang import en_terms as T
from core.lang import en_values as V
from core.lang.ceilings import en_ceilings
from core.lang.colours import en_colours
from core.lang.dimensions import dimension_measures, sizes, symbol_measures
from core.lang.en_address_lines import address_line
from core.lang.en_age_limits import age_limits
from core.lang.en_attributes import attribute_numbers
from core.lang.en_contacts import contacts
from core.lang.en_count_lists import count_lists
from core.lang.en_dates import DateSpan, find_dates
from core.lang.en_fees import paid_for
from core.lang.en_joined import day_lists, weekday_ranges
from core.lang.en_lexicon import VENUE_TYPES
from core.lang.en_name_located import city_centre, is_address_span
from core.lang.en_names import find_names
from core.lang.en_past_events import last_day, past_event
from core.lang.en_slot_hints import (
    _DEADLINE_BEFORE,
    _cue_slot,
    _end_slots,
    _is_media,
    _name_hint,
    _past_slot,
    away_slots,
)
from core.lang.en_times import find_times
from core.lang.en_units import card_endings, unit_counts
from core.lang.en_value_owners import date_owner_slot, holder_slot, leg_slot
from core.lang.frequency import en_frequencies, frequency_slot
from core.lang.vocab import tagged
from core.models import Entity

REFERENCE_TS = datetime(2026, 1, 1)  # used when a message has no timestamp, so output is deterministic

_AIRLINE = re.compile(r"\b(?:air(?:lines?|ways)?|airline)$", re.IGNORECASE)
_INNER_BY = re.compile(r"\s+by\s+(?=[A-Z\d])")
_KIND_AFTER = re.compile(r"\s+(?:event|concert|show|game|match|tour|album|song|track|movie|film)s?\b", re.I)


@cache
def _person_title() -> re.Pattern[str]:
    """A title before a person's name (en_abbreviations.tsv, tag person) or a degree after it."""
    titles = "|".join(sorted(tagged("en_abbreviations.tsv", "person"), key=len, reverse=True))
    return re.compile(rf"^(?:{titles})\.?\s|,?\s*(?:m\.?d\.?|dds|phd)$", re.IGNORECASE)

def _candidates(text: str, ts: datetime) -> list[V.Candidate]:
    cands: list[V.Candidate] = []
    # "Installation is $129": the price of a service or an extra, not of the thing bought
    cands += [replace(c, slot=paid_for(text, c.start, c.end) or c.slot) for c in V.money(text)]
    cands += contacts(text) + V.identifiers(text) + V.addresses(text)
    cands += C.quantities(text) + V.places(text) + T.terms(text) + T.rooms_and_devices(text) + C.numbers(text)
    cands += C.labelled_numbers(text)  # "flat 5", "gate 12": a thing's label, no count
    cands += T.answers(text) + T.food_words(text) + count_lists(text)  # 'two vegans, one gluten free'
    for start, end, kind, value, slot in unit_counts(text) + card_endings(text):  # "40 pallets", "20k baht"
        slot = (paid_for(text, start, end) or slot) if kind == "money" and slot == "amount" else slot
        cands.append(V.Candidate(start, end, kind, value, slot, V.PRIO[kind]))
    for start, end, kind, value, slot in sizes(text) + symbol_measures(text) + dimension_measures(text):
        cands.append(V.Candidate(start, end, kind, value, slot, V.PRIO[kind] + 5))
    for start, end, kind, value, slot in en_colours(text):  # "Navy colour", "Maroon.": no name
        cands.append(V.Candidate(start, end, kind, value, slot, V.PRIO[kind] + 5))
    for start, end, kind, value, slot in attribute_numbers(text):  # "she is 74", "up to 150", "60 each"
        slot = (paid_for(text, start, end) or slot) if kind == "money" and slot == "amount" else slot
        cands.append(V.Candidate(start, end, kind, value, slot, V.PRIO[kind] + 3))
    for start, end, kind, value, slot in en_ceilings(text) + age_limits(text):  # "no one under 18"
        cands.append(V.Candidate(start, end, kind, value, slot, V.PRIO[kind] + 4))
    for start, end, value in en_frequencies(text):  # "every two weeks", "once a week": no duration
        slot = frequency_slot(value)
        cands.append(V.Candidate(start, end, "frequency", value, slot, V.PRIO["quantity"] + 8))
    times = find_times(text)
    # dates depend on the day only: keying the caches by midnight lets every turn of a day share them
    dates = find_dates(text, ts.replace(hour=0, minute=0, second=0, microsecond=0))
    for t in times:
        cands.append(
            V.Candidate(t.start, t.end, "time", t.value, "time", V.PRIO["time"] - (5 if t.cued else 0))
        )
    for d in dates:
        cands.append(
            V.Candidate(
                d.start, d.end, "date", d.value or text[d.start : d.end].lower(), "date", V.PRIO["date"]
            )
        )
    for m in _NAMED_IT.finditer(text):  # "call it Lunch at 1760": the whole name the user gives
        start, end = m.span(m.lastgroup or 0)
        cands.append(V.Candidate(start, end, "name", text[start:end], "title", V.PRIO["name"] + 5))
    media = _is_media(text)
    for n in find_names(text):
        end = V.region_tail(text, n.end)
        surface = text[n.start : end]
        food = _food_kind(text, n.start, end)
        if food is not None:  # "serves Northern European food", "try turkish food instead": a kind of food
            cands.append(V.Candidate(n.start, n.start + len(food), "term", food, "food", V.PRIO["name"] + 5))
            continue
        by = _INNER_BY.search(surface) if media and n.how == "caps" else None
        if by is not None:  # "Aftertaste by Shawn Mendes": a title and its artist
            cands.append(
                V.Candidate(n.start, n.start + by.start(), "name", surface[: by.start()], "title", 45)
            )
            cands.append(V.Candidate(n.start + by.end(), end, "name", surface[by.end() :], "person", 45))
            continue
        if n.how == "event":
            cands.append(
                V.Candidate(n.start, end, "name", " ".join(surface.split()), "title", V.PRIO["name"] + 2)
            )
            continue
        if _labels_code(surface):  # "Policy OST-2027-3318": the code (an id) is the value, not a name
            continue
        if text[end : end + 1] == "$":  # "Total S$980 yearly": the S is the currency's (S$, HK$), no name
            continue
        if _courtesy().fullmatch(surface):  # "Done. Merci.", "Ok. Gracias!": thanks, not a name
            continue
        if city_centre(surface):  # "the Cambridge centre": the city and its area, found apart
            continue
        street = _is_street_name(surface) and not _KIND_AFTER.match(text, end)  # "the Remo Drive event"
        if street or is_address_span(text, n.start, surface):
            # "It is on Trinity Lane", "their address is 35 Newnham Road Newnham": where, not a name
            cands.append(
                V.Candidate(n.start, end, "address", " ".join(surface.split()), "address", V.PRIO["name"] + 2)
            )
            continue
        if n.how == "travel" or end > n.end or _WEATHER_AFTER.match(text, end):
            cands.append(
                V.Candidate(n.start, end, "place", " ".join(surface.split()), "city", V.PRIO["place"])
            )
        else:
            # "the Orbit Fit 3", "Kiwiblade 46 SP": one model ("EU 41" is a size: no word in capitals)
            model = _MODEL_NUMBER.match(text, end) if any(c.islower() for c in surface) else None
            end, bump = (model.end(), 3) if model else (end, 0)
            cands.append(
                V.Candidate(
                    n.start,
                    end,
                    "name",
                    " ".join(text[n.start : end].split()),
                    _name_slot(surface),
                    V.PRIO["name"] + (2 if n.how != "caps" else 0) + bump,
                )
            )
    return [c for c in cands if not _cuts_a_date(c, dates)]


# a model's number right after its name, with a code in capitals after it ("the Orbit Fit 3", "Kiwiblade 46
# SP", "Pulse Watch 5 GPS"), ending the clause or before a word of grammar or a verb saying what it is or
# costs ("The Ridge 4 is $199"): part of the name, not a count of it nor a measure in a unit "SP" ("Granta
# Lodge 3 nights" has a noun after the number: a count); at most three digits ("Denver 80203" is a town
# and its postcode)
_MODEL_NUMBER = re.compile(
    r" \d{1,3}(?:\.\d+)?(?![.,:/]?\d)(?: [A-Z]{2,4}\b)?"
    r"(?=\s*(?:$|[,.!?;:)])|\s+(?:please|then|one|model|version|with|in|at|for|and|or|is|are|costs?|has|comes)\b)"
)


# the user naming a thing in so many words ("call it Lunch at 1760", "use Movie at AMC Eastridge 15 for
# the title"): what follows the cue up to the clause's end is the name, its digits and "at" included
_NAMED_IT = re.compile(
    r"\b(?i:call|name|title)\s+(?i:it|this|the\s+event)\s+(?P<a>[A-Z][^.,!?;]*?)"
    r"(?=\s+(?i:and|please)\b|\s*[.,!?;]|$)"
    r"|\b(?i:use)\s+(?P<b>[A-Z][^.,!?;]*?)\s+(?i:for|as)\s+(?i:the|its)\s+(?i:title|name)\b"
)


# a food word after a name ("Northern European food", "Christmas style food", "turkish food instead")
_FOOD_NOUN = re.compile(
    r"\s+(?:style\s+)?(?:food|cuisine|dishes|fare)\b(?!\s+(?:court|truck|hall|bank|store|shop|market|stall)s?\b)",
    re.IGNORECASE,
)


def _food_kind(text: str, start: int, end: int) -> str | None:
    """The words of a name span that say a kind of food: the span (or its part before it) is followed
    by food / cuisine / dishes / fare ("serves Northern European food", "try turkish food instead").
    A name of a place is no food kind, so a span with a venue noun in it, or one a determiner opens
    ("The Golden Curry food"), is left a name."""
    food = _FOOD_NOUN.search(text, start)
    head = text[start : food.start()].strip() if food is not None and food.start() <= end else ""
    words = head.lower().split()
    if not words or words[0] in ("the", "a", "an") or any(w in _VENUE_WORDS for w in words):
        return None
    return head


# a name right before a weather word is a place ("the Bodega Bay weather", "San Carlos forecast")
_WEATHER_AFTER = re.compile(r"\s+(?:weather|forecast|temperatures?)\b", re.IGNORECASE)
_STREET_WORDS = frozenset(
    ("street", "st", "st.", "road", "rd", "rd.", "lane", "avenue", "ave", "ave.", "boulevard", "drive")
)
_VENUE_WORDS = frozenset(w for v in VENUE_TYPES for w in v.split())


def _is_street_name(surface: str) -> bool:
    """'Trinity Lane', 'Sidgwick Avenue': a street name without a venue noun in it."""
    parts = surface.lower().split()
    return (
        len(parts) >= 2
        and parts[-1] in _STREET_WORDS
        and not any(p in _VENUE_WORDS for p in parts[:-1])
        and parts[0] not in ("the",)
    )


@cache
def _courtesy() -> re.Pattern[str]:
    """A courtesy formula said whole (thanks, a goodbye: core.lang.en_social), in any case."""
    return re.compile("|".join(f"(?:{f})" for f in en_social.FORMULAS), re.IGNORECASE)


def _labels_code(surface: str) -> bool:
    """'Policy OST-2027-3318', 'Job MV-20913': one word that labels the hyphenated code after it, which
    is an id of its own (core.lang.en_values.identifiers); the pair is no name."""
    parts = surface.split()
    return len(parts) == 2 and V.hyphenated_id(parts[1])


def _name_slot(surface: str) -> str:
    low = surface.lower()
    if _AIRLINE.search(low):
        return "airline"
    if _person_title().search(low):
        return "person"
    return "name"


_DATE_CUTTERS = frozenset({"name", "quantity", "number", "place", "term"})


def _cuts_a_date(cand: V.Candidate, dates: Sequence[DateSpan]) -> bool:
    """True when a count or a name takes part of a date and not all of it ("16 date" of "the Jan 16
    date", "the Jan"): longer than the date, it would win the overlap and cut the date in two."""
    return cand.type in _DATE_CUTTERS and any(
        cand.start < d.end and d.start < cand.end and not (cand.start <= d.start and d.end <= cand.end)
        for d in dates
    )


def _resolve(cands: list[V.Candidate]) -> list[V.Candidate]:
    """Keep the longest span of each overlap (ties: the more specific type), in text order."""
    kept: list[V.Candidate] = []
    starts: list[int] = []  # kept spans never overlap, so their starts and ends sort the same way
    ends: list[int] = []
    for c in sorted(cands, key=lambda c: (-(c.end - c.start), -c.priority, c.start)):
        if c.end <= c.start:
            continue
        i = bisect.bisect_left(ends, c.start + 1)  # first kept span ending after c starts
        if i < len(starts) and starts[i] < c.end:
            continue
        starts.insert(i, c.start)
        ends.insert(i, c.end)
        kept.append(c)
    return sorted(kept, key=lambda c: c.start)


# a word before a head count that says how exact it is ("about 250 people", "only 3 of us")
_QUALIFIER_BEFORE = re.compile(
    r"\b(?:about|around|approximately|roughly|nearly|almost|only)\s+$", re.IGNORECASE
)
_TO_GAP = re.compile(r"\s+to\s+(?:the\s+)?", re.IGNORECASE)
# the bound a time is said with: "after 1pm is better", "before 5pm", "no later than 6"
_TIME_BOUND_BEFORE = re.compile(
    r"\b(?:after|before|not\s+(?:before|after)|no\s+(?:earlier|later)\s+than|not\s+(?:earlier|later)\s+than)\s+$",
    re.IGNORECASE,
)
# a date said as a parting: "see you tomorrow", "see you on Monday then"
_FAREWELL_BEFORE = re.compile(r"\bsee\s+(?:you|ya)\s+(?:on\s+|at\s+)?$", re.IGNORECASE)
# a role named with a possessive before a person's name, set off by a comma: "Our AV tech, Brandon Lee"
_POSSESSIVE_BEFORE = re.compile(r"\b(?:our|my|your|his|her|their)\s+$", re.IGNORECASE)
_APPOSITION_GAP = re.compile(r",\s*")
# a place named as the clock's zone right after a time ("7pm sydney time", "9:00 London time")
_ZONE_AFTER = re.compile(r"\s+time\b", re.IGNORECASE)
_ZONE_GAP = re.compile(r"\s+")


def _role_before_name(text: str, c: V.Candidate, nxt: V.Candidate | None) -> bool:
    """True when c, after a possessive ("our", "my"), is set before a person's name by a comma ("Our
    AV tech, Brandon Lee"): the role the name is given, not a name itself."""
    if nxt is None or nxt.type != "name" or not _APPOSITION_GAP.fullmatch(text, c.end, nxt.start):
        return False
    return _POSSESSIVE_BEFORE.search(text, max(0, c.start - 8), c.start) is not None


# an acronym that labels the value after it ("DOB 14/03/1979", "PIN: 4471", "SSN 123-45-6789"): 2-5
# capitals, then a value that opens on a digit and holds no letter (a model, "BMW 320i", is a name)
_LABEL_ACRONYM = re.compile(r"[A-Z]{2,5}")
_LABEL_GAP = re.compile(r"\s*[:#]?\s*")
_DIGITS_ONLY = re.compile(r"\d[\d\s/.:-]*")


def _labels_value(text: str, c: V.Candidate, nxt: V.Candidate | None) -> bool:
    """True when the name c is an acronym labelling the value right after it (_LABEL_ACRONYM)."""
    if nxt is None or not _LABEL_ACRONYM.fullmatch(text[c.start : c.end]):
        return False
    value = text[nxt.start : nxt.end]
    return bool(_LABEL_GAP.fullmatch(text, c.end, nxt.start) and _DIGITS_ONLY.fullmatch(value))


def _zone_of(text: str, c: V.Candidate, prev: V.Candidate | None) -> bool:
    """True when the place c names the time zone of the time right before it (_ZONE_AFTER)."""
    after_time = prev is not None and prev.type == "time" and _ZONE_GAP.fullmatch(text, prev.end, c.start)
    return bool(after_time) and _ZONE_AFTER.match(text, c.end) is not None


# between a day another act owns and its hour, in one clause ("tomorrow before my shift, 7am")
_DAY_HOUR_GAP = re.compile(r"[^.!?;]{0,32}")


def _owned_day_before(text: str, out: list[Entity], c: V.Candidate) -> str | None:
    """<owner>_time for a time right after a date another act owns in the same clause (pay_date,
    call_date, arrival_date: the date owners): the hour of that act, never the hour of the task."""
    if not out or out[-1].type != "date" or not out[-1].slot or not out[-1].slot.endswith("_date"):
        return None
    if out[-1].slot in ("end_date", "past_date") or not _DAY_HOUR_GAP.fullmatch(text, out[-1].end, c.start):
        return None
    return out[-1].slot.removesuffix("_date") + "_time"


def extract_entities(text: str, ts: datetime | None) -> list[Entity]:
    """Typed value spans of text with normalized values, offsets and slot hints (see module doc)."""
    if not text or not text.strip():
        return []
    ref = ts if ts is not None else REFERENCE_TS
    if ref.tzinfo is not None:
        ref = ref.replace(tzinfo=None)
    out: list[Entity] = []
    kept = weekday_ranges(text, address_line(text, _resolve(_candidates(text, ref))))
    kept = C.with_rates(text, day_lists(text, kept))
    ends = _end_slots(text, kept) | away_slots(text, kept)
    for i, c in enumerate(kept):
        surface = text[c.start : c.end]
        if not surface.strip():
            continue
        prev = kept[i - 1] if i > 0 else None
        if c.type == "date" and _FAREWELL_BEFORE.search(text, max(0, c.start - 16), c.start):
            continue  # "see you tomorrow!": a parting, no day of the task
        if c.type == "name" and _role_before_name(text, c, kept[i + 1] if i + 1 < len(kept) else None):
            continue  # "Our AV tech, Brandon Lee": who the person is, not a name of its own
        if c.type == "name" and _labels_value(text, c, kept[i + 1] if i + 1 < len(kept) else None):
            continue  # "DOB 14/03/1979": the label of the date after it, no name
        if c.type in ("place", "name") and _zone_of(text, c, prev):
            continue  # "after 7pm sydney time": which clock the time is read on, no place of the task
        slot = ends.get(i) or _past_slot(text, c, ref) or date_owner_slot(text, c) or leg_slot(text, c)
        slot = slot or _name_hint(text, c, _cue_slot(text, c, prev) or c.slot)
        slot = holder_slot(text, c, slot) or slot
        if c.type == "time" and slot in (None, "time") and (owner := _owned_day_before(text, out, c)):
            slot = owner  # "I'll transfer tomorrow before my shift, 7am": the hour of that act
        value = c.value
        if c.type == "date" and slot in (None, "date") and past_event(text, c.start, c.end):
            # "someone rear-ended me on Sunday": the Sunday that was, kept apart from the task's dates
            slot, value = "past_date", last_day(c.value, ref, surface)
        nxt = kept[i + 1] if i + 1 < len(kept) else None
        if (
            c.type == "place"
            and slot == "city"
            and nxt is not None
            and nxt.type in ("place", "name")
            and _TO_GAP.fullmatch(text, c.end, nxt.start)
        ):
            slot = "origin"  # "Cambridge to Ely"
        start = c.start
        qualifier = slot == "people" and _QUALIFIER_BEFORE.search(text, max(0, start - 16), start)
        if qualifier:  # "about 250 people", "only 3 of us": the head count as the user set it, not exact
            start = qualifier.start()
        elif slot == "deadline" and (cue := _DEADLINE_BEFORE.search(text, max(0, start - 24), start)):
            start = cue.start()  # "before 5 February": by when, not the day itself
        elif c.type == "time" and (bound := _TIME_BOUND_BEFORE.search(text, max(0, start - 24), start)):
            start = bound.start()  # "after 1pm": the bound is the user's, not the hour alone
        surface = text[start : c.end]
        out.append(Entity(type=c.type, text=surface, value=value, start=start, end=c.end, slot=slot))
    return out
