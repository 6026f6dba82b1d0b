"""English cue of a search that found nothing: the assistant reports that no thing of the asked
kind exists ("there are no cinemas in the west", "I'm sorry, I don't have anything that meets your
needs", "there are no results for that query"). What the user names next for the same attribute is
what the search is for now (core.none_found)."""

from __future__ import annotations

import re

from core.lang.patterns import pattern

# a report that names what was not found after the cue ("there are no cinemas in the west")
_NONE = (
    r"\b(?:there\s+(?:are|is|were|was)\s+no|there\s+(?:are\s+not|aren['’]?t|is\s+not|isn['’]?t|were\s+not|"
    r"weren['’]?t)\s+any|(?:i|we)\s+(?:have|had|found|see|show)\s+no|"
    r"(?:i|we)\s+(?:do\s+not|don['’]?t|did\s+not|didn['’]?t|cannot|can\s+not|can['’]?t|could\s+not|"
    r"couldn['’]?t)\s+(?:have|find|see|locate|get|pull\s+up|turn\s+up|come\s+up\s+with)\s+any(?:thing)?|"
    r"(?:i|we)\s+(?:was|were|am|are)\s+(?:unable|not\s+able)\s+to\s+(?:find|locate)\s+any(?:thing)?|"
    r"(?:does\s+not|doesn['’]?t)\s+(?:appear|seem|look)\s+(?:like\s+|that\s+)?there\s+(?:are|is)\s+any|"
    r"no\s+(?:results?|matches|match)|nothing\s+(?:that\s+|which\s+)?(?:matches|meets|fits|suits))\b"
)
_SENTENCE_END = r"[.!?;]"


def finds_none(text: str) -> str:
    """The words of text's reports that a search found nothing, each from its cue to the end of its
    sentence, lowercased and joined by " | " ("there are no cinemas in the west"); "" when text
    reports no such thing ("no problem", "there is a cinema")."""
    scopes = []
    for m in pattern(_NONE, re.IGNORECASE).finditer(text):
        end = pattern(_SENTENCE_END).search(text, m.end())
        scopes.append(text[m.start() : end.start() if end else len(text)].strip().lower())
    return " | ".join(scopes)
