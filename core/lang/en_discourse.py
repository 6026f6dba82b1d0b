"""What an English clause does in the dialogue: sentence split, kind, domain, pinning and correction
cues. The action markers of assistant and tool turns are in core.lang.en_action_markers."""

from __future__ import annotations

import re

from core.lang.vocab import tagged
from core.model_kinds import AtomKind, Role
from core.models import ActionMarker

# --- split ---------------------------------------------------------------------------------------

_ABBREVIATIONS = tagged("en_abbreviations.tsv", "sentence")
_BOUNDARY = re.compile(r"(?<=[.!?;])[\"')\]]*\s+|\n+")


_LAST_WORD = re.compile(r"([A-Za-z.]+)\.$")


def split_sentences(text: str) -> list[str]:
    """Sentences/clauses of text, each a stripped substring, in order, none empty."""
    pieces: list[str] = []
    start = 0
    for m in _BOUNDARY.finditer(text):
        head = text[start : m.start()]
        last_word = _LAST_WORD.search(text, max(start, m.start() - 12), m.start())
        if last_word and m.group(0).strip() == "" and "\n" not in m.group(0):
            word = last_word.group(1).lower().rstrip(".")
            if word in _ABBREVIATIONS or (len(word) == 1 and word.isalpha()):
                continue
        if head.strip():
            pieces.append(head.strip())
        start = m.end()
    if text[start:].strip():
        pieces.append(text[start:].strip())
    return [part for piece in pieces for part in _tag_split(piece)]


# a tag question after a statement ("my passport expires in April 2027, that's ok right?", "we land
# at 9, is that fine?"): the statement is the user's own value, only the tag asks
_TAG_QUESTION = re.compile(
    r",\s*(?:(?:that|this|it)['’]?s\s+(?:ok(?:ay)?|fine|alright|enough|good|correct)\s*,?\s*(?:right|yes|yeah)?"
    r"|(?:is|would|will)\s+(?:that|this|it)(?:\s+be)?\s+(?:ok(?:ay)?|fine|alright|enough|good|correct)"
    r"|right|correct|isn['’]t\s+it|yes|yeah"
    # a statement checked with a tag at its end: ", the beach is sand right?"
    r"|(?:the|it|that|this|there|they)\b[^,?]{0,40}\s(?:right|yes|yeah|correct))\s*\?+\s*$",
    re.IGNORECASE,
)


# a question put after the user's own statement in one sentence ("I'm allergic to latex, will the
# gloves be a problem?", "I'm breastfeeding my 8-month-old, is that a problem?"), or after one about
# the person the user acts for ("and she's allergic to latex, are gloves used?"): the statement is a
# fact the user gives, whatever the answer to the question is
_ASKED_AFTER = re.compile(
    r",\s*(?:will|would|is|are|can|could|does|do|should|may|might|has|have)\s+[a-z]\w*\b"
    r"[^,?]*\?+\s*$"
    # or a question about a thing, opened by its noun phrase ("I am lactose intolerant, the milk
    # practice is oat milk possible?")
    r"|,\s*(?:the|this|that|it|there)\b[^,?]{0,60}\?+\s*$",
    re.IGNORECASE,
)
_OWN_STATEMENT = re.compile(
    r"^(?:(?:oh|also|and|but|so|well|ok(?:ay)?|btw)[\s,]+)*(?:i|i['’]m|i['’]ve|we|we['’]re|we['’]ve|my|our"
    r"|he|she|they|he['’]s|she['’]s|they['’]re|his|her|their)\s",
    re.IGNORECASE,
)


# a one-word tag at the end of a statement ("And no one under 18 ok?"), and the openings of a sentence
# that asks (a question word or an auxiliary first: "Can we come at 3 ok?" asks); the words of a
# question the tag word ends ("Is that okay?", "that sounds ok?")
_ASKS_BEFORE_TAG = re.compile(r"\b(?:is|are|was|be|that|this|it|sounds?|looks?|seems?|feels?)$", re.I)
_BARE_TAG = re.compile(r"(?:,\s*|\s+)(?:ok(?:ay)?|alright|yeah|right)\s*\?+\s*$", re.IGNORECASE)
_ASKS_OPEN = re.compile(
    r"^\W*(?:(?:and|but|so|also|oh)\s+)?(?:what|when|where|which|who|whom|whose|why|how|is|are|am|was|were|do|does"
    r"|did|can|could|will|would|shall|should|may|might|must|have|has|had|any)\b",
    re.IGNORECASE,
)


