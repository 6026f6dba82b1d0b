"""Value shapes and cues for core.retired: which values of a user's turns are of one shape (a size
with its unit, a Chinese count with its measure word, an id of one letter/digit shape), and the
Chinese correction cues the analyzers' is_correction leaves out. No import of core.models: a
Retired record is a field of core.models.ContextState."""

from __future__ import annotations

import re

from core.lang.en_lexicon import FUNCTION_WORDS

_ZH_DIGITS = "一二两三四五六七八九十百千"
_NUM = r"\d+(?:[.,]\d+)*"
# a size: a number and a storage unit ("800G", "1T", "500 GB", "2tb")
_SIZE = re.compile(r"(?<![0-9A-Za-z_.])\d+(?:\.\d+)?\s*(?:[KMGTP](?:i?B)?|[kmgtp]i?b)(?![A-Za-z])")
# an amount of money: a currency sign before it ("£80k", "$1,200") or 元 / 块 after it ("2000元")
_MONEY = re.compile(
    rf"[£$€¥]\s?{_NUM}\s?[kKmM]?(?![A-Za-z\d])|(?<![\d.,])\d+(?:[.,]\d+)*\s*(?:万元|万|元|块)"
)
# a time of day: "16:00", "7:30am", "3pm", "晚上11点", "5 点半"
_TIME = re.compile(
    r"(?<![\d:.])\d{1,2}:\d{2}(?:\s?[ap]\.?m\.?)?(?![\d:])|(?<![\d.])\d{1,2}\s?[ap]\.?m\.?(?![A-Za-z])"
    r"|(?:上午|下午|晚上|早上|中午|凌晨|傍晚)?\d{1,2}\s*点(?:半|\s*\d{1,2}\s*分?)?"
)
_MONTH = (
    r"(?:january|february|march|april|may|june|july|august|september|october|november|december"
    r"|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\.?(?![A-Za-z])"
)
# a calendar date: "12月25号", "dec 19", "9 December"
_DATE = re.compile(
    rf"\d{{1,2}}\s*月\s*\d{{1,2}}\s*[号日]|(?<![A-Za-z]){_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?(?!\d)"
    rf"|(?<![\d.,])\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTH}(?![A-Za-z])"
    r"|(?<![\w.,])\d{1,2}(?:st|nd|rd|th)(?![A-Za-z])",
    re.IGNORECASE,
)
# a Chinese count and its measure word ("20个人", "三张", "两桌") or unit ("17吨", "320亩")
_MEASURE = "个人|个|位|名|人|张|桌|间|晚|夜|箱|台|件|份|辆|套|本|瓶|盒|条|只|双|杯|层|包|桶"
_MEASURE += "|吨|亩|平|公斤|斤|米"
# not the 个 of a span of time ("两个半小时", "三个月", "一个钟头"): a duration counts no things
_ZH_COUNT = re.compile(
    rf"(?<![\d{_ZH_DIGITS}.])(?:\d+(?:\.\d+)?|[{_ZH_DIGITS}]+)\s*(?:{_MEASURE})(?!半?(?:小时|钟头|钟|月|星期|礼拜))"
)
# a number and the word or sign after it: its unit or what it counts ("6 jugs", "19,800 kg", "10%")
_LATIN_UNIT = re.compile(rf"(?<![\w.,:/\-]){_NUM}\s?(%|[A-Za-z]+)(?![\w\-])")
# a long run of digits: a phone, an account or a policy number of that many digits
_DIGITS = re.compile(r"(?<![\d\-])\d{7,}(?!\d)")
# an id: letters and digits joined by - _ . / or : ("eu-central-1", "v2.14.0"), both kinds in it
_ID_CHAR = r"[0-9A-Za-z_\-./:]"
_ID = re.compile(
    rf"(?<!{_ID_CHAR})(?={_ID_CHAR}*\d)(?={_ID_CHAR}*[A-Za-z])[A-Za-z0-9]+(?:[-_./:][A-Za-z0-9]+)+"
)
# a code in two spaced blocks of capitals and digits ("LK19 XOP", a vehicle registration): one id,
# also for the English analyzer (core.lang.en_values); a postcode's second block starts with a digit
ID_SPACED = re.compile(r"(?<![\w])[A-Z]{1,3}\d{1,4}\s[A-Z]{2,4}(?![\w])")
# the Chinese cues the shared correction cue leaves out: "等下，" (wait,), 改 before a count
# ("改三桌"), a new total ("一共四张", "总共180人")
_ZH_CUE = re.compile(
    rf"^等(?:一)?下|[，,]\s*等(?:一)?下|等等[，,]|(?<!修)改(?=[\d{_ZH_DIGITS}])|[一总]共(?=[\d{_ZH_DIGITS}])"
)

