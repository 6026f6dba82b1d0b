"""An age limit on who comes: "no one under 18", "nobody over 70", "kids under 12 go free",
"everyone must be over 16", "they must all be 14 or over". A bound after a word for people is their
age, not a ceiling on spending: "no one under 18" had been a budget of 18."""

from __future__ import annotations

import re

_AGE_LIMIT = re.compile(
    r"\b(?:no\s+one|nobody|no-one|anyone|anybody|everyone|everybody|someone|kids|children|guests|people|"
    r"adults|those|participants|jumpers|riders|paddlers)\s+(?:(?:must|should|has\s+to|have\s+to|can|can['’]t|"
    r"cannot)\s+be\s+)?(?P<b>under|below|over|above|younger\s+than|older\s+than|aged\s+under|aged\s+over)\s+"
    r"(?P<n>1[0-9]|[2-9][0-9]|[1-9])\b(?!\s*(?:%|percent|dollars?|pounds?|euros?|quid|bucks|kg|kilos?|lbs?|"
    r"metres?|meters?|m|cm|feet|ft|miles?|km|hours?|minutes?|mins?))",
    re.IGNORECASE,
)

# an age said with "or over" after what people must be ("They must all be 14 or over", "riders need to
# be 16 and up"): a bound on who comes, not a count of 14
_OR_OVER = re.compile(
    r"\b(?:must|should|has\s+to|have\s+to|need\s+to|needs\s+to|are|is)\s+(?:all\s+)?be\s+"
    r"(?P<n>1[0-9]|[2-9][0-9]|[1-9])\s+(?P<b>or|and)\s+(?P<how>over|older|above|up|under|younger|below)\b",
    re.IGNORECASE,
)


def age_limits(text: str) -> list[tuple[int, int, str, str, str]]:
    """(start, end, type, value, slot) of each age limit of text: the whole phrase, value "<18" or
    ">70" (younger than, older than), slot age_limit."""
    out = []
    for m in _AGE_LIMIT.finditer(text):
        below = m.group("b").lower().split()[-1] in ("under", "below", "younger")
        out.append((m.start(), m.end(), "number", f"{'<' if below else '>'}{m.group('n')}", "age_limit"))
    for m in _OR_OVER.finditer(text):
        below = m.group("how").lower() in ("under", "younger", "below")
        out.append((m.start("n"), m.end(), "number", f"{'<=' if below else '>='}{m.group('n')}", "age_limit"))
    return out
