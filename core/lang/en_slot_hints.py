"""Slot hints of English value spans from the words around them (core.lang.en_entities finds the spans).

- cue words just before a span (from / to / in / called / booked for ...) give origin, destination,
  city, person or name; a name after "to" is a destination only in a sentence about getting somewhere;
- a name in a sentence about movies, songs or events is a title, after "send to" or "director" a person;
- the end of a stay, rental or trip (check-out, drop-off, return, "X to Y") is end_date / end_time;
- a date after "born" or years in the past is birth_date / past_date; after "the exam is on", exam_date.
"""

from __future__ import annotations

import re
from datetime import datetime
from functools import cache, lru_cache

from core.lang import en_values as V
from core.lang.base import CONTACT_SLOT
from core.lang.en_contacts import contacts
from core.lang.en_kin import KIN
from core.lang.en_lexicon import MONTHS, OCCASION_NOUNS, VENUE_TYPES, WEEKDAYS

_VENUE_ENDINGS = tuple(sorted(VENUE_TYPES, key=len, reverse=True))


@cache
def _venue_end() -> re.Pattern[str]:
    """A kind of venue as the last words of a lowercase name (compiled on first use)."""
    return re.compile("(?:^| )(?:" + "|".join(re.escape(v) for v in _VENUE_ENDINGS) + ")$")


def _venue_ending(value: str) -> bool:
    """True when a name's last words are a kind of venue ("Olive Garden Restaurant", "Lake"), not
    only its last letters ("Blake" does not end in "lake")."""
    return _venue_end().search(value.lower()) is not None


@lru_cache(maxsize=4096)
def _contact_starts(text: str) -> frozenset[int]:
    """Where the phone numbers, emails and urls of a text start (read once per text)."""
    return frozenset(c.start for c in contacts(text))

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
            r"under\s+the\s+name(?:\s+of)?|in\s+the\s+name\s+of|(?:my|his|her|the\s+guest's|the\s+patient's)\s+name\s+(?:is|was)|"
            r"guest\s+is|patient\s+is|(?:policyholder|beneficiary)(?:\s+is|,|:)?|"
            # the speaker naming themself: "to me, Erin Mallory", "lead is me, Hannah Okafor"
            r"(?:is|to|for)\s+me,)",
            "person",
        ),
        (r"\b(?:called|named|name\s+is|booked|book|reserve|try|recommend|at)", "name"),
        # the means of paying: "I pay the deposit by FPS", "paying via Zelle" (no payer, no venue)
        (r"\bpa(?:y|ys|ying|id)\b(?:\s+[\w'-]+){0,3}?\s+(?:by|with|via|through|using)", "payment_method"),
        # "go with the Solo one", "stick with the Classic": a choice, no person
        (
            r"\b(?:directed\s+by|starring|by|(?<!go\s)(?<!going\s)(?<!went\s)(?<!stick\s)(?<!stay\s)with|stars)",
            "person",
        ),
    )
)

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

_VENUE_KINDS = frozenset(v for v in VENUE_TYPES if " " not in v)  # one-word kinds: "hotel", "museum"


def _venue_named(value: str) -> bool:
    """True when a name says it is a venue: it ends with a kind of venue ("Olive Garden Restaurant"),
    or a longer name opens with one ("Hotel Novotel Paris Vaugirard", "Museum of Modern Art"); a
    two-word "Park Jimin" may be a person's."""
    low = value.lower()
    words = low.split()
    return _venue_ending(low) or (len(words) >= 3 and words[0] in _VENUE_KINDS)


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
                and not _venue_ending(c.value)
            ):
                return "city"
            if slot == "person" and c.type == "name" and c.slot == "name":
                return None if _venue_named(c.value) else "person"
            if slot == "name" and c.type == "name":
                return "name"
            if slot == "payment_method" and c.type == "name":
                return slot
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
_TO_A_PERSON = re.compile(
    r"\b(?:send|sent|sending|transfer|transferring|transferred|pay|paying|paid|give|gave|owe|request|"
    r"requesting|split|text|message|call|email|remind|invite|tell|write)\b[^.!?]{0,50}\bto\s+$",
    re.IGNORECASE,
)