def _tag_split(sentence: str) -> list[str]:
    """A sentence cut before its tag question ("my passport expires in April 2027" and "that's ok
    right?"), or before a question asked after the user's own statement ("I'm allergic to latex" and
    "will the gloves be a problem?"): cut, the statement is no longer read as a question, so its
    value is kept."""
    m = _TAG_QUESTION.search(sentence)
    if m is None and not _ASKS_OPEN.match(sentence):
        m = _BARE_TAG.search(sentence)  # "And no one under 18 ok?": a rule checked, no comma before
        if m is not None and _ASKS_BEFORE_TAG.search(sentence, 0, m.start()):
            m = None  # "... for 3 people.Is that okay?": the tag is a question's own word
    if m is None and _OWN_STATEMENT.match(sentence):
        m = _ASKED_AFTER.search(sentence)
    if m is None or not sentence[: m.start()].strip():
        return [sentence]
    return [sentence[: m.start()].strip(), sentence[m.start() + 1 :].strip()]


# --- kind ----------------------------------------------------------------------------------------

_GREETING = re.compile(
    r"^\s*(?:hi|hello|hey|hiya|greetings|good\s+(?:morning|afternoon|evening)|howdy)\b[\s,!.]*"
    r"(?:there|again|everyone|friend)?[\s,!.]*$",
    re.IGNORECASE,
)
_FAREWELL = re.compile(
    r"^\s*(?:(?:ok(?:ay)?|great|thanks?|thank\s+you)[\s,!.]*)*(?:bye|goodbye|good\s*bye|"
    r"see\s+you|have\s+a\s+(?:good|great|nice|wonderful)\s+\w+|take\s+care|cheers)\b",
    re.IGNORECASE,
)
_FILLER = re.compile(
    r"^\s*(?:(?:no|hello|hi|hey|good\s+(?:morning|afternoon|evening)|ok(?:ay)?|alright|all\s+right|great|cool|fine|perfect|awesome|excellent|wonderful|good|nice|"
    r"sure|got\s+it|i\s+see|understood|noted|hmm+|um+|uh+|oh|ah|wow|bye|goodbye|cheers|"
    r"thanks?(?:\s+(?:a\s+lot|so\s+much|very\s+much|again))?(?:\s+for\s+[\w\s']+)?|"
    r"not\s+(?:at\s+the\s+moment|right\s+now|now|yet|today)|no\s+need|"
    r"thank\s+you(?:\s+(?:so|very)\s+much)?"
    r"(?:\s+for\s+[\w\s']+)?|i\s+appreciate\s+(?:it|that|your\s+help)|"
    r"that['’]?s\s+(?:all|it|everything)(?:\s+i\s+need(?:ed)?)?(?:\s+for\s+(?:now|today))?|"
    r"that\s+(?:is|will\s+be|would\s+be|should\s+be)\s+(?:all|it|everything)(?:\s+i\s+need(?:ed)?)?"
    r"(?:\s+for\s+(?:now|today))?|nothing\s+else|no\s+thanks?|no\s+thank\s+you|not\s+(?:right\s+)?now|"
    r"you['’]?re\s+welcome|have\s+a\s+(?:good|great|nice|wonderful)\s+\w+|(?:is\s+there\s+)?anything\s+else"
    r"(?:\s+i\s+can\s+(?:help|do)(?:\s+you)?(?:\s+with)?)?(?:\s+today)?|how\s+(?:can|may)\s+i\s+help(?:\s+you)?"
    r"(?:\s+today)?|glad\s+(?:i\s+could|to)\s+help|enjoy(?:\s+your\s+\w+)?)[\s,.!?]*)+$",
    re.IGNORECASE,
)
_HELLO = re.compile(r"^\s*(?:hello|hi|hey|good\s+(?:morning|afternoon|evening)|welcome)\b", re.IGNORECASE)
_CONFIRM = re.compile(
    r"^\s*(?:yes|yeah|yep|yup|sure|correct|right|exactly|absolutely|definitely|of\s+course|please\s+do|"
    r"that\s+(?:works|would\s+work|sounds\s+(?:good|great|fine|perfect)|is\s+(?:correct|right|fine|perfect|"
    r"great)|will\s+work|suits\s+me|'?s\s+(?:right|correct|fine|perfect|great))|that['’]s\s+(?:right|correct|"
    r"fine|perfect|great)|sounds\s+(?:good|great|fine|perfect)|perfect|great|go\s+ahead|do\s+it|"
    r"confirm(?:ed)?|ok(?:ay)?|alright|i\s+agree|works\s+for\s+me)\b",
    re.IGNORECASE,
)
_WH_AUX = re.compile(  # "And how do I renew it", "so what about Friday": a question after a conjunction too
    r"^\s*(?:(?:and|so|but|also|then|oh|ok|okay)[,\s]+)?(?:what|what's|when|where|where's|which|who|whom|whose|why|how|how's|is|are|was|were|do|does|did|"
    r"can|could|would|will|shall|should|may|might|have|has|any|anything)\b",
    re.IGNORECASE,
)
# "and do NOT backfill", "also do not push to main": a prohibition, no question, though it opens with "do"
_PROHIBITION = re.compile(
    r"^\s*(?:(?:and|so|but|also|then|oh|ok|okay|please)[,\s]+)*(?:do|does)\s+not\b", re.IGNORECASE
)
# "have my own key", "has a garden": the user's "I have" with its subject left out, no question (a
# question puts its subject after "have": "have you got one")
_HAVE_STATED = re.compile(
    r"^\s*(?:(?:and|so|but|also|then|oh|ok|okay)[,\s]+)?(?:have|has|got)\s+(?:my|our|his|her|their|a|an|no|"
    r"some|one|two|three|\d+|own)\b(?!.*\?\s*$)",
    re.IGNORECASE,
)
_REQUEST = re.compile(
    r"^\s*(?:(?:can|could|would|will)\s+you\s+(?:please\s+|kindly\s+|also\s+)?|please\s+|kindly\s+|"
    r"i\s+need\s+you\s+to\s+|i\s+want\s+you\s+to\s+|(?:i'?d|i\s+would)\s+like\s+you\s+to\s+|let['’]?s\s+|"
    r"go\s+ahead\s+and\s+)?(?:book|reserve|find|search|look\s+(?:up|for)|get|make|show|tell|give|call|send|"
    r"schedule|cancel|change|add|remove|set|play|order|buy|purchase|check|help|transfer|pay|rent|hold|"
    r"list|email|text|text|remind|put|play|cast|start|stop|confirm|proceed|do|sign|arrange|organize|plan)\b",
    re.IGNORECASE,
)
_PREFERENCE = re.compile(
    r"\b(?:i|we)\s*(?:would|'d)?\s*(?:prefer|rather|like|love|want|fancy)|\b(?:i|we)(?:\s+am|\s+are|['’]m|['’]re)\s+"
    r"(?:looking|hoping|interested|thinking)|\bpreferably\b|\bideally\b|\bif\s+possible\b|\bwould\s+be\s+(?:nice|great)\b",
    re.IGNORECASE,
)
_NEED = re.compile(
    r"\b(?:must|need|needs|needed|have\s+to|has\s+to|should|require|required|requires|"
    r"at\s+least|at\s+most|no\s+(?:more|later|earlier)\s+than|maximum|minimum|budget)\b",
    re.IGNORECASE,
)
_ASSISTANT_RESULT = re.compile(
    r"\b(?:i\s+(?:have\s+)?found|there\s+(?:are|is|were)\s+\d+|there\s+(?:are|is)\s+(?:several|many|a\s+few|"
    r"\w+)\s+\w+\s+(?:that|which|matching|available)|i\s+(?:have|got)\s+\d+|\d+\s+(?:results?|options?|"
    r"matches|restaurants|hotels|trains|flights|events|movies|places|attractions|cars|houses|apartments)|"
    r"(?:results?|options?)\s+(?:are|include))\b",
    re.IGNORECASE,
)
_CONFIRM_REQUEST = re.compile(
    r"\b(?:please\s+confirm|can\s+you\s+confirm|could\s+you\s+confirm|to\s+confirm|confirm\s+(?:that|the\s+"
    r"following|these|your)|is\s+(?:that|this)\s+(?:correct|right|okay|ok|fine|alright)|"
    # "Confirming an event called house, March 5th at 3 pm": the values read back for a yes
    r"^confirming\s+(?:an?|the|your)\b)\b",
    re.IGNORECASE,
)


