"""The Chinese language analyzer: clauses, entities, negations, kinds, domains, actions by rule + jieba.

Entities come from three finders whose overlaps are resolved longest-first: dates and times
(zh_time), value-like spans (zh_values: money, ratings, durations, quantities, phones, ids, types,
facilities) and proper names (zh_names: runs of content words between function words, with
parentheticals). jieba is loaded lazily on the first call that needs it (zh_segment).
"""

from __future__ import annotations

import re
from datetime import datetime
from functools import lru_cache

from core.lang.zh_lexicon import TRANSPORT_DOMAINS, VENUE_DOMAINS
from core.lang.zh_names import find_names, venue_suffix
from core.lang.zh_segment import tokens
from core.lang.zh_time import find_times
from core.lang.zh_values import Hit, find_values
from core.models import ActionMarker, AtomKind, Entity, Lang, Negation, Role

_SENTENCE_END = re.compile(r"[^。！？!?；;\n…]*(?:[。！？!?；;\n…]+|$)")
_LEAD_INTERJECTION = re.compile(
    r"^(?:你好|您好|嗨|哈喽|好的|好吧|好|行|可以|嗯|嗯嗯|恩|哦|噢|对|是的|谢谢|收到|没事|没关系|OK|ok|Ok)[，,、！!]\s*"
)
_CLAUSE_PUNCT = "，,。！？!?；;\n…"

# --- slot hints from cue words before an entity ----------------------------------------------------
_NAME_SLOT_CUES = (
    (re.compile(r"(?:从|出发地(?:是|为|在)?|起点(?:是|在)?)$"), "origin"),
    (re.compile(r"(?:到|去往|前往|目的地(?:是|为|在)?|终点(?:是|在)?)$"), "destination"),
    (re.compile(r"(?:推荐菜|招牌菜|特色菜|菜品|想吃|吃|尝尝|点|有道菜|这道菜|做)[有是:：]?(?:[^，。！？,]*[、，,]\s*)?$"), "food"),
)
_FOOD_AFTER = re.compile(r"^(?:这道菜|这个菜|这道|的菜|的餐馆|的餐厅|的饭店)")

# --- negations ---------------------------------------------------------------------------------
_NEG_CUES = (
    "不想要", "不需要", "不要", "不想", "不能超过", "不能", "不可以", "不允许", "不用", "不吃", "不喝", "不喜欢",
    "不爱", "不含", "不加", "不放", "不带", "不超过", "千万别", "千万不要", "别", "禁止", "严禁", "拒绝", "不许",
    "没有", "无需", "不必", "不接受", "不考虑", "不去", "不住", "不坐", "不选",
)
_NEG_RE = re.compile("|".join(sorted(_NEG_CUES, key=len, reverse=True)))
_NEG_NOT_CONSTRAINT = re.compile(
    r"(?:不用了|不用客气|不用谢|没有了|没有别的|没有其他|没有其它|没事|没关系|没问题|不客气|别客气|不错|不过|不好意思|"
    r"不知道|没有查到|没有找到|没查到|没找到|没有搜到|没有符合|没有满足|没有这|没有那|没有信息|没有相关|没有的|没有哦|"
    r"没有呢|没有啊|没有吗|没有呀|别的|别人|别处|别家|不想了|不用麻烦|没有问题|没有需要|别的了)"
)
_NEG_WANT_NONE = re.compile(r"(?:最好|希望|要求|必须|需要|要|得)$")
_NEG_SUBJECT = re.compile(r"(?:我们|我|你|您|请|就|也|还|都|千万|一定|可|最好|但|但是|而且|并且)+$")
_LIGHT_VERBS = tuple("放加吃喝要用坐住选订买带去")
_NEG_TAIL = re.compile(r"[了吧啊呀哦哈呢嘛的]+$")

