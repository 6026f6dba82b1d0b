"""Goals: which user clause states an intent, and the short phrase the goal line shows.

Also the decline and closing phrases ("no thanks", "not now", "不用了") that merge reads as a user
declining the step the assistant just offered, and that are never a goal.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from core.embed import is_chinese
from core.models import Atom, ContextState, Entity, Units

GOAL_KINDS = frozenset({"instruction", "constraint", "preference", "question", "correction"})
INTENT_CUE = re.compile(
    r"\b(book|reserve|find|look(?:ing)? for|search|need|want|get|buy|order|schedule|rent|call|send|pay|"
    r"transfer|check|help|plan|visit|play|set|add|make|recommend|suggest)\b|帮我|想|要|找|预订|订|推荐|查",
    re.I,
)
POLITE_PREFIX = re.compile(
    r"^(?:(?:hi|hello|hey|ok(?:ay)?|yes|yeah|sure|great|thanks?|thank you|please|so|well|also|and|now|"
    r"can you|could you|would you|will you|i would like to|i'd like to|i want to|i need to|i am|i'm|"
    r"i was wondering if|i wonder if|you|me)[\s,.!]+)+",
    re.I,
)
ZH_FILLER = re.compile(
    r"你好|您好|好的|麻烦|请问|请|帮我|给我|我想|我要|你能|能不能|可以|一下|一个|一家|一些|吧|啊|呢|吗|呀|哦|了|"
    r"还|再|那|另外|还有|的话|谢谢"
)
ZH_POLITE_PREFIX = re.compile(
    r"^(?:你好|您好|好的|麻烦|请问|请|帮我|我想|我要|你能|能不能|可以|那|另外|还有)[，,、\s]*"
)
MAX_GOAL_CHARS = 60
GOAL_WORDS = 7
ZH_GOAL_CHARS = 16
GOAL_STOPWORDS = frozenset(
    (
        "i i'm i'd i'll me my we us our you your it its it's is are am was were be been being a an the "
        "this that these those there here of in on at to for from with by about as into some any please "
        "can could would will shall should do does did have has had got want wanted need needed like "
        "looking look also just so and or but then too very really maybe one which what where when who "
        "how if know tell give help let see"
    ).split()
)


def strip_opener(text: str) -> str:
    """A user turn without its polite opener ("Hi, could you ..."), or the turn if nothing is left."""
    stripped = ZH_POLITE_PREFIX.sub("", POLITE_PREFIX.sub("", text.strip())).strip(" ,.!?;，。！？；")
    return stripped or text.strip()


def condense_goal(text: str, entities: Sequence[Entity] = ()) -> str:
    """A user clause as a short goal phrase: polite openers and function words dropped, at most
    GOAL_WORDS content words (English) or ZH_GOAL_CHARS characters (Chinese). Entity surfaces are
    kept whole, so a value in the goal can later be replaced by its corrected value."""
    goal = strip_opener(text)
    if is_chinese(goal):
        goal = ZH_FILLER.sub("", goal).strip(" ,.!?;，。！？；") or goal
        return goal if len(goal) <= ZH_GOAL_CHARS else goal[:ZH_GOAL_CHARS] + "…"
    surfaces = sorted({e.text for e in entities if e.text and e.text in goal}, key=len, reverse=True)
    for n, surface in enumerate(surfaces):
        goal = goal.replace(surface, f" \x00{n}\x00 ")
    words = [w for w in re.findall(r"\x00\d+\x00|[\w$£€'&:-]+", goal) if w.lower() not in GOAL_STOPWORDS]
    out = " ".join(words[:GOAL_WORDS]) or goal[:MAX_GOAL_CHARS]
    out = re.sub(r"\x00(\d+)\x00", lambda m: surfaces[int(m.group(1))], out).strip()
    return out.replace(";", ",").replace("[", "(").replace("]", ")").replace("|", "/")


# declining what was just offered: "no thanks", "not now", "maybe later", "不用了", "先不"
POLITE_DECLINE = re.compile(
    r"(?i)^(?:no,?\s*(?:thanks|thank\s+you)|nope|not\s+(?:now|yet|right\s+now|at\s+(?:the|this)\s+moment|"
    r"this\s+(?:moment|time)|today)|maybe\s+later|i['’]?ll\s+pass|don['’]?t\s+bother)\b"
    r"|^(?:不用|不需要|先不|暂时不|不必|算了)"
)
BARE_NO = re.compile(r"(?i)^no\b(?!\s+(?:problem|worries))|^不[，,。.]")


def is_goal(atom: Atom, state: ContextState, units: Units) -> bool:
    """A user clause is a goal when it states an intent for a domain no goal covers yet."""
    if atom.negation is not None or not (INTENT_CUE.search(atom.text) or atom.kind == "instruction"):
        return False  # "I don't need a reservation" is a constraint, not an intent
    if POLITE_DECLINE.match(atom.text) or BARE_NO.match(atom.text):
        return False  # "no, that's all for today", "not now": a decline or a closing
    known = {g.domain for g in state.goals} | {g.domain for g in units.goals}
    return atom.domain not in known