# an assistant's acknowledgement or promise to wait, check or come back: it reports no result and
# offers no option, so it names no fact ("I've noted that", "please bear with me", "let me check")
_PROMISE = re.compile(
    r"\b(?:i(?:['’]ve|\s+have)\s+(?:noted|recorded|written\s+down|made\s+a\s+note\s+of|logged)|"
    r"(?:please|kindly)\s+(?:wait|hold\s+on|bear\s+with\s+me|be\s+patient)|wait\s+patiently|"
    r"let\s+me\s+(?:check|look|see|verify|confirm|double-check)|"
    r"i(?:['’]ll|\s+will)\s+(?:check|look\s+into|get\s+back\s+to\s+you|verify|double-check|let\s+you\s+know)|"
    r"(?:one|just\s+a)\s+moment|bear\s+with\s+me)\b",
    re.IGNORECASE,
)


def is_promise(text: str) -> bool:
    """True for an assistant's acknowledgement or promise to wait or check (no result, no option)."""
    return bool(_PROMISE.search(text))


def classify_kind(
    text: str, role: Role, has_values: bool, has_negation: bool, correction: bool, action: ActionMarker | None
) -> AtomKind:
    """The atom kind from cue patterns; has_values/has_negation come from the entity and negation finders."""
    if role == "tool":
        return "result"
    if role == "system":
        return "instruction"
    if role == "assistant":
        if _CONFIRM_REQUEST.search(text):
            return "confirmation"
        if action is not None and action.status == "done":
            return "action"
        if action is not None and action.status == "failed":
            return "result"
        if action is not None and action.status == "pending":
            return "action"
        if _GREETING.match(text) or _FAREWELL.match(text):
            return "greeting"
        if _FILLER.match(text):
            return "greeting" if _HELLO.match(text) else "filler"
        if _PROMISE.search(text):
            return "filler"
        if text.rstrip().endswith("?") or (action is not None and action.status == "offered"):
            return "question"
        if _ASSISTANT_RESULT.search(text):
            return "result"
        return "answer"
    # user (and anything else)
    if correction:
        return "correction"
    if _GREETING.match(text) or (_FAREWELL.match(text) and not has_values):
        return "greeting"
    if _FILLER.match(text) and not has_values:
        return "filler"
    if _CONFIRM.match(text) and not has_values and not has_negation and not text.rstrip().endswith("?"):
        return "confirmation"
    if _REQUEST.match(text):
        return "instruction"
    opens_question = _WH_AUX.match(text) and not _PROHIBITION.match(text) and not _HAVE_STATED.match(text)
    if text.rstrip().endswith("?") or opens_question:
        return "question"
    if has_negation or (has_values and _NEED.search(text)):
        return "constraint"
    if _PREFERENCE.search(text):
        return "preference"
    if has_values or _NEED.search(text):
        return "constraint"
    if _CONFIRM.match(text):
        return "confirmation"
    return "answer"


