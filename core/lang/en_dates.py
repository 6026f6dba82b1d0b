"""Dates in English text, normalized to ISO dates against the message time.

Regexes find the spans ("March 3rd", "9th of this month", "the 12th", "next Wednesday", "Saturday
this week", "day after tomorrow", "3/14/2019"). Weekday and relative forms are resolved here (dateparser
reads "the 12th" as December and does not know "Friday next week"); month names and numeric dates go
through dateparser with RELATIVE_BASE = the reference time, cached by (span, reference date).

Conventions (deterministic): a bare or "this"/"coming" weekday is the next such day on or after the
reference day; "next <weekday>" is the first such day strictly after it (dateparser's reading);
"<weekday> next week" is that day in the following Monday-based week; a day of month without a month
is the next such day on or after the reference day; a month and day without a year is the next one
on or after the reference day.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from functools import cache, lru_cache

from core.lang.en_lexicon import MONTH_ABBR, MONTHS, ORDINAL_WORDS, RANGE_WORDS, WEEKDAY_ABBR, WEEKDAYS
from core.lang.en_numbers import words_to_int

_MONTH = r"(?:" + "|".join([*MONTHS, *(rf"{a}\.?" for a in MONTH_ABBR)]) + r")"
_WD = r"(?:" + "|".join(WEEKDAYS) + r")"
_WD_ANY = r"(?:" + "|".join([*WEEKDAYS, *(rf"{a}\.?" for a in WEEKDAY_ABBR)]) + r")"
_ORDW = r"(?:" + "|".join(sorted(ORDINAL_WORDS, key=len, reverse=True)) + r")"
_DAYNUM = rf"(?:(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?|{_ORDW}|(?:twenty|thirty)[\s-]{_ORDW})"
_DAYORD = rf"(?:(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)|{_ORDW}|(?:twenty|thirty)[\s-]{_ORDW})"
_YEAR = r"(?:,?\s*(?P<y>(?:19|20)\d\d))"
_DAYNUM_DIGITS = r"(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?"
_DAY_JOIN = rf"\s*(?:{RANGE_WORDS}|and)\s*"  # two days of one month: "4 to 8", "5th-7th"
# a weekday said before the date it falls on: one date with it, not a second one
_WD_LEAD = rf"(?:{_WD_ANY},?\s+)?"

_PATTERNS: tuple[tuple[str, str], ...] = (
    # March 3rd, Mar. 3, March the 3rd, March 3, 2019; with the weekday before it one date too
    # ("Tuesday, December 8", "Sunday 10 January")
    ("md", rf"\b{_WD_LEAD}(?P<mon>{_MONTH})\s+(?:the\s+)?(?P<d>{_DAYNUM})\b{_YEAR}?"),
    # 3rd of March, the 3rd of March 2019, 3 March, Saturday the 9th of January
    ("dm", rf"\b{_WD_LEAD}(?:the\s+)?(?P<d>{_DAYNUM})\s+(?:of\s+)?(?P<mon>{_MONTH})\b{_YEAR}?"),
    # the first day of two that share the month after the second ("4 to 8 January", "5th-7th Jan")
    (
        "dm_shared",
        rf"\b(?P<d>{_DAYNUM_DIGITS})(?={_DAY_JOIN}(?:the\s+)?{_DAYNUM_DIGITS}\s+(?:of\s+)?(?P<mon>{_MONTH})\b)",
    ),
    # the second day of two that share the month before the first ("January 4 to 8"): its day only
    (
        "md_shared",
        rf"\b(?P<mon>{_MONTH})\s+(?:the\s+)?{_DAYNUM_DIGITS}{_DAY_JOIN}(?:the\s+)?(?P<d>{_DAYNUM_DIGITS})\b"
        rf"(?!\s*(?:{_MONTH}|:|\d|am\b|pm\b|[ap]\.m\.|o'?clock|hours?|days?|weeks?|nights?|people|%))",
    ),
    # the middle of January, end of March, mid-February, early May 2027: a part of a month, kept at the
    # month ("2027-01"): no day was said
    (
        "part",
        rf"\b(?:(?:the\s+)?(?:start|beginning|middle|end)\s+of\s+|(?:early|mid|late)[\s-])(?P<mon>{_MONTH})\b"
        rf"{_YEAR}?(?!\s+(?:be|not|have|need|i|we)\b)",
    ),
    # 9th of this month / of next month
    ("dthis", rf"\b(?:the\s+)?(?P<d>{_DAYORD})\s+of\s+(?P<which>this|next|the)\s+month\b"),
    # Friday the 18th, Monday 21st: a weekday and its day of the month are one date
    ("wdthe", rf"\b(?P<wd>{_WD}),?\s+(?:the\s+)?(?P<d>(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th))\b"
     rf"(?!\s+(?:of\s+)?{_MONTH})"),
    # Monday 14: a bare day number after a weekday, kept only when the day falls on that weekday (_resolve)
    ("wdnum", rf"\b(?P<wd>{_WD}),?\s+(?P<d>[12]\d|3[01]|0?[1-9])\b"
     r"(?![:.]\d|\s*(?:am\b|pm\b|[ap]\.m\.|o'?clock|h\b|hrs?\b|hours?|mins?\b|minutes?|-|–|to\b|till\b|until\b|%))"
     rf"(?!\s+(?:of\s+)?{_MONTH})"),
    # the 12th, on the 1st
    (
        "the",
        rf"\bthe\s+(?P<d>{_DAYORD})\b(?!\s+(?:of\s+)?(?:{_MONTH}|this|next|floor|century|time|row|"
        r"street|st\b|avenue|ave\b|person|one|place|option|choice|listed))",
    ),
    # Saturday this week / Friday next week / next Wednesday / this sunday / coming Monday / sunday after next
    ("wdweek", rf"\b(?P<wd>{_WD})\s+(?:of\s+)?(?P<which>this|next|the\s+following)\s+week\b"),
    (
        "wd",
        rf"\b(?:(?P<which>next|this|coming|this\s+coming|the\s+coming|following|the\s+following|last)\s+)?"
        rf"(?P<wd>{_WD_ANY})(?P<after>\s+after\s+next)?(?:\s+(?P<part>morning|afternoon|evening|night))?\b"
        r"(?!['’]s\b)",
    ),
    # today, tomorrow, later today, day after tomorrow, tonight, this weekend, next week
    (
        "rel",
        r"\b(?P<rel>(?:the\s+)?day\s+after\s+tomorrow|later\s+today|later\s+tonight|today|tonight|"
        r"tomorrow|tmrw|yesterday|this\s+weekend|next\s+weekend|over\s+the\s+weekend|the\s+weekend|"
        r"next\s+week|this\s+week|next\s+month|this\s+month)\b"
        # a day with its part of day is one span, as a weekday's is: "the day after tomorrow, morning"
        r"(?:(?:(?<=tomorrow)|(?<=today)|(?<=tmrw)),?\s+(?:in\s+the\s+)?(?:morning|afternoon|evening|night)\b)?",
    ),
    # in 3 days, three days from now
    ("in", r"\b(?:in\s+(?P<n1>\d+|[a-z]+)\s+days?|(?P<n2>\d+|[a-z]+)\s+days?\s+from\s+(?:now|today))\b"),
    # 3/14/2019, 3/14, 2019-03-14; not the fraction of a mixed number ("34 1/2 wide")
    (
        "num",
        r"(?<![\d/.-])(?<!\d\s)(?:(?P<iso>(?:19|20)\d\d-[01]?\d-[0-3]?\d)|(?P<mdy>[01]?\d/[0-3]?\d(?:/(?:19|20)?\d\d)?))"
        r"(?![\d/])",
    ),
)
@cache
def _compiled() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """The named patterns, compiled on first use."""
    return tuple((name, re.compile(p, re.IGNORECASE)) for name, p in _PATTERNS)


@dataclass(frozen=True)
class DateSpan:
    """A date found in text: offsets and the normalized ISO date ('' when it could not be resolved)."""

    start: int
    end: int
    value: str


def _day_number(text: str) -> int | None:
    t = text.lower().strip()
    m = re.match(r"(\d+)", t)
    if m:
        return int(m.group(1))
    if t in ORDINAL_WORDS:
        return ORDINAL_WORDS[t]
    parts = re.split(r"[\s-]+", t)
    if len(parts) == 2 and parts[1] in ORDINAL_WORDS:
        tens = words_to_int(parts[0])
        return tens + ORDINAL_WORDS[parts[1]] if tens else None
    return None


def _weekday_index(text: str) -> int:
    t = text.lower().rstrip(".")
    return WEEKDAYS.index(t) if t in WEEKDAYS else WEEKDAY_ABBR[t]


def _safe_date(y: int, m: int, d: int) -> date | None:
    try:
        return date(y, m, d)
    except ValueError:
        return None


def _next_day_of_month(ref: date, day: int, month_offset: int | None) -> date | None:
    if month_offset is not None:
        y, m = divmod(ref.month - 1 + month_offset, 12)
        return _safe_date(ref.year + y, m + 1, day)
    for k in range(0, 13):
        y, m = divmod(ref.month - 1 + k, 12)
        d = _safe_date(ref.year + y, m + 1, day)
        if d is not None and d >= ref:
            return d
    return None


@lru_cache(maxsize=4096)
def _dateparser(span: str, ref: datetime) -> str:
    import dateparser  # slow import: only when a span needs it

    settings = {
        "RELATIVE_BASE": ref,
        "PREFER_DATES_FROM": "future",
        "RETURN_AS_TIMEZONE_AWARE": False,
        "PREFER_DAY_OF_MONTH": "first",
        "DATE_ORDER": "MDY",
    }
    parsed = dateparser.parse(span, languages=["en"], settings=settings)
    return parsed.date().isoformat() if parsed else ""


def _resolve(name: str, g: dict[str, str | None], span: str, ref: datetime) -> str:
    today = ref.date()
    if name in ("md", "dm", "md_shared", "dm_shared"):
        day = _day_number(g["d"] or "")
        mon_txt = (g["mon"] or "").lower().rstrip(".")
        mon = MONTHS.index(mon_txt) + 1 if mon_txt in MONTHS else MONTH_ABBR.get(mon_txt)
        if day is None or mon is None:
            return ""
        if g.get("y"):
            d = _safe_date(int(g["y"] or 0), mon, day)
            return d.isoformat() if d else ""
        # no year: the next such day from the message date (what dateparser's "future" preference
        # gives, computed directly: dateparser costs milliseconds a call)
        d = _safe_date(today.year, mon, day)
        if d is not None and d < today:
            d = _safe_date(today.year + 1, mon, day)
        return d.isoformat() if d else ""
    if name == "part":
        mon_txt = (g["mon"] or "").lower().rstrip(".")
        mon = MONTHS.index(mon_txt) + 1 if mon_txt in MONTHS else MONTH_ABBR.get(mon_txt)
        if mon is None:
            return ""
        year = int(g["y"]) if g.get("y") else today.year + (mon < today.month)
        return f"{year:04d}-{mon:02d}"
    if name == "dthis":
        day = _day_number(g["d"] or "")
        off = 1 if (g["which"] or "").lower() == "next" else 0
        d = _next_day_of_month(today, day, off) if day else None
        return d.isoformat() if d else ""
    if name == "wdthe":  # the first such day on or after the reference day that is that weekday
        day, wd = _day_number(g["d"] or "") or 0, _weekday_index(g["wd"] or "")
        days = [_next_day_of_month(today, day, k) for k in range(13)]
        fits = [d for d in days if d is not None and d >= today]
        d = next((d for d in fits if d.weekday() == wd), fits[0] if fits else None)
        return d.isoformat() if d else ""
    if name == "wdnum":  # the next two months only: a number the weekday does not fall on is an hour
        day, wd = int(g["d"] or 0), _weekday_index(g["wd"] or "")
        days = [_next_day_of_month(today, day, k) for k in range(2)]
        return next((d.isoformat() for d in days if d is not None and d >= today and d.weekday() == wd), "")
    if name == "the":
        day = _day_number(g["d"] or "")
        d = _next_day_of_month(today, day, None) if day and day <= 31 else None
        return d.isoformat() if d else ""
    if name == "wdweek":
        wd = _weekday_index(g["wd"] or "")
        monday = today - timedelta(days=today.weekday())
        if (g["which"] or "").lower() != "this":
            monday += timedelta(days=7)
        return (monday + timedelta(days=wd)).isoformat()
    if name == "wd":
        wd = _weekday_index(g["wd"] or "")
        which = (g["which"] or "").lower()
        ahead = (wd - today.weekday()) % 7
        if which == "last":
            back = (today.weekday() - wd) % 7 or 7
            return (today - timedelta(days=back)).isoformat()
        if which in ("next", "following", "the following") and ahead == 0:
            ahead = 7
        if g["after"]:  # "sunday after next": a week after the coming one
            ahead = (ahead or 7) + 7
        return (today + timedelta(days=ahead)).isoformat()
    if name == "rel":
        rel = re.sub(r"\s+", " ", (g["rel"] or "").lower())
        if "after tomorrow" in rel:
            return (today + timedelta(days=2)).isoformat()
        if rel in ("tomorrow", "tmrw"):
            return (today + timedelta(days=1)).isoformat()
        if rel == "yesterday":
            return (today - timedelta(days=1)).isoformat()
        if "weekend" in rel:
            sat = today + timedelta(days=(5 - today.weekday()) % 7)
            return (sat + timedelta(days=7 if rel.startswith("next") else 0)).isoformat()
        if rel == "next week":
            return (today + timedelta(days=7 - today.weekday())).isoformat()
        if rel == "next month":
            y, m = divmod(today.month, 12)
            return date(today.year + y, m + 1, 1).isoformat()
        return today.isoformat()
    if name == "in":
        n_txt = (g.get("n1") or g.get("n2") or "").lower()
        n = int(n_txt) if n_txt.isdigit() else words_to_int(n_txt)
        return (today + timedelta(days=n)).isoformat() if n is not None and n < 3660 else ""
    if name == "num":
        return _dateparser(span, ref)
    return ""


# Cheap test that a text may hold a date at all (most turns do not).
_MAYBE_DATE = re.compile(
    r"\d|day|tomorrow|tonight|tmrw|week|month|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|mon|tue|wed|thu|"
    r"fri|sat|sun|first|second|third|th\b",
    re.IGNORECASE,
)


# After "the first" / "the second": what makes the ordinal a day of the month.
_WORD_ORDINAL_END = re.compile(
    r"\s*(?:[.,!?;)]|$|(?:at|in|and|or|to|through|until|please|instead|then)\b)", re.IGNORECASE
)
_SMALL_TALK_TODAY = re.compile(
    r"\b(?:help|assist|do\s+for\s+you|else)\b[\w\s]{0,16}$"
    r"|\b(?:that['’]?s|that\s+is|that\s+was|that\s+will\s+be|that\s+would\s+be|be)\s+(?:all|it)\b[\w\s'’]{0,24}$",
    re.IGNORECASE,
)


@lru_cache(maxsize=8192)
def find_dates(text: str, ref: datetime) -> tuple[DateSpan, ...]:
    """Every date expression in text with its ISO value against ref (overlaps allowed)."""
    if not _MAYBE_DATE.search(text):
        return ()
    out: list[DateSpan] = []
    for name, rx in _compiled():
        for m in rx.finditer(text):
            span = m.group(0)
            if name == "wd" and not _weekday_ok(m):
                continue
            if name in ("in", "num") and not _in_ok(name, m):
                continue
            if (
                name == "the"
                and not m.group("d")[:1].isdigit()
                and not _WORD_ORDINAL_END.match(text, m.end())
            ):
                continue  # "the first is ...", "the second flight": an ordinal, not a day
            if (
                name == "rel"
                and m.group("rel").lower() == "today"
                and _SMALL_TALK_TODAY.search(text, 0, m.start())
            ):
                continue  # "anything else I can help you with today?": small talk, not a date
            value = _resolve(name, m.groupdict(), span, ref)
            if name in ("in", "num", "wdnum") and not value:
                continue
            start = m.start("d") if name == "md_shared" else m.start()  # "January 4 to 8": the 8 alone
            out.append(DateSpan(start, m.end(), value))
    return tuple(out)


_NEXT_WEEKDAY = re.compile(rf"\s*(?:and|or|to|through|-|,|&)\s*{_WD_ANY}\b", re.IGNORECASE)
_PREV_WEEKDAY = re.compile(rf"\b{_WD_ANY}\s*(?:and|or|to|through|-|,|&)\s*$", re.IGNORECASE)
# three or more weekdays only spaced ("mon tue wed"); two ("the sun sat low") may be words
_SPACED_RUN = re.compile(rf"\b{_WD_ANY}(?:\s+{_WD_ANY}\b){{2,}}", re.IGNORECASE)


def _weekday_ok(m: re.Match[str]) -> bool:
    """Abbreviations ('sat', 'sun', 'wed') count only when capitalized and not a word in a sentence."""
    wd = m.group("wd")
    if wd.lower().rstrip(".") in WEEKDAYS:
        return True
    text = m.string
    if m.group("part") or _NEXT_WEEKDAY.match(text, m.end()) or _PREV_WEEKDAY.search(text, 0, m.start()):
        return True  # "sat night", "fri and sat": a weekday beside a part of day or another weekday
    if any(run.start() <= m.start() < run.end() for run in _SPACED_RUN.finditer(text)):
        return True  # "mon tue wed"
    return wd[0].isupper() and wd.lower() not in ("sat", "sun", "wed")


def _in_ok(name: str, m: re.Match[str]) -> bool:
    if name == "num":
        return True
    n_txt = (m.group("n1") or m.group("n2") or "").lower()
    return n_txt.isdigit() or words_to_int(n_txt) is not None