# who made a work: "my favorite director is Ronald Neame", "Justin Bieber songs", "Five Finger Death
# Punch 's songs" (a person or a band, never the work's title)
# a relative named right after the kin word ("my son, Elijah", "our daughter Emma", "my mum is Ann")
_KIN_BEFORE = re.compile(
    r"\b(?:my|our)\s+(?P<kin>" + "|".join(sorted(KIN, key=len, reverse=True)) + r")\s*"
    r"(?:,\s*|\s+(?:is\s+|called\s+|named\s+)?)$",
    re.IGNORECASE,
)
# a person named right after the role they have in the task, by a determiner ("The housekeeper, Rosa
# Jiménez", "our instructor Margaret Tully", "Their events coordinator, Priya Shah"): an agent noun
# (-er, -or, -ist, -ian, -ant) or a role word, never one whose name the user's or another's replaces
_ROLE_WORDS = (
    "chef|guide|pilot|tech|nurse|coach|rep|contact|vet|doctor|surgeon|midwife|tutor|host|boss|landlord|"
    "neighbou?r"
)
_ROLE_NAMED_BEFORE = re.compile(
    r"\b(?:(?i:our|my|your|their|his|her)\s+(?:[a-z]+\s+){0,2}?"
    rf"(?P<role>[a-z]{{3,}}(?:er|or|ist|ian|ant)|{_ROLE_WORDS})(?:\s*,\s*|\s+(?:is\s+|will\s+be\s+)?)"
    r"|(?i:the)\s+(?:[a-z]+\s+){0,2}?"
    rf"(?P<the_role>[a-z]{{3,}}(?:er|or|ist|ian|ant)|{_ROLE_WORDS})\s*,\s*)$"
)
# the person a slot is with ("15:30 with Ruth Adeyemi", "book me in with Dr Shah"): the one who serves
# or joins, never the person it is for, whose name the user gave when asked
_WITH_BEFORE = re.compile(r"\bwith\s+$", re.IGNORECASE)
WITH_SLOT = "with_name"
# a greeting that opens the clause and addresses the person named right after it
_GREETED = re.compile(
    r"(?:^|[.!?]\s+)(?:welcome(?:\s+back)?|hi|hello|hey|thanks|thank\s+you|good\s+(?:morning|afternoon|evening)|"
    r"dear)\s*,?\s*$",
    re.IGNORECASE,
)
# the name of a thing of the user's, not a person or a venue: "billing name Hale Ventures", "company
# name is Acme Ltd"
_NAME_OF_BEFORE = re.compile(
    r"\b(billing|company|business|account|cardholder|invoice)\s+name(?:\s+(?:is|will\s+be|should\s+be))?"
    r"\s*[:,-]?\s*$",
    re.IGNORECASE,
)
_ROLE_BEFORE = re.compile(
    r"\b(?:director|actor|actress|artist|singer|band|author|writer|composer)\s+(?:is\s+|was\s+)?(?:the\s+)?$",
    re.IGNORECASE,
)
# a contact line: a name, at most a short role ("office manager"), then a phone number
_CONTACT_AFTER = re.compile(
    r"\s*[,:-]\s*(?:[a-z][a-z ]{1,30},\s*)?(?:(?:tel|phone|cell|mobile|mob)\.?:?\s*)?"
)
_WORK_AFTER = re.compile(r"\s+(?:album|song|track|movie|film)\b", re.IGNORECASE)
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
    """A name's slot refined by what it names: a relative's name ("my son, Elijah" -> son_name: another
    person than the user, whose own name it never replaces), the person a greeting addresses
    ("Welcome back, Marisol", "Thanks, Mr Chen": a lookup's read-back of the user), a title ("the
    song X", "X by Y", names in a sentence about movies, songs or events, not after at/in), a person
    ("send $50 to Emma", "songs from X"), else the cue slot. Venue-like names ("... Stadium", "...
    Hotel") keep theirs."""
    if c.type == "name" and (kin := _KIN_BEFORE.search(text[max(0, c.start - 40) : c.start])):
        return f"{KIN[kin.group('kin').lower()]}_name"
    if c.type == "name" and (owner := _NAME_OF_BEFORE.search(text[max(0, c.start - 40) : c.start])):
        return f"{owner.group(1).lower()}_name"  # "billing name Hale Ventures": the bill's, not a pick
    if c.type == "name" and _GREETED.search(text[max(0, c.start - 40) : c.start]):
        return "person"  # "Welcome back, Marisol": the person the turn speaks to, never a venue or a pick
    if c.type != "name" or slot == "airline" or _venue_ending(c.value):
        return slot
    contact = _CONTACT_AFTER.match(text, c.end)
    if contact and contact.end() in _contact_starts(text):
        return CONTACT_SLOT  # "Chloe Nguyen, 0433 555 219": whom to call, never a venue or a pick
    if slot == "person" and _WITH_BEFORE.search(text, max(0, c.start - 12), c.start):
        return WITH_SLOT  # "the Thursday 13:40 with Tomasz Nowak": who it is with, not whom it is for
    before = text[max(0, c.start - 64) : c.start]
    role = _ROLE_NAMED_BEFORE.search(before)
    noun = (role.group("role") or role.group("the_role")) if role else None
    role_slot = f"{noun}_name" if noun and noun not in VENUE_TYPES else None  # "Our solicitor, Ms Haddad"
    if slot == "person":
        return role_slot or slot
    if _TO_A_PERSON.search(before) or _ROLE_BEFORE.search(before) or _MAKER_AFTER.match(text, c.end):
        return "person"
    if role_slot:
        return role_slot
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
    r"(?:be|come|coming|get|getting|fly|flying|land(?:ing)?|head(?:ing)?|(?:bring|take)(?:ing)?\s+(?:it|them|the\s+\w+))"
    r"\s+back(?:\s+(?:in|to|into|at)\s+[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)?)?|"
    r"back\s+home|leaves?\s+back|(?<=[,;:]\s)back|"
    r"drop(?:ping|ped)?(?:\s+(?:it|the\s+car|the\s+vehicle))?\s+off|drop[\s-]?off(?:\s+date|\s+time)?|"
    r"check(?:ing)?[\s-]*out(?:\s+date)?|end(?:ing|s)?"
)
_END_TAIL = (
    r"(?:(?:\s+(?:for|of)\s+(?:the|my|this)\s+\w+)?(?:\s+(?:is|will\s+be|would\s+be|on|at|by|leaves|departs|the))+)?"
    r"\s+$"
)
_END_DATE_BEFORE = re.compile(
    rf"\b(?:{_END_CUES}|until|till|til|thru|leav(?:e|ing)\s+the\s+(?:hotel|house|room|apartment|place)){_END_TAIL}"
    # an occasion named before its date: "up until after Orthodox Christmas, January 7"
    r"|\b(?:until|till|til)\s+(?:after\s+)?(?:[\w'’]+\s+){0,2}[\w'’]+,\s*$",
    re.IGNORECASE,
)
# a time one arrives by is the end of a trip: "arrive by 21:00" never replaces "leave at 5:11"
_ARRIVAL_CUES = r"arriv(?:e|es|ing|al)(?:\s+time)?|get(?:ting)?\s+(?:there|in)|be\s+there|reach(?:ing)?\s+\w+"
_END_TIME_BEFORE = re.compile(rf"\b(?:{_END_CUES}|{_ARRIVAL_CUES}){_END_TAIL}", re.IGNORECASE)
_RANGE_GAP = re.compile(r"\s*(?:to|through|thru|until|till|-|–)\s*(?:the\s+)?", re.IGNORECASE)
_DATE_TIME_GAP = re.compile(r"[\s,]*(?:(?:instead|then|at|around|by|about)[\s,]*)*", re.IGNORECASE)
_TIME_RANGE_GAP = re.compile(r"\s*(?:to|until|till|-|–)\s*", re.IGNORECASE)
# a sentence whose topic is the way back, set off by a comma or colon ("Return, the 3rd at noon.",
# "One change to the return: he wants to leave Geneva at 13:00 on the 19th"): its dates and times
# are that leg's, whatever verb follows
_END_TOPIC = re.compile(
    r"(?:^|[.!?;]\s*|\b(?:to|for|on|about|with)\s+(?:the|my|our|his|her|their)\s+)"
    r"return(?:\s+(?:leg|flight|trip|journey))?\s*[:,]",
    re.IGNORECASE,
)
SENTENCE_END = re.compile(r"[.!?](?:\s|$)")
TOPIC_REACH = 120  # how far before a date or time its sentence's topic is looked for (characters)


