"""The attribute a question names by a noun of its own ("And your PD?", "Shoe size?", "小朋友身高多少呢？",
"马靴尺码？"), when it is none of the attributes the analyzers know by name (en_attributes, zh_attributes).

A bare number the user answers with is that attribute's value (core.answers): the child's height and
her boot size are two attributes, not one count the second replaces. The noun becomes the slot
("pd", "shoe_size", "身高"). Nouns that name a kind of value the parser types anyway (a name, a phone,
a date, a time) or that ask for nothing in particular are left to the other rules.
"""

from __future__ import annotations

import re

from core.lang.zh_segment import tokens

# "And your PD?", "your shoe size?", "the lens index?": a determiner, one or two words, the mark
_EN_DETERMINED = re.compile(
    r"(?:^|[.!,:;]\s*)(?:and\s+)?(?:your|the|his|her|their)\s+(?P<noun>[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\s*\?\s*$",
    re.IGNORECASE,
)
# "What's your shoe size?", "what is the ceiling height?"
_EN_WHAT = re.compile(
    r"\bwhat(?:['’]s|\s+is|\s+are)\s+(?:your|the|his|her|their)\s+(?P<noun>[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)"
    r"\s*\?\s*$",
    re.IGNORECASE,
)
# "Shoe size?", "PD?": one or two words and the mark, the whole sentence
_EN_BARE = re.compile(r"^\s*(?P<noun>[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\s*\?\s*$", re.IGNORECASE)
# words that ask for nothing of their own or for a value typed by its shape
_EN_NOT_ATTRIBUTES = frozenset(
    "name names number phone email address date time day days week month year preference preferences order "
    "choice plan budget total price cost anything else one ones it that this them there way details detail "
    "question questions thoughts idea opinion reference ok okay right correct sure please thanks "
    "how what which when where who whom why many much long often is are do does can could would will "
    "should shall may might did was were".split()
)
# the question word a Chinese noun asks about: "身高多少", "尺码？", "体重是多少"
_ZH_ASKS = ("多少", "多大", "多高", "多重", "多长", "多宽", "几")
_ZH_LINKS = ("是", "有", "大概", "大约")
_ZH_NOT_ATTRIBUTES = frozenset(
    "名字 姓名 电话 手机 号码 地址 时间 日期 几点 时候 问题 需要 要求 价格 费用 预算 意见 情况 东西 地方 "
    "预订 预定 安排 准备 购买 打算 可以 能够 方便 考虑".split()
)


def en_asked_noun(text: str) -> str | None:
    """The slot an English question names by its own noun ("And your PD?" -> "pd", "What's your shoe
    size?" -> "shoe_size"), or None."""
    m = _EN_DETERMINED.search(text) or _EN_WHAT.search(text) or _EN_BARE.match(text)
    if m is None:
        return None
    words = m.group("noun").lower().split()
    if any(w in _EN_NOT_ATTRIBUTES for w in words):
        return None
    return "_".join(words)


def zh_asked_noun(text: str) -> str | None:
    """The slot a Chinese question names by the noun right before its question word or mark
    ("小朋友身高多少呢？" -> "身高", "马靴尺码？" -> "尺码"; jieba tags some such nouns as verbs), or None."""
    body = text.rstrip().rstrip("？?呢吗吧")
    toks = tokens(body)
    ends = [i for i, t in enumerate(toks) if t[0] in _ZH_ASKS]
    at = ends[-1] if ends else len(toks)
    while at > 0 and toks[at - 1][0] in _ZH_LINKS:
        at -= 1
    asks = bool(ends) or text.rstrip().endswith(("？", "?"))
    if at == 0 or not asks or (ends and ends[-1] < len(toks) - 2):
        return None
    word, tag = toks[at - 1][0], toks[at - 1][1]
    if not tag.startswith(("n", "v")) or len(word) < 2 or word in _ZH_NOT_ATTRIBUTES:
        return None
    return word
