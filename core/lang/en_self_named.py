"""A business naming itself in English: "Hi! Yes, Red Scissors Studio on Tyler Street runs papercutting
workshops", "Yes, this is Golden Tile Mahjong School", "Hello! Red Thread Crafts can come to you". In
the reply to the user's opening turn (core.own_venue), a name that opens its sentence after "this is",
after a yes ending in a venue-type word (studio, clinic, co) or with the street it is on ("Yes, ColdCore
Recovery on Boucher Road."), or after a yes or a greeting going on with what the business does, is the
venue the user deals with, not an option offered.
"""

from __future__ import annotations

import re

from core.lang.en_name_words import BUSINESS_FORMS, VENUE_SINGLE, is_everyday
from core.lang.en_slot_hints import SENTENCE_END

# a yes that opens the sentence the business names itself in ("Hi! Yes, Red Scissors Studio ..."): the
# answer to the user's "is this the ... place?", "you do ...?"; a name opening a sentence of its own
# ("Trinity College is located in the centre") is an option offered, not the one answering
_YES_LEAD = re.compile(
    r"^\W*(?:yes|yeah|yep|yup|sure|of\s+course|absolutely|certainly|indeed|we\s+do|that['’]s\s+us)\b\W*$",
    re.IGNORECASE,
)
_WHERE = re.compile(r"\s+(?:on|in|at)\s+")  # the street or the area a name was read with
# the business saying who it is ("Yes, this is Golden Tile Mahjong School", "You've reached ...", "Good
# morning, Mr Iyer, welcome to ..."), or the user opening by asking if it is the one they mean ("Is this
# North Star Gymnastics in Eagan?", "Am I speaking to ...", "Have I reached ..."); a few words before
_THIS_IS = re.compile(
    r"^\W*(?:[\w.'’]+\W+){0,4}?(?:this\s+is|you['’]ve\s+reached|welcome\s+to|is\s+(?:this|that)"
    r"|am\s+i\s+(?:speaking|talking)\s+(?:to|with)|have\s+i\s+(?:reached|got))\s+(?:the\s+)?$",
    re.IGNORECASE,
)
# what the business does or can do, after its name and where it is ("Bright Beads Abacus Academy in New
# Kingston would love to have him", "Red Thread Crafts can come to you"); "X is in the north", "X meets
# your needs" describe an option recommended
_PLACE_AT = r"\s+(?:in|on|at)\s+[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*){0,3}"
_PLACE = rf"(?:{_PLACE_AT})?"
_ACTS = re.compile(
    _PLACE + r",?\s+(?:can|could|will|would|does|do"
    r"|(?!(?:is|was|has|meets|matches|sounds|looks|seems|fits|suits|remains|stays|sits|lies)\b)[a-z]{3,}s)\b"
)
_SAID_WHOLE = re.compile(r"\s*(?:[.!]|$)")
# the street or area read apart from the name, ending the sentence ("Yes, Hatteras Auto & Marine in Buxton.")
_LOCATED_AFTER = re.compile(_PLACE_AT + _SAID_WHOLE.pattern)
_AREA = re.compile(r"\s+(?:in|on|at)\s+(?=[A-Z])")


def names_itself(text: str, start: int, end: int, greeted: bool = False) -> bool:
    """True when the name text[start:end] opens its sentence as the business answering: after "this is"
    ("Yes, this is Golden Tile Mahjong School"); after a yes, ending in a venue-type word or a business
    form or going on with what it does ("Yes, Red Scissors Studio on Tyler Street runs ..."); right after
    a greeting (greeted), going on with what it does ("Hello! Red Thread Crafts can come to you")."""
    opens = max((m.end() for m in SENTENCE_END.finditer(text, 0, start)), default=0)
    lead = text[opens:start]
    if _THIS_IS.match(lead):
        return True
    words = _WHERE.split(text[start:end], maxsplit=1)[0].split()  # "Loop & Pile Studio on Jamaica Street"
    # a name of three words or more, with an ampersand or ending in an everyday word, that does something
    # ("Red Thread Crafts can come to you", "Yes, Sparkle & Stud pierces from age 5", "Yes, Halo
    # Piercing does cartilage"); "Maria Lopez will teach you" is a person
    business = len(words) >= 3 or "&" in words or (bool(words) and is_everyday(words[-1].lower()))
    acts = business and _ACTS.match(text, end) is not None
    if greeted and not lead.strip() and acts:
        return True
    if _YES_LEAD.match(lead) is None:
        return False
    last = words[-1].lower() if words else ""
    # a name with the street or area it is on, ending the sentence: the business saying where it is
    # ("Hi! Yes, ColdCore Recovery on Boucher Road.", to "yous are on Boucher Road aye?"), the place read
    # as a name of its own or not ("Yes, Peachtree Tech Hub at Ponce City Market.")
    located = (
        len(_WHERE.split(text[start:end], maxsplit=1)) > 1 and _SAID_WHOLE.match(text, end) is not None
    ) or _LOCATED_AFTER.match(text, end) is not None
    return acts or located or last in VENUE_SINGLE or last in BUSINESS_FORMS


def area_after(text: str, end: int) -> int | None:
    """Where the area named right after a business's name starts ("Golden Tile Mahjong School in Delray
    Beach": at Delray), or None."""
    m = _AREA.match(text, end)
    return m.end() if m else None
