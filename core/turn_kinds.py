"""What a turn does, for the coverage guarantee (core.coverage): whether an assistant turn asks for a
value or a yes or a no, and whether a brief user clause carries on the request, says nothing of its
own (a no, a close) or asks for something (the goal line's business)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from core.embed import is_chinese
from core.lang.cues import any_language
from core.lang.en_narration import narrates_in_main_clause
from core.lang.joins import carries_request
from core.lang.registry import analyzer_for
from core.models import Atom
from core.shown import content_units

MAX_WANT_UNITS = 4  # a want longer than this in a clause's part is a request ("我打算找一个酒店住宿")
# the last question of a turn ("Is it lithium-ion or lead-acid?", "Delivery address?", "全额还是最低？")
_QUESTION = re.compile(r"[^.!?\u3002\uff01\uff1f]*[?\uff1f]")


def asks_open(text: str) -> bool:
    """True when an assistant turn ends by asking for a value: its last question is open ("Delivery
    address?", "What's the office address?", "薄脆还是油条？") or offers alternatives ("lithium-ion or
    lead-acid?"); a yes/no question ("Anything else?", "需要预订吗？") asks for no value."""
    questions = _QUESTION.findall(text)
    if not questions:
        return False
    last = questions[-1].strip()
    return not analyzer_for("zh" if is_chinese(last) else "en").asks_yes_no(last)


def asks_polar(text: str) -> bool:
    """True when an assistant turn ends by asking a yes or a no ("Does he have any health
    conditions?", "您有工作吗？"): an answer that goes on past its yes or no ("he has a mild asthma",
    "有，私企", "no, my credit card covers it") states the detail itself, a value of the user's own.
    A decline ("no thanks") states none."""
    questions = _QUESTION.findall(text)
    return bool(questions) and not asks_open(text)


def cued(atom: Atom) -> bool:
    """True when a clause carries on the user's request by a connective or a correction cue
    (core.lang.joins) and neither declines nor closes: a short one states a value of the request."""
    return (atom.kind == "correction" or carries_request(atom.text)) and not says_nothing(atom.text)


def after_bare_cue(atoms: Sequence[Atom], at: int) -> bool:
    """True when an earlier clause of the turn is a correction cue with no value of its own ("scratch
    that. read online about ... pay as you go, every lesson"): the clauses after it state the new
    value, however briefly."""
    return any(a.kind == "correction" and not a.entities for a in atoms[:at])


def says_nothing(text: str) -> bool:
    """True when a brief answer declines, says no or closes ("Nope!", "No preference.", "就这些"):
    no value of its own to keep."""
    cues = any_language()
    return cues.declines(text) or cues.bare_no(text) or cues.closes(text)


def requests(part: str) -> bool:
    """True when a part of a clause asks for something ("帮我推荐一个吧", "我打算找一个酒店住宿"): the
    goal line's business. A brief want names only its value ("要海景房", "I need checked luggage
    included") and is kept."""
    cues = any_language()
    if cues.opens_task(part):
        return True
    narrates = cues.narrates(part) and narrates_in_main_clause(part)  # "whenever I brake": a circumstance
    return (cues.intent_cue(part) or narrates) and len(content_units(part)) > MAX_WANT_UNITS
