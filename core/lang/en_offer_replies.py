"""English cues of a yes/no offer of a thing and of the short replies that take an offered option.

A yes/no question offers the thing it names ("Would you like us to haul away your old couch?", "Do
you want to keep your number?", "Do you need a shuttle pass?"): a yes takes that thing. A question
about doing the task itself ("Would you like me to book it?", "Shall I reserve a table?") or about
information ("Do you want to know the address?") offers no thing of its own. A short reply takes
an offered option by pointing at it ("that one", "ok that") or by its place in the list ("the 2nd",
"the last one"); a yes that goes on with "but" takes nothing.
"""

from __future__ import annotations

import re

from core.lang.patterns import pattern

# "would you like (us/me) to <thing>?", "do you want to <thing>?", "do you need <thing>?"
_YES_NO_OFFER = (
    r"\b(?:would\s+you\s+like|do\s+you\s+(?:want|need)|shall\s+(?:i|we)|should\s+(?:i|we))\s+"
    r"(?:(?:us|me)\s+to\s+|to\s+)?(?P<x>[^?.!,;]{3,60}?)\s*(?:for\s+(?:you|it)|today|now|too|as\s+well)?\?"
)
# the first word of a question that does the task or tells something, not a thing to take
_NOT_A_THING = frozenset(
    {
        "book", "reserve", "make", "confirm", "proceed", "go", "continue", "try", "search", "find", "look",
        "check", "know", "hear", "see", "have", "learn", "get", "buy", "purchase", "order", "schedule",
        "call", "send", "email", "text", "change", "cancel", "start", "do", "tell", "help", "let", "be",
        "pay", "use", "hold", "put", "repeat", "wait", "visit", "leave", "come", "move", "ask", "for",
        "play", "listen", "watch", "fly", "rent", "stay", "eat", "travel", "take", "reschedule",
    }
)
# words that point back at something already in play: the question offers nothing new
_POINTERS = r"\b(?:it|that|this|them|those|these|one|anything|something|more|else|other|another|any)\b"
MIN_WORDS = 2


def yes_no_offers(text: str) -> list[tuple[int, int]]:
    """The spans of the things yes/no questions of an assistant turn offer ("Would you like us to
    haul away your old couch?" -> "haul away your old couch"); [] when none (module doc)."""
    spans = []
    for m in pattern(_YES_NO_OFFER, re.I).finditer(text):
        thing = m.group("x")
        words = thing.lower().split()
        if len(words) < MIN_WORDS or words[0] in _NOT_A_THING or words[0] in {"a", "an", "the"}:
            continue  # an article after the frame is en_offers' frame already
        if pattern(_POINTERS, re.I).search(thing) or pattern(r"\bor\b", re.I).search(thing):
            continue
        spans.append(m.span("x"))
    return spans


_AGREE = r"(?:ok(?:ay)?|yes|yeah|yep|sure|great|perfect|fine|alright)"
_THAT = (
    rf"^(?:{_AGREE}[,\s]+)*(?:i['’]ll\s+take\s+|let['’]s\s+do\s+|go\s+with\s+)?(?:that|this)(?:\s+one)?"
    r"(?:[,\s]+(?:please|works|is\s+fine|is\s+good|sounds\s+good|thanks|thank\s+you))*[.!\s]*$"
)


def points_at_pick(text: str) -> bool:
    """True when a short reply takes the offered option by pointing at it ("ok that", "that one
    please", "I'll take this one")."""
    return bool(pattern(_THAT, re.I).match(text.strip()))


_PLACES = {"first": 0, "1st": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2, "fourth": 3, "4th": 3,
           "fifth": 4, "5th": 4, "last": -1}
_PLACE = (
    rf"^(?:{_AGREE}[,\s]+)*(?:i['’]ll\s+take\s+|let['’]s\s+do\s+|(?:go|going)\s+with\s+|take\s+)?"
    r"(?:the\s+)?(?P<n>first|second|third|fourth|fifth|last|1st|2nd|3rd|4th|5th)"
    r"(?:\s+(?:one|option|slot|time|choice))?(?:[,\s]+(?:please|thanks|thank\s+you))*[.!\s]*$"
)


def pick_position(text: str) -> int | None:
    """The place in the offered list a short reply takes ("the 2nd" -> 1, "the last one" -> -1),
    None when the reply names no place."""
    m = pattern(_PLACE, re.I).match(text.strip())
    return _PLACES[m.group("n").lower()] if m else None


_EMPHATIC_YES = r"^(?:obviously|definitely|absolutely|certainly|of\s+course)(?:[,\s]+(?:yes|yeah|yep))?\b"


