"""Replaced values no evidence shows were replaced (issue 12, item 2): the coverage guarantee still
owes the user's clause that states them (core.coverage).

One user value after another in a slot the parser guessed is no evidence they are one attribute:
the first is in the fact's history, but nothing replaced it. Nor is an assistant's value the user
took whose clause shares no words with the value it replaced there (or in a task's bare name slot
holding Chinese words).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise

from core.correction_topics import clause_topics
from core.embed import is_chinese
from core.models import ContextState, Fact, ParsedMessage
from core.replaced import NAME_SLOT, guessed_slot

_LIST = re.compile(r"[,;\uff0c\uff1b\u3001]")  # a list of values ("61, 59", "医保、商业险")


def guessed_unproven(state: ContextState, parsed: Sequence[ParsedMessage]) -> set[str]:
    """Lowercased values one user value replaced in a slot guessed without a task (general.name,
    general.food): the parser could not type either span, so nothing shows they are one attribute
    ("我爸要做白内障手术" then "在吃华法林"). So too in a task's bare name slot, for a Chinese name
    the assistant never offered: Chinese marks no proper name, and a phrase the parser took for one
    ("就乐购卡", then "绑招行储蓄卡") is no pick among the results ("北京贵都大酒店" after the
    assistant listed it is)."""
    out = set()
    for f in [*state.facts.values(), *state.archive]:
        ev = f.evidence
        if ev is None or ev.role != "user" or not f.history:
            continue
        if not guessed_slot(f) and not (_bare_chinese_name(f) and not _offered_before(f, ev.idx, parsed)):
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


def _bare_chinese_name(fact: Fact) -> bool:
    """True when fact is a task's bare name slot (restaurant.name) holding a Chinese value."""
    return fact.key.split(".", 1)[-1] == NAME_SLOT and is_chinese(fact.value)


def _offered_before(fact: Fact, idx: int, parsed: Sequence[ParsedMessage]) -> bool:
    """True when an item of fact's value was in an assistant turn before turn idx (an option the user
    picked)."""
    items = [i for i in _LIST.split(fact.value) if i.strip()]
    said = [p.message.text for p in parsed if p.message.role == "assistant" and p.message.idx < idx]
    return any(item.strip() in text for item in items for text in said)
