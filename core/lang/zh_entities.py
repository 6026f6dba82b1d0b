"""Chinese entities: dates/times, values and names merged into one list with slot hints.

Three finders run over the text: zh_time (dates, times), zh_values (money, ratings, durations,
quantities, phones, ids, types, lexicon terms) and zh_names (proper names between function words).
Overlapping candidates are resolved longest first; a value found first ends a name run, except a
lexicon term ("素食" inside "莲泽舫素食餐厅"), which is dropped when a name covers it. Slot hints of
names come from zh_slots; long enumerations and lists of what is nearby are dropped by zh_lists.
"""

from __future__ import annotations

import re
from datetime import datetime
from functools import lru_cache

from core.lang.base import SERIES_SLOT_PREFIX
from core.lang.frequency import zh_frequencies, zh_frequency_slot
from core.lang.zh_hit import Hit
from core.lang.zh_lexicon import LEG_VERBS, OWN_ACT_VERBS
from core.lang.zh_lists import without_enumerations
from core.lang.zh_name_tokens import venue_suffix
from core.lang.zh_names import find_names
from core.lang.zh_numbers import zh_to_number
from core.lang.zh_past_dates import last_occurrence, past_event
from core.lang.zh_segment import tokens
from core.lang.zh_slots import name_slot
from core.lang.zh_spacing import original_span, tightened
from core.lang.zh_time import DEFAULT_REFERENCE, bare_day, day_after, find_times
from core.lang.zh_time_spans import BLANK, joins_range
from core.lang.zh_values import find_values
from core.models import Entity


def _resolve(hits: list[Hit]) -> list[Hit]:
    """Non-overlapping hits: longer spans first, then higher priority, then earlier."""
    chosen: list[Hit] = []
    for h in sorted(hits, key=lambda h: (-(h.end - h.start), -h.priority, h.start)):
        if h.end > h.start and not any(h.start < c.end and c.start < h.end for c in chosen):
            chosen.append(h)
    return sorted(chosen, key=lambda h: h.start)


def _boundaries(text: str) -> tuple[set[int], set[int]]:
    """Start and end offsets of jieba's words in text."""
    toks = tokens(text)
    return {p for _, _, p in toks}, {p + len(w) for w, _, p in toks}


def _mostly_covered(inner: list[Hit], start: int, end: int) -> bool:
    """True when lexicon terms cover all of text[start:end] but single characters between them
    ("wifi何室内游泳池": two facilities and a typo for 和, not a venue called so)."""
    uncovered = (end - start) - sum(h.end - h.start for h in inner)
    return len(inner) >= 2 and uncovered <= len(inner) - 1


def _glued_count(text: str, hard: list[Hit], start: int, end: int) -> Hit | None:
    """A count or "今日" right before a venue name is part of it ("7天连锁酒店", "今日美术馆"), not a
    duration or a date."""
    if not venue_suffix(text[start:end]):
        return None
    for h in hard:
        if h.end == start and (h.type in ("duration", "quantity", "number") or text[h.start:h.end] == "今日"):
            return h
    return None


_LABELLED = frozenset(("money", "quantity", "number", "duration", "rating"))
# what may stand between a label and its value: a space, a bound or an approximation ("最多 1 条")
_BOUND_WORDS = re.compile(
    r" *(?:最多|最少|至少|至多|不超过|不少于|不低于|不高于|超过|低于|高于|大概|大约|约|差不多)? *"
)


def _value_label(text: str, hard: list[Hit], start: int, end: int) -> bool:
    """True when text[start:end] is the label of the value right after it ("申报价值800美元", "空腹血糖
    8.2mmol/L", "每分钟最多 1 条"): ordinary words before a number, not a venue nor a proper noun."""
    gap = _BOUND_WORDS.match(text, end)
    at = gap.end() if gap else end
    if not any(h.start == at and h.type in _LABELLED for h in hard):
        return False
    surface = text[start:end]
    return not (venue_suffix(surface) or "(" in surface or "（" in surface)


@lru_cache(maxsize=4096)
def entities_of(text: str, ts: datetime | None) -> tuple[Entity, ...]:
    """Every entity of text, in text order (cached per text and timestamp: turns are re-parsed).

    The values are read from the text without the spaces around its numbers ("4764 元" as "4764元",
    core.lang.zh_spacing); each entity's span and surface are the text's as written."""
    tight, index = tightened(text)
    ents = _entities_of(tight, ts)
    if tight == text:
        return ents
    out = []
    for e in ents:
        start, end = original_span(index, e.start, e.end)
        surface = text[start:end]
        value = surface if e.value == e.text else e.value
        out.append(e.model_copy(update={"start": start, "end": end, "text": surface, "value": value}))
    return tuple(out)


