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

GOAL_KINDS = frozenset({"instruction", "constraint", "preference", "question", "correction"})
MAX_GOAL_CHARS = 60
GOAL_WORDS = 7
ZH_GOAL_CHARS = 16
# the punctuation a goal phrase drops at its edges (ASCII and full-width)
_EDGE_PUNCTUATION = " ,.!?;，。！？；"


def strip_opener(text: str) -> str:
    """A user turn without its polite opener ("Hi, could you ..."), or the turn if nothing is left."""
    stripped = any_language().strip_polite_prefix(text.strip()).strip(_EDGE_PUNCTUATION)
    return stripped or text.strip()


def condense_goal(text: str, entities: Sequence[Entity] = ()) -> str:
    """A user clause as a short goal phrase: polite openers and function words dropped, at most
    GOAL_WORDS content words (English) or ZH_GOAL_CHARS characters (Chinese). Entity surfaces are
    kept whole, so a value in the goal can later be replaced by its corrected value."""
    goal = strip_opener(text)
    if is_chinese(goal):
        goal = analyzer_for("zh").strip_fillers(goal).strip(_EDGE_PUNCTUATION) or goal
        return goal if len(goal) <= ZH_GOAL_CHARS else goal[:ZH_GOAL_CHARS] + "…"
    surfaces = sorted({e.text for e in entities if e.text and e.text in goal}, key=len, reverse=True)
    for n, surface in enumerate(surfaces):
        goal = goal.replace(surface, f" \x00{n}\x00 ")
    english = analyzer_for("en")
    words = [w for w in re.findall(r"\x00\d+\x00|[\w$£€'&:-]+", goal) if not english.is_stopword(w.lower())]
    out = " ".join(words[:GOAL_WORDS]) or goal[:MAX_GOAL_CHARS]
    out = re.sub(r"\x00(\d+)\x00", lambda m: surfaces[int(m.group(1))], out).strip()
    return out.replace(";", ",").replace("[", "(").replace("]", ")").replace("|", "/")


def is_goal(atom: Atom, state: ContextState, units: Units) -> bool:
    """A user clause is a goal when it states an intent for a domain no goal covers yet."""
    cues = any_language()
    if atom.negation is not None or not (cues.intent_cue(atom.text) or atom.kind == "instruction"):
        return False  # "I don't need a reservation" is a constraint, not an intent
    if cues.declines(atom.text) or cues.bare_no(atom.text):
        return False  # "no, that's all for today", "not now": a decline or a closing
    known = {g.domain for g in state.goals} | {g.domain for g in units.goals}
    return atom.domain not in known