# the user's own absence ("we're away 4 to 8 January", "on holiday from the 24th", "on a late shift
# tonight"): its dates are when they are gone or busy, never the day a thing is booked for
_AWAY_BEFORE = re.compile(
    r"\b(?<!go\s)(?<!going\s)(?<!get\s)"  # "go away on Friday" is a trip
    r"(?:away|out\s+of\s+(?:town|the\s+country)|on\s+(?:holiday|vacation)|abroad|not\s+(?:be\s+)?home|gone"
    r"|at\s+work|on\s+(?:an?\s+)?(?:late|early|night|day|double)?\s*shifts?)"
    r"(?:\s+(?:in|at|to)\s+[\w'’-]+(?:\s+[\w'’-]+)?)?"  # where: "away in Copenhagen from 4 to 15 January"
    r"\s+(?:(?:from|on|for|between)\s+)?(?:the\s+)?$",
    re.IGNORECASE,
)


def away_slots(text: str, kept: list[V.Candidate]) -> dict[int, str]:
    """Index -> away_date / away_end_date for the dates of the user's absence: the date right after
    "away", "on holiday", ... and the date a range word joins to it ("away 4 to 8 January")."""
    out: dict[int, str] = {}
    for i, c in enumerate(kept):
        if c.type != "date":
            continue
        if _AWAY_BEFORE.search(text, max(0, c.start - 48), c.start):
            out[i] = "away_date"
        elif i and out.get(i - 1) == "away_date" and _RANGE_GAP.fullmatch(text, kept[i - 1].end, c.start):
            out[i] = "away_end_date"
    return out


