"""Clock times in English text, normalized to 24-hour "HH:MM".

Covers "5:30 pm", "18:45", "5pm", "three pm", "half past 6", "quarter to 10 in the morning",
"7 o'clock in the evening", "evening 4:30", "afternoon 12", "7 in the evening", "noon", and bare hours
after a time cue ("at 7", "by 5:00").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cache, lru_cache

from core.lang.en_lexicon import MONTH_ABBR, MONTHS, TENS, UNITS

_HOUR_WORDS = {w: v for w, v in UNITS.items() if 1 <= v <= 12}
_MINUTE_WORDS = {
    **{w: v for w, v in UNITS.items() if 1 <= v <= 19},
    **{w: v for w, v in TENS.items() if v < 60},
}
_HW = "|".join(sorted(_HOUR_WORDS, key=len, reverse=True))
_MW_T = "|".join(w for w, v in TENS.items() if v < 60)
_MW_U = "|".join(w for w, v in UNITS.items() if 1 <= v <= 9)
_MW_TEEN = "|".join(w for w, v in UNITS.items() if 10 <= v <= 19)
_MINWORD = rf"(?:(?:{_MW_T})(?:[\s-](?:{_MW_U}))?|{_MW_TEEN}|oh[\s-](?:{_MW_U}))"
_HOUR = rf"(?:1[0-2]|0?[1-9]|{_HW})"
_H24 = r"(?:[01]?\d|2[0-3])"
_AMPM = r"(?:a\.m\.|p\.m\.|am\b|pm\b|a\.m\b|p\.m\b|a m\b|p m\b)"
_OCLOCK = r"o['\"’`]?\s?clock"
_PERIOD = (
    r"(?:in\s+the\s+(?:morning|afternoon|evening|night)|at\s+night|tonight|"
    r"this\s+(?:morning|afternoon|evening))"
)
_PERIOD_WORD = r"(?:morning|afternoon|evening|night|noon)"
_MONTH_NAME = r"(?:" + "|".join([*MONTHS, *MONTH_ABBR]) + r")\b"
# the rest of a range of days ("from 7 to 10 June"): its first number is a day, no hour
_DAY_RANGE_END = rf"\s*(?:to|till|until|-|–)\s*\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH_NAME}"

# Order matters only for readability: all matches are collected and the longest wins.
_PATTERNS: tuple[tuple[str, str], ...] = (
    # half past 3 (in the afternoon) / quarter to 10 / 20 minutes past 4
    (
        "rel",
        rf"\b(?P<rel>half|quarter|(?:\d{{1,2}}|{_MINWORD})(?:\s+minutes?)?)\s+(?P<dir>past|after|to|before|til)\s+"
        rf"(?P<h>{_HOUR})(?!\d)(?:\s*{_OCLOCK})?(?:\s*(?P<ampm>{_AMPM})|\s+(?P<per>{_PERIOD}))?"
        rf"(?!\s+(?:of\s+)?{_MONTH_NAME})",  # "7 to 10 June" is a range of days
    ),
    # half 3, half eleven (British for half past): only where a clock time may end ("Monday half eleven,
    # fair enough", "i finish at half 3."), never before a noun it would count ("half 3 bedrooms")
    (
        "half",
        rf"\bhalf\s+(?P<h>{_HOUR})(?!\d)(?:\s*(?P<ampm>{_AMPM})|\s+(?P<per>{_PERIOD}))?"
        rf"(?=\s*(?:$|[.,!?;)]|(?:on|at|then|please|tomorrow|today|tonight|is|would|works?|suits?|if|and|or|so|"
        rf"for|i|we)\b))",
    ),
    # 1-3pm, 9–11 am: a range of hours written with a dash, read as "1 to 3pm" is
    ("rel", rf"(?<![\d:.-])(?P<rel>1[0-2]|0?[1-9])\s?(?P<dir>[-–])\s?(?P<h>{_HOUR})\s*(?P<ampm>{_AMPM})"),
    # 5:30 pm, 5 pm, 5.30pm, five pm, six thirty pm
    ("ampm", rf"\b(?P<h>{_HOUR})(?:(?:[:.](?P<m>[0-5]\d))|\s+(?P<mw>{_MINWORD}))?\s*(?P<ampm>{_AMPM})"),
    # 7 o'clock (in the evening)
    ("oclock", rf"\b(?P<h>{_HOUR})\s*{_OCLOCK}(?:\s+(?P<per>{_PERIOD}))?"),
    # 7 in the evening, 4:30 in the evening, six thirty in the evening
    ("per", rf"\b(?P<h>{_HOUR})(?:(?:[:.](?P<m>[0-5]\d))|\s+(?P<mw>{_MINWORD}))?\s+(?P<per>{_PERIOD})"),
    # evening 4:30, afternoon 12 (SGD phrasing); not a count after it ("sat night, 4 of us"), nor
    # "the evening one" (the one of the evening: a pronoun, no hour)
    (
        "lead",
        rf"(?<!\bthe\s)(?<!\bthis\s)(?<!\bthat\s)"
        rf"\b(?P<per>{_PERIOD_WORD}),?\s+(?:at\s+)?(?P<h>{_HOUR}|{_H24})(?:[:.](?P<m>[0-5]\d))?\b"
        rf"(?!\s*(?:{_AMPM}|%|\$|of\b|people|persons|guests|adults|rooms|nights))",
    ),
    # 18:45, 9:30, 09:15
    ("hhmm", rf"(?<![\d:.$£€])(?P<h>{_H24}):(?P<m>[0-5]\d)(?![\d:])"),
    # 1845 hours
    ("mil", r"\b(?P<h>[01]\d|2[0-3])(?P<m>[0-5]\d)\s*(?:hours|hrs|h)\b"),
    # at 5.30, by 10.15 (British hour.minute after a time cue; not a price or a measure)
    (
        "dot",
        r"(?<!rated\s)(?<!priced\s)(?<!costs\s)\b(?:at|by|after|before|around|until|till|from)\s+(?P<h>2[0-3]|1\d|0?[1-9])\.(?P<m>[0-5]\d)(?![\d.])"
        r"(?!\s*(?:%|pounds|dollars|euros?|eur|usd|gbp|bucks|km|kg|miles|each|per\b|a\s|an\s))",
    ),
    # 8ish, 9-ish: an hour said roughly, with no cue word needed (the "ish" says it is a clock hour)
    (
        "ish",
        r"(?<![\d:.$£€-])\b(?P<h>1[0-2]|[1-9])\s*-?ish\b(?!\s+(?:[a-z]+\s+)?(?:people|persons|guests|"
        r"tickets|seats|nights|days|rooms|years?|months?|weeks?|minutes|hours|miles|kg|pounds|dollars)\b)",
    ),
    # noon, midnight, midday
    ("noon", r"\b(?P<word>noon|midday|midnight)\b"),
    # at 7, by 5, after 6 (bare hour after a time cue; not followed by a count noun)
    (
        "cue",
        rf"\b(?<!how\s)(?<!what\s)(?:at|by|after|before|around|about|until|till|til|from|between|and)\s+"
        rf"(?:about\s+|around\s+)?"
        rf"(?P<h>1[0-2]|[1-9]|{_HW})(?:\s*(?:ish))?\b(?!\s*(?:[:.]\d|%|people|persons|guests|adults|"
        rf"tickets|seats|nights|days|rooms|stars|of\b|or\s+more|more\b|extra\b|pounds|dollars|bucks|minutes|hours|"
        rf"degrees|°|foot\b|feet\b|ft\b|inch|cm\b|kg\b|kilos?\b|lbs?\b|km\b|miles?\b|met(?:re|er)s?\b|years?\b|months?\b|"
        rf"weeks?\b|st\b|nd\b|rd\b|th\b|-|by\s+\d|[a-z]*\s+(?:people|persons|guests|tickets|nights|days|rooms|stars)"
        rf"|{_DAY_RANGE_END}))",
    ),
)
@cache
def _compiled() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """The named patterns, compiled on first use."""
    return tuple((name, re.compile(p, re.IGNORECASE)) for name, p in _PATTERNS)


@dataclass(frozen=True)
class TimeSpan:
    """A time found in text: offsets and the normalized 'HH:MM'."""

    start: int
    end: int
    value: str
    cued: bool = False  # only a bare hour after a cue word ("at 7"): weaker evidence
    bare: bool = False  # said with no am / pm nor part of the day ("at 5", "by 5.30", "half 3")


def _num(text: str | None, words: dict[str, int]) -> int | None:
    if text is None:
        return None
    t = text.lower().strip()
    if t.isdigit():
        return int(t)
    t = re.sub(r"\s*minutes?$", "", t)
    if t.isdigit():
        return int(t)
    if t.startswith("oh"):
        t = t[2:].strip(" -")
    parts = re.split(r"[\s-]+", t)
    total = 0
    for p in parts:
        if p in words:
            total += words[p]
        elif p in _MINUTE_WORDS:
            total += _MINUTE_WORDS[p]
        else:
            return None
    return total


def _apply_period(h: int, ampm: str | None, per: str | None) -> int:
    if ampm:
        pm = ampm.lower().startswith("p")
        if pm and h < 12:
            return h + 12
        if not pm and h == 12:
            return 0
        return h
    if per:
        p = per.lower()
        if "night" in p:
            return 0 if h == 12 else h if h < 5 else h + 12 if h < 12 else h
        if ("afternoon" in p or "evening" in p) and h < 12:
            return h + 12
    return h


def _normalize(name: str, m: re.Match[str]) -> str | None:
    g = m.groupdict()
    if name == "noon":
        return "00:00" if g["word"].lower() == "midnight" else "12:00"
    h = _num(g.get("h"), _HOUR_WORDS)
    if h is None or h > 23:
        return None
    minute = 0
    if g.get("m"):
        minute = int(g["m"])
    elif g.get("mw"):
        mw = _num(g["mw"], _MINUTE_WORDS)
        if mw is None or mw >= 60:
            return None
        minute = mw
    if name == "half":
        minute = 30
    if name == "rel":
        rel = g["rel"].lower()
        if g["dir"].lower() in ("to", "til", "-", "–") and rel.isdigit():
            # digits "N to M" are a range of hours ("9 to 5", "8 to 10", "2 til 4": from N) or, N = M, a ratio
            # ("1 to 1" lessons); a clock says "ten to six" or "5 minutes to 6"
            if int(rel) == h or int(rel) > 23:
                return None
            start = _apply_period(int(rel), g.get("ampm"), g.get("per"))
            return f"{start:02d}:00" if start <= 23 else None
        delta = 30 if rel == "half" else 15 if rel == "quarter" else _num(rel, _MINUTE_WORDS)
        if delta is None or delta >= 60:
            return None
        if g["dir"].lower() in ("to", "before", "til"):
            h = (h - 1) % 12 or 12
            minute = 60 - delta
        else:
            minute = delta
    h = _apply_period(h, g.get("ampm"), g.get("per"))
    if h > 23:
        return None
    return f"{h:02d}:{minute:02d}"


_MAYBE_TIME = re.compile(rf"\d|\b(?:{_HW}|noon|midday|midnight)\b", re.IGNORECASE)


@lru_cache(maxsize=8192)
def find_times(text: str) -> tuple[TimeSpan, ...]:
    """Every time expression in text (overlaps allowed; the caller keeps the longest)."""
    if not _MAYBE_TIME.search(text):
        return ()
    out: list[TimeSpan] = []
    for name, rx in _compiled():
        for m in rx.finditer(text):
            value = _normalize(name, m)
            if value is None:
                continue
            start, end = m.span()
            if name == "dot":
                start = m.start("h")
            if name == "cue":
                start = m.start("h")
                if not _an_hour(text, m, out):
                    continue
            # "half 3", "5 o'clock" said with no part of the day: a bare hour too
            g = m.groupdict()
            unplaced = not (g.get("ampm") or g.get("per"))
            bare = name in ("cue", "dot") or (name in ("half", "oclock") and unplaced)
            if bare:
                value = _bare_hour_of_day(text, start, value)
            approx = _APPROX_BEFORE.search(text, 0, start) if name == "cue" else None
            start = approx.start() if approx else start
            out.append(TimeSpan(start, end, value, cued=name == "cue", bare=bare))
    return _later_in_order(out)


def _later_in_order(found: list[TimeSpan]) -> tuple[TimeSpan, ...]:
    """A bare hour said after a bare hour read in the afternoon, and earlier than it as written, is
    later in the day too: "between 5 and 7" is 17:00 to 19:00, "leave at 5 and arrive by 7" the same."""
    out, last = list(found), None
    for i in sorted(range(len(out)), key=lambda k: out[k].start):
        span = out[i]
        if not span.bare:
            continue
        hour = int(span.value[:2])
        if last is not None and last >= 12 and hour < 12 and hour + 12 > last:
            out[i] = replace(span, value=f"{hour + 12:02d}{span.value[2:]}")
        last = int(out[i].value[:2])
    return tuple(out)


# the word that makes a bare hour approximate ("around 7"): part of what the user set, kept with the
# hour (the hour alone, "time=7", states an exact time the user never gave); a clock time ("around
# 21:30") is exact enough to stand alone
_APPROX_BEFORE = re.compile(r"\b(?:around|about|approximately|roughly)\s+$", re.IGNORECASE)


# a part of the day said just before a bare hour, in the same sentence ("Wednesday evening, after 8")
_DAY_PART_BEFORE = re.compile(r"\b(?P<part>morning|afternoon|evening|night|tonight)\b[^.!?;\d]{0,20}$", re.I)


# the bare hours nobody books in the small hours: "after 4", "at half 3" are in the afternoon
_AFTERNOON_HOURS = range(1, 7)


def _bare_hour_of_day(text: str, start: int, value: str) -> str:
    """A bare hour after a cue ("after 8") read in the part of the day said before it in the same
    sentence ("Wednesday evening, after 8" is 20:00); with none said, 1 to 6 in the afternoon
    ("wednesday after 4" is 16:00), a later hour as written."""
    hour = int(value[:2])
    if hour >= 12:
        return value
    said = _DAY_PART_BEFORE.search(text, 0, start)
    if said is not None:
        return value if said.group("part").lower() == "morning" else f"{hour + 12:02d}{value[2:]}"
    return f"{hour + 12:02d}{value[2:]}" if hour in _AFTERNOON_HOURS else value


# the other end of a range of measures ("between 2 and 8 degrees", "from 2 to 8°C")
_MEASURE_RANGE_END = re.compile(r"\s*(?:and|to|-)\s*\d+(?:\.\d+)?\s*(?:degrees|°|%)", re.IGNORECASE)


def _an_hour(text: str, m: re.Match[str], found: list[TimeSpan]) -> bool:
    """False for a bare number after a cue that is no hour: the start of a range of measures
    ("between 2 and 8 degrees"), or the second of two numbers joined by "and" when the first is no
    time ("boxes 2 and 5": "and" is a time cue only after a time, "between 5 and 7")."""
    if _MEASURE_RANGE_END.match(text, m.end()):
        return False
    if m.group(0)[:3].lower() != "and":
        return True
    return any(not text[t.end : m.start()].strip() for t in found)
