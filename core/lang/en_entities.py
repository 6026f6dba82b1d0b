"""English entity extraction: run every finder, keep the longest of overlaps, then give each kept span a
slot hint from the cue words before it.

Slot hints are what downstream keys facts by (domain.slot), so one kind of value gets one hint whoever
says it and however it is phrased, and two kinds never share one:
- a date next to a time ("March 3rd at 9:30 am") stays a date and a time (a later "at 6 pm" replaces
  the time only); the end of a stay, rental or trip (check-out, drop-off, return, "X to Y") is
  end_date / end_time, so it never replaces the start;
- a title (movie, song, album, event, "X vs Y") is "title", a venue or business "name", an artist or
  a payee "person"; a name after "to" is a destination only in a sentence about getting somewhere;
- kinds of car and ride share "type" (see en_terms.terms); "N tickets/seats/passengers" are people."""

from __future__ import annotations

import bisect
import re
from datetime import datetime
from functools import cache, lru_cache

from core.lang import en_counts as C
from core.lang import en_terms as T
from core.lang import en_values as V
from core.lang.en_address_lines import address_line
from core.lang.en_attributes import attribute_numbers
from core.lang.en_count_lists import count_lists
from core.lang.en_dates import find_dates
from core.lang.en_joined import weekday_ranges
from core.lang.en_lexicon import VENUE_TYPES
from core.lang.en_name_located import city_centre, is_address_span
from core.lang.en_names import find_names
from core.lang.en_times import find_times
from core.lang.en_units import card_endings, unit_counts
from core.lang.vocab import tagged
from core.models import Entity

REFERENCE_TS = datetime(2026, 1, 1)  # used when a message has no timestamp, so output is deterministic

_VENUE_ENDINGS = tuple(sorted(VENUE_TYPES, key=len, reverse=True))
_AIRLINE = re.compile(r"\b(?:air(?:lines?|ways)?|airline)$", re.IGNORECASE)
# Cue words just before a span -> slot hint (checked on the 24 characters before the span).
_CUES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(p + r"\s+(?:the\s+)?$", re.IGNORECASE), slot)
    for p, slot in (
        (
            r"\b(?:from|leaving|leaves|departing|depart|departs|out\s+of|(?:fly|flying|flights?)\s+out|"
            r"pick\s+me\s+up\s+(?:at|from))",
            "origin",
        ),
        (
            r"\b(?:to|into|towards|heading|going\s+to|arriving\s+(?:in|at)|arrive\s+(?:in|at)|destination\s+is|"
            r"get\s+to|go\s+to|drop\s+me\s+(?:off\s+)?at|visit(?:ing)?)",
            "destination",
        ),
        (r"\b(?:in|near|around|within|city\s+of|located\s+in)", "city"),
        (
            r"\b(?:(?:booked|book|reserved?|booking|reservation|table|room|tickets?)\s+(?:it\s+|this\s+|that\s+)?for|"
            r"under\s+the\s+name(?:\s+of)?|in\s+the\s+name\s+of|(?:my|the\s+guest's|the\s+patient's)\s+name\s+is|"
            r"guest\s+is|patient\s+is|(?:policyholder|beneficiary)(?:\s+is|,|:)?)",
            "person",
        ),
        (r"\b(?:called|named|name\s+is|booked|book|reserve|try|recommend|at)", "name"),
        (r"\b(?:directed\s+by|starring|by|with|stars)", "person"),
    )
)



@cache
def _person_title() -> re.Pattern[str]:
    """A title before a person's name (en_abbreviations.tsv, tag person) or a degree after it."""
    titles = "|".join(sorted(tagged("en_abbreviations.tsv", "person"), key=len, reverse=True))
    return re.compile(rf"^(?:{titles})\.?\s|,?\s*(?:m\.?d\.?|dds|phd)$", re.IGNORECASE)

def _candidates(text: str, ts: datetime) -> list[V.Candidate]:
    cands: list[V.Candidate] = []
    cands += V.money(text) + V.contacts(text) + V.identifiers(text) + V.addresses(text)
    cands += C.quantities(text) + V.places(text) + T.terms(text) + T.rooms_and_devices(text) + C.numbers(text)
    cands += T.answers(text) + T.food_words(text) + count_lists(text)  # 'two vegans, one gluten free'
    for start, end, kind, value, slot in unit_counts(text) + card_endings(text):  # "40 pallets", "20k baht"
        cands.append(V.Candidate(start, end, kind, value, slot, V.PRIO[kind]))
    for start, end, kind, value, slot in attribute_numbers(text):  # "she is 74", "up to 150", "60 each"
        cands.append(V.Candidate(start, end, kind, value, slot, V.PRIO[kind] + 3))
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
            cands.append(
                V.Candidate(
                    n.start,
                    end,
                    "name",
                    " ".join(surface.split()),
                    _name_slot(surface),
                    V.PRIO["name"] + (2 if n.how != "caps" else 0),
                )
            )
    return cands


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


