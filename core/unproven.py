"""Replaced values no evidence shows were replaced (issue 12, item 2): the coverage guarantee still
owes the user's clause that states them (core.coverage).

One user value after another in a slot the parser guessed is no evidence they are one attribute:
the first is in the fact's history, but nothing replaced it. Nor is an assistant's value the user
took whose clause shares no words with the value it replaced there, or one name after another in a
task's bare name slot (the task may be a guess: "Kim Ji-hoon" for an invoice, then "PO" of a purchase
order). A name asked for in a request made over is replaced all the same (made_over_names).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise

from core.correction_topics import clause_topics
from core.models import Atom, ContextState, Fact, ParsedMessage
from core.replaced import NAME_SLOT, guessed_slot
from core.shown import PART_CUT

_LIST = re.compile(r"[,;\uff0c\uff1b\u3001]")  # a list of values ("61, 59", "医保、商业险")
_TOKEN = re.compile(r"\w+(?:[:.']\w+)*")


def guessed_unproven(state: ContextState, parsed: Sequence[ParsedMessage]) -> set[str]:
    """Lowercased values one user value replaced in a slot guessed without a task (general.name,
    general.food): the parser could not type either span, so nothing shows they are one attribute
    ("我爸要做白内障手术" then "在吃华法林"). So too in a task's bare name slot, for a name the
    assistant never offered: the task may be guessed, and a phrase the parser took for a name ("就乐购卡",
    then "绑招行储蓄卡"; "Kim Ji-hoon", then "PO 90018822") is no pick among the results ("北京贵都大酒店"
    after the assistant listed it is)."""
    out = set()
    for f in [*state.facts.values(), *state.archive]:
        ev = f.evidence
        if ev is None or ev.role != "user" or not f.history:
            continue
        if not guessed_slot(f) and not (_bare_name(f) and not _offered_before(f, ev.idx, parsed)):
            continue
        out |= {v.value.lower() for v in f.history} if ev.how == "said" else _replaced_elsewhere(f)
    return out


def _replaced_elsewhere(fact: Fact) -> set[str]:
    """Lowercased values of a guessed slot's history that a value replaced though the part of the
    clause it came in shares no words with their whole clause: an assistant's figure the user took
    ("中介服务费是一个月工资的50%" after "每月休4天") speaks of something else, so nothing shows the two
    are one attribute. A correction's cue is evidence enough (it may name what it changes by its
    value alone: "use ORD-903 for the commits actually")."""
    versions = [(v.value, v.evidence) for v in fact.history] + [(fact.value, fact.evidence)]
    out = set()
    for (old, said), (_, by) in pairwise(versions):
        taken = by is not None and by.how != "corrected" and said is not None
        if taken and not clause_topics(by) & clause_topics(said, whole=True):
            out.add(old.lower())
    return out


def _bare_name(fact: Fact) -> bool:
    """True when fact is a task's bare name slot (restaurant.name)."""
    return fact.key.split(".", 1)[-1] == NAME_SLOT


def _offered_before(fact: Fact, idx: int, parsed: Sequence[ParsedMessage]) -> bool:
    """True when an item of fact's value was in an assistant turn before turn idx (an option the user
    picked)."""
    items = [i for i in _LIST.split(fact.value) if i.strip()]
    said = [p.message.text for p in parsed if p.message.role == "assistant" and p.message.idx < idx]
    return any(item.strip() in text for item in items for text in said)


def is_replaced(value: str, replaced: set[str]) -> bool:
    """True when value is one a later value replaced, as written or as the most of the replaced
    value's words ('11:15' of '11:15 am', 'Rodeway Inn Bronx Zoo' of 'the Rodeway Inn Bronx Zoo
    hotel', 'A (B)' of 'A, B'): the fact's history holds it in the words of the turn that set it. A
    smaller part ('Paris' of 'Citadines Opera Paris') is a value of its own, and so is one item of
    a list ('61' of '61, 59', '医保' of '医保, 商业险': the list narrowed to a pick is no item replaced)."""
    low = value.lower()
    if low in replaced:
        return True
    words = _TOKEN.findall(low)
    if not words:
        return False
    for old in replaced:
        old_words = _TOKEN.findall(old)
        if old_words == words:
            return True
        if 2 * len(words) < len(old_words) or PART_CUT.search(old):
            continue
        if any(old_words[i : i + len(words)] == words for i in range(len(old_words) - len(words) + 1)):
            return True
    return False


def made_over_names(atom: Atom, proven: set[str], replaced: set[str]) -> set[str]:
    """The names a user clause asked for that were replaced, when another of its values was replaced
    with evidence: the clause is a request made over ("a hotel in NYC ... a room at Rodeway Inn", then
    Kuala Lumpur and another hotel), so the name it asked for went with it, proven or not."""
    if not any(is_replaced(e.text, proven) for e in atom.entities):
        return set()
    return {e.text for e in atom.entities if e.type == "name" and is_replaced(e.text, replaced)}
