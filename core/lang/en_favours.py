"""A favour asked as a question ("can you cut it off?", "Can Ravi take the box away after?", "can
hers be non-alcoholic?", "can I pay in two installments?"): the user asks the agent, or someone on
its side, to do a thing or to allow one. What is asked is the user's instruction, like "please cut
it off"; a question for a detail, an option or a new search is none (core.lang.en_cues)."""

from __future__ import annotations

import re
from functools import cache

from core.lang.en_cues import asks_detail_only, opens_task

# can / could + who + a verb ("can you ...", "could Ravi ...", "can hers be ...", "can there be ...",
# "can I ..."), or would / will you + a verb; at the start of the clause or after a comma, "and", "also"
_FAVOUR = (
    r"(?:^|[,;]\s*|\b(?:and|also|so|but|then)\s+)"
    r"(?:(?:can|could)\s+(?:you|they|he|she|we|i|it|there|someone|hers|his|theirs|ours|mine|the\s+\w+|[A-Z][a-z]+)"
    r"|(?:would|will)\s+you)\s+"
    r"(?:please\s+|also\s+|just\s+)?(?!{skip}\b)[a-z]+"
)
# verbs that ask for information, a search, an option or a booking, not for a thing done: tell, check,
# try, pick, ... (and the adverbs before them, read past: "can you just confirm")
_INFO_VERBS = (
    "tell", "check", "confirm", "send", "give", "get", "have", "find", "book", "recommend", "suggest", "help",
    "see", "look", "let", "know", "ask", "show", "say", "explain", "call", "email", "contact", "reserve",
    "search", "do", "go", "come", "arrange", "schedule", "quote", "try", "select", "pick", "choose", "list",
    "provide", "double", r"be\s+able", "mind", "assist", "make", "locate", "consider", "buy", "play",
    "purchase", "please", "just", "also", "still", "me", "us", "some", "any", "a", "the",
)  # fmt: skip


@cache
def _favour() -> re.Pattern[str]:
    return re.compile(_FAVOUR.format(skip="(?:" + "|".join(_INFO_VERBS) + ")"), re.IGNORECASE)


def asks_favour(text: str) -> bool:
    """True when an English question asks for a thing to be done or allowed (module doc)."""
    stripped = text.strip()
    if not stripped.endswith("?") or asks_detail_only(stripped) or opens_task(stripped):
        return False
    return _favour().search(stripped) is not None