# A sentence about getting somewhere: only then is a name after from/to an origin or destination.
_TRAVEL_SENTENCE = re.compile(
    r"\b(?:taxi|taxis|cab|cabs|ride|rides|uber|lyft|car|drive|driving|driver|go|going|goes|went|get|"
    r"getting|head|heading|headed|take\s+me|bring\s+me|travel\w*|trip|train|trains|bus|buses|coach|"
    r"flights?|fly|flying|arriv\w*|leav\w*|depart\w*|commute|pick\w*\s+(?:\w+\s+)?up|pickup|drop\w*\s+"
    r"(?:\w+\s+)?off|from|destination|route|directions?|way)\b",
    re.IGNORECASE,
)
_HUB_END = re.compile(r"\b(?:airport|station|depot|terminal|port)$", re.IGNORECASE)
_PICK = r"pick(?:ing|ed|s)?(?:\s+(?:it|them|me|us|the\s+car))?[\s-]?up"
_PICKUP_SENTENCE = re.compile(rf"\b(?:{_PICK}|pickup|rent\w*|cars?|vehicles?)\b", re.IGNORECASE)
_PICKUP_AT = re.compile(rf"\b{_PICK}\s+(?:\w+\s+){{0,3}}?(?:at|from|in)\s+(?:the\s+)?$", re.IGNORECASE)


_TO_GAP = re.compile(r"\s+to\s+(?:the\s+)?", re.IGNORECASE)


_VENUE_KINDS = frozenset(v for v in VENUE_TYPES if " " not in v)  # one-word kinds: "hotel", "museum"


def _venue_named(value: str) -> bool:
    """True when a name says it is a venue: it ends with a kind of venue ("Olive Garden Restaurant"),
    or a longer name opens with one ("Hotel Novotel Paris Vaugirard", "Museum of Modern Art"); a
    two-word "Park Jimin" may be a person's."""
    low = value.lower()
    words = low.split()
    return low.endswith(_VENUE_ENDINGS) or (len(words) >= 3 and words[0] in _VENUE_KINDS)


def _cue_slot(text: str, c: V.Candidate, prev: V.Candidate | None = None) -> str | None:
    before = text[max(0, c.start - 24) : c.start]
    for rx, slot in _CUES:
        if rx.search(before):
            if slot in ("origin", "destination") and c.type in ("place", "name", "address"):
                # "a visit to Amber Court": no trip; "Cambridge to Ely": a trip between two places
                between_places = prev is not None and prev.type == "place" and prev.end >= c.start - 6
                if c.type == "name" and not (_TRAVEL_SENTENCE.search(text) or between_places):
                    return "name"
                return slot
            if (
                slot == "name"
                and c.type in ("name", "place")
                and (
                    _PICKUP_AT.search(before) or (_HUB_END.search(c.value) and _PICKUP_SENTENCE.search(text))
                )
            ):
                return "origin"  # "pick it up at Union Station", "a compact car at LAX Airport for pickup"
            if slot == "city" and c.type == "place" and _PICKUP_AT.search(before):
                return "origin"  # "picked up in New York": where a rental starts is its origin
            if (
                slot == "city"
                and c.type in ("place", "name")
                and not c.value.lower().endswith(_VENUE_ENDINGS)
            ):
                return "city"
            if slot == "person" and c.type == "name" and c.slot == "name":
                return None if _venue_named(c.value) else "person"
            if slot == "name" and c.type == "name":
                return "name"
            return None
    return None


# A title (movie, song, album, show, event) rather than a venue: the words before it, the sentence.
_TITLE_BEFORE = re.compile(
    r"\b(?:watch(?:ing)?|see(?:ing)?|saw|play(?:ing)?|listen(?:ing)?\s+to|songs?|albums?|tracks?|"
    r"movies?|films?|titled|entitled|(?:movie|film|song|album|track|show|event|playlist)\s+(?:called|named)|"
    r"tickets?\s+(?:to|for)|(?:the\s+)?(?:event|match|game|show|concert)\s+(?:of|is)|"
    r"(?:movie|film|song|album|track|event|game|show|concert)\s+is)\s+(?:the\s+)?$",
    re.IGNORECASE,
)
_MEDIA_SENTENCE = re.compile(
    r"\b(?:movies?|films?|songs?|albums?|tracks?|playlists?|watch(?:ing)?|listen(?:ing)?|showtimes?|"
    r"showings?|screenings?|events?|concerts?|games|matches|perform\w*|play(?:s|ed|ing)?|tickets?\s+(?:to|for))\b",
    re.IGNORECASE,
)
_BY_AFTER = re.compile(r"\s+by\s+[A-Z]")
_VERSUS = re.compile(r"\bv(?:s\.?|ersus)\s", re.IGNORECASE)  # "Giants Vs Brewers": a match
_INNER_BY = re.compile(r"\s+by\s+(?=[A-Z\d])")
_TO_A_PERSON = re.compile(
    r"\b(?:send|sent|sending|transfer|transferring|transferred|pay|paying|paid|give|gave|owe|request|"
    r"requesting|split|text|message|call|email|remind|invite|tell|write)\b[^.!?]{0,50}\bto\s+$",
    re.IGNORECASE,
)


