"""Slots that say whose value a date, time or measure is, when its sentence says so: a holder's, by a
possessive pronoun that opens the sentence ("Mine 50 ml is enough" -> mine_ml), or a service leg's
("Collection Sunday." -> collection_date), never the value of the thing the task is about."""

from __future__ import annotations

import re

from core.lang import en_values as V
from core.lang.en_discourse import is_correction
from core.lang.en_lexicon import (
    ASKED_ACT_VERBS,
    LEG_NOUNS,
    LEG_PHRASES,
    LEG_VERBS,
    OCCASION_NOUNS,
    OWN_ACT_VERBS,
    TRIP_VERBS,
)
from core.lang.en_slot_hints import SENTENCE_END, TOPIC_REACH

# a value set for one holder by a possessive pronoun that opens its sentence ("Only for him. Mine 50
# ml is enough.", "His is 100 ml"): that holder's value, beside the others' of the same measure
_HOLDER_OPEN = re.compile(
    r"(?:^|[.!?;]\s+|,\s*(?:and|but)\s+)(mine|his|hers|ours|theirs|yours)"
    r"(?:\s*:|\s+(?:is|are|should\s+be|will\s+be|can\s+be|stays?))?\s+$",
    re.IGNORECASE,
)
# a sentence or a clause after a comma and its connective that opens on the leg of a service, its day
# or hour right after ("Collection Sunday.", "..., so setup at 1pm please")
_LEG_OPENS = re.compile(
    r"(?:^|[.!?;]\s+|,\s*(?:so|and|then|but)\s+)([a-z][a-z-]{3,})(?:\s+(?:on|at|is|will\s+be))?\s*:?\s+$",
    re.IGNORECASE,
)
# a leg's verb close before the day or hour it is done on ("collect it on Sunday", "deliver them the
# 18th"; not "collected": a leg that was)
_PHRASES = "|".join(f"({p})" for p in LEG_PHRASES)
_LEG_VERB = re.compile(
    rf"\b(?:({'|'.join(LEG_VERBS)})(?:e|s|es|ing|ion|y|al|ation)?|{_PHRASES})\b", re.IGNORECASE
)
_PHRASE_LEGS = tuple(LEG_PHRASES.values())  # the leg of each phrase group after the stem group
_LEG_VERB_GAP = re.compile(r"(?:\s+(?:it|them|the\s+\w+))?(?:\s+(?:on|at|by))?(?:\s+the)?\s+$", re.IGNORECASE)


def leg_slot(text: str, c: V.Candidate) -> str | None:
    """<leg>_date / <leg>_time for a date or time of a service leg (LEG_NOUNS, LEG_VERBS) rather than
    of the event the service is for: right after the leg its sentence opens on ("Collection Sunday." ->
    collection_date, "Delivery 14:00-16:00." -> delivery_time; or a clause, "so setup at 1pm"), right
    after a leg's verb ("collect it on Sunday"), or anywhere after one in a correction's sentence
    ("Rather than collecting the day after the wedding, make it Monday")."""
    if c.type not in ("date", "time"):
        return None
    hit = _LEG_OPENS.search(text, max(0, c.start - 32), c.start)
    if hit and (noun := hit.group(1).lower()) in LEG_NOUNS:
        return f"{noun.replace('-', '')}_{c.type}"
    begin = max(0, c.start - TOPIC_REACH)
    ends = list(SENTENCE_END.finditer(text, begin, c.start))
    verbs = list(_LEG_VERB.finditer(text, ends[-1].end() if ends else begin, c.start))
    if not verbs:
        return None
    if not _LEG_VERB_GAP.fullmatch(text, verbs[-1].end(), c.start) and not is_correction(text):
        return None
    verb = verbs[-1]  # group 1 is a stem's, group 2 + i the phrase i's (one alternative matches)
    leg = LEG_VERBS[verb.group(1).lower()] if verb.lastindex == 1 else _PHRASE_LEGS[(verb.lastindex or 2) - 2]
    return f"{leg}_{c.type}"


