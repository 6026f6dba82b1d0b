"""Sizes written as two or three measures joined by a times sign ("51×51毫米", "2x2 inches",
"35 x 45 mm", "120×60×75cm"): one value of a size attribute, in English and Chinese alike.

A size is what a requirement or an item is measured at (a visa photo's format, a parcel's box, a
sofa's footprint); read as separate numbers it falls apart into a bare "51毫米" of no attribute, which
the assistant's turn then never keeps. Keyed "size", so an assistant stating it ("美国签证要求51×51毫米")
yields a fact of its own, and a user's later size restates it.
"""

from __future__ import annotations

import re

from core.lang.en_numbers import DIGITS_PATTERN, NUMBER_WORDS_PATTERN
from core.lang.zh_numbers import fmt_number, zh_to_number

_N = r"\d+(?:\.\d+)?"
_UNIT = r"毫米|厘米|公分|英寸|寸|米|mm|cm|m|inches|inch|in|ft|feet|px|pixels"
_SIZE = re.compile(
    rf"(?<![\dA-Za-z.])(?P<a>{_N})\s*(?P<ua>{_UNIT})?\s*[×xX*]\s*(?P<b>{_N})(?:\s*(?P<ub>{_UNIT})?\s*[×xX*]\s*(?P<c>{_N}))?"
    rf"\s*(?P<u>{_UNIT})(?![A-Za-z])",
    re.IGNORECASE,
)


# English "A by B" ("5 by 3.5 metre", "2.1 metres by 1.8", "a 6 by 4 shed", "9 by 7"): a size with or
# without its unit; not a deadline ("2 by 5pm", "done by 10:30") nor a year ("grew 3 by 2027")
WORD_LENGTH_UNITS = r"metres|metre|meters|meter|m|cm|mm|feet|foot|ft|inches|inch|in|yards|yard|yd"
_BY_SIZE = re.compile(
    rf"(?<![\dA-Za-z.,£$€])(?P<a>{_N})\s*(?P<ua>{WORD_LENGTH_UNITS})?\s+by\s+(?P<b>{_N})(?:\s*(?P<u>{WORD_LENGTH_UNITS}))?"
    r"(?![\d:.]\d|\s*(?:am|pm|a\.m|p\.m|o['’]?clock)\b|[A-Za-z\d])",
    re.IGNORECASE,
)


def sizes(text: str) -> list[tuple[int, int, str, str, str]]:
    """(start, end, type, value, slot) of each size of text: a quantity keyed "size", its value the
    measures joined by "x" and the unit ("51x51 毫米", "2x2 inches"). A size with a times sign needs
    its unit: "2x2" alone may be a score or a grid; "A by B" says it is measured, unit or none."""
    out = []
    for m in _SIZE.finditer(text):
        parts = [m.group("a"), m.group("b"), *([m.group("c")] if m.group("c") else [])]
        out.append((m.start(), m.end(), "quantity", f"{'x'.join(parts)} {m.group('u').lower()}", "size"))
    for m in _BY_SIZE.finditer(text):
        if len(m.group("b")) == 4 and not m.group("u"):
            continue  # a year
        unit = (m.group("u") or m.group("ua") or "").lower()
        out.append((m.start(), m.end(), "quantity", f"{m.group('a')}x{m.group('b')} {unit}".strip(), "size"))
    return out


# a measure written with a unit symbol ("6 kW", "65W", "2TB", "3000 mAh", "50 Hz", "85 dB", "3kW电箱"):
# the symbol is the attribute measured (power, capacity, frequency), in English and Chinese text alike
_SYMBOL_UNITS = {
    "kwh": "energy", "wh": "energy", "kw": "power", "w": "power", "mah": "battery", "v": "voltage",
    "tb": "storage", "gb": "storage", "mb": "storage", "ghz": "frequency", "mhz": "frequency",
    "khz": "frequency", "hz": "frequency", "db": "loudness",
}  # fmt: skip
_SYMBOL = re.compile(
    rf"(?<![\dA-Za-z.])(?P<n>{_N})\s?(?P<u>kWh|Wh|kW|W|mAh|V|TB|GB|MB|GHz|MHz|kHz|Hz|dB)(?![A-Za-z\d-])"
)


def is_symbol_measure(text: str) -> bool:
    """True when text is one measure written with a unit symbol ("128GB", "2000W"): a value, never a
    reference code, though it is digits and capitals."""
    return _SYMBOL.fullmatch(text.strip()) is not None


def symbol_measures(text: str) -> list[tuple[int, int, str, str, str]]:
    """(start, end, type, value, slot) of each measure written with a unit symbol ("6 kW" -> a
    quantity "6 kw" keyed "power"): the unit says what is measured, so "3 kW" then "Make it 6 kW"
    is one attribute changed, and "2TB" beside "16GB" are two."""
    out = []
    for m in _SYMBOL.finditer(text):
        unit = m.group("u").lower()
        out.append((m.start(), m.end(), "quantity", f"{m.group('n')} {unit}", _SYMBOL_UNITS[unit]))
    return out


