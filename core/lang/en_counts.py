"""English counts: quantities with a count noun ("4 people", "two rooms", "5 nights", "table for 2",
"for 4", "rated 4.5") and the standalone numbers that are values ("just 2 please").

Split from core.lang.en_values (which holds the other value finders); ``core.lang.en_entities``
keeps the longest of overlapping candidates.
"""

from __future__ import annotations

import re
from dataclasses import replace

from core.lang.en_lexicon import COUNT_NOUNS, FUNCTION_WORDS, words
from core.lang.en_numbers import DIGITS_PATTERN, NUMBER_WORDS_PATTERN, format_number, to_number
from core.lang.en_phrases import phrase_key
from core.lang.en_values import PRIO, Candidate, term_table

_NUM = rf"(?:{DIGITS_PATTERN}|{NUMBER_WORDS_PATTERN})"
_RATING = re.compile(
    r"\b(?:rated|rating(?:\s+of)?|rating\s+is|average\s+rating\s+(?:of|is))\s+(?P<n>\d(?:\.\d)?)"
    r"|\b(?P<n2>\d\.\d)\s*(?:stars?|rating|/\s*5|out\s+of\s+5)\b",
    re.IGNORECASE,
)
_COUNT = "|".join(sorted((re.escape(n) for n in COUNT_NOUNS), key=len, reverse=True))
_QUANTITY = re.compile(
    rf"\b(?P<n>{_NUM}|a|an|single|couple\s+of)\s+(?:(?:more|extra|additional|separate|adult|child|"
    rf"consecutive|whole|full|total|free|different|single|double|twin|king|queen|star|hotel|standard|"
    rf"separate)\s+)?(?:-\s*)?(?P<noun>{_COUNT})\b"
    rf"|\b(?P<n3>{DIGITS_PATTERN}|{NUMBER_WORDS_PATTERN})-(?P<noun3>star|night|day|bedroom|room|person|seat)\b",
    re.IGNORECASE,
)
_COUNT_OVER_TERMS = re.compile(
    rf"\b(?P<n>{_NUM})\s+(?P<between>[A-Za-z-]+(?:\s+[A-Za-z-]+)?)\s+(?P<noun>{_COUNT})\b", re.IGNORECASE
)
_PEOPLE_CUE = re.compile(
    rf"\b(?:table|reservation|booking|room|tickets?|seats?|ride|car|cab|taxi|party|group)\s+(?:for|of)\s+"
    rf"(?P<n>{_NUM})\b(?!\s*(?:[:.]\d|am\b|pm\b|o['\"’]?clock|%|nights?|days?|hours?|minutes?|weeks?|"
    rf"stars?|rooms?|dollars?|bucks))"
    rf"|\b(?P<n4>{_NUM})\s+(?:people\s+|persons\s+|guests\s+|of\s+us\s+)?in\s+(?:my|our|the|your|their)\s+(?:party|group)\b"
    # "we're a family of five", "a household of 3": the household is the head count, said whole
    rf"|\b(?:family|household)\s+of\s+(?P<n5>{_NUM})\b"
    # "so we are three.", "we'll be six now": the party said as what "we" are, the number ending the clause
    rf"|\bwe(?:'re|\s+are|'ll\s+be|\s+will\s+be)\s+(?:now\s+|only\s+|just\s+)?(?P<n6>{_NUM})"
    rf"(?:\s+(?:now|then|in\s+total|altogether))?\s*(?=[.,!?;]|$)"
    rf"|\bfor\s+(?:just\s+|only\s+)?(?P<n2>{_NUM})(?:\s+(?:please|people|persons?|guests?|of\s+us))?\s*(?=[.,!?;]|$|"
    rf"\s+(?:at|on|please|and|this|next|tomorrow|today|starting|from|people|persons?|guests?)\b)",
    re.IGNORECASE,
)
# a number inside a hyphened compound ("7-a-side", "3-in-1", "2-for-1") names a kind of thing, no count
_IN_COMPOUND = r"-(?:a|an|in|for|on|by|of)-\w"
_BARE_NUMBER = re.compile(
    rf"(?<![\w.,:/$£€-])(?P<n>{DIGITS_PATTERN})(?![\w:/]|[.,]\d|{_IN_COMPOUND})"
    rf"|\b(?P<w>{NUMBER_WORDS_PATTERN})(?!{_IN_COMPOUND})",
    re.IGNORECASE,
)