# --- pinned, correction ----------------------------------------------------------------------------

_PINNED = re.compile(
    r"\b(?:must|(?:has|have)\s+to|make\s+sure|be\s+sure|ensure|important|importantly|crucial|essential|critical|absolutely|"
    r"never|always|definitely|under\s+no\s+circumstances|(?:do\s+not|don['’]?t)\s+forget|remember\s+(?:to|that)|"
    r"no\s+matter\s+what|at\s+all\s+costs|non-?negotiable|mandatory|required|a\s+must|(?:call|ask|check\s+with|"
    r"text|phone|ring|contact|tell|notify|consult)\s+(?:me|us)\s+(?:first|before)|(?:my|our)\s+(?:approval|ok|okay|"
    r"permission|consent|go-ahead)\s+(?:first|before))\b",
    re.IGNORECASE,
)
# "make it 90 minutes", "make that the Monday class": the imperative that sets a value anew; not getting
# somewhere ("the lamps are not gonna make it", "we can make it there", "make it work")
_MAKE_IT = (
    r"(?<!\bto\s)(?<!gonna\s)(?<!n['’]t\s)(?<!not\s)(?<!can\s)(?<!could\s)(?<!will\s)(?<!['’]ll\s)"
    r"(?<!might\s)(?<!may\s)make\s+(?:it|that)\b"
    r"(?!\s+(?:to|there|here|in\s+time|on\s+time|work|through|back|home)\b)(?=\W*\w)"
)
_CORRECTION = re.compile(
    r"\b(?:actually|instead|change\s+(?:it|that|this|the\s+\w+(?:\s+\w+)?)\s+to|change\s+to|rather\s+than|"
    r"or\s+rather|" + _MAKE_IT + r"|bump\s+(?:it|that|this|them)\s+(?:up\s+|down\s+)?to\b|"
    r"(?:reduce|lower|raise|increase|decrease|cut|drop)\s+(?:it\s+|that\s+|this\s+|them\s+)?(?:down\s+|up\s+)?to\b|switch\s+(?:it\s+|that\s+)?to|i\s+meant|i\s+mean(?=\s*,)|"
    r"sorry,?\s+i\s+mean(?:t)?\b|on\s+second\s+thought|scratch\s+that|correction|update\s+(?:it|that)\s+to|"
    r"not\s+\w+(?:\s+\w+)?,?\s+but\s+|(?:i|i['’]ve|i\s+have)\s+changed\s+my\s+mind|let['’]?s\s+(?:do|go\s+with|try)\s+[\w\s]+\s+instead|"
    r"how\s+about\s+[\w\s]+\s+instead|wait,|wait\s+no\b(?!\s+(?:longer|more))|(?:oh|no|hold\s+on|hang\s+on)\s*,?\s+wait\b|"
    r"i\s+mis(?:read|spoke|typed|heard|remembered)|my\s+mistake|not\s+what\s+i\s+(?:said|told\s+you|wrote|put(?:\s+down)?)\b|"
    r"(?:oh\s+)?no,?\s+sorry\b|\bwhoops\b|\boops\b|(?:went|has\s+gone|have\s+gone)\s+(?:up|down)|"
    # one of several items set anew: "the regular one should be oat too", "the second ones should have ice"
    r"the\s+\w+(?:\s+\w+)?\s+ones?\s+should\s+(?:be|have|get)\b)",
    re.IGNORECASE,
)
_RATHER_CORRECTION = re.compile(r"(?<!would\s)(?<!'d\s)(?<!’d\s)\brather\b(?!\s+not)", re.IGNORECASE)


