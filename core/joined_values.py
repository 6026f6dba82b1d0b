"""Two named values the user joined into one: a person or thing at a place ("Dr. Alvarez at Mercy
Hospital", "王医生在协和医院"), a street address and its town ("12 Kestrel Avenue, Marrickville"),
and numbers with the noun that labels them ("boxes 2 and 5": which boxes; shown as "count=2, 5"
they read as how many), two times that make one span ("1pm to 3:30pm", "上午9点到11点": apart, a
start and a time that ends nothing), and a day of the month the parser could not type followed by
the time of that day ("14号下午2点": apart, the day no longer says when). Each value may be shown
on its own (two name facts, one of them read as another slot) while what joins them is lost: a
doctor and a hospital apart no longer say who is where. The coverage guarantee (core.coverage)
keeps such a phrase in the user's words when the context does not show it.
"""

from __future__ import annotations

import re
from itertools import pairwise

from core.attribute_evidence import DAY_SHAPE, value_shape
from core.lang.cues import any_language
from core.models import Atom, Entity
from core.shown import WEAK_TYPES

NAMED_TYPES = frozenset({"name", "place"})
_POSTCODE = re.compile(r"\s+[A-Z]{0,2}\d{4,6}\b")  # a postcode after the town ("95819", "2000")


def joined_phrases(atom: Atom) -> list[str]:
    """The phrases of a clause that join two of its values ("Dr. Alvarez at Mercy Hospital",
    "一份薄脆一份油条"), as written."""
    ents = sorted((e for e in atom.entities if 0 <= e.start < e.end), key=lambda e: e.start)
    return [
        atom.text[first.start : _with_postcode(atom.text, second) if first.type == "address" else second.end]
        for first, second in pairwise(ents)
        if first.end <= second.start and _joined(first, second, atom.text[first.end : second.start])
    ]


def _with_postcode(text: str, town: Entity) -> int:
    """Where an address's town ends, with the postcode written right after it ("Sacramento 95819")."""
    m = _POSTCODE.match(text, town.end)
    return m.end() if m else town.end


def _joined(first: Entity, second: Entity, gap: str) -> bool:
    """True when two values next to each other say one thing: a name at a place, a street and its
    town (apart, "name=Marrickville" no longer says where the street is), two counts
    written as one run ("一份薄脆一份油条": one of each, split over the order), or an untyped day of
    the month and the time of that day written as one run ("9号上午10点")."""
    if first.type == "name" and second.type == "time" and gap.strip() == "":
        return value_shape(first.text) == DAY_SHAPE
    if first.type == "address" and second.type in NAMED_TYPES:
        return gap.strip() in ("", ",", "\uff0c")  # a street and its town ("38 Waratah Crescent, Bayside")
    if first.type in NAMED_TYPES and second.type in NAMED_TYPES:
        return any_language().places_at(gap)
    if first.type == second.type == "time":
        return any_language().ranges_to(gap)  # "1pm to 3:30pm": apart, two times say no span
    return first.type == second.type == "quantity" and gap == ""


def unshown_joined(atom: Atom, low: str) -> list[str]:
    """The joined phrases of a clause (a name at a place, a noun and the numbers it labels: "boxes 2
    and 5") that the context low (lowercased) does not show, whitespace aside: what the clause says
    beyond its values apart."""
    flat = " ".join(low.split())
    phrases = joined_phrases(atom) + any_language().labelled_numbers(atom.text)
    return [p for p in phrases if " ".join(p.lower().split()) not in flat]


MAX_RUN_WORDS = 6  # an answer's run of values longer than this is a sentence, not one value


def unshown_answer_run(atom: Atom, low: str) -> list[str]:
    """The run from the first to the last value of a brief answer ("180 days to glacier", the
    answer to "Lifecycle rule?") when the context low shows its values only apart ("days=180 days|
    destination=glacier"): what the answer says is the values together, the rule they make."""
    ents = sorted(
        (e for e in atom.entities if 0 <= e.start < e.end and e.type not in WEAK_TYPES), key=lambda e: e.start
    )
    if len(ents) < 2:
        return []
    run = atom.text[ents[0].start : ents[-1].end]
    if len(run.split()) > MAX_RUN_WORDS or " ".join(run.lower().split()) in " ".join(low.split()):
        return []
    return [run]
