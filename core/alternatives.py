"""The alternatives an assistant's question offers and the user's answer that picks one by a part of
it ("Premium term: 10-year pay or 20-year pay?" -> "10"; "缴费期：10年交还是20年交？" -> "10年").

The option picked is a value of the state whose words are the assistant's: its evidence is the span
of the assistant's turn that offered it (how: offered), its role the user's (they chose it). An
answer that says a whole option holds it in the user's own words already, and an answer whose words
fit several options, or none, picks nothing.
"""

from __future__ import annotations

import re

from core.embed import is_chinese
from core.lang.numbered_options import NUMBERED_LABEL, numbered_options, picked_place
from core.lang.registry import analyzer_for
from core.models import ContextState, Evidence, Fact, FactCandidate, OfferedChoice, ParsedMessage, Units
from core.readback_split import AGREED_SUFFIX

# slots that name an entity (a venue, a film): a name held under one key is that entity wherever it
# is said again
ENTITY_SLOTS = frozenset({"name", "title"})
# an answer longer than this says more than which option it takes
MAX_ANSWER_WORDS = 3
MAX_ANSWER_CHARS = 8
CHOICE_SLOT = "choice"  # the slot of an option picked when the question names no label
_WORDS = re.compile(r"[^\W_]+", re.UNICODE)
_PUNCT = re.compile(r"[\s\W_]+", re.UNICODE)


def offered_choice(text: str, idx: int) -> OfferedChoice | None:
    """The last question of an assistant's turn (text, turn idx) and the alternatives it offers, with
    where each option starts in text (none for a yes/no question); None when the turn asks nothing."""
    lang = analyzer_for("zh" if is_chinese(text) else "en")
    at, question = lang.last_question(text)
    numbered, places = numbered_options(text)  # "1. X … 2. Y …": options, asked or not
    if not question and not numbered:
        return None
    label, options = lang.alternatives(text) if question else ("", [])
    starts = [text.rfind(o) for o in options]
    if len(options) < 2 or any(s < 0 for s in starts):
        label, options, starts = "", [], []
    if not options and numbered and all(s >= 0 for s in places):
        label, options, starts = NUMBERED_LABEL, numbered, places
    return OfferedChoice(
        idx=idx, question=question, question_start=at, label=label, options=options, starts=starts
    )


def asked_item(choice: OfferedChoice | None, items: list[str], idx: int) -> tuple[str, int] | None:
    """The one of items (the values an assistant's turn offered together, "含配送费, 支付宝") that its
    last question, a yes/no one, names ("用之前的支付宝付款吗？"), with where it starts in that turn,
    when the turn was idx; None otherwise (no such question, none or several items named)."""
    if choice is None or choice.idx != idx or choice.options or not choice.question:
        return None
    named = [i for i in items if i and i in choice.question]
    if len(named) != 1:
        return None
    return named[0], choice.question_start + choice.question.find(named[0])


def picked_option(choice: OfferedChoice, answer: str) -> int | None:
    """The index of the one option a brief answer names by a part of it only ("10" of "10-year pay",
    "10年" of "10年交"); None when the answer says a whole option, fits several or none, is long or
    asks a question."""
    place = picked_place(answer, choice.label == NUMBERED_LABEL)  # "1", "第二个", "the second one"
    if place is not None and place < len(choice.options):
        return place
    low = answer.strip().lower()
    if not low or "?" in low or "？" in low or any(o.lower() in low for o in choice.options):
        return None  # a question states nothing; an option said whole is in the user's own words
    if is_chinese(answer):
        core = _PUNCT.sub("", analyzer_for("zh").strip_fillers(answer.strip()))
        if not core or len(core) > MAX_ANSWER_CHARS:
            return None
        hits = [i for i, o in enumerate(choice.options) if core in o]
    else:
        english = analyzer_for("en")
        words = [w for w in _WORDS.findall(low) if not english.is_light_word(w)]
        if not words or len(words) > MAX_ANSWER_WORDS:
            return None
        hits = [i for i, o in enumerate(choice.options) if set(words) <= set(_WORDS.findall(o.lower()))]
    return hits[0] if len(hits) == 1 else None


