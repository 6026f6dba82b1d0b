"""An address given as one line ("5F, 88 Century Avenue, Pudong", "Orbit Labs, 3rd floor, 140 Harbour
St"): a clause that is only a street address and its comma-separated neighbours (a building or
company name, a floor, a unit, a district) is one address value, not a name and an address apart;
cut into parts, the floor and the unit are lost and the parts no longer say where to go."""

from __future__ import annotations

import re

from core.lang.en_values import Candidate

MAX_PARTS = 5  # a longer comma list is an enumeration, not an address line
MAX_PART_WORDS = 5  # a longer part is a sentence ("we moved last week")
# a floor, a unit, a building, a room ("5F", "3rd floor", "Unit 14", "Building 3", "Ward 6 storeroom")
_UNIT = re.compile(
    r"(?:\d+(?:st|nd|rd|th)?\s*(?:f|fl\.?|floor)"
    r"|(?:floor|fl\.?|level|unit|suite|ste\.?|apt\.?|apartment|room|rm\.?|building|bldg\.?|block|blk\.?|"
    r"ward|flat|tower|gate|dock|plot|sector|lot|house|phase)\s*#?\s*[0-9a-z]{1,4}(?:\s+[a-z]+)?"
    r"|#\s*\d+[a-z]?(?:-\d+[a-z]?)?)",
    re.IGNORECASE,
)
# a part that is units only, one or several ("Block 4 Lot 12"); two units in a line say it is an address
# with no street in it ("Plot 77, Sector 5, Malviya Nagar")
_UNITS = re.compile(rf"(?:{_UNIT.pattern})(?:\s+(?:{_UNIT.pattern}))*", re.IGNORECASE)
_LEAST_UNITS = 2
_UNIT_WORD = re.compile(
    r"\b(?:floor|fl|level|unit|suite|ste|apt|apartment|room|rm|building|bldg|block|blk|ward|flat|tower|gate|dock"
    r"|plot|sector|lot|house|phase)\b|#",
    re.IGNORECASE,
)
# a town or district ending in its postal code: a UK postcode ("Leeds LS11 8PA"), a US state and
# ZIP code ("Dallas TX 75201") or an Australian state and postcode ("Ballarat VIC 3350"); the code
# says the line is an address even with no street number in it
_POSTAL_PART = re.compile(
    r"(?:[A-Za-z][\w'’.-]*\s+){0,3}"
    r"(?:[A-Z]{1,2}\d{1,2}[A-Z]?\s?\d[A-Z]{2}|[A-Z]{2}\s+\d{5}(?:-\d{4})?|[A-Z]{2,3}\s+\d{4})"
)
# the clause's words before a colon that the address line follows ("post to her in Ballarat: 14 ...")
_LEAD_COLON = re.compile(r"^[^:]{1,80}:\s*")
# the words before a comma that name where the line leads ("Delivery to our warehouse, Unit 7, ...",
# "Send it to my office, 3rd floor, ...")
_LEAD_TO_PLACE = re.compile(
    r"^[^,:]{0,60}\bto\s+(?:our|my|the|his|her|their)\s+\w+(?:\s+\w+)?\s*,\s*", re.IGNORECASE
)
# the words that say the rest of the clause is an address ("Our address is", "Site address:")
_ADDRESS_SAID = re.compile(
    r"(?:(?:our|my|the|his|her|their|your|new|site|delivery|billing|shipping|home|office)\s+)*"
    r"address\s*(?:is\s*:?|:)\s*",
    re.IGNORECASE,
)
_PARTS_OF = frozenset({"address", "name", "place", "number"})  # the kinds of value a part may be


def address_line(text: str, kept: list[Candidate]) -> list[Candidate]:
    """kept (resolved candidates, in text order) with the values of an address line replaced by one
    address spanning the line, when the whole clause is such a line: every comma part is a value of
    _PARTS_OF or a floor or unit or a town with its postal code, and one is a street address or ends
    in a postal code. Otherwise kept unchanged."""
    body = text.strip().rstrip(".")
    lead = len(text) - len(text.lstrip())
    cue = _ADDRESS_SAID.match(body) or _LEAD_COLON.match(body) or _LEAD_TO_PLACE.match(body)
    if cue is not None:
        # "Our address is Unit 4, ...", "post to her in Ballarat: 14 Lydiard Street North, ...": the
        # line after the words that announce it
        body, lead = body[cue.end() :], lead + cue.end()
    spans, pos = [], lead
    for part in body.split(","):
        start = pos + len(part) - len(part.lstrip())
        spans.append((start, start + len(part.strip())))
        pos += len(part) + 1
    if not 2 <= len(spans) <= MAX_PARTS or any(e <= s for s, e in spans):
        return kept
    postal = {(s, e) for s, e in spans if _POSTAL_PART.fullmatch(text[s:e])}
    ends = {e for _, e in spans} | {e for _, e in postal}
    units = sum(len(_UNIT_WORD.findall(text[s:e])) for s, e in spans if _UNITS.fullmatch(text[s:e]))
    if not postal and not any(c.type == "address" for c in kept) and units < _LEAST_UNITS:
        return kept
    if _addressee(kept, *spans[0]):
        spans = spans[1:]  # "Mr. Tan Wei Ming, 10 Anson Road, ...": who receives it, not where
    for start, end in spans:
        part = text[start:end]
        if len(part.split()) > MAX_PART_WORDS:
            return kept
        run_over = any(c.type == "address" and c.start < start and c.end >= end for c in kept)
        if _UNITS.fullmatch(part) or run_over or (start, end) in postal:
            continue  # a unit, a town and its postcode, a part the street address runs over (", #22-05")
        inside = [c for c in kept if c.start < end and c.end > start]
        if not inside or any(
            c.type not in _PARTS_OF or c.start < start or not _ends_in(c, end, ends, postal) for c in inside
        ):
            return kept
        whole = (inside[0].start, min(inside[-1].end, end)) == (start, end)
        if not any(c.type == "address" for c in inside) and not whole:
            return kept  # a part with words beside its name ("Ship it to my office") is a sentence
    if len(spans) < 2:
        return kept
    first, last = spans[0][0], spans[-1][1]
    # the line starts at the first part's value, not at the words before it ("Deliver to 5 King St, ...")
    if not _UNITS.fullmatch(text[first : spans[0][1]]):
        first = min((c.start for c in kept if first <= c.start < spans[0][1]), default=first)
    surface = " ".join(text[first:last].split())
    line = Candidate(first, last, "address", surface, "address", max(c.priority for c in kept))
    return sorted([c for c in kept if c.end <= first or c.start >= last] + [line], key=lambda c: c.start)


def _ends_in(cand: Candidate, end: int, ends: set[int], postal: set[tuple[int, int]]) -> bool:
    """True when cand ends within its part, or (a street address that took the unit after it:
    "10 Anson Road, #22-05") at the end of a later part, or (a town read with its state: "Dripping
    Springs, TX" of "..., Dripping Springs, TX 78620") inside a town-and-postcode part."""
    in_postal = any(s < cand.end <= e for s, e in postal)
    return cand.end <= end or (cand.type == "address" and cand.end in ends) or in_postal


def _addressee(kept: list[Candidate], start: int, end: int) -> bool:
    """True when the first part of the line is only a person's name (the recipient): the address
    line starts after it, and the name stays a value of its own."""
    inside = [c for c in kept if c.start < end and c.end > start]
    return len(inside) == 1 and inside[0].slot == "person" and start <= inside[0].start < inside[0].end <= end
