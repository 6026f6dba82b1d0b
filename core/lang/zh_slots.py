"""Slot hints of Chinese names: name, food, origin, destination or person, from the words around it.

One surface fills one slot, so the hint must say what the name is in this clause:
- origin / destination only for a trip: "从A到B", "从A坐地铁去B", "打车到B", "目的地是B"; a hotel the
  assistant "查到" (found) or a place "推荐您到X入住" stays a name;
- food for a dish: "想吃X", "有X这道菜", "有X的餐馆", "最好有X" in a clause about eating, "吃X" / "做X"
  only outside a sentence about health ("在吃阿司匹林", "要做白内障手术" name no dish); never for a
  venue (a branch in brackets or a venue suffix: "名叫X的餐馆", "贵源柒彩酒楼的餐馆");
- name otherwise.
Cue words inside other names do not count ("护国寺小吃到国家大剧院": 吃 belongs to a name, 到 is the cue).
"""

from __future__ import annotations

import re

from core.lang.zh_name_tokens import TITLED_PERSON, venue_suffix
from core.lang.zh_segment import tokens
from core.lang.zh_self_named import self_named_slot

# the common Chinese surnames (general knowledge): a short name standing alone that starts with one
# and that the segmenter reads as a person's name is a person ("黄建华" as a whole answer)
_SURNAMES = frozenset(
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈"
    "姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤"
)
_EDGE = "，,。！？!?；;：:、 \n"

# Cue words before a name; the cue nearest to the name decides
_CUES = re.compile(
    r"(?P<person>乘客|旅客|联系人|入住人|预订人|姓名|我叫|名字叫|名字是|收件人|收货人|投保人|被保人|被保险人|"
    r"受益人|申请人|持卡人|患者|病人|就诊人|乘车人)"
    r"|(?P<origin>从|出发地|起点|出发)"
    r"|(?P<food>推荐菜|招牌菜|特色菜|菜品|想吃|爱吃|吃到|品尝|尝尝|喝到|想喝)"
    r"|(?P<taking>在吃|一直吃|长期吃|正在吃|还在吃|每天吃)"
    r"|(?P<eat>吃|做)"
    r"|(?P<destination>到|至|去往|前往|目的地|终点)"
    r"|(?P<has>有没有|有)"
    r"|(?P<name>推荐|去|名叫|叫|选|住|入住|建议|考虑)"
)
# After a name: a dish ("X这道菜", "有X的餐馆")
_FOOD_AFTER = re.compile(
    r"(?:这道菜|这个菜|这俩菜|这两道菜|这几道菜|两道菜|等菜|这道|的菜(?!馆)|的餐馆|的餐厅|的饭馆|的店)"
)
_DISH_AFTER = re.compile(r"(?:这道菜|这个菜|这俩菜|这两道菜|这几道菜|两道菜|等菜|这道|的菜(?!馆))")
# 到 after these verbs is a result ("查到", "找到", "吃到"), not a destination
_RESULT_VERBS = frozenset("查找吃买订收看听想得遇达做见等碰拿感受提办搜玩喝尝用住")
# A trip: words that make 到/去 name a destination rather than a venue
_TRIP = re.compile(
    r"出租|打车|打的|叫车|叫个车|地铁|公交|开车|导航|路线|坐车|乘车|乘坐|坐到|出发|目的地|终点|起点|到达|抵达"
)
# A clause about eating: 有X names a dish there
_EATING = re.compile(r"餐馆|餐厅|饭店|饭馆|菜|吃|店|哪家")
# a sentence about health: the bare verbs 吃 / 做 take a medicine or undergo a procedure there ("要做白内障
# 手术", "吃降压药"), and a habit of taking ("在吃阿司匹林", cue group taking) is a medicine, not a dish
_HEALTH = re.compile(r"药|医生|医院|手术|检查|病|过敏|血压|血糖|胰岛素|处方|治疗|牙|术前|术后|复查|体检")
# a sentence about a meal: only there does the bare verb 做 name a dish ("做个红烧肉当晚饭")
_MEAL = re.compile(r"餐馆|餐厅|饭店|饭馆|菜|外卖|饭|面条|口味|好吃|早餐|午餐|晚餐|夜宵|点餐|小吃")
_NEARBY = re.compile(r"周边|附近|周围")
# Venue-type endings that are also dishes (烤鸭, 火锅): they do not make a name a venue
_DISH_SUFFIXES = frozenset(("小吃", "火锅", "烤肉", "烤鸭", "烧烤", "涮肉", "铁板烧", "自助", "料理"))
_TRIP_PREPOSITIONS = frozenset(("从", "到", "至", "去往", "前往"))
_SENTENCE_PUNCT = "。！？!?；;\n"
_CLAUSE_PUNCT = "，,。！？!?；;\n"
_CUE_WINDOW = 40
_MASK = "＿"