# the English ones: a value set against the one it replaces ("8 jugs not 6", "instead of the 14th"),
# a change of plan ("can't do the 19th after all"), a value moved ("push it to the 9th", "move the
# first one to 14:30"), a new value stated as now holding ("it's 52 students now")
_EN_CUE = re.compile(
    r"\b(?:not|instead of)\s+(?:the\s+)?\d|\bafter all\b|\bnow\b"
    r"|\b(?:move|push|bump|shift)\s+(?:it|that|them|this|(?:the|my)\s+\w+(?:\s+\w+)?)\b[^.?!]*?\bto\b",
    re.IGNORECASE,
)


def _shape_of_id(token: str) -> str:
    return re.sub(r"\d+", "9", re.sub(r"[A-Za-z]+", "a", token))


def _unit_shape(match: re.Match[str]) -> str | None:
    """The shape of a number and the word after it ("unit:jug" for "6 jugs"); None when the word is
    a function word ("3 and", "2 of"), so nothing is said of what the number counts."""
    unit = match.group(1).lower()
    if unit in FUNCTION_WORDS or unit in _NOT_UNITS:
        return None
    return f"unit:{unit[:-1] if len(unit) > 3 and unit.endswith('s') else unit}"


# words after a number that say nothing of what it counts, besides the function words
_NOT_UNITS = frozenset(("x", "more", "less", "please", "pls", "instead", "then", "now", "total", "each"))


def shaped_values(text: str) -> list[tuple[str, str]]:
    """The (shape, value) pairs of text: sizes, amounts of money, times of day, dates, counts keyed
    by their measure word or unit, long digit runs keyed by their length, ids keyed by their
    letter/digit shape. A span is read once, by the first of those that finds it."""
    taken: list[tuple[int, int]] = []
    out: list[tuple[int, str, str]] = []

    def add(match: re.Match[str], shape: str | None) -> None:
        start, end = match.span()
        if shape is None or any(start < b and a < end for a, b in taken):
            return
        taken.append((start, end))
        out.append((start, shape, match.group(0).strip()))

    for m in _SIZE.finditer(text):
        add(m, "size")
    for m in _MONEY.finditer(text):
        add(m, "money:" + ("元" if m.group(0)[-1] in "元块万" else m.group(0)[0]))
    for m in _TIME.finditer(text):
        add(m, "time")
    for m in _DATE.finditer(text):
        add(m, "date")
    for m in _ZH_COUNT.finditer(text):
        measure = m.group(0).lstrip(f"0123456789.{_ZH_DIGITS} ")
        add(m, f"count:{measure[:1]}")
    for m in _LATIN_UNIT.finditer(text):
        add(m, _unit_shape(m))
    for m in _DIGITS.finditer(text):
        add(m, f"digits:{len(m.group(0))}")
    for m in ID_SPACED.finditer(text):
        add(m, f"id:{_shape_of_id(m.group(0))}")
    for m in _ID.finditer(text):
        add(m, f"id:{_shape_of_id(m.group(0))}")
    return [(shape, value) for _, shape, value in sorted(out)]


def extra_correction_cue(text: str) -> bool:
    """True for the correction cues is_correction leaves out: Chinese "等下，" (wait,), 改 right
    before a count ("改三桌"), a new total ("一共四张", "总共180人"); English "X not Y", "after all",
    "now", "move / push it to" (_EN_CUE)."""
    return bool(_ZH_CUE.search(text) or _EN_CUE.search(text))