def is_pinned(text: str) -> bool:
    """True when the speaker stresses the clause (must, make sure, important, never, always, ...)."""
    return bool(_PINNED.search(text))


_ALTERNATIVE = re.compile(
    r"\b(?:instead|how\s+about|what\s+about|would\s+(?:you\s+(?:like|prefer|consider)|[\w\s,:]{1,40}?"
    r"(?:work|do|suit|be\s+(?:ok|okay|fine|alright|all\s+right)))|alternatively|an?\s+alternative|rather\s+than|"
    r"(?:is|are|was|were)\s+(?:not|no\s+longer)\s+available|unavailable|not\s+available|fully\s+booked|"
    r"booked\s+up|sold\s+out|no\s+(?:tables?|rooms?|seats?|availability|slots?|flights?|trains?|tickets?)|"
    r"(?:sorry|unfortunately)\b[^.?!]*\b(?:but|only|however)|the\s+(?:closest|nearest|earliest|latest)|"
    r"(?:i|we)\s+only\s+(?:have|found|see)|only\s+(?:one|\d+)\s+\w+\s+(?:left|available)|"
    # "I don't have any hotels but I do have Worth House ... guesthouse": none of the asked kind, but another
    r"(?:don'?t|do\s+not|didn'?t|did\s+not|can'?t|cannot|couldn'?t|could\s+not)\s+(?:have|find|see|locate)\s+any\b"
    r"[^.?!]*\b(?:but|however))",
    re.IGNORECASE,
)


def proposes_alternative(text: str) -> bool:
    """True when the clause offers a value in place of another (how about, instead, would X work,
    not available, fully booked, sorry ... but, the closest / earliest, we only have, I don't have
    any ... but)."""
    return bool(_ALTERNATIVE.search(text))


def is_correction(text: str) -> bool:
    """True when the clause replaces an earlier value (actually, instead, change it to, make it, ...)."""
    return bool(_CORRECTION.search(text) or _RATHER_CORRECTION.search(text))
