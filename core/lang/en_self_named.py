"""A business naming itself in English: "Hi! Yes, Red Scissors Studio on Tyler Street runs papercutting
workshops", "Yes, Windborne Kite Co runs kite-making sessions". In the reply to the user's opening
turn (core.own_venue), a name that opens its sentence after a yes and ends in a venue-type word
(studio, clinic, co) is the venue the user deals with, not an option offered.
"""

from __future__ import annotations

import re

from core.lang.en_name_words import BUSINESS_FORMS, VENUE_SINGLE
from core.lang.en_slot_hints import SENTENCE_END

# a yes that opens the sentence the business names itself in ("Hi! Yes, Red Scissors Studio ..."): the
# answer to the user's "is this the ... place?", "you do ...?"; a name opening a sentence of its own
# ("Trinity College is located in the centre") is an option offered, not the one answering
_YES_LEAD = re.compile(
    r"^\W*(?:yes|yeah|yep|yup|sure|of\s+course|absolutely|certainly|indeed|we\s+do|that['’]s\s+us)\b\W*$",
    re.IGNORECASE,
)
_WHERE = re.compile(r"\s+(?:on|in|at)\s+")  # the street or the area a name was read with


def names_itself(text: str, start: int, end: int) -> bool:
    """True when the name text[start:end] opens its sentence right after a yes and ends in a venue-type
    word or a business form ("Yes, Red Scissors Studio on Tyler Street runs ...")."""
    words = _WHERE.split(text[start:end], maxsplit=1)[0].split()  # "Loop & Pile Studio on Jamaica Street"
    if not words or (words[-1].lower() not in VENUE_SINGLE and words[-1].lower() not in BUSINESS_FORMS):
        return False
    opens = max((m.end() for m in SENTENCE_END.finditer(text, 0, start)), default=0)
    return _YES_LEAD.match(text[opens:start]) is not None
