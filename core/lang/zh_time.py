"""Chinese dates and times by rule, normalized to ISO against the message time.

"下周三下午3点" said on Monday 2026-01-05 -> "2026-01-14T15:00" (Wednesday of next week, 15:00).
Covers relative days (今天/明天/后天/大后天/昨天/前天, 今晚, 明早), weekdays with 这/本/下/下下/上 and
周/星期/礼拜, absolute dates (2026年3月5日, 3月5号, 2026-03-05), day periods (上午/下午/晚上/中午/凌晨),
clock times (3点, 三点半, 7点15分, 10:30) and clock ranges ("10:00-21:00", "上午9点到下午5点").
dateparser is not used: these rules cover the phrases seen in dialogues, and it is slow for Chinese.
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta

from core.lang.zh_numbers import NUM_CHARS, zh_to_number
from core.lang.zh_time_spans import WEEKDAY_CHARS, TimeHit, join_ranges, join_schedules, join_weekday

DEFAULT_REFERENCE = datetime(2026, 1, 1)

_N = f"[{NUM_CHARS}]"
_REL_DAYS = {"今天": 0, "今日": 0, "今晚": 0, "今早": 0, "今儿": 0, "明天": 1, "明日": 1, "明晚": 1,
             "明早": 1, "明儿": 1, "后天": 2, "大后天": 3, "昨天": -1, "昨晚": -1, "前天": -2,
             # Cantonese (read simplified: core.lang.zh_script): 聽日 tomorrow, 後日, 尋日 yesterday
             "听日": 1, "后日": 2, "寻日": -1, "琴日": -1}
_REL_PERIOD = {"今晚": "晚上", "明晚": "晚上", "昨晚": "晚上", "今早": "早上", "明早": "早上"}

# what a number with 号 after it names when it is no day: "5号楼", "3号线", "B-15号地", "8号床"
_NUMBERED_THINGS = "[楼线门床桌院厅房柜口位座机馆车窗厢台屋舍栋单元室地铁码摊店铺档窗户间码]"
_DATE = (
    r"(?P<iso>\d{4}[-/.]\d{1,2}[-/.]\d{1,2})"
    rf"|(?:(?P<year>\d{{4}}|{_N}{{4}})年)?(?P<month>{_N}{{1,3}})月(?:(?P<day>{_N}{{1,3}})[日号])?"
    rf"|(?P<mprefix>这个月|本月|下个?月|上个?月)(?P<mday>{_N}{{1,3}})[日号]"
    r"|(?P<rel>大后天|今天|今日|今晚|今早|今儿|明天|明日|明晚|明早|明儿|后天|昨天|昨晚|前天|听日|后日|寻日|琴日)"
    # not the 周 of a name before a month ("小周五月三号": 小周, then 五月三号)
    r"|(?P<wprefix>这个?|本|下下个?|下个?|上个?)?(?:周|星期|礼拜)(?P<wday>[一二三四五六日天1-7末])(?![十一二]?月)"
    # more weekdays chained to the first ("周一三晚上", "周二四六"): one span, named by its first day
    r"(?:[一二三四五六日天]{1,4}(?![点點时\d：:一二三四五六七八九十]))?"
    rf"|(?P<ndays>{_N}{{1,3}})天(?:之后|以后|后)"
    # a day of the month said alone ("31号上午10点", "改到29号吧"); _bare_day says when it is one
    rf"|(?<![{NUM_CHARS}月第几A-Za-z])(?<![A-Za-z]-)(?P<bday>{_N}{{1,3}})号(?!{_NUMBERED_THINGS})"
)
# minutes are no count: "今晚7点8位" is 7pm for 8 people, not 7:08
_NO_COUNT = f"(?![位个人间张份台辆岁只名桌{NUM_CHARS}])"
# the parts of a day; Cantonese 朝早 (morning), 晏昼 (midday), 下昼 (afternoon), 夜晚 (evening)
_PERIOD = r"(?P<period>凌晨|清晨|早上|早晨|上午|中午|下午|傍晚|晚上|夜里|夜间|半夜|晚间|朝早|晏昼|下昼|夜晚)"
_CLOCK = (
    r"(?P<hm>(?P<h1>[01]?\d|2[0-4])[:：](?P<m1>[0-5]\d))"
    rf"|(?P<h2>{_N}{{1,3}})[点點时](?:(?P<half>半)|(?P<quarter>一刻|三刻)|(?P<m2>{_N}{{1,3}})(?:分|{_NO_COUNT})"
    r"|(?P<zheng>整|钟))?"
)
_PATTERN = re.compile(
    rf"(?:{_DATE})?(?:{_PERIOD})?(?:{_CLOCK})?"
)


# a character before a day word that makes it another day: 大后天 is not 后天, 下周三 / 下个周三 not 周三
_DAY_SHIFTS = ((re.compile(r"大$"), ("后天", "前天")), (re.compile(r"[上下]个?$"), ("周", "星期", "礼拜")))


def shifts_day(before: str, value: str) -> bool:
    """True when the text right before value turns it into another day ("大" + "后天", "下" + "周三"):
    a replaced "后天" found inside "大后天" is not the replaced day."""
    return any(value.startswith(heads) and shift.search(before) for shift, heads in _DAY_SHIFTS)


def _weekday_date(prefix: str, wday: int, ref: date) -> date:
    """The date a weekday phrase names: 下周三 is Wednesday of next week; bare 周三 the next one."""
    monday = ref - timedelta(days=ref.weekday())
    if not prefix:
        delta = (wday - ref.weekday()) % 7
        return ref + timedelta(days=delta)
    weeks = {"这": 0, "本": 0, "下": 1, "上": -1}[prefix[0]]
    if prefix.startswith("下下"):
        weeks = 2
    return monday + timedelta(weeks=weeks, days=wday)


def _date_of(m: re.Match[str], ref: date) -> date | None:
    """The calendar date named by the date groups of a match, or None."""
    if m.group("iso"):
        parts = [int(p) for p in re.split(r"[-/.]", m.group("iso"))]
        try:
            return date(parts[0], parts[1], parts[2])
        except ValueError:
            return None
    if m.group("month"):
        month = zh_to_number(m.group("month"))
        day = zh_to_number(m.group("day")) if m.group("day") else 1.0
        year = zh_to_number(m.group("year")) if m.group("year") else None
        if month is None or day is None:
            return None
        if year is None and m.group("year"):
            digits = "".join(str(int(zh_to_number(c) or 0)) for c in m.group("year"))
            year = float(digits)
        try:
            d = date(int(year or ref.year), int(month), int(day))
        except ValueError:
            return None
        if year is None and d < ref:
            try:
                d = d.replace(year=d.year + 1)
            except ValueError:
                return None
        return d
    if m.group("mprefix"):
        day = zh_to_number(m.group("mday"))
        shift = {"这": 0, "本": 0, "下": 1, "上": -1}[m.group("mprefix")[0]]
        month0 = ref.month - 1 + shift
        try:
            return date(ref.year + month0 // 12, month0 % 12 + 1, int(day or 0))
        except ValueError:
            return None
    if m.group("rel"):
        return ref + timedelta(days=_REL_DAYS[m.group("rel")])
    if m.group("wday"):
        return _weekday_date(m.group("wprefix") or "", WEEKDAY_CHARS[m.group("wday")], ref)
    if m.group("bday"):
        return _day_of_month(zh_to_number(m.group("bday")), ref)
    if m.group("ndays"):
        n = zh_to_number(m.group("ndays"))
        return ref + timedelta(days=int(n)) if n is not None and n < 400 else None
    return None


def _day_of_month(day: float | None, ref: date) -> date | None:
    """The next date with that day of the month, ref's own day included ("29号" said on the 27th is
    the 29th of this month; said on the 30th, of the next one), or None for no such day."""
    if day is None or not day.is_integer() or not 1 <= day <= 31:
        return None
    for shift in range(3):  # a 31st may skip a shorter month
        month0 = ref.month - 1 + shift
        try:
            d = date(ref.year + month0 // 12, month0 % 12 + 1, int(day))
        except ValueError:
            continue
        if d >= ref or shift:
            return d
    return None


# a day of the month said alone is a date only with a date's words around it: a verb that sets or
# moves a day before it ("改到29号", "定在5号"), a time or a weekday after it ("31号上午10点",
# "5号周六"), or a word of when after it ("20号之前", "3号那天", "5号去"); "5号楼", "3号线", "8号床" are
# things numbered
_DAY_VERB_BEFORE = re.compile(
    r"(?:到|改成|改为|换成|换到|定在|约在|订在|在|是|从|等到|就|那就|还是|或者|或|和|、|~|至|-)$"
)
_DAY_WORD_AFTER = re.compile(
    r"(?:之前|以前|前|之后|以后|后|那天|当天|左右|上午|下午|晚上|早上|中午|傍晚|凌晨|周|星期|礼拜|去|来|送|到|至|"
    r"出发|开始|截止|入住|退房|取|交|发货|~|-|—|–|、|和|或)"
)


# a number or a size said to be N号, or a person said to be one: a size, not a day of the month
_SIZE_IS = re.compile(r"(?:[码号寸]|尺寸|[我你您他她])是\s*$")


def _bare_day(text: str, m: re.Match[str]) -> bool:
    """True when the day of the month m holds alone ("29号") is said as a date (see _DAY_VERB_BEFORE)."""
    if m.group("period") or m.group("hm") or m.group("h2"):
        return True
    before = text[max(0, m.start() - 3):m.start()].rstrip()
    if _SIZE_IS.search(text, max(0, m.start() - 6), m.start()):
        return False  # "号码是12号", "我是20号": a size (a ring's, a shoe's), no day
    return bool(_DAY_VERB_BEFORE.search(before) or _DAY_WORD_AFTER.match(text, m.end()))


def _clock_of(m: re.Match[str], period: str | None) -> tuple[int, int] | None:
    """(hour, minute) of the clock groups, shifted by the day period (下午3点 -> 15:00)."""
    if m.group("hm"):
        h, mi = int(m.group("h1")), int(m.group("m1"))
    elif m.group("h2"):
        hv = zh_to_number(m.group("h2"))
        if hv is None or not hv.is_integer():
            return None
        h, mi = int(hv), 0
        if m.group("half"):
            mi = 30
        elif m.group("quarter"):
            mi = 15 if m.group("quarter") == "一刻" else 45
        elif m.group("m2"):
            mv = zh_to_number(m.group("m2"))
            if mv is None or not mv.is_integer():
                return None
            mi = int(mv)
    else:
        return None
    if h > 24 or mi > 59:
        return None
    evening = period in ("下午", "傍晚", "晚上", "夜里", "夜间", "晚间", "下昼", "夜晚")
    if (evening and h < 12) or (period in ("中午", "晏昼") and h < 6):
        h += 12
    elif period in ("半夜", "凌晨", "晚上", "夜里", "夜间") and h == 12:
        h = 0
    return h % 24, mi


def _is_plausible(text: str, m: re.Match[str]) -> bool:
    """Reject clock readings that are ordinary words: 一点 (a little), 有点, 几点 without a number."""
    if m.group("h2") and not (m.group("period") or m.group("half") or m.group("m2") or m.group("zheng")
                              or m.group("quarter")):
        h2 = m.group("h2")
        before = text[max(0, m.start("h2") - 1): m.start("h2")]
        if h2 in ("一", "两", "半") or before in ("有", "快", "慢", "早", "晚", "多", "好", "差"):
            return bool(m.group("rel") or m.group("wday") or m.group("month") or m.group("iso")
                        or m.group("mprefix"))
        after = text[m.end(): m.end() + 1]
        if after in ("儿", "心", "菜", "评", "赞", "击", "名", "头"):
            return False
    return True


def find_times(text: str, ts: datetime | None) -> list[TimeHit]:
    """Every date, time and datetime phrase of text, normalized against ts (fixed default if None)."""
    ref_dt = ts or DEFAULT_REFERENCE
    ref = ref_dt.date()
    hits: list[TimeHit] = []
    for m in _PATTERN.finditer(text):
        if m.end() == m.start():
            continue
        has_date = any(m.group(g) for g in ("iso", "month", "mprefix", "rel", "wday", "ndays", "bday"))
        has_clock = bool(m.group("hm") or m.group("h2"))
        period = m.group("period") or _REL_PERIOD.get(m.group("rel") or "")
        if not has_date and not has_clock:
            continue
        if not _is_plausible(text, m) or (m.group("bday") and not _bare_day(text, m)):
            continue
        start, end = m.start(), m.end()
        while start < end and text[start].isspace():
            start += 1
        while end > start and text[end - 1].isspace():
            end -= 1
        d = _date_of(m, ref) if has_date else None
        if has_date and d is None:
            continue
        clock = _clock_of(m, period) if has_clock else None
        if has_clock and clock is None:
            if d is None:
                continue
            end = m.start("hm") if m.group("hm") else m.start("h2")
        if d is not None and clock is not None:
            hits.append(TimeHit(start, end, "datetime", f"{d.isoformat()}T{clock[0]:02d}:{clock[1]:02d}"))
        elif d is not None and m.group("month") and not m.group("day"):
            hits.append(TimeHit(start, end, "date", d.isoformat()[:7]))  # "3月": a month, no day of it
        elif d is not None:
            hits.append(TimeHit(start, end, "date", d.isoformat()))
        elif clock is not None:
            hits.append(TimeHit(start, end, "time", f"{clock[0]:02d}:{clock[1]:02d}"))
    return join_schedules(text, join_ranges(text, join_weekday(text, hits)))


_BARE_DAY = re.compile(rf"({_N}{{1,3}})号")


def day_words(surface: str) -> str | None:
    """The words of the day in a day-and-hour phrase ("下个礼拜六" of "下个礼拜六早上七点"), or None when
    surface is not one: the day still holds when a bare hour replaces the hour."""
    m = _PATTERN.match(surface.strip())
    if m is None or m.end() < len(surface.strip()) or not (m.group("hm") or m.group("h2")):
        return None
    if not any(m.group(g) for g in ("iso", "month", "mprefix", "rel", "wday", "ndays", "bday")):
        return None
    cut = min(m.start(g) for g in ("period", "hm", "h2") if m.group(g))
    return surface.strip()[:cut].strip() or None


def bare_day(surface: str) -> bool:
    """True for a day of the month said alone ("19号")."""
    return _BARE_DAY.fullmatch(surface) is not None


def day_after(first: str, surface: str, value: str) -> str:
    """The ISO date a range's second day names: a day of the month said alone ("19号" of
    "1月16号到19号") falls in the first day's month (the next one when it is earlier), else value."""
    bare = _BARE_DAY.fullmatch(surface)
    try:
        start = date.fromisoformat(first)
    except ValueError:
        return value
    day = zh_to_number(bare.group(1)) if bare else None
    end = _day_of_month(day, start) if day is not None else None
    return end.isoformat() if end is not None else value


