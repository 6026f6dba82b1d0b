"""A later pick among the options an earlier pick was taken from replaces it.

"It comes in cream, chocolate brown and grey." -> "Cream, it is fine" keeps ``choice=cream`` as the
user's (core.offer_taken). Turns later: "She says ... we take the chocolate brown." The user named
another option of the same offering turn by a take verb (the language's named_pick), or named the
other option of the alternatives its question asked ("想学双板还是单板？" -> "双板，稳当。", later
"…非要单板，别的不学。得嘞，听他的，单板") and not the one held: the same attribute, picked again,
which is the evidence issue 12 asks for a replacement (item 2). The fact takes the new option
(widened to its whole name in the offering turn, as the first pick was) and keeps the first in its
history, so the context shows ``choice=chocolate brown (was: cream)``.

Nothing is replaced when the words fit the option already held, when they fit no offering or
options of several, or when the turn asks about them or negates them ("is the grey one darker?",
"not the grey").
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from core.alternatives import offered_choice
from core.fact_versions import replace_fact
from core.lang.registry import analyzer_for
from core.models import ContextState, Evidence, Fact, FactCandidate, OfferedChoice, ParsedMessage


def _option_in(offering: str, words: str, lang: str) -> tuple[int, int] | None:
    """The span of the whole option of the offering turn that words name, once; None otherwise."""
    if lang == "zh":
        found = [m.span() for m in re.finditer(re.escape(words), offering)]
    else:
        rx = r"(?<!\w)" + r"\W{1,2}".join(re.escape(w) for w in words.split()) + r"(?!\w)"
        found = [m.span() for m in re.finditer(rx, offering, re.IGNORECASE)]
    if len(found) != 1:
        return None
    return analyzer_for(lang).option_span(offering, *found[0])


# a fact's role, its evidence's how and role, as offer_taken.keep_option made it
_PICK = ("user", "accepted", "assistant")


def _held_picks(state: ContextState) -> Iterator[tuple[Fact, int, str]]:
    """The facts still held as the pick of an offering turn: (fact, that turn's idx, its text). A fact
    said again or corrected since is no longer that turn's pick."""
    for key, offering in state.picked_from.items():
        fact = state.facts.get(key)
        ev = fact.evidence if fact is not None else None
        if fact is not None and ev is not None and (fact.role, ev.how, ev.role) == _PICK:
            yield fact, ev.idx, offering


def _picked_again(state: ContextState, words: str, lang: str) -> list[tuple[Fact, str, int]]:
    """The held picks whose offering turn names another option by words: (fact, option, start)."""
    low = words.lower()
    out = []
    for fact, _, offering in _held_picks(state):
        held = fact.value.lower()
        if not held or low in held or held in low:
            continue
        span = _option_in(offering, words, lang)
        if span is not None and held not in offering[span[0] : span[1]].lower():
            out.append((fact, offering[span[0] : span[1]], span[0]))
    return out


def named_option(offering: str, idx: int, parsed: ParsedMessage, held: str) -> str:
    """The one option of the alternatives the offering turn's question asked ("想学双板还是单板？") that
    the user's turn names outside a question or a negation, when the value held is another of them
    (or named in that question); "" when it names none or several, or the value held is neither."""
    choice = offered_choice(offering, idx) or OfferedChoice(idx=idx)
    options, low = choice.options, held.lower()
    if not any(low in o.lower() for o in options) and low not in choice.question.lower():
        return ""  # the question names it, though a list of three may be cut ("楷书、隶书还是行书")
    stated = " ".join(a.text for a in parsed.atoms if a.kind != "question" and a.negation is None)
    named = [o for o in options if _names(stated, o)]
    return named[0] if len(named) == 1 else ""


def _names(text: str, option: str) -> bool:
    if option.isascii():
        return re.search(rf"(?<!\w){re.escape(option)}(?!\w)", text, re.IGNORECASE) is not None
    return option in text


def _alternative_repicks(state: ContextState, parsed: ParsedMessage) -> list[tuple[Fact, str, int]]:
    """The held picks of an alternative question whose other option the user's turn names."""
    out = []
    for fact, offered_at, offering in _held_picks(state):
        option = named_option(offering, offered_at, parsed, fact.value)
        # the option held names it already ("arm" of "Upper arm", said in "Omnia Arm 5")
        if option and not _names(fact.value, option) and not _names(parsed.message.text, fact.value):
            out.append((fact, option, offering.rfind(option)))
    return out


def take_repick(state: ContextState, parsed: ParsedMessage) -> None:
    """After a user turn: the one held pick whose options the turn picks among again takes the new
    option (module doc). State is changed in place."""
    msg = parsed.message
    if msg.role != "user" or not state.picked_from or not msg.text:
        return
    analyzer = analyzer_for(parsed.lang)
    hits = []
    # the turn's pick, else one a later sentence of it makes ("欸等等，…比較好耶。換星曜Tab 11")
    for said in (msg.text, *analyzer.split(msg.text)[1:]):
        words = analyzer.named_pick(said).strip()
        low = words.lower()
        asks = any(low in a.text.lower() and (a.kind == "question" or a.negation) for a in parsed.atoms)
        if words and not asks and (hits := _picked_again(state, words, parsed.lang)):
            break
    hits = hits or _alternative_repicks(state, parsed)
    if len(hits) != 1:
        return
    fact, option, start = hits[0]
    offered_at = fact.evidence.idx if fact.evidence else msg.idx  # the offering turn (_picked_again)
    evidence = Evidence(
        idx=offered_at, role="assistant", how="accepted", start=start, end=start + len(option), text=option
    )
    cand = FactCandidate(
        key=fact.key, value=option, norm=option.lower(), strength=fact.strength, kind="instruction",
        source_idx=msg.idx, role="user", vtype=fact.vtype, evidence=evidence,
    )
    replace_fact(state, fact, cand, "picked again among the same options")
