"""English cues of a concrete option the assistant offers and of the user's words that take it.

An assistant turn offers a thing the user may take ("Evergreen has an accident rider for $140 a
year", "They offer a gluten-free chocolate torte for 6", "MapleCare with a 1,000 dollar deductible",
"I can add a late checkout", "Would you like the express delivery?", "There's a rider for $140"):
an offer frame, then an article and the noun phrase of the option. The phrase runs to the first
grammar word, clause mark or verb form ("for", "is", "comes", ",", "leaving", "credited") and holds
two to four words: one word names a kind ("a train"), a modifier makes it one concrete option. A
phrase "or" joins to the option is offered beside it ("the accident rider or the fee waiver?"). A
phrase that measures or is part of another thing ("a 2 percent chance of rain") or that a name
follows ("a lovely residence called Amber Court") is not the option.

The user takes an option by its words after a take verb ("do the rider", "let's go with the
torte", "I'll take the express one") or as "the X one" ("ok the 500 one"): named_pick returns those
words, core.offer_taken matches them against the options.
"""

from __future__ import annotations

import re

from core.lang.en_lexicon import FUNCTION_WORDS
from core.lang.patterns import pattern

# frames whose article starts the offered noun phrase (the article is the last group of each)
_OFFER_FRAMES = (
    # availability: "X has an accident rider", "they offer a torte" (a statement with a subject:
    # "Have a good day" and "Can I have a pick up location?" offer nothing); "there's a late checkout
    # for 20" only with what it is for (a bare "there is a X at ..." reports what a search found)
    r"\b(?:(?P<there>there(?:['’]s|\s+is|\s+are))|(?P<has>(?<=\w\s)(?<!you\s)(?<!you['’]ve\s)"
    r"(?:has|have|offers?|includes?|provides?|comes?\s+with)|we['’]ve\s+got))"
    r"\s+(?:also\s+)?(?:an?)\s+|"
    # proposal: "I can add a ...", "would you like the ...", "how about a ...", "I suggest the ..."
    r"\b(?:(?:i|we)\s+(?:can|could)|i['’]ll|we['’]ll|i\s+will|we\s+will)\s+(?:also\s+)?"
    r"(?:add|include|arrange|offer|set\s+up|put\s+in)\s+(?:you\s+)?(?:an?|the)\s+|"
    r"\b(?:would\s+you\s+like|do\s+you\s+want|how\s+about|what\s+about|(?:i\s+)?(?:recommend|suggest))"
    r"\s+(?:to\s+add\s+)?(?:an?|the)\s+|"
    # a feature of a named option: "MapleCare with a 1,000 dollar deductible" (a capitalised name, no
    # verb form: "check with a pharmacist", "Staying with the current insurer" name no option)
    r"\b(?-i:[A-Z])(?![\w'’&-]*(?:ing|ed)\b)[\w'’&-]*\s+with\s+(?:an?|the)\s+"
)
_TOKEN = r"[$£€]?[\w][\w,.'’/-]*"
# words that end the phrase besides the grammar words: a share or a total said of it, "available"
_ENDS = frozenset(
    {"per", "plus", "each", "including", "instead", "only", "total", "extra", "available", "left"}
)
# after the phrase: it measures or is a part of another thing ("a 2 percent chance of rain"), or the
# option's own name follows ("a lovely residence called Amber Court"): the phrase is not the option
_NOT_THE_OPTION = r"\s+(?:of|called|named)\b"
_FOR = r"\s+for\b"
_OR = r"\s+or\s+(?:an?\s+|the\s+)?"
MIN_WORDS, MAX_WORDS = 2, 4


def _phrase(text: str, start: int) -> tuple[int, int] | None:
    """The span of the option's noun phrase starting at start, or None (see the module doc)."""
    words: list[tuple[int, int]] = []
    at = start
    while len(words) < MAX_WORDS:
        m = pattern(_TOKEN).match(text, at)
        if m is None:
            break
        token = m.group(0)
        core = token.rstrip(",.'’")
        low = core.lower()
        first = not words
        numeric = bool(re.fullmatch(r"[$£€]?\d[\d,.]*", core))
        verb_form = low.endswith("ing") or (low.endswith("ed") and not low.endswith("eed") and len(low) > 4)
        if low in FUNCTION_WORDS or low in _ENDS or (not first and (numeric or verb_form)):
            break
        words.append((m.start(), m.start() + len(core)))
        if core != token or text[m.end() : m.end() + 1] not in (" ",):
            break  # a clause mark right after the word ends the phrase
        at = m.end() + 1
    while words and not re.fullmatch(r"[A-Za-z][\w'’-]*", text[words[-1][0] : words[-1][1]]):
        words.pop()  # the head is a word, never a number or a price
    if len(words) < MIN_WORDS:
        return None
    return words[0][0], words[-1][1]


def offered_options(text: str) -> list[tuple[int, int]]:
    """The spans of the concrete options an assistant turn offers (module doc), in their order."""
    spans: list[tuple[int, int]] = []
    for m in pattern(_OFFER_FRAMES, re.I).finditer(text):
        if (m.group("has") or m.group("there")) and _in_question(text, m.start()):
            continue
        span = _phrase(text, m.end())
        if span is None or span in spans or pattern(_NOT_THE_OPTION, re.I).match(text, span[1]):
            continue
        if m.group("there") and not pattern(_FOR, re.I).match(text, span[1]):
            continue
        spans.append(span)
        other = pattern(_OR, re.I).match(text, span[1])
        second = _phrase(text, other.end()) if other else None
        if second is not None and second not in spans:
            spans.append(second)  # "the accident rider or the fee waiver?": alternatives, both offered
    return spans


def _in_question(text: str, at: int) -> bool:
    """True when the sentence holding text[at] ends with a question mark."""
    end = pattern(r"[.!?](?=\s|$)").search(text, at)
    return end is not None and end.group(0) == "?"


# a take verb and the words of the thing taken: "do the rider", "let's go with the torte"
_TAKES = (
    r"\b(?:do|take|add|include|choose|pick|want|(?:go|going)\s+(?:with|for)|"
    r"(?:i['’]ll|i\s+will|we['’]ll|we\s+will|i['’]d|we['’]d)\s+(?:have|take|do|go\s+with|like)|"
    r"let['’]s\s+(?:do|go\s+with|take|get|add|have))\s+(?:the|that|this|a|an)\s+"
    r"(?P<w>[\w,.-]+(?:\s+[\w,.-]+){0,3})"
)
# "the 500 one", "that cheaper one"
_THE_ONE = r"\b(?:the|that)\s+(?P<w>[\w,.-]+(?:\s+[\w,.-]+)?)\s+one\b"


def named_pick(text: str) -> str:
    """The words a user's turn takes an offered thing by ("do the rider" -> "rider", "ok the 500
    one" -> "500"), up to the first grammar word; "" when the turn names no pick."""
    for rx in (_TAKES, _THE_ONE):
        m = pattern(rx, re.I).search(text)
        if m is None:
            continue
        kept = []
        for word in m.group("w").split():
            word = word.strip(",.")
            if not word or word.lower() in FUNCTION_WORDS:
                break
            kept.append(word)
        if kept:
            return " ".join(kept)
    return ""


# words of a question that point at the thing just offered ("Shall I add it?", "Want that?")
_POINTERS = r"\b(?:it|that|this|one|them|those)\b"


def points_at_offer(question: str) -> bool:
    """True when a question points at the thing just offered by a pronoun ("Shall I add it?")."""
    return bool(pattern(_POINTERS, re.I).search(question))
