"""General-knowledge Chinese word lists used by the Chinese analyzer.

Everything here is ordinary vocabulary (function words, venue-type nouns, place suffixes, hotel
facilities, cooking verbs, domain cue words), never names or values copied from a corpus. Stop
characters and short cue lists are literals here; the open vocabularies (stop words, generic and
slot words, venue suffixes, facilities, terms with their slots, domain cues) are data files of
core/lang/data read through core.lang.vocab.
"""

from __future__ import annotations

from core.lang.vocab import by_length, pairs, word_set


def _words(text: str) -> frozenset[str]:
    """The whitespace-separated words of a block of text."""
    return frozenset(text.split())


def word_list(text: str) -> tuple[str, ...]:
    """The whitespace-separated words of a block of text, in order (for cue tuples)."""
    return tuple(text.split())


# Words that name a booking's reference right before it ("订单号", "预约号WG-1226-40"): the assistant's
# report of a result (core.lang.zh_kinds) and the id it carries (core.lang.zh_values)
REF_CUES = word_list("订单号 订单编号 预订号 预定号 预约号 确认号 确认码 编号 单号")


# Characters that end a candidate name: pronouns, particles, prepositions, conjunctions, light verbs.
HARD_STOP_CHARS = frozenset(
    "等改换的了吗呢吧啊呀哦哈嘛么啦是有在和或与及跟到从去给帮让把被对向往于为我你您他她它想要吃住玩看找请"
    "问说买订选叫用呗嗯噢哟喔诶嘿额恩呃乘坐发带离放至做完逛但"
)
# Single characters that usually end a name but also occur inside unknown names (北京贵都大酒店,
# 维也纳3好酒店): they end a run unless the run goes on to a venue suffix.
SOFT_STOP_CHARS = frozenset(
    "都也好这那哪个还就很太再又才只能会可得地着过没不别该此其每各某些几多少啥谁行打查做来走回近远"
    "边同均最前后听挺蛮瞒之更俩"
)
STOP_CHARS = HARD_STOP_CHARS | SOFT_STOP_CHARS

# Words that end a candidate name: function words and common dialogue verbs, adjectives, nouns.
STOP_WORDS = word_set("zh_stop_words.txt")

# Generic nouns: a chunk made only of these is not a name (the slot and venue-type vocabulary).
GENERIC_WORDS = word_set("zh_generic_words.txt")

# Generic words that are slot names rather than venue types: trimmed from either end of a name
# ("世界花卉大观园地址" -> "世界花卉大观园").
SLOT_WORDS = word_set("zh_slot_words.txt")

# Words stripped from the start of a name candidate ("景点故宫" -> "故宫"): slot and venue-type nouns.
LEADING_GENERIC = SLOT_WORDS | _words("景点 景区 酒店 宾馆 饭店 餐馆 餐厅 地铁 地铁站 出租车 周边 附近 地方")

# Common nouns that occur inside names and dish names (簋街味道, 特色酱油炒饭, 老婆饼, 外婆家) but are no
# name alone (flavour words, family members).
COMMON_WORDS = word_set("zh_common_words.txt")

# Place and venue-type suffixes: a chunk ending in one of these is a venue or place name.
VENUE_SUFFIXES = by_length("zh_venue_suffixes.txt")

# Suffixes of transport places (metro and train stations, exits).
STATION_SUFFIXES = ("地铁站", "火车站", "高铁站", "汽车站", "机场", "站")

# Cooking verbs: part of dish names (拍黄瓜, 干烧桂鱼), so they never end a name chunk.
# the degree words that close a comparative ("大声点", "清淡一点", "便宜些"): a manner, no name
DEGREE_WORDS = frozenset(("点", "一点", "点儿", "一点儿", "些", "一些"))
COOKING_CHARS = frozenset("拌拍炒烧烤煎炸蒸煮炖焖涮卤熏爆溜扒焗腌酱烩撕切剁煲灼焯熘汆酿")

# Hotel facilities and services (general hotel vocabulary).
FACILITIES = by_length("zh_facilities.txt")

# General room, seat, cuisine, price and area words, each with its slot hint (base.SLOTS).
_TERM_BLOCKS = pairs("zh_terms.tsv")
TERM_SLOTS = dict(_TERM_BLOCKS)

# X型 words that are no category value: "车型" (vehicle model), "类型" (type), "大型" (large), ...
NOT_TYPE_WORDS = word_set("zh_not_type_words.txt")

# Domain cue words -> canonical domain (base.DOMAINS). Transport cues outrank venue cues.
TRANSPORT_DOMAINS = pairs("zh_transport_domains.tsv")
VENUE_DOMAINS = pairs("zh_venue_domains.tsv")
# activity words (入住, 吃饭, 下雨): name a domain only when none is current (core.lang.zh_kinds.domain_of)
WEAK_DOMAINS = pairs("zh_weak_domains.tsv")

# A step of a service said right after its day or hour ("1月14号搭建", "1月10号搬回来", "下周一开工"):
# verb -> the step whose day it is, kept apart from the day of the event the service is for
LEG_VERBS = {
    "搬": "move", "入住": "move", "入驻": "move", "开工": "start", "进场": "start", "完工": "finish",
    "撤场": "teardown", "拆除": "teardown", "搭建": "setup", "送达": "delivery", "送货": "delivery",
    "收": "collection", "回收": "collection", "取走": "collection", "彩排": "rehearsal", "排练": "rehearsal",
    "去看": "visit", "来看": "visit", "参观": "visit", "踩点": "visit", "见见": "meeting", "见面": "meeting",
    "面谈": "meeting", "飞": "flight",
}  # fmt: skip

# The speaker's own act said right after "我" and its day ("我今晚转", "我明天发你"): verb -> the act
# whose day it is, never the day of the task
OWN_ACT_VERBS = {
    "转账": "pay", "转": "pay", "付款": "pay", "付": "pay", "打款": "pay", "交钱": "pay",
    "发给你": "send", "发你": "send", "签": "sign", "填": "fill",
}  # fmt: skip