def holder_slot(text: str, c: V.Candidate, slot: str | None) -> str | None:
    """<holder>_<slot> for a value right after a possessive pronoun that opens its sentence
    (_HOLDER_OPEN: "Mine 50 ml" -> mine_ml); None otherwise, and for names."""
    if c.type in ("name", "place"):
        return None
    hit = _HOLDER_OPEN.search(text, max(0, c.start - 40), c.start)
    return f"{hit.group(1).lower()}_{slot or c.type}" if hit else None


# the day a thing falls due or runs out, right before the date ("the certificate runs out on 2 January",
# "expires on the 9th", "I'm due on 20 February", "due date: 3 March")
_DUE_BEFORE = re.compile(
    r"\b(?:runs?\s+out|ran\s+out|expir(?:es|ed|ing|y(?:\s+date)?)|lapses|due(?:\s+date)?)"
    r"(?:\s+(?:is|was|will\s+be))?(?:\s+(?:on|in))?[\s:]+(?:the\s+)?$",
    re.IGNORECASE,
)

# the user's own part in an occasion, right before its date ("I'm a bridesmaid on the 2nd of January",
# "we're the hosts on Saturday"): that occasion's day, never the day of the task
_OWN_PART_BEFORE = re.compile(
    r"\b(?:i['’]m|i\s+am|we['’]re|we\s+are)\s+(?:a|an|the)\s+([a-z]{4,})\s+(?:on|at)\s+(?:the\s+)?$",
    re.IGNORECASE,
)

# the speaker's own coming act right before its day, a few words between ("I'll pay it tonight", "we'll
# send the forms on Monday", "The deposit I pay Thursday"; OWN_ACT_VERBS), or opening its sentence with
# no subject ("Apply this week, yes.")
_OWN_ACT_BEFORE = re.compile(
    rf"(?:\b(?:i|we)(?:['’]ll|\s+will|\s+can|\s+shall)?\s+|(?:^|(?<=[.!?;])\s+))({'|'.join(OWN_ACT_VERBS)})\b"
    r"(?:\s+[\w'’]+){0,3}?\s+(?:on\s+|by\s+)?(?:the\s+)?$",
    re.IGNORECASE,
)

# the assistant's own coming act the user asks for, right before its day ("Could you send it tomorrow
# morning instead", "please text me Friday", "can you ring us back on Monday", "Could she call me
# tomorrow"): when it (or a colleague of it) sends or
# calls, never the day of the task ("call me a cab tomorrow" asks for the task)
_ASKED_ACT_BEFORE = re.compile(
    r"(?:\b(?:(?:could|can|would|will)\s+(?:you|u|she|he|someone)|please)\s+(?:please\s+)?|"
    r"(?:^|[.!?;]\s+|,\s*(?:and|so|then)\s+))"
    rf"({'|'.join(ASKED_ACT_VERBS)})\b"
    r"(?:\s+(?:it|me|us|them|him|her|that|this|back|over|through|the\s+(?:link|invoice|quote|details|"
    r"form|code|receipt|confirmation|reminder|contract|payment\s+link)))*\s+(?:on\s+|at\s+)?(?:the\s+)?$",
    re.IGNORECASE,
)

# another person's arrival right before its day ("He lands 20th December", "Nanay arrives January 5",
# "my sister gets in on the 3rd"): when they come, never the day of the task
_ARRIVES_BEFORE = re.compile(
    r"\b(?:he|she|they|(?:my|our|his|her|their)\s+[a-z]+|(?-i:[A-Z][a-z]+))\s+(?:lands|arrives|gets\s+in|"
    r"flies\s+in|comes\s+(?:in|back|home)|is\s+back)\s+(?:on\s+)?(?:the\s+)?$",
    re.IGNORECASE,
)
# the speaker's own engagement right before its day ("I have an appointment with Dr Maxwell on Monday",
# "we've got a christening on the 3rd"): that engagement's day, never the day of the task
_OWN_ENGAGEMENT_BEFORE = re.compile(
    r"\b(?:i|we)\s+(?:have|['’]ve\s+got|have\s+got|got)\s+(?:a|an|my|our)\s+([a-z]{4,})"
    r"(?:\s+with\s+[\w.'’ -]{1,30}?)?\s+(?:on|at)\s+(?:the\s+)?$",
    re.IGNORECASE,
)

