"""A concrete option the assistant offered and the user took: the user's agreed value.

The assistant offers a thing the parser has no type for ("Evergreen has an accident rider for $140
a year" -> "ok that fits. do the rider"; "They offer a gluten-free chocolate torte for 6" ->
"perfect."). The offer frame and the option's noun phrase are the language's (offered_options, see
core.lang.en_offers); this module holds the options of the offering turn until the user answers and
keeps the option the user took as a fact of theirs (``<domain>.<head noun>``; ``..._agreed`` beside
a different value already held under that key, which it never replaces), its evidence the span of
the assistant's turn (how: accepted).

The user takes an option by naming it after a take verb ("do the rider", "the 500 one"), or by a
yes when the turn offered one option and asked nothing else since ("Shall I add it?" asks about it;
"What's your budget?" does not, and a yes answers that question), unless the yes only acknowledges
before asking for something new ("Okay, thanks. I also want to find a house"). A no, a negation or
a turn that states values of its own answers the offer without taking it: the options are dropped.
A turn that only asks about them ("deductible mean what") or says nothing of value ("let me ask my
wife") leaves them standing, for at most MAX_TURNS turns. Information offered about the thing in
play ("Would you like the phone number?", "It has a moderate price") is no option to take. An
option whose head the parser typed as a value (a time, a name's kind) or that holds a name is left
to those values: only an untyped thing needs this rule. Chinese turns offer none in a frame: a
Chinese pick is read back by the assistant (core.choice_readback).

Any option the assistant's last turn said, in a frame or not (a list "Basic ($29/month), Plus
($49/month)", a seat "19A, also a window, is free", "有基础险和全险"), is taken by a short answer
that only names it ("plus", "19A fine", "yes late checkout", "年卡吧"): the words as that turn says
them, widened to the whole name and an amount said right after it (the language's option_span), when
they fit one option of the turn; an answer the parser reads values of the user's own from, a
question about it, an ordinal or a long clause describing what is wanted takes nothing this way.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from core.alternatives import CHOICE_SLOT
from core.embed import is_chinese
from core.lang.cues import any_language
from core.lang.registry import analyzer_for
from core.listed import listed
from core.models import Atom, ContextState, Evidence, Fact, OfferedChoice, ParsedMessage, Units
from core.offer_slots import WHEN_SLOT, WHEN_TYPES, is_when_slot, slot_spans
from core.readback_split import AGREED_SUFFIX
from core.slot_keys import INFORMATIONAL_SLOTS, is_value

MAX_TURNS = 6  # an offer not answered within this many turns no longer stands
_WORD = re.compile(r"[^\W_]+")
_DAY_MARK = re.compile(r"[ap]\.?m\.?", re.I)
# where an option's price starts: a currency sign (after a currency's capitals) and a digit ("$165", "(S$38")
_PRICED = re.compile(r"\s\(?[A-Z]{0,3}[^\w\s(]\d")
_SENTENCE = re.compile(r"(?<=[.!。！])\s*")
CLAUSE_MARKS = re.compile(r"[.,;:!?，。；！？\n]+")  # what ends a clause of a turn
MAX_CLAUSE_WORDS = 5  # a clause naming a pick is short ("the underhill one", "yes late checkout")
MAX_SLOT_REPLY = 30  # a reply naming a slot by its numbers is short ("dec 4", "29号的")


def _words(text: str) -> set[str]:
    """The lowercase words of text, a number's thousands separators dropped ("1,000" -> "1000")."""
    return set(_WORD.findall(text.lower().replace(",", "")))


def _content(text: str, lang: str) -> set[str]:
    """The words of text that tell what it is about (no grammar or light word)."""
    light = analyzer_for(lang).is_light_word
    return {w for w in _words(text) if not light(w)}


def _atoms_at(parsed: ParsedMessage, text: str) -> Iterator[tuple[int, Atom]]:
    """The parsed atoms with where each starts in text, in order (an atom not found is skipped)."""
    cursor = 0
    for atom in parsed.atoms:
        at = text.find(atom.text, cursor)
        if at < 0:
            continue
        cursor = at + len(atom.text)
        yield at, atom


