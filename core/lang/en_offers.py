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
words, core.offer_taken matches them against the options; a short answer that only names a thing
("plus", "ski rack yes") gives its words too, and option_span widens them to the whole name the
assistant's turn says ("88 Underhill Ave #2").
"""

from __future__ import annotations

import re

from core.lang.currency_before import CURRENCY_BEFORE
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
    r"(?:add|include|arrange|offer|set\s+up|put\s+in|bring|provide|supply|apply\s+for)\s+(?:you\s+)?"
    r"(?:an?\s+|the\s+|(?=\d+\s+[A-Za-z]))|"  # a count opens the option too: "we can bring 4 wardrobe boxes"
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
        if verb_form and low.endswith("ing") and _modifies_head(text, m.end()):
            verb_form = False  # "a temporary parking permit": the -ing word names the kind of the head
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


def _modifies_head(text: str, at: int) -> bool:
    """True when the -ing word ending at text[at] is followed by one plain lowercase word that ends
    the phrase ("parking permit from", "cooking class."): a noun it modifies, not the object of a
    verb ("leaving at 5", "overlooking the river", "serving Italian food")."""
    m = pattern(r" ([a-z][a-z'’-]*)(?=[\s,.;:!?]|$)(\s+[\w$£€]+)?").match(text, at)
    if m is None or m.group(1) in FUNCTION_WORDS or m.group(1) in _ENDS or m.group(1).endswith(("ing", "ed")):
        return False
    after = (m.group(2) or "").strip().lower()
    return not after or after in FUNCTION_WORDS or after in _ENDS or text[m.end(1)] in ",.;:!?"


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
    for m in pattern(_SLOT_OFFER, re.I).finditer(text):
        if m.span("slot") not in spans:
            spans.append(m.span("slot"))
    return spans


# a slot the assistant proposes: a day and a time after "I have", "we can do", "how about"
# ("I have Wednesday 6:15 am with Carla", "How about Friday at 3pm?")
_SLOT_OFFER = (
    r"\b(?:(?:i|we)\s+(?:have|can\s+do|could\s+do|can\s+offer|can\s+fit\s+you\s+in)|how\s+about|"
    r"(?:there['’]s|there\s+is)\s+(?:a\s+slot|an\s+opening))\s+(?:on\s+)?"
    r"(?P<slot>(?:(?:next\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day|tomorrow|today)"
    r"(?:\s+(?:at\s+)?\d{1,2}(?:[:.]\d{2})?(?:\s*[ap]\.?m\b\.?)?))"
)


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
    one" -> "500"), up to the first grammar word, else the words of a short answer that only names
    a thing ("plus", "ski rack yes", "19A fine", "Yes zero excess, with kids ..." -> "zero excess");
    "" when the turn names no pick."""
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
        if kept and pattern(_ORDINAL, re.I).fullmatch(kept[0]):
            return ""  # "the second one": a place in a list, no words of the option
        if kept:
            return " ".join(kept)
    return _echoed(text)


_ORDINAL = r"first|second|third|fourth|fifth|last|other|\d+(?:st|nd|rd|th)"


# an agreeing word or filler at either edge of a short answer that names its pick ("ski rack yes",
# "yes late checkout", "19A fine", "oh, the premium please")
_EDGE = (
    r"(?:yes|yeah|yep|yup|ok(?:ay)?|sure|oh|so|then|and|the|fine|great|perfect|good|works|excellent|"
    r"awesome|wonderful|cool|nice|right|correct|alright|all\s+right|confirm(?:ed)?|proceed|submit|go\s+ahead|"
    r"is\s+fine|is\s+good|sounds\s+good|works\s+for\s+me|it\s+is|for\s+me|thanks|thank\s+you|please$)"
)
MAX_ECHO_WORDS = 4