def quantities(text: str) -> list[Candidate]:
    """'4 people', 'two rooms', '5 nights', 'table for 2', 'for 4' (people), 'rated 4.5'."""
    out = []
    for m in _QUANTITY.finditer(text):
        n_txt = (m.group("n") or m.group("n3")).lower()
        noun = (m.group("noun") or m.group("noun3")).lower()
        if n_txt in ("a", "an") and COUNT_NOUNS.get(noun) != "duration":
            continue  # "a table", "a room", "a star": an article, not a count
        n = 1.0 if n_txt in ("a", "an", "single") else 2.0 if n_txt.startswith("couple") else to_number(n_txt)
        if n is None:
            continue
        slot = COUNT_NOUNS.get(noun, "count")
        if slot == "count" and _RESULT_COUNT_BEFORE.search(text, 0, m.start()):
            continue  # "I found 4 cars", "there are 10 songs": a count of results
        canon = noun if noun != "of us" else "people"
        if slot == "people" and noun not in ("ticket", "tickets", "seat", "seats"):
            canon = "people"
        if re.match(r"\s+old\b", text[m.end() :]):
            continue  # "nine years old": an age
        if n == 1 and _MEMBER_PREDICATE.match(text, m.end()):
            continue  # "one of us is vegetarian", "one room must have twin beds": one member, no count
        kind = "duration" if slot == "duration" else "quantity"
        out.append(Candidate(m.start(), m.end(), kind, f"{format_number(n)} {canon}", slot, PRIO["quantity"]))
    table, _ = term_table()
    for m in _COUNT_OVER_TERMS.finditer(text):  # "4 Economy tickets", "2 economy class seats"
        between = phrase_key(m.group("between"))
        noun_slot = COUNT_NOUNS.get(m.group("noun").lower(), "count")
        n = to_number(m.group("n"))
        if n is not None and between in table and noun_slot != "duration":
            out.append(
                Candidate(m.start("n"), m.end("n"), "number", format_number(n), noun_slot, PRIO["quantity"])
            )
    for m in _PEOPLE_CUE.finditer(text):
        grp = next(g for g in ("n", "n2", "n4", "n5", "n6") if m.group(g))
        n = to_number(m.group(grp))
        if n is None or n > 100:
            continue
        if grp in ("n4", "n5"):  # "six in my party", "a family of five": the whole phrase is the quantity
            out.append(
                Candidate(
                    m.start(), m.end(), "quantity", f"{format_number(n)} people", "people", PRIO["quantity"]
                )
            )
            continue
        out.append(
            Candidate(m.start(grp), m.end(grp), "number", format_number(n), "people", PRIO["quantity"])
        )
    for m in _RATING.finditer(text):
        grp = "n" if m.group("n") else "n2"
        # "a star rating of 1" rates in stars: the stars attribute, as "1 star" would be
        slot = "stars" if _STAR_BEFORE.search(text, 0, m.start()) else "rating"
        out.append(Candidate(m.start(grp), m.end(grp), "rating", m.group(grp), slot, PRIO["rating"]))
    for m in _STARS_OF.finditer(text):  # "a hotel with a star of 0", "stars of 4"
        out.append(Candidate(m.start("n"), m.end("n"), "rating", m.group("n"), "stars", PRIO["rating"]))
    return out


# the word right before a rating phrase that says what the rating counts ("star rating of 1")
_STAR_BEFORE = re.compile(r"\bstars?[\s-]+$", re.IGNORECASE)
_STARS_OF = re.compile(r"\bstars?\s+(?:of|is|=)\s+(?P<n>\d(?:\.\d)?)(?![\d.:])", re.IGNORECASE)


# A count of one that a predicate follows is one member the clause says something of, not a count.
_MEMBER_PREDICATE = re.compile(
    r"\s+(?:is|isn't|are|was|must|has|have|needs?|should|can(?:'t|not)?|will|won't|does(?:n't)?|gets?|"
    r"wants?|prefers?|likes?|eats?|drinks?)\b",
    re.IGNORECASE,
)
# A number before these words measures something else ("26 percent", "80 degrees", "1 of 10").
_NOT_A_COUNT_AFTER = re.compile(
    r"\s*(?:%|percent|per\s*cent|degrees?|°|of\s+(?:them|those|these|the|\d|\w+\s+options))",
    re.IGNORECASE,
)
# a number after the noun it labels is a name, not a count: "flat 5", "news item 6", "gate 12", "room 305",
# "size 51"
_LABEL_NOUNS = (
    r"\b(?:size|item|flat|apt|apartment|unit|room|gate|platform|table|seat|row|floor|level|suite|block|"
    r"building|stop|terminal|exit|door|desk|locker|lane|bay|pier|berth|booth|stand|hall|court|pitch|"
    r"lot|box|no\.?|number|#)"
)
_LABEL_BEFORE = re.compile(rf"{_LABEL_NOUNS}\s*$", re.IGNORECASE)
_LABELLED = re.compile(rf"{_LABEL_NOUNS}\s*\d+[a-z]?\b", re.IGNORECASE)


def labelled_numbers(text: str) -> list[Candidate]:
    """A noun and the number that labels it ("flat 5", "gate 12", "room 305"): one identifier of a
    thing, typed an id (a later "flat 3" for it replaces it as an id does)."""
    found = _LABELLED.finditer(text)
    return [Candidate(m.start(), m.end(), "id", m.group(0).lower(), None, PRIO["id"]) for m in found]