def listed_choice(fact: Fact) -> OfferedChoice | None:
    """The names an assistant's turn listed under one key ("Lotus CI Basic, Harbour Guard CI") as
    options to pick from (the first item's start known from the fact's evidence); None for one value."""
    items = [i.strip() for i in fact.value.split(", ") if i.strip()]
    if len(items) < 2 or fact.evidence is None:
        return None
    starts = [fact.evidence.start if fact.evidence.text == items[0] else -1] + [-1] * (len(items) - 1)
    return OfferedChoice(idx=fact.evidence.idx, options=items, starts=starts)


def choice_fact(
    choice: OfferedChoice, answer: str, domain: str | None, idx: int, key: str | None = None
) -> FactCandidate | None:
    """The fact of the option the user's answer (turn idx) picks, keyed by key, else by the question's
    label (or 'choice'), with the assistant's words as its evidence; None when it picks none."""
    at = picked_option(choice, answer)
    if at is None:
        return None
    option, start = choice.options[at], choice.starts[at]
    slot = _PUNCT.sub("_", choice.label.lower()).strip("_") or CHOICE_SLOT
    end = start + len(option) if start >= 0 else -1
    evidence = Evidence(idx=choice.idx, role="assistant", how="offered", start=start, end=end, text=option)
    return FactCandidate(
        key=key or f"{domain or 'general'}.{slot}",
        value=option,
        norm=option.lower(),
        strength="medium",
        kind="instruction",
        source_idx=idx,
        role="user",
        evidence=evidence,
        vtype="term",
    )


def picked_alternative(units: Units, state: ContextState, parsed: ParsedMessage) -> None:
    """A user's brief answer to the alternatives the assistant's turn just before offered that names
    one of them by a part ("10" to "10-year pay or 20-year pay?", "lotus" to the names it listed:
    "Lotus CI Basic or Harbour Guard CI") picks it: the option is a fact, and a bare number that is
    part of it ("10") is no value of its own. A name the user says is theirs."""
    if any(a.negation is not None for a in parsed.atoms):
        return
    domain = next((a.domain for a in parsed.atoms if a.domain), None)
    choice, key = state.offered_choice, None
    if choice is None or choice.idx != state.turn or not choice.options:
        choice = None
        if not is_chinese(parsed.message.text):
            # no alternatives asked: the names the assistant's turn just before listed under one key
            # (an English answer only: a Chinese turn's name list holds phrases a segmenter cut)
            held = [*state.facts.values(), *state.offers.values()]
            just = [f for f in held if f.role == "assistant" and f.first_idx == state.turn]
            listed = [f for f in just if f.key.rsplit(".", 1)[-1] in ENTITY_SLOTS]
            choice = listed_choice(listed[0]) if len(listed) == 1 else None
            key = listed[0].key if choice is not None else None
    if choice is None:
        return
    fact = choice_fact(choice, parsed.message.text, domain, parsed.message.idx, key)
    if fact is None:
        return
    low = fact.value.lower()
    # a number that picks by place ("1", "第二个") is no count of the user's either
    placed = picked_place(parsed.message.text, choice.label == NUMBERED_LABEL) is not None
    number = ("number", "quantity")
    inside = [c for c in units.facts if c.value.strip().lower() in low or (placed and c.vtype in number)]
    own_key = any(c.key == fact.key for c in units.facts)
    if own_key or any(c.vtype not in ("number", "quantity") for c in inside):
        return  # the user named the thing themselves ("I want to see Dumbo", "the United one"): theirs
    held = state.facts.get(fact.key)
    if held is not None and held.role == "user" and analyzer_for(parsed.lang).adds_task(parsed.message.text):
        # "yes cmyk too": taken beside the user's own value of the key, which it does not replace
        fact = fact.model_copy(update={"key": f"{fact.key}{AGREED_SUFFIX}"})
    units.facts = [c for c in units.facts if not any(c is i for i in inside)] + [fact]
