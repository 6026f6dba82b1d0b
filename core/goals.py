"""Goals: which user clause states an intent, and the short phrase the goal line shows.

Also the decline and closing phrases ("no thanks", "not now", "不用了") that merge reads as a user
declining the step the assistant just offered, and that are never a goal.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from core.embed import is_chinese
from core.lang.cues import any_language
from core.lang.registry import analyzer_for
from core.models import Atom, ContextState, Entity, Units

# a correction changes a value of the task in play: it is never a goal of its own
GOAL_KINDS = frozenset({"instruction", "constraint", "preference", "question"})
MAX_GOAL_CHARS = 60
GOAL_WORDS = 7
# an English goal keeps the clause part the cut would fall in whole up to this many words ("I need topsoil
# for client garden, new lawn" not "..., new…": half a part reads as shown to the coverage check)
GOAL_MAX_WORDS = 9
_PART_END = re.compile(r"[,;.!?](?=\s|$)")
ZH_GOAL_CHARS = 16
# a Chinese goal keeps a clause part the cut would fall in whole up to this length ("公司要往新加坡寄一批
# 样品，电子元件" not "...，电子元…": half a word reads as shown to the coverage check, and as nothing)
ZH_GOAL_MAX_CHARS = 24
_ZH_PART_END = re.compile(r"[,，、;；。!！?？]")
# the punctuation a goal phrase drops at its edges (ASCII and full-width)
_EDGE_PUNCTUATION = " ,.!?;，。！？；"


def strip_opener(text: str) -> str:
    """A user turn without its polite opener ("Hi, could you ..."), or the turn if nothing is left."""
    stripped = any_language().strip_polite_prefix(text.strip()).strip(_EDGE_PUNCTUATION)
    return stripped or text.strip()


def condense_goal(text: str, entities: Sequence[Entity] = ()) -> str:
    """A user clause as a goal phrase in the user's own words: polite openers and request frames
    dropped ("I'd kindly request you to"), and a lead-in before a comma that names neither an intent
    nor a value ("Accompanying this thought, ..."); English keeps at most GOAL_WORDS words of the
    clause, in order (never a bag of content words), Chinese at most ZH_GOAL_CHARS characters.
    Entity surfaces are kept whole, so a value in the goal can later be replaced by its corrected
    value."""
    goal = strip_opener(text)
    if is_chinese(goal):
        goal = analyzer_for("zh").strip_fillers(goal).strip(_EDGE_PUNCTUATION) or goal
        return _zh_cut(goal)
    surfaces = [e.text for e in entities if e.text and e.text in goal]
    goal = _without_lead_in(goal, surfaces)
    out = _first_words(goal, surfaces) or goal[:MAX_GOAL_CHARS]
    return out.replace(";", ",").replace("[", "(").replace("]", ")").replace("|", "/")


def _zh_cut(goal: str) -> str:
    """A Chinese goal of at most ZH_GOAL_CHARS characters, cut at a clause part's end: the part the
    cut falls in is kept whole when the goal stays within ZH_GOAL_MAX_CHARS, else dropped (the cut
    falls at the end of the part before); a goal of one long part is cut at ZH_GOAL_CHARS. "…"
    marks a cut."""
    if len(goal) <= ZH_GOAL_CHARS:
        return goal
    ends = [m.start() for m in _ZH_PART_END.finditer(goal)] + [len(goal)]
    after = next(e for e in ends if e >= ZH_GOAL_CHARS)
    if after <= ZH_GOAL_MAX_CHARS:
        return goal if after == len(goal) else goal[:after] + "…"
    before = [e for e in ends if 0 < e < ZH_GOAL_CHARS]
    return goal[: before[-1] if before else ZH_GOAL_CHARS] + "…"


def _without_lead_in(goal: str, surfaces: Sequence[str]) -> str:
    """goal without a lead-in clause before its first comma ("In light of the order placement,
    ..."), when the lead-in holds no value and no intent and the rest is a clause of its own."""
    head, sep, rest = goal.partition(", ")
    if not sep or any(s in head for s in surfaces):
        return goal
    cues = any_language()
    rest = strip_opener(rest)
    if cues.intent_cue(head) or len(rest.split()) < 3:
        return goal
    return rest


def _first_words(goal: str, surfaces: Sequence[str]) -> str:
    """The first GOAL_WORDS words of goal (an entity surface the cut falls in kept whole), without
    trailing function words or punctuation; "…" marks a cut."""
    words = list(re.finditer(r"\S+", goal))
    if len(words) <= GOAL_WORDS:
        return goal.strip(_EDGE_PUNCTUATION)
    end = words[GOAL_WORDS - 1].end()
    last = words[GOAL_WORDS - 1].start()
    part_end = next((m.start() for m in _PART_END.finditer(goal) if m.start() > last), len(goal))
    if sum(1 for w in words if w.start() < part_end) <= GOAL_MAX_WORDS:
        end = part_end  # the clause part the cut falls in, whole
    for surface in surfaces:
        at = goal.find(surface)
        if at >= 0 and at < end < at + len(surface):
            end = at + len(surface)
    kept = goal[:end].strip(_EDGE_PUNCTUATION).split()
    english = analyzer_for("en")
    while len(kept) > 1 and english.is_stopword(kept[-1].lower().strip(_EDGE_PUNCTUATION)):
        kept.pop()
    cut = " ".join(kept).strip(_EDGE_PUNCTUATION)
    return cut if cut == goal.strip(_EDGE_PUNCTUATION) else cut + "…"


def is_goal(atom: Atom, state: ContextState, units: Units) -> bool:
    """A user clause is a goal when it states an intent for a domain no goal covers yet."""
    cues = any_language()
    if atom.negation is not None or not (cues.intent_cue(atom.text) or atom.kind == "instruction"):
        return False  # "I don't need a reservation" is a constraint, not an intent
    if cues.declines(atom.text) or cues.bare_no(atom.text):
        return False  # "no, that's all for today", "not now": a decline or a closing
    if atom.kind == "correction" or cues.changes_value(cues.strip_polite_prefix(atom.text)):
        return False  # "make it wednesday 9am", "改成周三": a value change, not a task
    known = {g.domain for g in state.goals} | {g.domain for g in units.goals}
    if known and not _opens_another_task(atom.text):
        return False  # "send the log to me", "can I pay by card": a step of the task in play
    return atom.domain not in known


def _opens_another_task(text: str) -> bool:
    """True when a clause after the first goal asks for a new thing ("I also need a taxi", "find me a
    hotel", "帮我订机票"), not a step or a question of the task in play."""
    cues = any_language()
    if cues.opens_task(text) or cues.requests_new(text):
        return True
    return cues.adds_task(text) and cues.intent_cue(text)