def _untyped(text: str, start: int, end: int, parsed: ParsedMessage) -> bool:
    """True when the thing offered in text[start:end] has no type the state keeps: its head (the
    last word) lies in no entity of the turn held as a value (a measure the assistant quotes, "a 500
    deductible", is not held: core.slot_keys.is_value), and no name lies in it ("Alaska Airlines
    flight", "standard Camry": the name is the thing, held as one already)."""
    head = end - len(text[start:end].split()[-1])
    for at, atom in _atoms_at(parsed, text):
        for e in atom.entities:
            a, b = at + e.start, at + e.end
            if e.start < 0 or b <= start or a >= end:
                continue
            if e.type == "name" or (a <= head < b and is_value(e, atom.domain, "assistant")):
                return False
    return True


def _proper(text: str, start: int, end: int, parsed: ParsedMessage) -> bool:
    """True when a proper name (a capitalised name entity) lies in text[start:end] ("fly with
    Southwest Airlines", "play Cirice by Ghost"): the name is the value, held as one already."""
    for at, atom in _atoms_at(parsed, text):
        for e in atom.entities:
            a = at + e.start
            named = e.type == "name" and e.start >= 0 and start <= a < end
            if named and re.search(r"[A-Z]", text[a : at + e.end]):
                return True
    return False


def _slot(text: str, start: int, end: int, parsed: ParsedMessage) -> bool:
    """True when the thing offered in text[start:end] is a day and a time together ("Wednesday 6:15
    am"): one slot the user takes whole, though the parser holds its day and its time apart."""
    types: set[str] = set()
    for at, atom in _atoms_at(parsed, text):
        types |= {e.type for e in atom.entities if e.start >= 0 and start <= at + e.start < end}
    return types == {"date", "time"}


def _about(option: str) -> bool:
    """True when the option names where or how to reach a thing or what it costs ("the phone number",
    "a moderate price"): information about the thing in play, never a choice a yes takes (the
    informational slots of core.slot_keys)."""
    return any(w in INFORMATIONAL_SLOTS or w.rstrip("s") in INFORMATIONAL_SLOTS for w in _words(option))


def _domain_at(parsed: ParsedMessage, text: str, start: int) -> str:
    """The domain of the clause holding text[start], else the turn's, else 'general'."""
    for at, atom in _atoms_at(parsed, text):
        if at <= start < at + len(atom.text) and atom.domain:
            return atom.domain
    return parsed.domain or "general"


def _refers(question: str, options: list[str], lang: str) -> bool:
    """True when a question names one of the options or points at the thing offered ("add it?")."""
    words = _words(question)
    return analyzer_for(lang).points_at_offer(question) or any(_content(o, lang) & words for o in options)


def note_offered_options(state: ContextState, parsed: ParsedMessage) -> None:
    """After an assistant turn: the options it offers become the standing ones (their domain in
    ``label``, the question a yes would answer in ``question`` when it is not about them); a turn
    offering none leaves the standing ones, and a question about something else stops a yes from
    taking them. State is changed in place."""
    text, idx = parsed.message.text or "", parsed.message.idx
    lang = "zh" if is_chinese(text) else "en"
    analyzer = analyzer_for(lang)
    if text.strip():
        label = _domain_at(parsed, text, 0)
        state.offer_turn = OfferedChoice(idx=idx, label=label, options=[text], starts=[0])
    framed = [
        (a, b)
        for a, b in analyzer.offered_options(text)
        if (_untyped(text, a, b, parsed) or _slot(text, a, b, parsed)) and not _about(text[a:b])
    ]
    # a thing a yes/no question offers (typed or not: the question makes it an option) and a day
    # with a time said together (core.offer_slots), each one option
    asked = [(a, b) for a, b in analyzer.yes_no_offers(text) if not _about(text[a:b])]
    asked = [(a, b) for a, b in asked if not _proper(text, a, b, parsed)]
    spans = _outermost([*framed, *asked, *slot_spans(state, text, parsed)])
    at, question = analyzer.last_question(text)
    if spans:
        options = [text[a:b] for a, b in spans]
        offers_it = any(at <= a < at + len(question) for a, _ in asked)
        asks_else = question and not offers_it and not _refers(question, options, lang)
        state.offered_options = OfferedChoice(
            idx=idx,
            question=question if asks_else else "",
            label=_domain_at(parsed, text, spans[0][0]),
            options=options,
            starts=[a for a, _ in spans],
        )
        return
    held = state.offered_options
    if held is not None and question and not held.question and not _refers(question, held.options, lang):
        state.offered_options = held.model_copy(update={"question": question})


