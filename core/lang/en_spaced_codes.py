"""Codes written in capital parts with a space: a number plate ("LK19 XDP"), a sail number ("GBR 4417K").

Two parts, one mixing letters and digits, each of two to six characters, six or more in all; a
postcode ("BN1 3RL") is an address's, capitals alone ("BA", "UK") or digits alone ("2490") name no
code, and a longer run of parts ("IBAN ES91 2100 0418 ...") is another thing. Read as one id, a
corrected plate replaces the old one; read as a name and a number apart, it was a second name
beside the first.
"""

from __future__ import annotations

import re

_SPACED = re.compile(
    r"(?<![\w-])(?<![A-Z0-9] )(?=[A-Z0-9 ]*(?:[A-Z]\d|\d[A-Z]))"
    r"[A-Z0-9]{2,6} [A-Z0-9]{2,6}(?![\w-])(?! [A-Z0-9]{2})"
)
MIN_CHARS = 6  # letters and digits in all: "A2 A3" is two paper sizes


def spaced_codes(text: str, postcode: re.Pattern[str]) -> list[tuple[int, int, str]]:
    """(start, end, code) of each spaced code of text that the postcode pattern does not match whole."""
    return [
        (m.start(), m.end(), m.group(0))
        for m in _SPACED.finditer(text)
        if len(m.group(0).replace(" ", "")) >= MIN_CHARS and not postcode.fullmatch(m.group(0))
    ]