# one of a series named by its place before its date ("第一次改到12月29日", "最后一次改到19号")
_SERIES_ITEM = re.compile(
    r"(?P<n>第[一二三四五六七八九十\d]+次|最后一次|首次|头一次)(?:课|排练|上课)?(?:的)?"
    r"(?:改到|改成|改为|换到|挪到|定在|放在|安排在|是|在)?\s*$"
)
_FIRST = ("首次", "头一次")


def _years_ago(value: str, ts: datetime | None) -> bool:
    """True when the resolved date value lies in a year before last year (of ts, or of the fixed
    reference when the message has no time)."""
    year = re.match(r"(\d{4})-", value)
    ref_year = (ts or DEFAULT_REFERENCE).year
    return year is not None and int(year.group(1)) < ref_year - 1


def _series_item(text: str, start: int) -> str | None:
    """The place ("1", "2", ..., "last") of the series item named right before a date, or None."""
    hit = _SERIES_ITEM.search(text, max(0, start - 12), start)
    if hit is None:
        return None
    n = hit.group("n")
    if n == "最后一次":
        return "last"
    if n in _FIRST:
        return "1"
    number = zh_to_number(n[1:-1])
    return str(int(number)) if number is not None else None


# a date said as a parting ("明天见", "周一见！"): no value of the task
_FAREWELL_AFTER = re.compile(r"见(?=$|[\s,，。.！!~～]|啦|了)")
# a date a thing must be done by: "周五之前", "12月20号以前", "月底前" (never "前天", "前面")
# a bound right after an hour ("2点以后", "下午3点左右"): part of what the user said of it
_TIME_BOUND_AFTER = re.compile(r"(?:以后|之后|以前|之前|左右|前后)")
# by when: "之前" right after the day, or the end of a working day ("名单我下周一下班前发你")
_DEADLINE_AFTER = re.compile(r"\s*(?:下班|放学|中午|天黑)?(?:之前|以前|前(?![天面边台]))")
# the day a thing falls due or runs out: after a term's noun ("预产期1月3号", "有效期到3月5号"; not 日期,
# 星期, 档期, 工期, 周期, 学期, which name the task's day or a span) or before 到期 or 出生 ("3月5号到期",
# "宝宝1月初出生")
_DUE_BEFORE = re.compile(r"(?<![日星档工周学])期(?:是|在|为|到|：|:)?\s*$")
# "，到7月3日": a period's last day, "到" (until) opening its part (not "改到", a correction's "to")
# "你们能待到1点半吗", "营业到晚上10点": how long a thing goes on, its end (a verb of lasting before 到)
_UNTIL_BEFORE = re.compile(r"(?:(?:^|[，,。；;、\s])(?:一直)?|[待等开玩唱演住租用留守业成])到$")
# the speaker's own act on that day ("我今晚转", "我明天发你"): paying, sending, signing, never the day of
# the task
_OWN_ACT_AFTER = re.compile(rf"\s*(?:就|再)?(?P<verb>{'|'.join(OWN_ACT_VERBS)})")
_DUE_AFTER = re.compile(r"\s*(?:初|底|中)?(?:就)?(?:到期|出生)")
# a head count said as a change of the one held ("少两个人", "再加一位", "又来了两个人")
_DELTA_BEFORE = re.compile(r"(?:少|多|加|减|再来|又来了?|再加|多来)$")
# a step's verb right after a day or hour ("1月14号搭建", "1月10号搬回来"): that step's day (LEG_VERBS)
# the step's verb right after a day or hour, an adverb or a place it is done at between ("1月14号搭建",
# "后天可以去看一看", "四月三十号下午三点去酒店彩排")
_LEG_AFTER = re.compile(
    rf"\s*(?:就|再|才|要|会|能|想|可以|开始)?(?:[去到在][\u4e00-\u9fff]{{1,4}}?(?={'|'.join(LEG_VERBS)}))?"
    rf"(?P<verb>{'|'.join(LEG_VERBS)})"
)
_NOT_COLLECTED = re.compile("[到费款据益入藏拾]")  # 收 of "收到" (received), "收费" (charged): no pick-up


def _leg_after(text: str, at: int) -> re.Match[str] | None:
    """The step's verb right after a day or hour at `at` (_LEG_AFTER), but not a 收 that receives
    or charges ("3号收到了")."""
    leg = _LEG_AFTER.match(text, at)
    if leg and leg.group("verb") == "收" and _NOT_COLLECTED.match(text, leg.end()):
        return None
    return leg


def _ends_range(text: str, ents: list[Entity], start: int) -> bool:
    """True when the entity found last is a date that a range word joins to what starts at start."""
    return bool(ents) and ents[-1].type == "date" and joins_range(text[ents[-1].end:start])