def is_venue(surface: str) -> bool:
    """True when a name is a venue by its form: a branch in brackets or a venue-type suffix that is no
    dish word ("全聚德烤鸭店(清华园店)", "贵源柒彩酒楼"; not "北京烤鸭")."""
    if "(" in surface or "（" in surface:
        return True
    suffix = venue_suffix(surface)
    return suffix is not None and suffix not in _DISH_SUFFIXES


def _masked(text: str, others: list[tuple[int, int]], lo: int, hi: int) -> str:
    """text[lo:hi] with the spans of other names blanked out, offsets kept."""
    chars = list(text[lo:hi])
    for s, e in others:
        for k in range(max(s, lo), min(e, hi)):
            chars[k - lo] = _MASK
    return "".join(chars)


def _sentence_start(text: str, start: int) -> int:
    lo = max(0, start - _CUE_WINDOW)
    for i in range(start - 1, lo - 1, -1):
        if text[i] in _SENTENCE_PUNCT:
            return i + 1
    return lo


def name_slot(
    text: str, start: int, end: int, others: list[tuple[int, int]], station: bool = False
) -> str | None:
    """Slot hint of the name text[start:end]; others are the spans of the other names of text.

    A station (station=True) is an origin or destination only after 从/到 ("从北京南站到天津站"); the
    station the assistant names near the trip's start ("出发地附近的地铁站是X站") is no origin: it
    gets no hint (the engine keys it as a place), so the user's venues keep the trip's two ends."""
    surface = text[start:end]
    if (own := self_named_slot(text, start, end)) is not None:
        return own
    venue = is_venue(surface)
    lo = _sentence_start(text, start)
    before = _masked(text, others, lo, start)
    cues = [m for m in _CUES.finditer(before)
            if not (m.group(0) == "到" and m.start() > 0 and before[m.start() - 1] in _RESULT_VERBS)]
    last = cues[-1] if cues else None
    kind = last.lastgroup if last is not None else None
    same_clause = last is not None and not any(c in _CLAUSE_PUNCT for c in before[last.end():])
    if _DISH_AFTER.match(text, end):
        return "food"  # "有老建筑餐厅这道菜": said to be a dish, whatever it looks like
    if _FOOD_AFTER.match(text, end) and not venue and kind not in ("name", "origin", "destination"):
        return "food"
    trip = any(m.lastgroup == "origin" for m in cues) or bool(_TRIP.search(text))
    if station:
        if kind in ("origin", "destination") and last is not None and last.group(0) in _TRIP_PREPOSITIONS:
            return kind
        return None
    if (kind == "person" and same_clause and not venue) or _standalone_person(text, start, end):
        # "乘客是李明", "我叫王芳", "…，杨帆": the one it is for; a name of a venue's form is none
        # ("执照名字叫柳州市鱼峰区小燕螺蛳粉店": the shop, which the owner's name must not replace)
        return "person"
    if kind == "origin":
        return "origin"
    if kind == "destination":
        return "destination" if trip else "name"
    if kind == "name" and last is not None and last.group(0) == "去" \
            and any(m.lastgroup == "origin" for m in cues[:-1]):
        return "destination"  # 从A坐地铁去B
    eats = kind == "eat" and last is not None and not _HEALTH.search(text)
    if kind == "food" or (eats and (last.group(0) == "吃" or _MEAL.search(text))):
        return "food" if same_clause and not venue else "name"
    if kind == "has" and same_clause:
        if before[:last.start()].endswith(("推荐菜", "招牌菜", "特色菜", "菜品", "菜里")):
            return "food"  # "推荐菜有X"
        clause = before[max(before.rfind(c) for c in _CLAUSE_PUNCT) + 1:]
        eating = bool(_EATING.search(text)) and not _NEARBY.search(clause)
        return "food" if eating and not venue else "name"
    return "name"


def _standalone_person(text: str, start: int, end: int) -> bool:
    """True for a name of 2-3 characters that stands alone between punctuation (an answer: "黄建华",
    "收件人我自己，杨帆"), starts with a common surname and is read by the segmenter as a person's name."""
    surface = text[start:end]
    if (start > 0 and text[start - 1] not in _EDGE) or (end < len(text) and text[end] not in _EDGE):
        return False
    if TITLED_PERSON.match(surface):
        return True
    if not 2 <= len(surface) <= 3 or surface[0] not in _SURNAMES:
        return False
    return any(flag.startswith("nr") for _, flag, _ in tokens(surface))
