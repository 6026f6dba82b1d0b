"""Time ranges written out in English or Chinese ("8am–12pm", "9:30 to 11am", "9点到11点半"): the window
a read-back settles, to be shown whole rather than as its two ends apart (core.readback_lines), and a
time the user said as a window ("2 til 4"), which a point hour said later does not replace
(core.extract marks it a bound)."""

from __future__ import annotations

import re

_CLOCK = r"\d{1,2}(?:[:.]\d{2})?"  # "9", "9:30"
_ZH_CLOCK = r"\d{1,2}点(?:半|\d{1,2}分?)?"  # "9点", "11点半"
_ZH_JOIN = r"\s*(?:-|–|—|到|至|~)\s*"
_RANGE = re.compile(
    rf"\b{_CLOCK}\s*(?:am|pm)?\s*(?:-|–|—|to|until|till)\s*{_CLOCK}\s*(?:am|pm)\b|{_ZH_CLOCK}{_ZH_JOIN}{_ZH_CLOCK}",
    re.IGNORECASE,
)


def time_ranges(text: str) -> list[str]:
    """The time ranges of text as written, in order."""
    return [m.group(0) for m in _RANGE.finditer(text)]


# a window of hours written as one value ("2 til 4", "9-11am", "3点到5点"), with or without am/pm:
# its second end need only begin
_SPAN = re.compile(
    rf"{_CLOCK}\s*(?:am|pm)?\s*(?:-|–|—|to|til|till|until)\s*\d{{1,2}}|{_ZH_CLOCK}{_ZH_JOIN}\d{{1,2}}点",
    re.IGNORECASE,
)


def is_time_span(text: str) -> bool:
    """True when a time's text is a window of hours, two ends (see _SPAN), not one point."""
    return _SPAN.search(text) is not None