# who made a work: "my favorite director is Ronald Neame", "Justin Bieber songs", "Five Finger Death
# Punch 's songs" (a person or a band, never the work's title)
_ROLE_BEFORE = re.compile(
    r"\b(?:director|actor|actress|artist|singer|band|author|writer|composer)\s+(?:is\s+|was\s+)?(?:the\s+)?$",
    re.IGNORECASE,
)
_WORK_AFTER = re.compile(r"\s+(?:album|song|track|movie|film)\b", re.IGNORECASE)
_KIND_AFTER = re.compile(r"\s+(?:event|concert|show|game|match|tour|album|song|track|movie|film)s?\b", re.I)
# an album is a work of its own, apart from the song picked from it: "anything from the Madness
# album?" then "how about The Thunder Rolls from the Madness album" are two values, never one replacing
# the other ("the album X", "album called X", "X album")
_ALBUM_AFTER = re.compile(r"\s+album\b", re.IGNORECASE)
_ALBUM_BEFORE = re.compile(r"\balbum\s+(?:(?:called|named|titled)\s+)?(?:the\s+)?$", re.IGNORECASE)
_MAKER_AFTER = re.compile(r"\s*(?:['’]s\s+|\s['’]s\s+)?(?:songs?|music|movies|films)\b", re.IGNORECASE)


@lru_cache(maxsize=4096)
def _is_media(text: str) -> bool:
    """Whether the text talks about movies, songs, shows or events (asked once per text)."""
    return bool(_MEDIA_SENTENCE.search(text))


def _name_hint(text: str, c: V.Candidate, slot: str | None) -> str | None:
    """A name's slot refined by what it names: a title ("the song X", "X by Y", names in a sentence
    about movies, songs or events, not after at/in), a person ("send $50 to Emma", "songs from X"),
    else the cue slot. Venue-like names ("... Stadium", "... Hotel") keep theirs."""
    if c.type != "name" or slot in ("airline", "person") or c.value.lower().endswith(_VENUE_ENDINGS):
        return slot
    before = text[max(0, c.start - 64) : c.start]
    if _TO_A_PERSON.search(before) or _ROLE_BEFORE.search(before) or _MAKER_AFTER.match(text, c.end):
        return "person"
    if _ALBUM_AFTER.match(text, c.end) or _ALBUM_BEFORE.search(before):
        return "album"
    if _WORK_AFTER.match(text, c.end):
        return "title"  # "the Madness album", "the Thriller song": the work named by its kind
    if _TITLE_BEFORE.search(before) or _BY_AFTER.match(text, c.end) or _VERSUS.search(c.value):
        return "title"
    if not _is_media(text):
        return slot
    if slot == "origin" and re.search(r"\bfrom\s+$", before, re.IGNORECASE):
        return "person"  # "10 songs you might like from In This Moment"
    if slot in (None, "name") and not re.search(r"\b(?:at|in|near|on)\s+(?:the\s+)?$", before, re.IGNORECASE):
        return "title"
    return slot