def answers_yes(reply: str, asked: str) -> bool:
    """True when a reply opens with an emphatic yes to the yes/no offer asked ("obviously yes",
    "absolutely"); the plain agreeing words are the language's accepts."""
    return bool(pattern(_EMPHATIC_YES, re.I).match(reply.strip()))


def turns_away(text: str) -> bool:
    """True when an agreeing reply goes on with a contrast ("That's good, but how about the 1st?"):
    the polite way of not taking what was offered."""
    return bool(pattern(r"\bbut\b", re.I).search(text))


# what may stand between the day and the time of one slot ("Wednesday December 16, 1pm-5pm",
# "December 4 at 10:15", "1 pm on March 10th")
_SLOT_JOIN = r"[\s,]*(?:at|from|on|-|–|—|to)?[\s,]*"
_SLOT_TOKEN = r"\d+(?:st|nd|rd|th)?|[a-z]+"
# grammar and agreeing words a reply wraps a slot in ("ok the 4th one please")
_WRAP = frozenset({"the", "on", "at", "one", "please", "ok", "okay", "yes"})
MIN_ABBREV = 3


def joins_slot(gap: str) -> bool:
    """True when the text between a day and a time joins them into one slot ("December 4 at 10:15")."""
    return bool(pattern(_SLOT_JOIN, re.I).fullmatch(gap))


def _slot_tokens(text: str) -> list[str]:
    """The numbers (an ordinal's suffix cut: "4th" -> "4") and words of text, lowercase."""
    return [re.sub(r"(?<=\d)(?:st|nd|rd|th)$", "", t) for t in pattern(_SLOT_TOKEN).findall(text.lower())]


def names_slot(reply: str, option: str) -> bool:
    """True when a short reply names the slot option by its numbers and words ("dec 4" of "December
    4 at 10:15", "the 4th"): it holds a number, each number is one of the option's, each word one of
    its words or their start ("dec" of "December"), grammar and agreeing words aside."""
    said = [t for t in _slot_tokens(reply) if t not in _WRAP]
    have = _slot_tokens(option)
    if not any(t.isdigit() for t in said):
        return False
    numbers = {h.lstrip("0") for h in have if h.isdigit()}
    words = [h for h in have if not h.isdigit()]

    def known(t: str) -> bool:
        if t.isdigit():
            return t.lstrip("0") in numbers
        return any(h == t or (len(t) >= MIN_ABBREV and h.startswith(t)) for h in words)

    return all(known(t) for t in said)


# a yes that goes on to name what it takes ("yes video", "yes to the box", "Yes to installing both", "yes
# anchor it"), not a courtesy or a request after it ("yes, that sounds great", "yes, please book it",
# "yes, I need that taxi booked", "yes sorry"): what follows starts with no pronoun, modal or
# courtesy word
_YES_NAMES_PICK = (
    r"(?i)^(?:yes|yeah|yep|yup|sure|ok(?:ay)?)\b[,!.]?\s+(?:to\s+|for\s+)?"
    r"(?!(?:that|this|it|i|i['’]\w+|we|you|they|he|she|please|sorry|thanks?|thank|can|could|would|will|"
    r"shall|should|may|might|do|does|did|is|are|was|go|book|make|let|sounds?|works?|great|good|fine|perfect|"
    r"ok(?:ay)?|sure|yes|yeah|definitely|absolutely|of|as|and|but|so|just|also|exactly|correct|right)\b)"
    r"(?:the\s+|a\s+|an\s+)?[a-z]"
)


# the thing named first, then the yes ("Glasses, yes, thank you.", "Champagne yes"): one or two words
# that are no pronoun, greeting or discourse word
_NAMED_THEN_YES = (
    r"(?i)^(?!(?:that|this|it|i|we|you|they|he|she|oh|well|um|hmm|ah|right|hi|hello|no|ok(?:ay)?|sure|"
    r"yes|yeah|and|but|so|if|then|actually|really|maybe|probably|definitely|absolutely|alright|all|great|"
    r"good|fine|perfect|thanks?)\b)"
    r"(?:the\s+|a\s+|an\s+)?[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?(?:\s*,\s*|\s+)(?:yes|yeah|yep)\b"
)


def yes_names_pick(text: str) -> bool:
    """True when a yes names what it takes (_YES_NAMES_PICK: "yes to the box"; _NAMED_THEN_YES:
    "Glasses, yes")."""
    return bool(pattern(_YES_NAMES_PICK).match(text) or pattern(_NAMED_THEN_YES).match(text))
