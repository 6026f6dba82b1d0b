"""The one idiom for lazily compiled patterns in core: ``pattern(source, flags)``, a
functools.cache'd getter, so nothing is compiled at import time and each pattern once."""

from __future__ import annotations

import re
from functools import cache


@cache
def pattern(source: str, flags: int = 0) -> re.Pattern[str]:
    """The compiled pattern of source with flags (compiled on first use, then cached)."""
    return re.compile(source, flags)


def last_match_span(regex: re.Pattern[str], text: str) -> tuple[int, str]:
    """Where regex's first group (a question, a clause) starts in text, past its leading spaces,
    and that group stripped; (-1, "") when regex does not match. Shared by the languages' cues."""
    m = regex.search(text)
    if m is None:
        return -1, ""
    body = m.group(1)
    lead = len(body) - len(body.lstrip())
    return m.start(1) + lead, body.strip()