# a measure with the dimension it measures ("6米宽", "宽6米", "高1.8米"; "5 foot 1", "5'4\"", a person's
# height): keyed by that dimension, so a door's width and a window's size stay two attributes, and a
# height in feet is no hour ("about 5 foot 1" is not "about 5")
_ZH_DIMENSIONS = {"宽": "width", "高": "height", "长": "length", "深": "depth", "厚": "thickness"}
ZH_LENGTH_UNITS = r"毫米|厘米|公分|英寸|寸|米|公里"
_ZH_DIMENSION = re.compile(
    rf"(?<![\d.])(?P<n>{_N})\s*(?:{ZH_LENGTH_UNITS})(?P<d>[宽高长深厚])(?![度])"
    rf"|(?<![\u4e00-\u9fff])(?P<d2>[宽高长深厚])(?:度)?(?:是|有|大概|约|差不多)?\s*(?P<n2>{_N})\s*(?:{ZH_LENGTH_UNITS})"
)
_FEET_INCHES = re.compile(
    r"(?<![\d.])(?P<n>[1-9])\s*(?:foot|feet|ft)\s+(?P<i>1[01]|[0-9])(?:\s*(?:inches|inch|in))?(?![\d:]|\.\d|\s*(?:am|pm)\b)"
    r"|(?<![\d.])(?P<n2>[1-9])\s*['’]\s*(?P<i2>1[01]|[0-9])\s*(?:\"|”|''|in\b)?",
    re.IGNORECASE,
)


# a length said in metres and centimetres ("five metres and ten centimetres", "2 metres 30 cm"), the
# centimetres' unit left out at the end of a clause ("One metre eighty.", "one metre and ten please"):
# one length, not a count of metres beside a count of centimetres that a later "ten" would replace
_METRES_CENTIMETRES = re.compile(
    rf"(?<![\w.])(?:{DIGITS_PATTERN}|{NUMBER_WORDS_PATTERN})\s*(?:metres?|meters?|m)\s+(?:and\s+)?"
    rf"(?:(?:{DIGITS_PATTERN}|{NUMBER_WORDS_PATTERN})\s*(?:centimetres?|centimeters?|cm)\b"
    rf"|(?:\d{{1,2}}|{NUMBER_WORDS_PATTERN})(?=\s*(?:[.,;!?)]|$|please\b|high\b|tall\b|wide\b|long\b|deep\b)))",
    re.IGNORECASE,
)
# a Chinese size of two lengths joined by 乘 ("两米五乘两米五", "三米乘四米", "3乘4米"): one value, not
# two lengths that a later one would replace one by one
_ZH_NUM = r"(?:\d+(?:\.\d+)?|[一二两三四五六七八九十]+)"
_ZH_LENGTH = rf"{_ZH_NUM}(?:米(?:{_ZH_NUM})?|{ZH_LENGTH_UNITS})?"
_ZH_TIMES = re.compile(
    rf"(?<![\d.一二两三四五六七八九十])(?P<a>{_ZH_LENGTH})\s*乘(?:以)?\s*(?P<b>{_ZH_LENGTH})"
    r"(?![\d一二两三四五六七八九十])"
)


def _zh_length(said: str) -> tuple[str, str]:
    """The number and unit of a Chinese length ("两米五" -> ("2.5", "米"), "3" -> ("3", ""))."""
    m = re.fullmatch(rf"(?P<n>{_ZH_NUM})(?:(?P<m>米)(?P<t>{_ZH_NUM})?|(?P<u>{ZH_LENGTH_UNITS}))?", said)
    if m is None or (n := zh_to_number(m.group("n"))) is None:
        return said, ""
    tail = "".join(fmt_number(zh_to_number(c) or 0) for c in m.group("t")) if m.group("t") else ""
    return fmt_number(n) + (f".{tail}" if tail else ""), m.group("m") or m.group("u") or ""


# a weight in stones and pounds ("nine stone eight", "11 stone 4 lb", "twelve stone"): one weight
_STONES = re.compile(
    rf"(?<![\w.])(?:{DIGITS_PATTERN}|{NUMBER_WORDS_PATTERN})\s*stones?\b"
    rf"(?:\s+(?:and\s+)?(?:1[0-3]|\d|{NUMBER_WORDS_PATTERN})(?:\s*(?:pounds?|lbs?)\b)?)?",
    re.IGNORECASE,
)


def dimension_measures(text: str) -> list[tuple[int, int, str, str, str]]:
    """(start, end, type, value, slot) of each measure said with its dimension: "6米宽" / "宽6米" (a
    quantity keyed width, height, length, depth or thickness, as said), a height in feet and
    inches ("5 foot 1", "5'4\"", keyed height), a length in metres and centimetres (one length), a
    weight in stones and pounds (keyed weight) and a Chinese size of lengths joined by 乘."""
    out = []
    for m in _ZH_DIMENSION.finditer(text):
        word = m.group("d") or m.group("d2")
        out.append((m.start(), m.end(), "quantity", m.group(0).strip(), _ZH_DIMENSIONS[word]))
    for m in _FEET_INCHES.finditer(text):
        out.append((m.start(), m.end(), "quantity", m.group(0).strip(), "height"))
    for m in _METRES_CENTIMETRES.finditer(text):
        out.append((m.start(), m.end(), "quantity", m.group(0).strip(), "metre"))
    for m in _STONES.finditer(text):
        out.append((m.start(), m.end(), "quantity", m.group(0).strip(), "weight"))
    for m in _ZH_TIMES.finditer(text):
        (a, unit_a), (b, unit_b) = _zh_length(m.group("a")), _zh_length(m.group("b"))
        mixed = unit_a and unit_b and unit_a != unit_b  # "1米2乘80厘米"
        value = f"{a}{unit_a}x{b}{unit_b}" if mixed else f"{a}x{b} {unit_b or unit_a}"
        if unit_a or unit_b:  # "3×3米" read back is the same value: "3x3 米"
            out.append((m.start(), m.end(), "quantity", value, "size"))
    return out
