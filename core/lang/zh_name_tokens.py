"""How a jieba token and a run of tokens read inside a Chinese name (split from core.lang.zh_names).

A token is HARD (ends a name), SOFT (ends one unless a venue suffix follows), CONTENT or JOIN; a run
that is a verb phrase, a verb and its object, a modified generic noun or ends in a locative is no
name. venue_suffix: the venue-type suffix a name ends with.
"""

from __future__ import annotations

import re

from core.lang.zh_lexicon import (
    COOKING_CHARS,
    DEGREE_WORDS,
    GENERIC_WORDS,
    HARD_STOP_CHARS,
    SOFT_STOP_CHARS,
    STOP_WORDS,
    VENUE_SUFFIXES,
)
from core.lang.zh_segment import word_freq

# POS that end a name when a multi-character word has them (jieba tags many unknown name parts as verbs
# (远望, 创意, 自助), so verbs do not end a name: common dialogue verbs are in STOP_WORDS instead)
_BREAK_FLAGS = frozenset({"r", "p", "c", "u", "uj", "ul", "uz", "ug", "uv", "ud", "y", "e", "o", "d", "df"})

_JOINERS = frozenset("·・&'-._")

HARD, SOFT, CONTENT, JOIN = 0, 1, 2, 3
# POS of words that only describe the noun after them ("高档" 酒店, "定好" 酒店, "两家" 店)
_MODIFIER_FLAGS = frozenset({"a", "ad", "an", "b", "v", "d", "m", "mq", "q", "r", "z", "f", "zg", "ul", "uj"})

# A multi-character verb this common in jieba's dictionary ends a name (the verbs of names are rarer)
_COMMON_VERB_FREQ = 3000

_PROPER_FLAGS = ("ns", "nr", "nt", "nz", "eng", "j")
# A verb this common first in a run starts a phrase ("欣赏完美景"); rarer ones start names ("招牌虾滑")
_PHRASE_VERB_FREQ = 500


def _is_cjk(ch: str) -> bool:
    return "\u4e00" <= ch <= "\u9fff" or "\u3040" <= ch <= "\u30ff"


def _token_class(word: str, flag: str) -> int:
    """HARD (ends a name), SOFT (ends one unless a venue suffix follows), CONTENT or JOIN."""
    if not any(_is_cjk(c) or c.isalnum() for c in word):
        return JOIN if word in _JOINERS else HARD
    if len(word) == 1:
        if word in COOKING_CHARS:
            return CONTENT
        if word in HARD_STOP_CHARS:
            return HARD
        return SOFT if word in SOFT_STOP_CHARS else CONTENT
    if word in STOP_WORDS:
        return HARD
    if flag == "v" and word_freq(word) >= _COMMON_VERB_FREQ:
        return HARD  # 起来, 了解, 觉得: common verbs; the verbs inside names are rare words (远望, 精选)
    if flag in ("d", "df", "r"):
        # adverbs and pronouns end a name, but jieba tags some unknown name parts so (先声画廊, 本家韩国料理)
        return SOFT
    if flag in _BREAK_FLAGS and word not in GENERIC_WORDS and word[0] not in COOKING_CHARS:
        return HARD
    return CONTENT


_SUFFIX_SET = frozenset(VENUE_SUFFIXES)
_SUFFIX_LENGTHS = tuple(sorted({len(x) for x in VENUE_SUFFIXES}, reverse=True))


# a name with a person's title or form of address after it is a person ("小周老师", "刘师傅")
TITLED_PERSON = re.compile(r"^[\u4e00-\u9fff]{1,4}(?:老师|先生|女士|小姐|师傅|医生|大夫|经理|阿姨)$")


def venue_suffix(surface: str) -> str | None:
    """The venue-type suffix a name ends with (before any parenthetical), or None."""
    core = surface.split("(")[0].split("（")[0]
    for k in _SUFFIX_LENGTHS:
        if len(core) > k and core[-k:] in _SUFFIX_SET:
            return core[-k:]
    return None


def _is_phrase(run: list[tuple[str, int, int, str]]) -> bool:
    """A verb phrase, a degree ("大声点") or a bare count, no name: "欣赏完美景" (a common verb first, no
    proper noun in it), "一跳" (single characters, none a noun). Rarer verbs start dish names ("招牌虾滑")."""
    words = [(w, f) for w, _, c, f in run if c != JOIN]
    if any(f.startswith(_PROPER_FLAGS) for _, f in words):
        return False
    if len(words) > 1 and words[-1][0] in DEGREE_WORDS:
        return True
    first, flag = words[0]
    if flag == "v" and len(first) > 1 and len(words) > 1 and word_freq(first) >= _PHRASE_VERB_FREQ:
        return True
    return all(len(w) == 1 and not f.startswith("n") for w, f in words)


def _is_verb_object(run: list[tuple[str, int, int, str]]) -> bool:
    """A one-character verb and its object, no name: "弄手机", "寄公司", "含骨折津贴" (to do something
    with a thing). Cooking verbs start dish names ("炒饭"), and a venue noun makes the run a name."""
    words = [(w, f) for w, _, c, f in run if c != JOIN]
    first, flag = words[0]
    return len(words) > 1 and len(first) == 1 and flag == "v" and first not in COOKING_CHARS


def _trailing_locative(run: list[tuple[str, int, int, str]]) -> bool:
    """"菜里", "店里": 里/内/中 after a noun is a place inside it, not part of a name; 上/下 after a
    station or exit is getting on or off ("崇文门地铁站A1口上"), while "苹果树下" keeps its 下."""
    word = run[-1][0]
    if word in ("里", "内", "中"):
        return True
    return word in ("上", "下") and run[-2][0].endswith(("站", "口"))


def _is_modified_generic(run: list[tuple[str, int, int, str]], core: str) -> bool:
    """"辆出租车", "该景点", "两道菜": one character before a generic noun; "不会后悔": a negated phrase."""
    words = [w for w, _, c, _ in run if c != JOIN]
    if len(words) >= 2 and len(words[0]) == 1 and words[0] not in COOKING_CHARS \
            and "".join(words[1:]) in GENERIC_WORDS:
        return True
    # "高档酒店", "定好酒店": only modifiers (adjectives, verbs, numerals) before a generic noun
    if len(run) >= 2 and run[-1][0] in GENERIC_WORDS and all(
        f in _MODIFIER_FLAGS and w not in COOKING_CHARS and (f != "v" or word_freq(w) >= _COMMON_VERB_FREQ)
        for w, _, c, f in run[:-1] if c != JOIN
    ):
        return True
    return ("不" in core or "没" in core) and not venue_suffix(core)