# Words before a date or time that make it the end of a stay, rental or trip, not its start. For a
# time, "until" and "leave the hotel by" are not ends: "I can't leave until 21:30" is a departure.
_END_CUES = (
    r"return(?:ing|s|ed)?(?:\s+(?:it|the\s+car|the\s+vehicle|date|day|flight|trip|bus|train|journey))?|"
    r"(?:be|come|coming|get|getting|fly|flying|head(?:ing)?|(?:bring|take)(?:ing)?\s+(?:it|them|the\s+\w+))\s+back|"
    r"back\s+home|leaves?\s+back|(?<=[,;:]\s)back|"
    r"drop(?:ping|ped)?(?:\s+(?:it|the\s+car|the\s+vehicle))?\s+off|drop[\s-]?off(?:\s+date|\s+time)?|"
    r"check(?:ing)?[\s-]*out(?:\s+date)?|end(?:ing|s)?"
)
_END_TAIL = (
    r"(?:(?:\s+(?:for|of)\s+(?:the|my|this)\s+\w+)?(?:\s+(?:is|will\s+be|would\s+be|on|at|by|leaves|departs|the))+)?"
    r"\s+$"
)
_END_DATE_BEFORE = re.compile(
    rf"\b(?:{_END_CUES}|until|till|til|thru|leav(?:e|ing)\s+the\s+(?:hotel|house|room|apartment|place)){_END_TAIL}",
    re.IGNORECASE,
)
# a time one arrives by is the end of a trip: "arrive by 21:00" never replaces "leave at 5:11"
_ARRIVAL_CUES = r"arriv(?:e|es|ing|al)(?:\s+time)?|get(?:ting)?\s+(?:there|in)|be\s+there|reach(?:ing)?\s+\w+"
_END_TIME_BEFORE = re.compile(rf"\b(?:{_END_CUES}|{_ARRIVAL_CUES}){_END_TAIL}", re.IGNORECASE)
_RANGE_GAP = re.compile(r"\s*(?:to|through|thru|until|till|-|–)\s*(?:the\s+)?", re.IGNORECASE)
_DATE_TIME_GAP = re.compile(r"[\s,]*(?:(?:instead|then|at|around|by|about)[\s,]*)*", re.IGNORECASE)
_TIME_RANGE_GAP = re.compile(r"\s*(?:to|until|till|-|–)\s*", re.IGNORECASE)


def _end_slots(text: str, kept: list[V.Candidate]) -> dict[int, str]:
    """Index -> end_date / end_time for dates and times that end a range: after until, return,
    drop off, check out, or the second of "March 3rd to March 5th"."""
    out: dict[int, str] = {}
    for i, c in enumerate(kept):
        if c.type not in ("date", "time"):
            continue
        end_slot = "end_date" if c.type == "date" else "end_time"
        cue = _END_DATE_BEFORE if c.type == "date" else _END_TIME_BEFORE
        if cue.search(text, max(0, c.start - 40), c.start):
            out[i] = end_slot
            continue
        if c.type == "time" and i and out.get(i - 1) == "end_date" and _DATE_TIME_GAP.fullmatch(
            text, kept[i - 1].end, c.start
        ):
            out[i] = end_slot  # "bring it back sunday evening instead, 6pm": the time of that end day
            continue
        prev = next((p for p in reversed(kept[:i]) if p.type == c.type), None)
        gap = _RANGE_GAP if c.type == "date" else _TIME_RANGE_GAP
        if prev is not None and gap.fullmatch(text, prev.end, c.start) and prev.end < c.start:
            out[i] = end_slot
    return out


_BIRTH_BEFORE = re.compile(
    r"\b(?:born(?:\s+on)?|d\.?o\.?b\.?|date\s+of\s+birth|birth\s*date|birthday)(?:\s+is)?[\s:,]*$",
    re.IGNORECASE,
)


def _past_slot(text: str, c: V.Candidate, ref: datetime) -> str | None:
    """birth_date for a date after "born" / "DOB", past_date for one whose year is before last year
    ("Walter Brooks, 22 June 1946"): dates of the past, never the date the task is for."""
    if c.type != "date":
        return None
    if _BIRTH_BEFORE.search(text, max(0, c.start - 24), c.start):
        return "birth_date"
    year = re.match(r"(\d{4})-", c.value)
    return "past_date" if year and int(year.group(1)) < ref.year - 1 else None


def extract_entities(text: str, ts: datetime | None) -> list[Entity]:
    """Typed value spans of text with normalized values, offsets and slot hints (see module doc)."""
    if not text or not text.strip():
        return []
    ref = ts if ts is not None else REFERENCE_TS
    if ref.tzinfo is not None:
        ref = ref.replace(tzinfo=None)
    out: list[Entity] = []
    kept = weekday_ranges(text, address_line(text, _resolve(_candidates(text, ref))))
    ends = _end_slots(text, kept)
    for i, c in enumerate(kept):
        surface = text[c.start : c.end]
        if not surface.strip():
            continue
        prev = kept[i - 1] if i > 0 else None
        slot = ends.get(i) or _past_slot(text, c, ref)
        slot = slot or _name_hint(text, c, _cue_slot(text, c, prev) or c.slot)
        nxt = kept[i + 1] if i + 1 < len(kept) else None
        if (
            c.type == "place"
            and slot == "city"
            and nxt is not None
            and nxt.type in ("place", "name")
            and _TO_GAP.fullmatch(text, c.end, nxt.start)
        ):
            slot = "origin"  # "Cambridge to Ely"
        out.append(Entity(type=c.type, text=surface, value=c.value, start=c.start, end=c.end, slot=slot))
    return out