# A number after these words counts results the speaker found ("I found 10", "there are 33").
_RESULT_COUNT_BEFORE = re.compile(
    r"\b(?:found|find|have|has|had|got|see|showing|show|returned|revealed|are|were|there'?s|total\s+of|"
    r"about|around|approximately|all|only|listings?\s+for|results?|options?|out\s+of)\s+$",
    re.IGNORECASE,
)
# a model's name right before a number: a capitalized word, then a word in capitals ("ISM PN 3.0") or with
# a digit inside ("Cervelo P3 51"); one word alone ("UK 10") is no model
_MODEL_BEFORE = re.compile(r"\b[A-Z][\w-]*\s+(?:[A-Z]{2,}|[A-Z]\w*\d\w*)\s+$")
# Words after a number that keep it a value ("2 please", "4 together", "3 and ...").
_VALUE_FOLLOWERS = frozenset(
    words("please together thanks thank and or instead then too now total in on at for tops max")
)
_WORD_AFTER = re.compile(r"\s+([A-Za-z][A-Za-z'’-]*)")


def _is_bare_count(text: str, start: int, end: int, surface: str) -> bool:
    """Whether a standalone number is a value the speaker gives ("just 2 please", "I'm travelling
    with 4") rather than a pronoun ("that one"), a count of results ("I found 10 hotels", "I have
    two."), a measure ("26 percent"), a year ("2016") or a piece of a phone number or zip code."""
    low = surface.lower()
    if low == "one":
        return False  # "one" without a unit is a pronoun ("book me one", "the cheaper one")
    before = text[max(0, start - 24) : start]
    after = text[end:]
    if re.search(r"\d[\s,/-]*$", before) or re.match(r"[\s/-]*\d", after):
        return False  # a part of "1 40 51 38 38", "9042/1044", "CA 92037"
    if re.fullmatch(r"(?:19|20)\d\d|\d{5,}", surface) or before.endswith("'"):
        return False  # a year ("from 2016", "'14") or a zip code, not a count
    if _NOT_A_COUNT_AFTER.match(after) or _RESULT_COUNT_BEFORE.search(before) or _LABEL_BEFORE.search(before):
        return False
    if _MODEL_BEFORE.search(before):
        return False  # "ISM PN 3.0", "Cervelo P3": the number of a model's name, not a count
    m = _WORD_AFTER.match(after)
    return m is None or m.group(1).lower() in _VALUE_FOLLOWERS


def numbers(text: str) -> list[Candidate]:
    """Remaining standalone numbers that are values ('just 2 please'); see :func:`_is_bare_count`
    for the pronouns, result counts, measures, years and phone pieces left out."""
    out = []
    for m in _BARE_NUMBER.finditer(text):
        grp = "n" if m.group("n") else "w"
        surface = m.group(grp)
        if not _is_bare_count(text, m.start(grp), m.end(grp), surface):
            continue
        n = to_number(surface)
        if n is None:
            continue
        slot = _counted_noun_slot(text)
        out.append(Candidate(m.start(grp), m.end(grp), "number", format_number(n), slot, PRIO["number"]))
    return out


_NOUN_WITHOUT_NUMBER = re.compile(rf"\b(?P<noun>{_COUNT})\b", re.IGNORECASE)
_NUMBER_BEFORE = re.compile(rf"(?:{_NUM}|a|an)(?:\s+[A-Za-z-]+){{0,2}}\s+$", re.IGNORECASE)


def _counted_noun_slot(text: str) -> str | None:
    """The slot of what a bare number counts when the turn names it without a number: "Please buy
    tickets to that event. I will need 4." -> people (like "4 tickets"), so both land on one key."""
    slots = {
        COUNT_NOUNS[m.group("noun").lower()]
        for m in _NOUN_WITHOUT_NUMBER.finditer(text)
        if not _NUMBER_BEFORE.search(text, max(0, m.start() - 30), m.start())
    }
    slots.discard("duration")
    slots.discard("amount")
    slots.discard("other")
    return slots.pop() if len(slots) == 1 else None


# what a count is per, right after it ("per court", "a table", "each guest")
_PER_THING = re.compile(r"\s+(?:per|a|an|each)\s+(?P<thing>[a-z]{3,})\b", re.IGNORECASE)
# words after "a" that count nothing ("a lot", "a little", "a bit")
_NOT_A_THING = frozenset(("lot", "little", "bit", "few", "couple", "total", "piece", "while"))


def with_rates(text: str, cands: list[Candidate]) -> list[Candidate]:
    """The quantities of cands widened over what they count per ("4 cans per court", "3 cans a
    court"): one value, as said; a count read without it replaced the other count's fact."""
    out = []
    for i, c in enumerate(cands):
        m = _PER_THING.match(text, c.end) if c.type == "quantity" else None
        nxt = cands[i + 1].start if i + 1 < len(cands) else len(text)
        thing = m.group("thing").lower() if m else ""
        if m is None or m.end() > nxt or thing in FUNCTION_WORDS or thing in _NOT_A_THING:
            out.append(c)
            continue
        value = f"{c.value} {' '.join(m.group(0).split()).lower()}"
        out.append(replace(c, end=m.end(), value=value))
    return out
