"""Proper names (venues, sights, dishes, stations) as maximal runs of content tokens.

Chinese names have no capital letters, and most venue names are in no dictionary, so a name is
found by what surrounds it rather than by what it is: jieba splits the text into words; function
words, common dialogue verbs and punctuation end a run (zh_lexicon.HARD_STOP_CHARS, STOP_WORDS); a
value span already found (money, rating, time, ...) ends a run. What is left between them is a
candidate, kept when it is not just generic vocabulary (评分, 酒店, 周边).

Some single characters usually end a run but also occur inside unknown names (都 in 北京贵都大酒店):
these "soft" stops stay inside a run that goes on to a venue suffix (酒店, 馆, 店, ...) or to a
parenthetical, and split it otherwise. A parenthetical right after a name is part of it
("汉庭酒店(北京王府井店)"), as are Latin words and the middle dot ("A. Hotel酒店", "金鼎轩·南北菜").

How one token or a run of tokens reads (its class, a verb phrase, a venue suffix) is in
core.lang.zh_name_tokens.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.lang.zh_lexicon import (
    COMMON_WORDS,
    FACILITIES,
    GENERIC_WORDS,
    HARD_STOP_CHARS,
    LEADING_GENERIC,
    SLOT_WORDS,
    STATION_SUFFIXES,
    STOP_CHARS,
    STOP_WORDS,
    TERM_SLOTS,
    word_list,
)
from core.lang.zh_name_tokens import (
    _SUFFIX_SET,
    CONTENT,
    HARD,
    JOIN,
    SOFT,
    _is_cjk,
    _is_modified_generic,
    _is_phrase,
    _is_verb_object,
    _token_class,
    _trailing_locative,
    venue_suffix,
)
from core.lang.zh_segment import tokens, word_freq
from core.lang.zh_self_named import self_named_spans

_OPEN = frozenset("(（")
_CLOSE = frozenset(")）")
_MAX_NAME = 30

# POS of words that are never a name on their own (direction, time, numeral, adverb, adjective, ...)
_NON_NAME_FLAGS = frozenset(
    {"f", "t", "tg", "m", "mq", "d", "dg", "a", "ad", "an", "ag", "i", "b", "z", "s", "q", "r", "zg", "vn",
     "v", "u", "y"}
)
# "问下X", "查下X", "了解下X": 下 after these verbs is "一下" (a moment), not the first character of X
_XIA_VERBS = frozenset("问查看说找试听讲聊解绍算等瞧搜帮想")
# A run at the start of a clause that begins with one of these is a discourse word plus a name
# ("那北大周边", "就这条街"), not a name that begins with it
_DISCOURSE_LEAD = frozenset("那这还就也都再又")
# "这条街", "两家店": a measure word after a demonstrative or numeral is no part of a name
_MEASURE_CHARS = frozenset("个家条座间所位名只张辆件种道份部处栋")
_COUNTERS = frozenset("这那哪一两二三四五六七八九十几每该某它他她您你我")
_COUNT_FLAGS = frozenset({"m", "mq", "q"})
_COUNT_WORD = re.compile(r"[一两二三四五六七八九十几]+[个家条座间所位名只张辆件种道份部处栋]")
# Words before 吧 that make it a bar ("大堂吧", "茶吧"), not the sentence particle
_BAR_WORDS = frozenset(("大堂", "茶", "书", "网", "水", "氧", "咖啡", "酒", "清", "啤酒"))
# What follows a space inside a name: a few more characters and the branch in brackets
_BRANCH_AHEAD = re.compile(r"[^\s，。！？、,.!?；;]{1,12}[(（]")
_LIST_SEPS = frozenset("、，,和或及与/")
_LEFT_CUES = word_list(
    "去 到 从 有 叫 推荐 选 吃 尝 逛 包括 比如 例如 游览 参观 前往 想去 就去 如 像"
)
_RIGHT_CUES = word_list(
    "周边 附近 这 那 吧 怎么样 评分 门票 地址 电话 游玩 用餐 住宿 玩 看看 逛逛 吃饭 尝尝 等 都"
    " 的周边 的附近 的评分 的门票 的地址 的电话 的营业 的游玩 的价格 的人均 的推荐菜 的位置 的餐馆"
    " 的酒店 的景点 的菜"
)
# Cues that introduce a name even when it is a very common word ("去天堂", "推荐故宫")
_STRONG_LEFT_CUES = word_list("去 到 从 叫 推荐 选 逛 游览 参观 前往 想去 就去 名叫 吃 尝尝 想吃")
_STRONG_RIGHT_CUES = word_list(
    "周边 附近 的评分 的门票 的地址 的电话 的周边 的附近 这个景点 这家 这道菜"
)
_VERY_COMMON_FREQ = 1000
# 是 after these is part of a conjunction or adverb (要是, 还是, 但是, 就是), not "is"
_SHI_CONJUNCTIONS = frozenset("要还但可只总倒于若真不就也都正即")
# Lexicon terms that start with a stop character ("叫醒服务"): never cut at their first character
_TERM_WORDS = tuple(w for w in (*FACILITIES, *TERM_SLOTS) if w[0] in HARD_STOP_CHARS)
_ITEM_SEPS = frozenset("、,和或及与")
# Words around a run that hold soft stops together ("推荐您去味多美这家餐馆", "有梭边鱼这道菜")
_SOFT_LEFT_CUES = ("去", "叫", "推荐", "有", "吃", "选", "到", "从")
# Where a list item starts ("有两款：A，...；B，...", "推荐三张：1. A，...") and the words that pick one
# ("选择A"): what stands there is the offered thing's name, whatever words it is made of ("安心老人意外")
_ITEM_START = re.compile(r"(?:[：:；;]|(?:^|[\s：:；;，,。])\d{1,2}[.、．)）]\s*)$")
_ITEM_HEAD = re.compile(r"[^\W\d_的了吗呢吧啊是有在和或与及跟到从去给把被对我你您他她它都也这那就很还不没]"
                        r"[^\W_的了吗呢吧啊是有在和或与及跟到从去给把被对我你您他她它都也这那就很还不没]{1,9}(?=[，,；;。])")
_CHOICE_CUES = ("选择", "选定", "就选", "决定选", "就要")
_SOFT_RIGHT_CUES = word_list(
    "这家 这个 这道 这两 这俩 这几 的餐馆 的餐厅 的饭店 的酒店 的景点 的地址 的电话 周边 附近"
)


@dataclass(frozen=True)
class NameSpan:
    """A candidate name: text[start:end] and what it looks like ('name', 'place')."""

    start: int
    end: int
    kind: str


def _close_paren(text: str, i: int) -> int:
    """End offset (after the closing bracket) of a parenthetical opening at text[i], or -1."""
    for j in range(i + 1, min(len(text), i + 25)):
        if text[j] in _CLOSE:
            return j + 1 if j > i + 1 else -1
        if text[j] in "。！？，,\n" or text[j] in _OPEN:
            return -1
    return -1


def _kind(surface: str) -> str:
    """'place' for stations and exits, 'name' otherwise."""
    core = surface.split("(")[0].split("（")[0]
    if core.endswith(STATION_SUFFIXES) or (core.endswith("口") and "站" in core):
        return "place"
    return "name"


class _Chunker:
    """One pass over the tokens of one text, collecting name spans."""

    def __init__(self, text: str, blocked: list[tuple[int, int]]) -> None:
        self.text = text
        self.blocked = [False] * (len(text) + 1)
        for s, e in blocked:
            for k in range(max(0, s), min(e, len(text))):
                self.blocked[k] = True
        self.out: list[NameSpan] = []
        self.skip_until = 0

    def run(self) -> list[NameSpan]:
        text = self.text
        run: list[tuple[str, int, int, str]] = []  # (word, start, class, POS)
        toks = tokens(text)
        for k, (word, flag, pos) in enumerate(toks):
            if pos < self.skip_until:
                continue
            if any(self.blocked[pos:pos + len(word)]):
                self._flush(run)
                run = []
                continue
            if not run and (item := self._whole_item(pos)):
                self.out.append(NameSpan(pos, item, "name"))
                self.skip_until = item
                continue
            cls = _token_class(word, flag)
            if cls == HARD and run and run[-1][2] == JOIN and word not in STOP_WORDS and len(word) > 1:
                cls = CONTENT  # "桔子酒店·精选"
            if word == " " and run and 0 < pos < len(text) - 1 and self._inner_space(pos):
                cls = JOIN
            if word == "和" and self._inner_he(run, pos):
                cls = SOFT  # 羲和雅苑烤鸭坊, 同和居饭店: 和 between single characters of one name
            if word == "吧" and run and run[-1][0] in _BAR_WORDS:
                cls = CONTENT  # 大堂吧, 茶吧: a bar, not the particle
            if cls == HARD and flag in ("n", "vn", "nz") and len(word) > 1 and k + 1 < len(toks) \
                    and toks[k + 1][0] in _SUFFIX_SET and any(c == CONTENT for *_, c, _ in run):
                cls = CONTENT  # "冶仙塔旅游风景区": a common noun between a name and its venue noun
            if cls == HARD:
                self._flush(run)
                run = []
                continue
            if cls == JOIN and not run:
                continue
            run.append((word, pos, cls, flag))
        self._flush(run)
        return self.out

    def _inner_space(self, pos: int) -> bool:
        """A space inside a name: between Latin words ("A. Hotel"), or between two parts of a name
        that goes on to its branch in brackets ("千只鹤手作り料理 居楽屋(昌平店)")."""
        text = self.text
        left, right = text[pos - 1], text[pos + 1]
        if left.isascii() and right.isascii():
            return left != " "
        return _is_cjk(left) and _is_cjk(right) and bool(_BRANCH_AHEAD.match(text, pos + 1))

    def _inner_he(self, run: list[tuple[str, int, int, str]], pos: int) -> bool:
        """和 joins two single characters that are no words of their own ("羲 和 雅", "同 和 居"): it is
        part of a name there, while 和 between words or names is a conjunction."""
        if not run or len(run[-1][0]) != 1 or not _is_cjk(run[-1][0]):
            return False
        nxt = next((w for w, _, p in tokens(self.text) if p == pos + 1), "")
        return len(nxt) == 1 and _is_cjk(nxt) and nxt not in STOP_CHARS

    def _flush(self, run: list[tuple[str, int, int, str]]) -> None:
        """Turn one run between hard stops into zero or more name spans."""
        while run and run[-1][2] == JOIN:
            run = run[:-1]
        if not run:
            return
        end = run[-1][1] + len(run[-1][0])
        paren = end < len(self.text) and self.text[end] in _OPEN and _close_paren(self.text, end) > 0
        core = list(run)
        while len(core) > 1 and core[-1][2] in (SOFT, JOIN):
            core.pop()  # "北京远通维景国际大酒店好了": the venue suffix before a trailing 好
        surface = self.text[run[0][1]:core[-1][1] + len(core[-1][0])]
        named = paren or bool(venue_suffix(surface))
        if any(c == SOFT for _, _, c, _ in run) and not (named or self._cued(run[0][1], end)):
            piece: list[tuple[str, int, int, str]] = []
            for tok in run:
                if tok[2] == SOFT:
                    self._emit(piece, False, False)
                    piece = []
                else:
                    piece.append(tok)
            self._emit(piece, paren, False)
            return
        self._emit(run, paren, named)

    def _cued(self, start: int, end: int) -> bool:
        """True when words around text[start:end] introduce a name ("推荐您去X这家餐馆", "有X这道菜")."""
        left = self.text[max(0, start - 3):start]
        right = self.text[end:end + 4]
        return left.endswith(_SOFT_LEFT_CUES) or right.startswith(_SOFT_RIGHT_CUES)

    def _offered(self, start: int, end: int) -> bool:
        """True when text[start:end] is a whole list item's head ("：安心老人意外，", "2. 星河白金卡，")
        or what a choice cue picks ("选择安心老人意外"): a name, even when it reads like a phrase."""
        return self._item_head(start) and self.text[end:end + 1] in ("，", ",", "；", ";", "。", "")

    def _introduced(self, start: int, end: int) -> bool:
        """True when words around text[start:end] say it is a name ("吃干烧桂鱼", "有捞派毛肚这道菜",
        "喜蜗牛日料的评分"), or it is an offered item: a verb character there starts the name."""
        left = self.text[max(0, start - 4):start]
        right = self.text[end:end + 4]
        return self._cued(start, end) or left.endswith(_LEFT_CUES) or right.startswith(_RIGHT_CUES) \
            or self._offered(start, end)

    def _whole_item(self, start: int) -> int:
        """End of the offered name that fills a list item's head or follows a choice cue up to the
        clause's end ("有两款：乐龄意外，...；安心老人意外，...", "选择安心老人意外，"), or 0: the item's
        place says it is a name, whatever words it is made of, when no value, function word or space
        stands in it."""
        if not self._item_head(start):
            return 0
        m = _ITEM_HEAD.match(self.text, start)
        if m is None or any(self.blocked[start:m.end()]):
            return 0
        return m.end()

    def _item_head(self, start: int) -> bool:
        """True when text[start] starts a list item or follows a choice cue ("选择")."""
        before = self.text[max(0, start - 6):start]
        return before.endswith(_CHOICE_CUES) or bool(_ITEM_START.search(before))

    def _emit(self, run: list[tuple[str, int, int, str]], paren: bool, named: bool) -> None:
        """Trim a run (leading soft stops and generic words, joiners) and record it if it is a name.

        A leading soft stop stays when the run starts a list item or is a venue name ("那兰酒楼")."""
        text = self.text
        i = 0
        clause_start = bool(run) and (run[0][1] == 0 or not (_is_cjk(text[run[0][1] - 1])
                                                             or text[run[0][1] - 1].isalnum()))
        keep_soft = named or clause_start
        if clause_start and not paren and run[0][2] == SOFT and run[0][0] in _DISCOURSE_LEAD \
                and text[run[0][1] - 1:run[0][1]] not in _LIST_SEPS:
            keep_soft = False  # a branch in brackets ("那家小馆(永安里店)") shows the name starts with 那
        if keep_soft and named:
            rest = [w for w, _, c, _ in run if c not in (SOFT, JOIN)]
            # "该酒店", "哪站", "这口" are no names: nothing but a venue word after the soft stop
            single_softs = all(len(w) == 1 for w, _, c, _ in run if c == SOFT)
            keep_soft = not (all(w in GENERIC_WORDS for w in rest)
                             or (len(rest) == 1 and rest[0] in _SUFFIX_SET and single_softs))
        while i < len(run) and (run[i][2] == JOIN or (run[i][2] == SOFT and not keep_soft)):
            i += 1
        if i < len(run) - 1 and run[i][0] in _MEASURE_CHARS \
                and (text[run[i][1] - 1:run[i][1]] in _COUNTERS or run[i][0] == "个"):
            i += 1  # "这条街", "它家评分", "推荐个X": a demonstrative, numeral or pronoun and a measure word
        if not named and i < len(run) - 1 and _COUNT_WORD.fullmatch(run[i][0]):
            i += 1  # "一名航天员", "两家店": a count and its measure word before a common noun
        while i < len(run) - 1 and run[i][0] in LEADING_GENERIC:
            i += 1
        run = run[i:]
        if not paren:
            # an adverb never ends a name ("老板刚开会说": the boss, then "just")
            while len(run) > 1 and (run[-1][0] in SLOT_WORDS or run[-1][2] in (JOIN, SOFT)
                                    or _trailing_locative(run) or run[-1][3] == "d"):
                run = run[:-1]
        while run and run[-1][2] in (JOIN, SOFT):
            run = run[:-1]
        if run and not (paren or named) and _is_verb_object(run) \
                and not self._introduced(run[0][1], run[-1][1] + len(run[-1][0])):
            run = run[1:]  # "寄一套玻璃茶具", "弄手机": the thing is the object, not the verb phrase
            if len(run) > 1 and run[0][3] in _COUNT_FLAGS:
                run = run[1:]
        if not run or all(w in GENERIC_WORDS or w in COMMON_WORDS for w, _, c, _ in run if c != JOIN):
            return
        start, end = run[0][1], run[-1][1] + len(run[-1][0])
        if text[start] == "下" and start > 0 and text[start - 1] in _XIA_VERBS and end - start > 2:
            start += 1
        elif len(run) > 1 and len(run[0][0]) > 1 and text[start] in HARD_STOP_CHARS \
                and (run[0][2] == SOFT or run[0][3] == "v") and not text.startswith(_TERM_WORDS, start):
            start += 1  # "从没名儿生煎(北大店)", "吃水煮牛肉": a stop glued to the name ("从没", "吃水")
        if paren:
            close = _close_paren(text, end)
            while close > 0:  # "康福瑞连锁酒店(北京学院南路店)(原康福瑞假日酒店)": a second bracket too
                end = close
                self.skip_until = close
                close = _close_paren(text, end) if end < len(text) and text[end] in _OPEN else -1
        surface = text[start:end]
        core = surface.split("(")[0].split("（")[0]
        if len(core) < 2 or core.isdigit() or end - start > _MAX_NAME:
            return
        if core in GENERIC_WORDS or core in STOP_WORDS:
            return
        if core.isascii() and len(core.strip()) <= 2:
            return
        if not paren and _is_modified_generic(run, core):
            return
        offered = self._offered(start, end)
        if not paren and not named and not offered and _is_phrase(run):
            return
        suffixed = bool(venue_suffix(core))
        if len(run) == 1 and not paren and not self._single_word_ok(run[0], start, end, suffixed):
            return
        self.out.append(NameSpan(start, end, _kind(surface)))

    def _single_word_ok(self, tok: tuple[str, int, int, str], start: int, end: int, suffixed: bool) -> bool:
        """A one-word candidate is a name when jieba tags it a proper noun, or when a list separator or
        a cue word ("去", "推荐", "周边") stands next to it: dictionary words alone are ordinary words
        ("小时候", "口福"). A venue suffix (suffixed) is evidence enough, unless the word is very
        common ("天堂", "皇城"); very common words and set phrases need a strong cue."""
        word, flag = tok[0], tok[3]
        if flag in _COUNT_FLAGS:
            return False  # "两部", "三所": a count is no name, whatever it ends with
        freq = word_freq(word)
        very_common = freq >= _VERY_COMMON_FREQ and not flag.startswith(("ns", "nt"))
        if suffixed and not very_common:
            return True
        if flag in _NON_NAME_FLAGS and len(word) <= 4:
            return False
        left = self.text[max(0, start - 4):start].rstrip()
        right = self.text[end:end + 4].lstrip()
        if flag == "l" or very_common:
            # a set phrase ("为您服务") or a very common noun ("故事", "系统"): only after a strong cue or
            # inside an enumeration ("、", "," and 和 separate items; "，" separates clauses)
            return left.endswith(_STRONG_LEFT_CUES) or right.startswith(_STRONG_RIGHT_CUES) \
                or (bool(left) and left[-1] in _ITEM_SEPS) or (bool(right) and right[0] in _ITEM_SEPS) \
                or (suffixed and left.endswith("的"))  # "长城脚下的公社"
        if flag.startswith(("ns", "nr", "nt", "nz", "eng")):
            return True
        if (left and left[-1] in _ITEM_SEPS) or (right and right[0] in _ITEM_SEPS):
            return True
        if left.endswith("是") and left[-2:-1] not in _SHI_CONJUNCTIONS:
            return True  # "菜肴是酱料", but not "要是晚一点" (if) or "还是" (or)
        return left.endswith(_LEFT_CUES) or right.startswith(_RIGHT_CUES)


def find_names(text: str, blocked: list[tuple[int, int]]) -> list[NameSpan]:
    """Candidate names of text; offsets inside blocked spans (values already found) end a run."""
    return _self_named(text, blocked, _join_possessive(text, _Chunker(text, blocked).run()))


def _self_named(text: str, blocked: list[tuple[int, int]], spans: list[NameSpan]) -> list[NameSpan]:
    """spans with the name a business gives itself in full, and its area, over the candidates they
    overlap ("老门东那家金线修补社" read as one run is the area and the venue)."""
    for a, b in self_named_spans(text, blocked):
        spans = [n for n in spans if not (n.start < b and a < n.end)] + [NameSpan(a, b, "name")]
    return sorted(spans, key=lambda n: n.start)


def _join_possessive(text: str, spans: list[NameSpan]) -> list[NameSpan]:
    """"长城脚下" + "的" + "公社" is one name: a short venue word after 的 completes the name before it."""
    out: list[NameSpan] = []
    for span in spans:
        prev = out[-1] if out else None
        core = text[span.start:span.end].split("(")[0].split("（")[0]
        if prev is not None and text[prev.end:span.start] == "的" and len(core) <= 3 and venue_suffix(core):
            out[-1] = NameSpan(prev.start, span.end, span.kind)
            continue
        out.append(span)
    return out