def _entities_of(text: str, ts: datetime | None) -> tuple[Entity, ...]:
    """Every entity of text (no spaces around its numbers), in text order."""
    hits = [Hit(t.start, t.end, t.type, t.value, t.type, 8) for t in find_times(text, ts)]
    starts, ends = _boundaries(text)
    # a lexicon word must be a whole jieba word: "租车" is no facility inside "出租车"
    hits += [h for h in find_values(text) if not h.soft or (h.start in starts and h.end in ends)]
    # "每两周一次" (how often), "每周三" (the day it falls on)
    hits += [Hit(a, b, "frequency", v, zh_frequency_slot(v), 9) for a, b, v in zh_frequencies(text)]
    chosen = _resolve(hits)
    hard = [h for h in chosen if not h.soft]
    soft = [h for h in chosen if h.soft]
    merged: set[Hit] = set()
    spans: list[tuple[int, int, str]] = []
    for n in find_names(text, [(h.start, h.end) for h in hard]):
        start = n.start
        glued = _glued_count(text, hard, n.start, n.end)
        if glued is not None:
            merged.add(glued)
            start = glued.start
        # a lexicon term covering a whole candidate ("会议室") is the better reading of it, and so are
        # facilities inside a candidate that is no venue ("提供wifi和室内游泳池" read as one run)
        inner = [h for h in soft if start <= h.start and h.end <= n.end]
        if any(h.start <= start and n.end <= h.end for h in soft):
            continue
        if any(h.slot == "facility" for h in inner) and (
            not venue_suffix(text[start:n.end]) or _mostly_covered(inner, start, n.end)
        ):
            continue
        if glued is None and _value_label(text, hard, start, n.end):
            continue
        spans.append((start, n.end, n.kind))
    ents: list[Entity] = []
    for h in chosen:
        inside_name = h.soft and any(s <= h.start and h.end <= e for s, e, _ in spans)
        if h in merged or h.type == BLANK or inside_name:
            continue
        value, slot, end = h.value, h.slot, h.end
        if h.type == "date" and _FAREWELL_AFTER.match(text, h.end):
            continue  # "行，明天见": a parting word, no day of the task
        if h.type == "date" and past_event(text, h.start, h.end):  # "12月1日发的": the day it happened
            value, slot = last_occurrence(h.value, ts), "past_date"
        elif h.type == "date" and _years_ago(h.value, ts):
            slot = "past_date"  # "彭语桐，2014年7月3日": a birthday, never the day the task is for
        elif h.type in ("date", "datetime") and (nth := _series_item(text, h.start)) is not None:
            slot = f"{SERIES_SLOT_PREFIX}{nth}_date"  # "第一次改到12月29日": that item's
        elif h.type in ("date", "datetime", "time") and (leg := _leg_after(text, h.end)):
            slot = f"{LEG_VERBS[leg.group('verb')]}_{'date' if h.type == 'date' else 'time'}"
        elif h.type == "date" and (
            _DUE_BEFORE.search(text, max(0, h.start - 3), h.start) or _DUE_AFTER.match(text, h.end)
        ):
            slot = "due_date"  # "预产期1月3号": the baby's, never the day the helper starts
        elif h.type in ("date", "time") and _UNTIL_BEFORE.search(text, max(0, h.start - 3), h.start):
            slot = f"end_{h.type}"  # "6个月，到7月3日": the period's last day, not a new first one
        elif h.type == "date" and text[max(0, h.start - 1) : h.start] == "我" and (
            act := _OWN_ACT_AFTER.match(text, h.end)
        ):
            slot = f"{OWN_ACT_VERBS[act.group('verb')]}_date"  # "我今晚转": the user's payment, not the trip
        elif h.slot == "people" and _DELTA_BEFORE.search(text, max(0, h.start - 3), h.start):
            slot = "people_change"  # "能不能少两个人", "又来了两个人": by how many, no head count of its own
        elif h.type == "date" and (due := _DEADLINE_AFTER.match(text, h.end)):
            slot = "deadline"  # "文件我周五之前发你们": by when, not the day the thing happens
            end = due.end()  # its words with the cue ("下周五之前"), as said
        elif h.type == "date" and _ends_range(text, ents, h.start) and bare_day(text[h.start:h.end]):
            # "1月16号到19号": the stay's last day (of the first day's month), never a new first one
            value, slot = day_after(ents[-1].value, text[h.start:h.end], value), "end_date"
        if h.type in ("time", "datetime") and (bound := _TIME_BOUND_AFTER.match(text, end)):
            end = bound.end()  # "2点以后": the bound is the user's, not the hour alone
        ents.append(Entity(type=h.type, text=text[h.start:end], value=value,  # type: ignore[arg-type]
                           start=h.start, end=end, slot=slot))
    for start, end, kind in spans:
        surface = text[start:end]
        others = [(s, e) for s, e, _ in spans if s != start]
        ents.append(Entity(type="place" if kind == "place" else "name", text=surface, value=surface,
                           start=start, end=end, slot=name_slot(text, start, end, others, kind == "place")))
    ents.sort(key=lambda e: e.start)
    return tuple(without_enumerations(text, ents))