# --- kinds -------------------------------------------------------------------------------------
_GREETING = re.compile(r"^(?:你好|您好|嗨|哈喽|hello|hi|早上好|下午好|晚上好|在吗)[啊呀！!，,。.~～]*$", re.I)
_FILLER = re.compile(
    r"^(?:[好嗯哦行]+[的吧啊呀，,、\s]*)?(?:谢谢|多谢|感谢|非常感谢|太感谢|谢了|没有了|没了|没有别的|再见|拜拜|不客气|"
    r"不用客气|别客气|不用谢|好的谢谢|没事|没有其他|没有其它)"
)
_QUESTION = re.compile(r"[吗呢么？?]|什么|哪|几|多少|是否|怎么|如何|有没有|是不是|能不能|可不可以|咋样|啥")
_INSTRUCTION = re.compile(r"帮我|帮忙|请|给我|麻烦|替我|为我|帮.{0,3}(?:订|查|找|预|叫|推荐)|告诉我|发给我|订一|预订|预定")
_PREFERENCE = re.compile(r"喜欢|想要|最好|希望|倾向|偏好|更爱|爱吃|想吃|想去|想住|想找|想")
_CONFIRM = re.compile(r"^(?:好的|好啊|好吧|好|可以|行|行的|对|对的|是的|嗯|没问题|就这个|就这家|就它|OK|ok|确定|同意)")
_CONSTRAINT_CUE = re.compile(r"必须|需要|要求|务必|一定|只要|至少|最多|不超过|以内|以上|以下|之间")
_PINNED = re.compile(r"务必|(?<!不)一定|必须|千万|记住|切记|别忘|(?:很|非常|特别|最)重要|重要的是|这很重要|绝对")
_CORRECTION = re.compile(
    r"改成|换成|改为|换为|改到|换到|改一下|更正|不对|说错了|搞错了|弄错了|写错了|错了|不是.{1,15}?[，,]?(?:而)?是|"
    r"还是.{1,15}吧|算了.{0,12}(?:换|改|还是|要|去|订)|应该是|其实是|重新(?:订|选|改)|换一个|换一家"
)
_RESULT_CUE = re.compile(r"推荐|为您找到|查到|找到|有以下|以下|周边.{0,6}有|有[^，。]{1,20}[、,，]|是[^，。]{0,30}[0-9]")

# --- actions -----------------------------------------------------------------------------------
_DONE = re.compile(
    r"已(?:经)?(?:为您|给您|帮您|替您)?(?:成功)?(?:预订|预定|预约|订好|订了|下单|办理|安排|完成|叫|发送|取消|修改)|"
    r"预订成功|预定成功|预约成功|下单成功|订好了|办好了|搞定了|安排好了"
)
_FAILED = re.compile(r"抱歉|对不起|不好意思|没有查到|没查到|没有找到|没找到|无法|失败|不能为您|暂无|没有符合|报歉")
_OFFERED = re.compile(
    r"需要(?:我)?(?:帮|为|给)您.{0,10}吗|要不要(?:我)?(?:帮|为)?您?|是否需要|需要为您|需要预订吗|要帮您.{0,10}吗"
)
_PENDING = re.compile(r"正在(?:为您|帮您|给您)?|请稍等|稍等|请稍候|马上(?:为您|帮您)|这就(?:为您|帮您)")
_ACTION_VERBS = ("预订", "预定", "预约", "下单", "取消", "修改", "查询", "查找", "推荐", "叫车", "呼叫", "发送", "安排",
                 "办理", "支付", "转账")
_REF = re.compile(
    r"(?:订单号|订单编号|预订号|预定号|确认号|确认码|编号|单号|参考号)(?:是|为|:|：)?\s*([A-Za-z0-9][A-Za-z0-9-]{2,})"
)


def _resolve(hits: list[Hit]) -> list[Hit]:
    """Non-overlapping hits: longer spans first, then higher priority, then earlier."""
    chosen: list[Hit] = []
    taken: list[tuple[int, int]] = []
    for h in sorted(hits, key=lambda h: (-(h.end - h.start), -h.priority, h.start)):
        if h.end <= h.start:
            continue
        if any(h.start < e and s < h.end for s, e in taken):
            continue
        chosen.append(h)
        taken.append((h.start, h.end))
    return sorted(chosen, key=lambda h: h.start)


def _clause_before(text: str, start: int, width: int = 16) -> str:
    """Text before start within the same clause (up to width characters)."""
    lo = max(0, start - width)
    left = text[lo:start]
    for i in range(len(left) - 1, -1, -1):
        if left[i] in "。！？!?；;\n":
            return left[i + 1:]
    return left