def _outermost(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The spans in order, each one inside another left out."""
    inside = {(a, b) for a, b in spans for c, d in spans if c <= a and b <= d and (c, d) != (a, b)}
    return sorted(set(spans) - inside)


def _taken(held: OfferedChoice, parsed: ParsedMessage, units: Units, asked: str) -> int | None:
    """The index of the option the user's turn takes, None when it takes none (module doc); asked is
    the text of the assistant's turn just before, when it is the offering turn."""
    text = parsed.message.text or ""
    lang = parsed.lang
    analyzer = analyzer_for(lang)
    distinct = {o.lower().replace(",", "") for o in held.options}
    place = analyzer.pick_position(text)
    if place is not None and -len(held.options) <= place < len(held.options):
        return place % len(held.options)  # "the 2nd", "第二个", "the last one"
    named = analyzer.named_pick(text)
    if named:
        want = _content(named, lang)
        hits = {i for i, o in enumerate(held.options) if want and want <= _words(o)}
        same = {held.options[i].lower().replace(",", "") for i in hits}
        if hits:
            return min(hits) if len(same) == 1 else None
    short = len(text.split()) <= MAX_CLAUSE_WORDS and len(text) <= MAX_SLOT_REPLY
    slots = {i for i, o in enumerate(held.options) if short and analyzer.names_slot(text, o)}
    if len(slots) == 1:
        return slots.pop()  # "dec 4" of "December 3 at 9:30 and December 4 at 10:15", "29号的"
    if len(distinct) != 1 or held.question or any_language().asks_another(text) or analyzer.turns_away(text):
        return None  # "That sounds okay, but what else is there?": no pick
    if any(c.role == "user" and c.vtype in WHEN_TYPES for c in units.facts):
        return None  # "how about something on March 1st?": a day or time of the user's own
    if analyzer.points_at_pick(text) or analyzer.answers_yes(text, asked):
        return 0  # "ok that", "就它吧"; "obviously yes", "要" to "需要接驳车吗？"
    if any_language().requests_new(text):
        return None  # "Okay, thanks. I also want to find a house": an acknowledgement, a new request
    # a yes opening any sentence of the turn: "Oh good thing you mentioned that. Yes please."
    return 0 if any(any_language().accepts(s.strip()) for s in _SENTENCE.split(text)) else None


def take_offered_option(state: ContextState, parsed: ParsedMessage, units: Units) -> None:
    """After a user turn: keep the standing option the user took as their agreed fact, or drop the
    options when the turn answered them otherwise (module doc). State is changed in place."""
    held, turn = state.offered_options, state.offer_turn
    msg = parsed.message
    state.offer_turn = None
    if held is not None and msg.idx - held.idx > MAX_TURNS:
        held = state.offered_options = None
    text = msg.text or ""
    said = text.strip()
    if any(a.negation is not None for a in parsed.atoms) or any_language().declines(said):
        state.offered_options = None
        if any_language().declines(said) or any_language().bare_no(said):
            _drop_declined(state, turn, msg.idx)
        else:
            _echo_taken(state, turn, parsed, units)  # "Yes zero excess, I don't want any stress"
        return
    asked = turn.options[0] if turn is not None and held is not None and turn.idx == held.idx else ""
    at = _taken(held, parsed, units, asked) if held is not None else None
    if at is None:
        if _echo_taken(state, turn, parsed, units) or units.facts:
            state.offered_options = None  # the user answered with values of their own
        return
    state.offered_options = None
    offering = turn.options[0] if turn is not None and turn.idx == held.idx else ""
    keep_option(state, held, at, msg.idx, offering)
    if len(held.options) > 1:
        _narrow_listed(state, held, held.options[at])


def _drop_declined(state: ContextState, turn: OfferedChoice | None, idx: int) -> None:
    """Drop the facts and standing offers the assistant's turn just before offered in a yes/no
    question the user turned down ("需要加小吃吗？" -> "不要": no food=小吃, and no later "行" takes
    it): a thing declined is no value of the task. One with an older value in its history is left
    to the merge."""
    if turn is None or turn.idx != idx - 1:
        return
    text = turn.options[0]
    analyzer = analyzer_for("zh" if is_chinese(text) else "en")
    asked, yes_no = analyzer.yes_no_offers(text), {v.lower() for v in analyzer.yes_no()}
    for held in (state.facts, state.offers):
        for key, fact in list(held.items()):
            ev = fact.evidence
            if ev is None or ev.idx != turn.idx or ev.role != "assistant" or fact.history:
                continue
            if fact.norm in yes_no:
                continue  # "parking=yes": the no is its value (core.merge_actions.decline_asked_yes)
            if ev.how == "offered" and any(a <= ev.start < b for a, b in asked):
                del held[key]


def _narrow_listed(state: ContextState, held: OfferedChoice, option: str) -> None:
    """The assistant's values of the offering turn that list parts of several options ("8:45, 14:20"
    of "March 2 at 8:45 and March 5 at 14:20") keep only the parts of the option taken: the other
    options were not chosen, and both together are no value."""
    for fact in state.facts.values():
        if fact.role != "assistant" or fact.evidence is None or fact.evidence.idx != held.idx:
            continue
        items, norms = listed(fact.value), listed(fact.norm)
        kept = [i for i, item in enumerate(items) if item in option]
        if len(items) < 2 or not 0 < len(kept) < len(items) or len(norms) != len(items):
            continue  # (a list of amounts grouped by commas, "₦580,000, ₦720,000", is read by its norm)
        fact.value = ", ".join(items[i] for i in kept)
        fact.norm = ", ".join(norms[i] for i in kept)


def _echo_taken(state: ContextState, turn: OfferedChoice | None, parsed: ParsedMessage, units: Units) -> bool:
    """Keep the option of the assistant's last turn a short answer names ("plus" to "We have Basic
    ($29/month), Plus ($49/month) ...", "19A fine" to "21A is taken, but 19A is free", "年卡吧" to
    "有月卡、季卡、年卡"): the words as that turn says them, widened to the whole name and an amount
    said right after it (option_span of the language). True when it kept one. Words the parser
    already holds as the user's own value stay theirs."""
    text = parsed.message.text or ""
    if turn is None or not text:
        return False
    analyzer = analyzer_for(parsed.lang)
    words = analyzer.named_pick(text)
    low = words.lower()
    asks = any(a.kind == "question" and low in a.text.lower() for a in parsed.atoms)
    if asks or any(a.negation is not None and low in a.negation.text.lower() for a in parsed.atoms):
        return False  # "ok what tiers does the current one have", "not the pro": takes nothing
    asked = state.offered_choice
    if asked is not None and asked.idx == turn.idx and sum(low in o.lower() for o in asked.options) > 1:
        return False  # "pay" to "10-year pay or 20-year pay?": fits both alternatives asked
    clause = next((c for c in CLAUSE_MARKS.split(text) if low in c.lower()), "")
    if len(clause.split()) > MAX_CLAUSE_WORDS:
        return False  # "I want the attraction to be in the centre": describes what is wanted
    own = [s for c in units.facts if c.role == "user" for s in (c.norm, c.value.lower()) if s]
    if not low:
        return False
    said = turn.options[0]
    if is_chinese(words):
        rx = re.escape(words)
    else:
        rx = r"(?<!\w)" + r"\W{1,2}".join(re.escape(w) for w in words.split()) + r"(?!\w)"
    spans = sorted((analyzer.option_span(said, *m.span()) for m in re.finditer(rx, said, re.I)),
                   key=lambda s: s[1] - s[0])
    if not spans or not all(said[a:b].lower().startswith(said[slice(*spans[0])].lower()) for a, b in spans):
        return False  # not said, or "lotus" of "Lotus CI Basic and Lotus CI Plus": fits several
    a, b = spans[0]  # the shortest of the same option said again ("加急件", "加急件每单15元")
    # the user's own value stays theirs; but the pick itself read as one (a model's name typed as a
    # name: "The Haske DD310") is taken with the price the offering turn said for it
    held = [s for s in own if s in low or low in s]
    priced = any(e.type == "money" for e in analyzer.entities(said[a:b], None))  # "…at ₦580,000", "…399元"
    if held and not (priced and all(low in s for s in held)):
        return False
    picked = turn.model_copy(update={"options": [said[a:b]], "starts": [a]})
    keep_option(state, picked, 0, parsed.message.idx, said)
    if priced:  # the turn's listed amounts ("¥399, ¥469") keep the option's own
        _narrow_listed(state, turn, said[a:b])
    return True


def keep_option(state: ContextState, held: OfferedChoice, at: int, idx: int, offering: str = "") -> None:
    """Hold option at of held, taken at user turn idx, as the user's fact (module doc); offering: the
    text of the assistant's turn that offered it, kept for a later pick among the same options
    (core.repicked)."""
    option, start = held.options[at], held.starts[at]
    norm = option.lower()
    evidence = Evidence(idx=held.idx, role="assistant", how="accepted", start=start, end=start + len(option),
                        text=option)
    same = next((f for f in state.facts.values() if norm in (f.norm, f.value.lower())), None)
    if same is not None:  # already held (read back, or said by the user): now the user's
        same.role, same.kind, same.evidence, same.last_idx = "user", "instruction", evidence, idx
        return
    when = is_when_slot(option)
    if when:
        head = WHEN_SLOT  # "Wednesday December 16, 1pm-5pm", "12月29日晚上7点": the slot's time
    else:  # the head: the last word with a letter, a time of day's mark, a light word and the price aside
        light = analyzer_for("zh" if is_chinese(option) else "en").is_light_word
        named = _PRICED.split(option)[0].split()  # "16x20 at $165": the thing, not its price
        while len(named) > 1 and light(named[-1]):
            named.pop()
        heads = [w for w in named if re.search(r"[^\W\d_]", w) and not (_DAY_MARK.fullmatch(w) or light(w))]
        word = heads[-1] if heads else option.split()[-1]
        spaced = len(named) > 1 and not is_chinese(option)  # "星曜Tab 10是NT$9,990": no head word
        head = re.sub(r"\W+", "_", word.lower()).strip("_") if spaced else CHOICE_SLOT
    key = f"{held.label or 'general'}.{head or CHOICE_SLOT}"
    if key in state.facts:
        key += AGREED_SUFFIX
    n = 2
    while key in state.facts:  # another option taken before under the same slot stays
        key, n = f"{key.split(AGREED_SUFFIX)[0]}{AGREED_SUFFIX}_{n}", n + 1
    if offering:
        state.picked_from[key] = offering
    state.facts[key] = Fact(
        key=key,
        value=option,
        norm=norm,
        strength="medium",
        kind="instruction",
        first_idx=held.idx,
        last_idx=idx,
        last_turn=state.user_turns,
        role="user",
        evidence=evidence,
        vtype="datetime" if when else "term",
    )