# the speaker's own trip or move, settled, right before its day ("we fly on 19 December", "We fly out
# March 12", "we're moving in on 1 March"; TRIP_VERBS): when they go, never the day of the task. A trip
# still wanted or asked about ("I want to fly on the 3rd", "How early can we leave on the 29th?") is the
# task's own day.
_OWN_TRIP_BEFORE = re.compile(
    rf"(?<!can\s)(?<!could\s)(?<!should\s)(?<!shall\s)(?<!will\s)(?<!would\s)(?<!do\s)(?<!may\s)"
    rf"\b(?:i|we|they)(?:['’]re|\s+are|['’]m|\s+am)?\s+({'|'.join(TRIP_VERBS)})"
    r"(?:\s+(?:out|in|off|back|home|over|away))?(?:\s+on)?\s+(?:the\s+)?$",
    re.IGNORECASE,
)
# an occasion set beside its day by "that is" ("before his 89th birthday, that is 14 August") or a
# birthday said by its ordinal alone ("it's for her 70th, 21 March"): the occasion's day, not the task's
_OCCASION_APPOSED = re.compile(
    rf"\b(?:({'|'.join(sorted(OCCASION_NOUNS))})\s*,\s*(?:that\s+is|which\s+is|i\.e\.,?)|"
    r"(?:his|her|their|my|our|your)\s+\d{1,3}(?:st|nd|rd|th)(?:\s+birthday)?(?:\s*,|\s+on|\s+is))"
    r"\s+(?:on\s+)?(?:the\s+)?$",
    re.IGNORECASE,
)

# dates the words right before them give to something other than the task: the pattern, how far back
# it is looked for (characters), the slot it gives
_DATE_OWNERS = (
    (_DUE_BEFORE, 32, lambda m: "due_date"),
    (_OWN_PART_BEFORE, 40, lambda m: f"{m.group(1).lower()}_date"),
    (_OWN_ACT_BEFORE, 48, lambda m: f"{OWN_ACT_VERBS[m.group(1).lower()]}_date"),
    (_ASKED_ACT_BEFORE, 64, lambda m: f"{ASKED_ACT_VERBS[m.group(1).lower()]}_date"),
    (_ARRIVES_BEFORE, 48, lambda m: "arrival_date"),
    (_OWN_ENGAGEMENT_BEFORE, 64, lambda m: f"{m.group(1).lower()}_date"),
    (_OWN_TRIP_BEFORE, 40, lambda m: f"{TRIP_VERBS[m.group(1).lower()]}_date"),
    (_OCCASION_APPOSED, 48, lambda m: f"{(m.group(1) or 'birthday').lower()}_date"),
)


def date_owner_slot(text: str, c: V.Candidate) -> str | None:
    """The slot of a date whose words before it say it is another thing's day: due_date for a day a
    thing falls due or runs out (_DUE_BEFORE: the certificate's, the baby's), <part>_date after the
    speaker's part in an occasion (_OWN_PART_BEFORE), <act>_date after the speaker's own coming act
    (_OWN_ACT_BEFORE: when they pay or send) or the assistant's the user asks for (_ASKED_ACT_BEFORE),
    arrival_date for another person's arrival (_ARRIVES_BEFORE), <engagement>_date for the speaker's own
    engagement (_OWN_ENGAGEMENT_BEFORE: an appointment), <trip>_date for the speaker's own settled trip
    or move (_OWN_TRIP_BEFORE), <occasion>_date for an occasion set beside it (_OCCASION_APPOSED); never
    the day of the task. None for any other."""
    if c.type != "date":
        return None
    for pattern, reach, slot in _DATE_OWNERS:
        if hit := pattern.search(text, max(0, c.start - reach), c.start):
            return slot(hit)
    return None