def _echoed(text: str) -> str:
    """The words of the first clause of a short answer that holds only the name of a thing with
    agreeing words at its edges ("plus", "ski rack yes", "Yes zero excess, with kids ..."); "" when
    that clause says anything more (a grammar word, a verb, a question, more than four words)."""
    clauses = [c for c in pattern(r"[.,;:!\n]+|\s-\s").split(text) if _bare(c) != ""]
    said = [_bare(c) for c in clauses]
    if not said or said[0] is None or any(c is not None and len(c.split()) <= 2 for c in said[1:]):
        return ""  # "lead-acid, sealed": a list of the user's own values, not a pick
    # a question in the clause naming it asks about the thing ("Kona Seaside? is it near"); one after
    # it ("The Haske DD310. Which colours?") asks about the thing taken
    return "" if "?" in clauses[0] else said[0]


def _bare(clause: str) -> str | None:
    """The words of a clause that only names a thing, agreeing words at its edges cut ("" when
    none are left), or None when the clause says more (a grammar word, a verb form, > 4 words)."""
    core = pattern(rf"^(?:\s*{_EDGE}\b)+|(?:\b{_EDGE}\s*)+$", re.I).sub("", clause.strip()).strip()
    words = core.split()
    plain = all(w.lower() not in FUNCTION_WORDS and not w.lower().endswith("n't") for w in words)
    return core if plain and len(words) <= MAX_ECHO_WORDS else None


# a token of a name or a code (capitalised, a number, a unit number "#2") and an amount right after
# (a bare number after a name is a price or a count, not part of it: "Pine Valley Lodge 420")
_NAME_TOKEN = r"(?:[A-Z][\w'’&/-]*|\d+(?:[:.]\d+)+(?:-\d+(?::\d+)?)?|\d+[A-Za-z]\w*|#\w+)"
_ARTICLES = frozenset({"I", "A", "An", "The"})
# the amount an option costs, right after it or joined by a word or a mark ("16x20 at $165",
# "Glow Jar for £38 per person", "Mirror booth: £495"); an amount's own unit after a slash or "per" stays
_PRICE = rf"(?:{CURRENCY_BEFORE})\s?\d+(?:,\d{{2,3}})*(?:\.\d+)?"  # "₦580,000", "₹1,28,000", "R8,299"
_PER = r"(?:person|head|hour|session|class|lesson|night|day|week|month)"
_PRICE_UNIT = rf"(?:/[a-z]+| (?:per|a|an) {_PER}\b| each\b)?"
_JOIN = r"(?: (?:at|for|is|costs?|was|now)|:| -| –| —)?"
_AMOUNT = rf"{_JOIN}(?: \({_PRICE}{_PRICE_UNIT}\)| {_PRICE}{_PRICE_UNIT})"


def option_span(text: str, start: int, end: int) -> tuple[int, int]:
    """The whole option an assistant's turn says around the words text[start:end] a user answered
    with: a name or code they are part of ("underhill" -> "88 Underhill Ave #2", "wednesday" ->
    "Wednesday 6:15") with the amount said right after it ("Electroworld Online £649.00", "16x20 at
    $165"); the words alone when they start with a small letter ("late checkout")."""
    if not pattern(_NAME_TOKEN).match(text, start):
        return start, end
    before = pattern(rf"(?<![\w'’.,:])({_NAME_TOKEN}|\d+) $")
    while (m := before.search(text, 0, start)) and m.group(1) not in _ARTICLES:
        start = m.start(1)
    while m := pattern(rf" {_NAME_TOKEN}(?![\w'’])").match(text, end):
        end = m.end()
    if m := pattern(_AMOUNT).match(text, end):
        end = m.end()
    return start, end


# words of a question that point at the thing just offered ("Shall I add it?", "Want that?")
_POINTERS = r"\b(?:it|that|this|one|them|those)\b"


def points_at_offer(question: str) -> bool:
    """True when a question points at the thing just offered by a pronoun ("Shall I add it?")."""
    return bool(pattern(_POINTERS, re.I).search(question))