def _end_slots(text: str, kept: list[V.Candidate]) -> dict[int, str]:
    """Index -> end_date / end_time for dates and times that end a range: after until, return,
    drop off, check out, or the second of "March 3rd to March 5th"."""
    out: dict[int, str] = {}
    for i, c in enumerate(kept):
        if c.type not in ("date", "time"):
            continue
        end_slot = "end_date" if c.type == "date" else "end_time"
        cue = _END_DATE_BEFORE if c.type == "date" else _END_TIME_BEFORE
        if cue.search(text, max(0, c.start - 40), c.start) or _under_end_topic(text, c.start):
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


def _under_end_topic(text: str, at: int) -> bool:
    """True when the sentence holding text[at] opens on the way back as its topic (_END_TOPIC)."""
    topics = list(_END_TOPIC.finditer(text, max(0, at - TOPIC_REACH), at))
    return bool(topics) and not SENTENCE_END.search(text, topics[-1].end(), at)


_BIRTH_BEFORE = re.compile(
    r"\b(?:born(?:\s+on)?|d\.?o\.?b\.?|date\s+of\s+birth|birth\s*date|birthday)(?:\s+is)?[\s:,]*$", re.I
)


def _past_slot(text: str, c: V.Candidate, ref: datetime) -> str | None:
    """birth_date for a date after "born" / "DOB", past_date for one whose year is before last year
    ("Walter Brooks, 22 June 1946"): dates of the past, never the date the task is for; <event>_date
    for a date the sentence gives a thing of its own ("the exam is on December 14": exam_date)."""
    if c.type != "date":
        return None
    if _BIRTH_BEFORE.search(text, max(0, c.start - 24), c.start):
        return "birth_date"
    year = re.match(r"(\d{4})-", c.value)
    if year and int(year.group(1)) < ref.year - 1:
        return "past_date"
    if _DEADLINE_BEFORE.search(text, max(0, c.start - 24), c.start):
        return "deadline"  # "need them by the 18th": by when, not the day a thing happens
    event = _EVENT_BEFORE.search(text, max(0, c.start - 40), c.start)
    if event and event.group(1).lower() not in _NOT_EVENTS:
        return f"{event.group(1).lower()}_date"  # "the inspection is on December 21": the inspection's
    occasion = _OCCASION_BEFORE.search(text, max(0, c.start - 24), c.start)
    if occasion and occasion.group(1).lower() in OCCASION_NOUNS:
        return f"{occasion.group(1).lower()}_date"  # "half marathon, 28 feb": the race's
    return None


# the day a thing must be done by ("need them by the 18th", "no later than Friday", "Entries close on")
_DEADLINE_BEFORE = re.compile(r"\b(?:by|before|no\s+later\s+than|close[sd]?\s+on)\s+(?:the\s+)?$", re.I)
# "<event> is on <date>" ("the inspection", "the Kite Day"): a thing the sentence is about, not the task
_EVENT_BEFORE = re.compile(
    r"\b([a-z]{4,}|(?<=[a-z] )(?-i:Day))(?:\s+was\s+(?:on|for)|(?:\s+(?:is|are)|['’]s)(?:\s+(?:on|for))?)"
    r"\s+(?:the\s+)?$",
    re.IGNORECASE,
)
# "<occasion> on <date>", "<occasion>, <date>" (core.lang.en_lexicon.OCCASION_NOUNS)
_OCCASION_BEFORE = re.compile(r"\b([a-z]{3,})(?:\s+(?:on|is)|\s*,)?\s+(?:the\s+)?$", re.IGNORECASE)
# words that name no event of their own (the date the task is for, or a pronoun)
_NOT_EVENTS = frozenset(
    "that this which there what they when where date booking reservation appointment today tomorrow tonight "
    "time option slot choice preference availability plan best earliest latest".split()
) | frozenset(WEEKDAYS + MONTHS)  # "Friday is December 11": a day read out, no event
