"""Numbers said digit by digit in Chinese numerals ("电话一三八零二二六五五三一", "幺三九…"): a voice
input or a careful speaker spells a phone number out, one numeral per digit. Read as the digits
they spell, so the number is a phone like one written in digits, and an assistant's read-back of it
("138 0226 5531") is the same value, not a new one.
"""

from __future__ import annotations

import re

from core.lang.patterns import pattern
from core.lang.zh_numbers import DIGITS, NUM_CHARS

# each numeral's digit, and the spoken names of digits besides them (幺 one, 洞 zero, 拐 seven, 勾 nine)
_DIGIT = {c: str(d) for c, d in DIGITS.items() if c != "俩"} | {"幺": "1", "洞": "0", "拐": "7", "勾": "9"}
# a run of single-digit numerals (spaces or dashes between groups allowed): no 十 / 百 / 千 in it, so it is
# spelled, not a number said whole
_ONE = f"[{''.join(_DIGIT)}]"
_NUMERAL = f"[{NUM_CHARS}幺]"
_SPELLED = rf"(?<!{_NUMERAL}){_ONE}(?:[\s-]?{_ONE}){{6,}}(?!{_NUMERAL})"
# a mainland mobile (11 digits from 13-19) or a city number with its area code
_PHONE_DIGITS = re.compile(r"1[3-9]\d{9}|0\d{9,11}")


def zh_spelled_phones(text: str) -> list[tuple[int, int, str, str, str]]:
    """(start, end, type, value, slot) of each phone number of text spelled in Chinese numerals, one
    per digit: value the digits ("一三八零二二六五五三一" -> "13802265531"), slot phone."""
    out = []
    for m in pattern(_SPELLED).finditer(text):
        digits = "".join(_DIGIT[c] for c in m.group(0) if c in _DIGIT)
        if _PHONE_DIGITS.fullmatch(digits):
            out.append((m.start(), m.end(), "phone", digits, "phone"))
    return out
