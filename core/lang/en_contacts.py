"""Phone numbers, emails and urls in English text: values that say what they are wherever they stand."""

from __future__ import annotations

import re

from core.lang.en_values import PRIO, Candidate

_PHONE = re.compile(
    r"(?<![\w+])(?:\+?1[\s.-]?)?(?:\(\d{3}\)\s?|\d{3}[\s.-])\d{3}[\s.-]\d{4}(?!\d)"
    r"|(?<![\w+])0\d{9,10}(?!\d)"
    r"|(?<![\w])\+\d{1,3}(?:[\s.-]?\d{2,4}){2,5}(?!\d)"
)
# a national number with its trunk 0 in spaced groups ("07911 123456", "0113 496 0715"): a phone when
# it has the 10 or 11 digits of one
_PHONE_TRUNK = re.compile(r"(?<![\w+.,/-])0\d{2,4}(?:[ .-]\d{3,6}){1,2}(?![\d.,/-]?\d)")
_TRUNK_DIGITS = (10, 11)
_EMAIL = re.compile(r"\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b")
_URL = re.compile(r"\b(?:https?://|www\.)[^\s<>\"']+[^\s<>\"'.,;:!?)]")


def contacts(text: str) -> list[Candidate]:
    """Phones (digits only as value), emails, urls."""
    out = []
    for m in _PHONE.finditer(text):
        digits = re.sub(r"\D", "", m.group(0))
        if 7 <= len(digits) <= 15:
            out.append(Candidate(m.start(), m.end(), "phone", digits, "phone", PRIO["phone"]))
    for m in _PHONE_TRUNK.finditer(text):
        digits = re.sub(r"\D", "", m.group(0))
        if len(digits) in _TRUNK_DIGITS and not any(c.start <= m.start() < c.end for c in out):
            out.append(Candidate(m.start(), m.end(), "phone", digits, "phone", PRIO["phone"]))
    out += [
        Candidate(m.start(), m.end(), "email", m.group(0).lower(), "email", PRIO["email"])
        for m in _EMAIL.finditer(text)
    ]
    out += [Candidate(m.start(), m.end(), "url", m.group(0), "url", PRIO["url"]) for m in _URL.finditer(text)]
    return out
