"""English negation phrases kept whole: 'no spicy food', "don't call before 9am", "I don't want a window
seat", 'anything but Chinese', 'without peanuts', 'not too expensive'.

Answers and filler that merely start with a negative word ('No, thanks', "No, that's all", 'no problem',
"I don't mind", 'not sure') are not constraints and are skipped.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from core.models import Negation

# who the negation is of, right before its verb: a pronoun or a name ("Eli doesn't spar"), with the
# wish it is put in ("I'd rather Eli doesn't spar")
_WISH = r"i['’]?d\s+rather|i\s+would\s+rather"
_WISH_BEFORE = re.compile(rf"\b(?:{_WISH})\s+[A-Za-z]+\s+$", re.IGNORECASE)
_SUBJECT_BEFORE = re.compile(
    rf"(?:\b(?i:{_WISH}|i\s+prefer)\s+)?"
    r"(?:\b(?i:i|we|you|they|he|she)|\b(?!(?:Please|But|And|So|Just|Also|Then|Oh)\b)[A-Z][a-z]+)\s+$"
)
# who a "not" / "never" is said of, with the verb "be" ("I'm not stopping it", "we are never late"):
# the person is part of the phrase, as with "I don't"
_BE_SUBJECT_BEFORE = re.compile(
    r"\b(?:i['’]m|i\s+am|(?:we|they)(?:['’]re|\s+are)|(?:he|she)(?:['’]s|\s+is))\s+$", re.IGNORECASE
)
# the preposition of an idiom of absolute negation ("on no account", "at no time", "under no
# circumstances", "in no way", "by no means"), right before its "no"
_PREPOSITION_BEFORE = re.compile(r"\b(?:on|at|under|in|by)\s+$", re.IGNORECASE)
# Verbs of wanting belong to the cue ("don't want" + "a window seat"); other verbs to the target
# ("don't" + "call before 9am").
_WANT = (
    r"(?:\s+(?:really\s+)?(?:want|need|like|care\s+for|eat|drink|have|include|allow|serve|require|fancy))?"
)
_CUE = re.compile(
    r"\b(?P<cue>"
    rf"(?:do|does|did|would|will|could|should|can|must)\s*n[o']?t{_WANT}"
    rf"|(?:don|doesn|didn|won|wouldn|can|couldn|shouldn|isn|aren|wasn|weren|mustn)['’]?t{_WANT}"
    r"|(?:i'?d|we'?d|i\s+would|we\s+would)\s+rather\s+not"
    r"|anything\s+but|anything\s+other\s+than|other\s+than|except(?:\s+for)?|rather\s+than|instead\s+of"
    r"|without|never|avoid(?:ing)?|no\s+more|not\s+more|not\s+too|not\s+a|not\s+an|not\s+any|not"
    r"|none\s+of|neither|nothing|nobody|no\s+one|skip|allergic\s+to|hate|dislike|can['’]?t\s+stand"
    r"|refuses?|refused|no\s+need(?:\s+(?:for|of))?|no"
    r")\b",
    re.IGNORECASE,
)
# Cues that set one value against another: in a correction their target is the value replaced.
_SUBSTITUTION = re.compile(r"(?:rather|instead)\s+(?:than|of)$", re.IGNORECASE)
# Cues whose subject pronoun is part of the phrase: "I don't want a window seat".
_VERBAL_CUE = re.compile(
    r"^(?:do|does|did|would|will|could|should|can|cannot|must|don|doesn|didn|won|wouldn|can|"
    r"couldn|shouldn|mustn|i'?d|we'?d|i\s+would|we\s+would)\b",
    re.IGNORECASE,
)
_TRAILING_FILLER = re.compile(
    r"(?:\s*,?\s*(?:please|thanks|thank\s+you|though|either|at\s+all))+$", re.IGNORECASE
)
_EMPHASIS = re.compile(r"\s*,?\s*at\s+all", re.IGNORECASE)
_FILLER_AFTER = re.compile(
    r"^\s*(?:[,.!?]|$|thanks?\b|thank\s+you|problem|worries|worry|need\b|that['’]?s\s+(?:all|it|fine|ok)|"
    r"that\s+(?:is|will\s+be|would\s+be)\s+(?:all|it)|i\s+(?:don['’]?t|do\s+not)\b|it['’]?s\s+(?:ok|fine|all)|"
    r"preference|particular|specific|rush|hurry|matter|idea|clue|doubt|way\b|sir|ma['’]?am|longer|,?\s*not\b|"
    r"one\b|else|other|more\b|further|additional|luck|results?\b|availability|options?\b|reservations?\b|"
    r"restaurants?\b|hotels?\b|trains?\b|events?\b|movies?\b|flights?\b|matches|match\b)",
    re.IGNORECASE,
)
_NOT_A_CONSTRAINT = re.compile(
    r"^(?:(?:do|does|did)\s*n[o']?t|don['’]?t|doesn['’]?t|didn['’]?t)\s+(?:really\s+)?(?:mind|care|know|matter|"
    r"worry|think|suppose|believe|remember|see|understand|have\s+(?:a|any)\s+(?:preference|particular)|"
    r"need\s+anything|want\s+anything|need\s+(?:any\s+)?(?:more|further|other)|want\s+to\b)"
    r"|^(?:did\s*n[o']?t|didn['’]?t|wasn['’]?t|weren['’]?t|was\s+not|were\s+not)\b"
    r"|^not\s+(?:sure|(?:just\s+)?yet|really|at\s+(?:the\s+moment|this\s+time|all)|right\s+now|now|that\s+i\s+know|"
    r"a\s+problem|necessary|needed|a\s+big\s+deal|that\s+one|good|great|bad|available|known|ready|"
    r"interested|quite|exactly|much|too\s+(?:much|bad)|anymore|today|for\s+now)\b"
    r"|^(?:can['’]?t|cannot|couldn['’]?t)\s+(?:wait|thank|remember|say|tell)"
    r"|^(?:isn|aren)['’]?t\s+(?:it|there|that|they)\b"
    r"|^nothing\s+(?:else|more|further|at\s+all|at\s+the\s+moment|right\s+now|for\s+now)"
    r"|^never\s*(?:mind|been|heard|seen|tried)"
    r"|^(?:would\s*n[o']?t|wouldn['’]?t)\s+mind",
    re.IGNORECASE,
)
# "No I need one for 3", "No please play it": a leading "no" that answers, followed by a new clause.
_ANSWER_NO = re.compile(
    r"^\s*no\b[\s,.!]*(?:i|i'm|i'd|it|it's|we|you|they|he|she|please|where|certain|particular|thanks?|that|"
    r"this|the|just|not|need|actually|sorry|wait|ok|okay|sure|problem|one|worries|way|more|longer|"
    r"preference|rush)\b",
    re.IGNORECASE,
)
_STOP = re.compile(  # a decimal point ("over 3.5t") is no stop
    r"(?<!\d)\.|\.(?!\d)|[;!?\n]|,\s|\s+(?:but|because|since|so|though|although|unless|and\s+then|then)\b|\s+and\s+"
    r"(?:i|we|you|it|please|can|could|would|also)\b",
    re.IGNORECASE,
)
_MAX_WORDS = 8
_EXCEPTION_CUE = re.compile(r"except|other\s+than|anything\s+but", re.IGNORECASE)
# what an exception is taken from, right before its cue: "any day", "every weekday", "all of them"
_EXCEPTION_BASE = re.compile(
    r"\b(?:(?:any|every|each|all)(?:\s+of)?(?:\s+(?:the|them|these|those))?(?:\s+[a-z]+)?|anything|everything|"
    r"anytime|anywhere|anyone|everyone|all)\s*,?\s*$",
    re.IGNORECASE,
)
_DETERMINER_BEFORE = re.compile(r"\b(?:the|a|an|this|that)\s+$", re.IGNORECASE)
# Target words that name no thing: a negation of only these ("not correct", "won't be necessary",
# "not right this minute", "don't work too hard", "without you") is an answer, not a constraint.
_DISCOURSE = frozenset(
    """that this it its it's them those these one ones anything something everything nothing else what
    which who whom there here i me my you your we us our they he she is are be been being was were do
    does did done have has had having to a an the for of in on at with by about so too very really quite
    much many right now moment minute second time yet today tonight thanks thank please correct
    necessary needed important interested picky favorite favourite familiar decide mind worry worried
    feel feeling sure work works working worked hard forget know think thought asked expected wanted
    mean meant need want like go going happen happening problem matter available possible fine ok okay
    good great bad big deal way anymore again all any some other more less enough just only without
    preference preferences particular specific criteria criterion requirements requirement request
    requested requests specifications specification results result matches match matching meets meet
    fits fit availability available vacancy vacancies info information listed list listing listings
    options option showing show find found able system records record database anything under those rush hurry
    such left currently unfortunately sorry afraid not provided""".split()
)
# "I don't need to book now", "not a reservation yet": an action put off, not a rule.
_DEFERRED = re.compile(
    r"\b(?:now|yet|at\s+(?:this|the)\s+(?:time|moment|point)|for\s+now|right\s+now)\s*$", re.IGNORECASE
)
_WORD = re.compile(r"[a-z0-9][a-z0-9'’]*")
# "No rooms match your requirements": a search that found nothing, said without a value.
_RESULT_REPORT = re.compile(
    r"\b(?:match(?:es|ing)?|meets?|fits?|suits?)\s+(?:your|those|these|the|that|all)\s+"
    r"(?:criteria|requirements?|needs?|requests?|query|specifications?|preferences?)\b"
)


# what may stand before an imperative's cue in its sentence: "Please don't ...", "ok, do not ..."
_IMPERATIVE_LEAD = re.compile(
    r"(?:^|[.!?;]\s*)(?:(?:please|and|but|so|ok(?:ay)?|also|just)[\s,]+)*$", re.IGNORECASE
)
_IMPERATIVE_CUE = re.compile(r"^(?:do\s+not|don'?t|don’t|never|no)$", re.IGNORECASE)


def _imperative(text: str, cue_start: int, cue: str) -> bool:
    """True when the cue opens its sentence as an order to the listener ("Do not book any treatment
    yet", "No shoes for now"): put off or not, it forbids the action or the thing until the user says
    otherwise."""
    return bool(_IMPERATIVE_CUE.match(cue)) and bool(_IMPERATIVE_LEAD.search(text[:cue_start]))


def _says_nothing(target: str, deferral: bool = True) -> bool:
    """True for a negation target without a thing in it, a deferral (unless the negation is an order:
    deferral False), or a new clause ('but I need')."""
    low = target.lower()
    deferred = deferral and _DEFERRED.search(low)
    if re.match(r"(?:but|and|so|or)\b", low) or deferred or _RESULT_REPORT.search(low):
        return True
    return all(w in _DISCOURSE for w in _WORD.findall(low))


def _target_end(text: str, start: int) -> int:
    window = min(len(text), start + 160)  # a target is a few words: never scan the whole text
    stop = _STOP.search(text, start, window)
    end = stop.start() if stop else window
    words = list(re.finditer(r"\S+", text[start:end]))
    if len(words) > _MAX_WORDS:
        end = start + words[_MAX_WORDS - 1].end()
    return end


@lru_cache(maxsize=8192)
def find_negations(text: str) -> tuple[Negation, ...]:
    """Every negation phrase of text, whole, with its cue and its target (see module doc)."""
    out: list[Negation] = []
    pos = 0
    while True:
        m = _CUE.search(text, pos)
        if m is None:
            break
        pos = m.end()
        cue = m.group("cue")
        low_rest = text[m.start() :].lower()
        if _NOT_A_CONSTRAINT.match(low_rest) or re.search(
            r"\bwhy\s+$", text[max(0, m.start() - 6) : m.start()], re.I
        ):
            continue  # "why don't we try turkish food": a suggestion
        after = text[m.end() :]
        if cue.lower() in ("no", "not", "nothing", "never") and _FILLER_AFTER.match(after):
            continue
        if cue.lower() == "no" and re.match(r"\s*(?:,|\.|!|$)", after):
            continue
        if cue.lower() == "no" and _DETERMINER_BEFORE.search(text, 0, m.start()):
            continue  # "switch to the no fee one", "a no-frills hotel": a kind of thing, no prohibition
        if (
            cue.lower() == "no"
            and not text[: m.start()].strip(" ,.!\"'")
            and _ANSWER_NO.match(text[m.start() :])
        ):
            continue
        tstart = m.end() + (len(after) - len(after.lstrip()))
        tend = _target_end(text, tstart)
        target = text[tstart:tend].strip(" ,")
        trail = _TRAILING_FILLER.search(target)
        if trail and trail.start() > 0:
            # "at all" makes the prohibition absolute: the phrase keeps it, the target does not
            kept = _EMPHASIS.match(target, trail.start())
            tend -= len(target) - (kept.end() if kept else trail.start())
            target = target[: trail.start()].strip(" ,")
        # an order, or a wish for someone else ("I'd rather Eli doesn't spar yet"), holds put off too
        wish = _WISH_BEFORE.search(text, max(0, m.start() - 32), m.start()) is not None
        deferral = not _imperative(text, m.start(), cue) and not wish
        if not target or not re.search(r"[A-Za-z0-9]", target) or _says_nothing(target, deferral):
            continue
        start = m.start()
        subj = _SUBJECT_BEFORE.search(text[max(0, start - 32) : start]) if _VERBAL_CUE.match(cue) else None
        if subj and subj.group(0).strip():
            start -= len(text[max(0, start - 32) : start]) - subj.start()
        be = cue[:3].lower() in ("not", "nev") and _BE_SUBJECT_BEFORE.search(text, max(0, start - 12), start)
        start = be.start() if be else start
        if cue.lower() == "no" and (prep := _PREPOSITION_BEFORE.search(text, max(0, start - 8), start)):
            start = prep.start()  # "on no account approach him", "at no point": the idiom whole
        base = _EXCEPTION_BASE.search(text, 0, start) if _EXCEPTION_CUE.match(cue) else None
        if base is not None:
            start = base.start()  # "any day except Thursday": the exception with what it is taken from
        whole = text[start:tend].strip(" ,")
        out.append(Negation(text=whole, cue=cue, target=target, substitution=bool(_SUBSTITUTION.match(cue))))
        pos = max(pos, tend)
    return tuple(sorted([*out, *_kept_and_intolerant(text, out)], key=lambda n: text.find(n.text)))


# "leave X alone", "leave that one where it is", "leave the rims as they are": an order not to change X
_LEAVE_AS_IS = re.compile(
    r"\b(?P<cue>leave)\s+(?P<target>(?:it|them|(?:that|this|the|my|our|his|her|their|those|these)"
    r"(?:\s+[A-Za-z0-9'’-]+){1,3}?))\s+(?P<how>alone|untouched|as\s+is|(?:where|as)\s+(?:it|they)\s+(?:is|are))\b",
    re.IGNORECASE,
)


# an intolerance forbids what it names, as an allergy does: "I am lactose intolerant", "she's
# gluten-intolerant", "intolerant to histamine" (the person said before it is part of the phrase)
_INTOLERANT = re.compile(
    r"\b(?:(?:i['’]?m|i\s+am|(?:he|she)(?:['’]s|\s+is)|(?:we|they)(?:['’]re|\s+are))\s+)?"
    r"(?:(?P<t>[a-z]+)[\s-](?P<cue>intolerant)\b(?!\s+(?:of|to)\b)|(?P<cue2>intolerant)\s+(?:of|to)\s+(?P<t2>[a-z]+))",
    re.IGNORECASE,
)

# words before "intolerant" that say how, not of what ("not intolerant", "very intolerant")
_NOT_INTOLERANT = frozenset({"not", "very", "so", "am", "is", "are"})


def _kept_and_intolerant(text: str, found: Sequence[Negation]) -> list[Negation]:
    """The orders to leave a thing as it is and the intolerances, none inside a negation already found."""
    out = []
    for m in _LEAVE_AS_IS.finditer(text):
        if not _inside(text, found, m.start()):
            out.append(Negation(text=m.group(0), cue=m.group("cue"), target=m.group("target")))
    for m in _INTOLERANT.finditer(text):
        target = m.group("t") or m.group("t2")
        if not _inside(text, found, m.start()) and target.lower() not in _NOT_INTOLERANT:
            out.append(Negation(text=m.group(0), cue=m.group("cue") or m.group("cue2"), target=target))
    return out


def _inside(text: str, found: Sequence[Negation], at: int) -> bool:
    """True when text[at] lies inside a negation already found."""
    return any(0 <= at - text.find(n.text) < len(n.text) for n in found if n.text in text)


# a declined action right before a value: "don't want to book it today", "won't need the taxi at 5",
# "no longer want to leave on friday" (the verb and at most three words of its object between)
_DECLINED_BEFORE = re.compile(
    r"\b(?:do\s*n[o']?t|don['’]?t|won['’]?t|will\s+not|no\s+longer)\s+(?:really\s+)?(?:want|need|plan)"
    r"(?:\s+to\s+[a-z]+)?(?:\s+(?!and\b|but\b|or\b|before\b|after\b|until\b|till\b|than\b|later\b|earlier\b)[a-z']+){0,3}?\s+(?:on\s+|at\s+|for\s+|by\s+)?$",
    re.IGNORECASE,
)


def declined_value(text: str, start: int) -> bool:
    """True when the value starting at text[start] follows a declined action in its clause ("I don't
    want to book it today"): the value says when the action will not happen, not a new value."""
    return _DECLINED_BEFORE.search(text, max(0, start - 60), start) is not None


# a request put as a question for an action not done: "could you not call before 9?", "can we not use
# the red one?" (a question of fact, "do you not have...", asks nothing of the kind)
_ASKED_NOT = re.compile(
    r"\b(?:can|could|would)\s+(?:you|we|they)\s+(?:please\s+)?(?P<neg>not\s+(?P<t>[^?.!,;]+))", re.IGNORECASE
)


# a request put as a question ("can the teacher be Spain Spanish not Latin American?", "could you make
# it the blue one, not the grey one?"): the value after a contrastive "not" is the one turned down
_REQUEST_QUESTION = re.compile(r"\b(?:can|could|would)\s+(?:you|we|it|they|the|i|he|she|this|that)\b", re.I)
# the word before "not" when the "not" negates a verb ("do you not have", "is it not"), not a value
_VERB_BEFORE_NOT = frozenset(
    "do does did is are was were am be can could would will should you we i it they he she there "
    "have has had may might must".split()
)


def _contrasted(text: str) -> list[Negation]:
    """The "X not Y" / "X, not Y" negations of a request question: the rejected value Y."""
    if not _REQUEST_QUESTION.search(text):
        return []
    out = []
    for neg in find_negations(text):
        at = text.find(neg.text)
        before = re.findall(r"[\w']+", text[:at])
        if neg.cue == "not" and before and before[-1].lower() not in _VERB_BEFORE_NOT:
            out.append(neg)
    return out


def asked_negations(text: str) -> list[Negation]:
    """The negated actions a yes/no request asks for (see _ASKED_NOT), each as a prohibition, the
    value a request question turns down beside the one it asks for (see _contrasted), and the
    prohibitions it states before it asks (see _stated_first)."""
    found = _ASKED_NOT.finditer(text)
    out = [Negation(text=m.group("neg").strip(), cue="not", target=m.group("t").strip()) for m in found]
    out += [n for n in _contrasted(text) if all(n.text not in o.text for o in out)]
    return out + [n for n in _stated_first(text) if all(n.text not in o.text for o in out)]


# a clause that states something, then asks: "No pork in any of them, can you do that?"
_THEN_ASKS = re.compile(
    r"^(?P<stated>[^?]+?)[,;:]\s*(?:(?:and|so|but)\s+)?(?:can|could|would|will|is|are|do|does)\s+(?:you|that|it|this|they)\b",
    re.IGNORECASE,
)


def _stated_first(text: str) -> list[Negation]:
    """The prohibitions of the part a question states before it asks ("No pork in any of them, can
    you do that?": No pork)."""
    m = _THEN_ASKS.match(text)
    return find_negations(m.group("stated")) if m else []
