"""English first-person narration told apart from a circumstance the user describes.

"I'm thinking about a hotel", "we'd like to go Friday": the user narrates a next step, a request
in other words (its values are the facts, its aim the goal line's). "my car has been making this
grinding noise whenever I brake", "it hurts when we walk": the first person stands inside a
subordinate clause (after whenever, when, if, because, ...) and the part describes the user's own
situation, which is what a compaction must keep.
"""

from __future__ import annotations

import re

from core.lang.en_cues import _NARRATION
from core.lang.patterns import pattern

# a subordinator right before the pronoun: the first person is no subject of the main clause
_SUBORDINATE = re.compile(
    r"\b(?:whenever|when|if|because|since|after|before|while|until|though|although|unless|once|as)\s+$",
    re.IGNORECASE,
)


def narrates_in_main_clause(text: str) -> bool:
    """True when a first-person pronoun of text (I, I'm, we're, let's, ...) is the subject of a main
    clause: some occurrence not right after a subordinator ("whenever I brake" is a circumstance)."""
    return any(
        not _SUBORDINATE.search(text[max(0, m.start() - 16) : m.start()])
        for m in pattern(_NARRATION, re.IGNORECASE).finditer(text)
    )
