"""The one idiom for lazily compiled patterns in core: ``pattern(source, flags)``, a
functools.cache'd getter, so nothing is compiled at import time and each pattern once."""

from __future__ import annotations

import re
from functools import cache


@cache
def pattern(source: str, flags: int = 0) -> re.Pattern[str]:
    """The compiled pattern of source with flags (compiled on first use, then cached)."""
    return re.compile(source, flags)