class ChineseAnalyzer:
    """Rule-based Chinese analyzer (jieba for word boundaries), implementing base.LanguageAnalyzer."""

    lang: Lang = "zh"

    # --- clauses -------------------------------------------------------------------------------
    def split(self, text: str) -> list[str]:
        """Sentences of text (ending punctuation kept), with a leading '你好，'/'好的，' split off."""
        out: list[str] = []
        for m in _SENTENCE_END.finditer(text):
            piece = m.group(0).strip()
            if not piece:
                continue
            lead = _LEAD_INTERJECTION.match(piece)
            if lead and lead.end() < len(piece):
                out.append(piece[: lead.end()].strip())
                piece = piece[lead.end():].strip()
            if piece:
                out.append(piece)
        return out

    # --- entities ------------------------------------------------------------------------------
    def entities(self, text: str, ts: datetime | None) -> list[Entity]:
        """Dates/times, values and names of text with ISO/normalized values and slot hints."""
        if not text or not text.strip():
            return []
        return [e.model_copy() for e in _entities_cached(text, ts)]

    # --- negations -----------------------------------------------------------------------------
    def negations(self, text: str) -> list[Negation]:
        """Prohibitions and dislikes kept whole to the clause end ('我不想要年费高的卡')."""
        out: list[Negation] = []
        last_end = -1
        starts: set[int] | None = None
        for m in _NEG_RE.finditer(text):
            if m.start() < last_end:
                continue
            if starts is None:
                starts = _boundaries(text)[0]
            if m.start() not in starts:  # "别" inside "分别", "不" inside "不错" as one word
                continue
            i = m.start()
            if 0 < i < len(text) - 1 and text[i - 1] == text[i + 1]:  # "能不能", "要不要": a question
                continue
            if m.group(0) == "没有" and not _NEG_WANT_NONE.search(text[max(0, i - 4):i]):
                continue  # "周边没有酒店" reports a fact; "最好没有…" / "要没有…" states a wish
            if _NEG_NOT_CONSTRAINT.match(text, m.start()):
                continue
            end = m.end()
            while end < len(text) and text[end] not in _CLAUSE_PUNCT:
                end += 1
            rest = _NEG_TAIL.sub("", text[m.end():end]).strip()
            if not rest or rest.startswith(("是", "了", "过", "到", "有")) and m.group(0) == "没有":
                continue
            if m.group(0) in ("别",) and rest[:1] in ("的", "人", "处", "家", "墅"):
                continue
            start = m.start()
            clause_start = start
            while clause_start > 0 and text[clause_start - 1] not in _CLAUSE_PUNCT:
                clause_start -= 1
            subj = _NEG_SUBJECT.search(text[clause_start:start])
            if subj and subj.end() == start - clause_start:
                start = clause_start + subj.start()
            whole = text[start:end].rstrip()
            cue = m.group(0)
            target = rest
            if cue in ("不", "别", "不要", "千万别", "千万不要") and len(target) > 1 and target.startswith(_LIGHT_VERBS):
                target = target[1:]
            out.append(Negation(text=whole, cue=cue, target=target))
            last_end = end
        return out

    # --- kinds and flags -----------------------------------------------------------------------
    def kind(self, text: str, role: Role) -> AtomKind:
        """The clause's kind by cue words (see module doc of base.LanguageAnalyzer)."""
        t = text.strip()
        if not t:
            return "filler"
        if role in ("assistant", "tool", "system"):
            return self._assistant_kind(t, role)
        if self.is_correction(t):
            return "correction"
        if _GREETING.match(t):
            return "greeting"
        if _FILLER.match(t) and len(t) <= 16:
            return "filler"
        if _INSTRUCTION.search(t):
            return "instruction"
        if _QUESTION.search(t):
            return "question"
        if self.negations(t) or _CONSTRAINT_CUE.search(t):
            return "constraint"
        if _PREFERENCE.search(t):
            return "preference"
        if _CONFIRM.match(t):
            return "confirmation"
        if _has_values(t):
            return "constraint"
        return "answer"

    def _assistant_kind(self, t: str, role: Role) -> AtomKind:
        if role == "tool":
            return "result"
        if _GREETING.match(t):
            return "greeting"
        if _FILLER.match(t) and len(t) <= 12:
            return "filler"
        marker = self.action(t, "assistant")
        if marker is not None and marker.status in ("done", "pending"):
            return "action"
        if marker is not None and marker.status == "offered" or re.search(r"[吗？?]\s*$", t):
            return "question"
        if _RESULT_CUE.search(t):
            return "result"
        return "answer"

    def domain(self, text: str) -> str | None:
        """The task domain the text names: transport words first, else the last venue word."""
        for word, dom in TRANSPORT_DOMAINS:
            if word in text:
                return dom
        best: tuple[int, str] | None = None
        for word, dom in VENUE_DOMAINS:
            i = text.rfind(word)
            if i >= 0 and (best is None or i > best[0]):
                best = (i, dom)
        if best is None and re.search(r"卡(?!车|拉|通|片|座)", text) and re.search(r"办|申请|信用|储蓄|银行|额度", text):
            return "bank"
        return best[1] if best else None

    def pinned(self, text: str) -> bool:
        """True when the user stresses the clause (务必, 一定, 必须, 千万, 记住, 重要)."""
        return bool(_PINNED.search(text))

    def is_correction(self, text: str) -> bool:
        """True when the clause replaces an earlier value (改成, 换成, 不是…是, 还是…吧, 算了…换)."""
        return bool(_CORRECTION.search(text))

    def action(self, text: str, role: Role) -> ActionMarker | None:
        """What the assistant reports done, failed, pending or offers; None for users and plain talk."""
        if role == "user" or role == "system":
            return None
        verb = next((v for v in _ACTION_VERBS if v in text), None)
        ref_m = _REF.search(text)
        ref = ref_m.group(1) if ref_m else None
        if role == "tool":
            failed = bool(re.search(r"失败|错误|error|无法|异常", text, re.I))
            return ActionMarker(verb=verb or "tool", status="failed" if failed else "done", ref=ref)
        if _DONE.search(text):
            return ActionMarker(verb=verb or "预订", status="done", ref=ref)
        if _OFFERED.search(text):
            return ActionMarker(verb=verb or "预订", status="offered", ref=ref)
        if _PENDING.search(text):
            return ActionMarker(verb=verb or "处理", status="pending", ref=ref)
        if _FAILED.search(text):
            return ActionMarker(verb=verb or "查询", status="failed", ref=ref)
        return None


