"""The date and time hits of a Chinese text joined into spans (split from core.lang.zh_time, which finds
the hits): opening hours after a cue or a weekday range with clock times ("营业时间是周一至周日
11:30-14:00"), a range of two times or datetimes ("10:00-21:00", "上午9点到下午5点"), a date and its
clock time ("2026-03-05 14:00"), and a date with its own weekday in apposition ("1月22号晚上，周五").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

# the character or digit after 周 / 星期 / 礼拜 -> the weekday, Monday 0 (末: the weekend, read as Saturday)
WEEKDAY_CHARS = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6, "末": 5,
                 "1": 0, "2": 1, "3": 2, "4": 3, "5": 4, "6": 5, "7": 6}

_ABSOLUTE = re.compile(r"\d|月")
_RANGE_AFTER = re.compile(r"\s*(?:-|~|～|—|–|至|到)\s*\d")
_RANGE_SEP = re.compile(r"\s*(?:-|~|～|—|–|至|到)\s*")
# Opening hours: a cue, then weekday ranges and clock ranges ("营业时间是周一至周日 11:30-14:00 17:00-21:30")
_HOURS_CUE = re.compile(r"(?:营业|开放|开门)(?:时间|时段)?(?:是|为|都是|:|：|\s)*")
_HOURS_GAP = re.compile(
    r"[\s、,，;；]*(?:(?:春|夏|秋|冬)季[、,，\s]*)*(?:-|~|～|—|–|至|到)?[\s、,，]*(?:早|晚)?"
)
_WEEK_RANGE = re.compile(
    r"(?:周|星期)[一二三四五六日天]\s*(?:-|~|～|—|–|至|到)\s*(?:周|星期)[一二三四五六日天]"
)
_FULL_WEEK = re.compile(r"(?:周|星期)一\s*(?:-|~|～|—|–|至|到)\s*(?:周|星期)[日天]\s*")


# Type of a span that holds no value but must not be read as a name either ("周一至周日" in hours)
BLANK = "blank"


@dataclass(frozen=True)
class TimeHit:
    """One date/time phrase: its span, entity type ('date', 'time', 'datetime', BLANK) and ISO value."""

    start: int
    end: int
    type: str
    value: str


def join_schedules(text: str, hits: list[TimeHit]) -> list[TimeHit]:
    """Opening hours after a cue (营业时间, 开放时间), or a weekday range with clock times, become one
    'time' hit: they say when a place is open, so the weekdays in them are no dates ("周一至周日",
    which says "every day", is dropped)."""
    out: list[TimeHit] = []
    i = 0
    while i < len(hits):
        cue = _cue_before(text, hits[i].start) or _weekly(text, hits, i)
        j = i
        while cue and j + 1 < len(hits) and _HOURS_GAP.fullmatch(text, hits[j].end, hits[j + 1].start):
            j += 1
        start, end = hits[i].start, hits[j].end
        week = _FULL_WEEK.match(text, start, end) if cue else None
        if not week and (not cue or all(h.type == "date" for h in hits[i:j + 1])):
            out.append(hits[i])
            i += 1
            continue
        if week:
            out.append(TimeHit(start, week.end(), BLANK, ""))
            start = week.end()
        if start < end:
            out.append(TimeHit(start, end, "time", " ".join(text[start:end].split())))
        i = j + 1
    return out


def _weekly(text: str, hits: list[TimeHit], i: int) -> bool:
    """True when hits[i] starts a weekday range followed by clock times ("周一至周日 10:00-21:30"): a
    weekly schedule even without a cue."""
    if i + 2 >= len(hits) or hits[i].type != "date" or hits[i + 2].type == "date":
        return False
    week = _WEEK_RANGE.match(text, hits[i].start)
    return week is not None and week.end() >= hits[i + 1].end - 1 \
        and bool(_HOURS_GAP.fullmatch(text, hits[i + 1].end, hits[i + 2].start))


def _cue_before(text: str, start: int) -> bool:
    """True when an opening-hours cue ends right before start (within a few characters)."""
    lo = max(0, start - 24)
    return any(m.end() == start or (m.end() < start and _HOURS_GAP.fullmatch(text, m.end(), start))
               for m in _HOURS_CUE.finditer(text, lo, start))


def joins_range(gap: str) -> bool:
    """True when gap, the text between two dates or times, joins them into a span ("到", "至", "-")."""
    return bool(gap) and _RANGE_SEP.fullmatch(gap) is not None


def join_ranges(text: str, hits: list[TimeHit]) -> list[TimeHit]:
    """Merge 'A-B' pairs of clock times (or of datetimes) into one range hit with value 'a-b', and a
    date followed by a space and a clock time ("2026-03-05 14:00") into one datetime."""
    out: list[TimeHit] = []
    for hit in hits:
        prev = out[-1] if out else None
        if prev is not None and prev.type == "date" and hit.type == "time" \
                and text[prev.end:hit.start] in (" ", "T") and _ABSOLUTE.search(text, prev.start, prev.end) \
                and not _RANGE_AFTER.match(text, hit.end):
            out[-1] = TimeHit(prev.start, hit.end, "datetime", f"{prev.value}T{hit.value}")
            continue
        if prev is not None and prev.type == hit.type and hit.type in ("time", "datetime"):
            gap = text[prev.end: hit.start]
            if gap and _RANGE_SEP.fullmatch(gap):
                out[-1] = TimeHit(prev.start, hit.end, hit.type, f"{prev.value}-{hit.value}")
                continue
        out.append(hit)
    return out


# a weekday said after a date as its apposition ("1月22号晚上，周五", "12月20日（周日）"): the same day
_WEEKDAY_ALONE = re.compile(r"(?:周|星期|礼拜)(?P<w>[一二三四五六日天])")
_APPOSITION_GAP = re.compile(r"\s*[，,、（(]?\s*")


def join_weekday(text: str, hits: list[TimeHit]) -> list[TimeHit]:
    """A date followed by its own weekday (the weekday the date falls on) is one date hit spanning
    both; read apart, the weekday is the next such day, another date that replaced the first."""
    out: list[TimeHit] = []
    for hit in hits:
        prev = out[-1] if out else None
        week = _WEEKDAY_ALONE.fullmatch(text, hit.start, hit.end)
        if (
            prev is not None
            and week is not None
            and prev.type in ("date", "datetime")
            and len(prev.value) >= len("2026-01-01")
            and _ABSOLUTE.search(text, prev.start, prev.end)
            and _APPOSITION_GAP.fullmatch(text, prev.end, hit.start)
            and date.fromisoformat(prev.value[:10]).weekday() == WEEKDAY_CHARS[week.group("w")]
        ):
            end = hit.end + 1 if text[hit.end : hit.end + 1] in ("）", ")") else hit.end
            out[-1] = TimeHit(prev.start, end, prev.type, prev.value)
            continue
        out.append(hit)
    return out