def _has_values(text: str) -> bool:
    """True when text holds a value-like span (money, rating, time, ...), without jieba."""
    return bool(find_values(text) or find_times(text, None))


def _name_slot(text: str, start: int, end: int, surface: str) -> str | None:
    """Slot hint of a name from the words just before and after it."""
    before = _clause_before(text, start)
    for pattern, slot in _NAME_SLOT_CUES:
        if pattern.search(before):
            return slot
    if _FOOD_AFTER.match(text[end:end + 4]):
        return "food"
    if venue_suffix(surface) or "(" in surface or "（" in surface:
        return "name"
    return "name"


def _boundaries(text: str) -> tuple[set[int], set[int]]:
    """Start and end offsets of jieba's words in text."""
    toks = tokens(text)
    return {p for _, _, p in toks}, {p + len(w) for w, _, p in toks}


@lru_cache(maxsize=4096)
def _entities_cached(text: str, ts: datetime | None) -> tuple[Entity, ...]:
    """entities() body, cached per (text, ts): turns are re-parsed on replays and re-compactions."""
    hits: list[Hit] = [Hit(t.start, t.end, t.type, t.value, t.type, 8) for t in find_times(text, ts)]
    hits += find_values(text)
    starts, ends = _boundaries(text)
    # a lexicon word must be a whole jieba word: "租车" is not a facility inside "出租车"
    hits = [h for h in hits if not h.soft or (h.start in starts and h.end in ends)]
    chosen = _resolve(hits)
    hard = [h for h in chosen if not h.soft]
    names = find_names(text, [(h.start, h.end) for h in hard])
    merged: set[Hit] = set()
    spans: list[tuple[int, int, str]] = []
    for n in names:
        start = n.start
        # "7天连锁酒店": a count glued to a venue name is part of the name, not a duration
        glued = next((h for h in hard if h.end == n.start and h.type in ("duration", "quantity", "number")), None)
        if glued is not None and venue_suffix(text[n.start:n.end]):
            merged.add(glued)
            start = glued.start
        spans.append((start, n.end, n.kind))
    soft = [h for h in chosen if h.soft]
    # a lexicon term covering a whole name candidate ("会议室") is the better reading; a name covering
    # a term ("莲泽舫素食餐厅" over "素食", "餐厅") wins over the term
    spans = [sp for sp in spans if not any(h.start <= sp[0] and sp[1] <= h.end for h in soft)]
    ents: list[Entity] = []
    for h in chosen:
        if h in merged or (h.soft and any(s <= h.start and h.end <= e for s, e, _ in spans)):
            continue
        ents.append(Entity(type=h.type, text=text[h.start:h.end], value=h.value,  # type: ignore[arg-type]
                           start=h.start, end=h.end, slot=h.slot))
    for start, end, kind in spans:
        surface = text[start:end]
        ents.append(Entity(type="place" if kind == "place" else "name", text=surface, value=surface,
                           start=start, end=end, slot=_name_slot(text, start, end, surface)))
    ents.sort(key=lambda e: e.start)
    return tuple(ents)
