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
"""

from __future__ import annotations

from dataclasses import dataclass

from core.lang.zh_lexicon import (
    COMMON_WORDS,
    COOKING_CHARS,
    GENERIC_WORDS,
    HARD_STOP_CHARS,
    LEADING_GENERIC,
    SLOT_WORDS,
    SOFT_STOP_CHARS,
    STATION_SUFFIXES,
    STOP_WORDS,
    VENUE_SUFFIXES,
    word_list,
)
from core.lang.zh_segment import tokens, word_freq

# POS that end a name when a multi-character word has them (jieba tags many unknown name parts as verbs
# (远望, 创意, 自助), so verbs do not end a name: common dialogue verbs are in STOP_WORDS instead)
_BREAK_FLAGS = frozenset({"r", "p", "c", "u", "uj", "ul", "uz", "ug", "uv", "ud", "y", "e", "o", "d", "df"})
_OPEN = frozenset("(（")
_CLOSE = frozenset(")）")
_JOINERS = frozenset("·・&'-._")
_MAX_NAME = 30

HARD, SOFT, CONTENT, JOIN = 0, 1, 2, 3

# POS of words that are never a name on their own (direction, time, numeral, adverb, adjective, ...)
_NON_NAME_FLAGS = frozenset(
    {"f", "t", "tg", "m", "mq", "d", "dg", "a", "ad", "an", "ag", "i", "b", "z", "s", "q", "r", "zg", "vn",
     "v", "u", "y"}
)
# A common dictionary noun alone ("味道", "客气") is a name only with evidence around it.
_COMMON_FREQ = 300
_LIST_SEPS = frozenset("、，,和或及与/")
_LEFT_CUES = word_list(
    "去 到 从 有 是 叫 推荐 选 吃 尝 逛 在 包括 比如 例如 游览 参观 前往 想去 就去 如 像"
)
_RIGHT_CUES = word_list(
    "周边 附近 的 这 那 吧 怎么样 评分 门票 地址 电话 游玩 用餐 住宿 玩 看看 逛逛 吃饭 尝尝 等 都"
)
# Words around a run that hold soft stops together ("推荐您去味多美这家餐馆", "有梭边鱼这道菜")
_SOFT_LEFT_CUES = ("去", "叫", "推荐", "有", "吃", "选", "到", "从")
_SOFT_RIGHT_CUES = word_list(
    "这家 这个 这道 这两 这俩 这几 的餐馆 的餐厅 的饭店 的酒店 的景点 的地址 的电话 周边 附近"
)


@dataclass(frozen=True)
class NameSpan:
    """A candidate name: text[start:end] and what it looks like ('name', 'place')."""

    start: int
    end: int
    kind: str


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
    if flag in ("d", "df", "r"):
        # adverbs and pronouns end a name, but jieba tags some unknown name parts so (先声画廊, 本家韩国料理)
        return SOFT
    if flag in _BREAK_FLAGS and word not in GENERIC_WORDS and word[0] not in COOKING_CHARS:
        return HARD
    return CONTENT


_SUFFIX_SET = frozenset(VENUE_SUFFIXES)
_SUFFIX_LENGTHS = tuple(sorted({len(x) for x in VENUE_SUFFIXES}, reverse=True))


def venue_suffix(surface: str) -> str | None:
    """The venue-type suffix a name ends with (before any parenthetical), or None."""
    core = surface.split("(")[0].split("（")[0]
    for k in _SUFFIX_LENGTHS:
        if len(core) > k and core[-k:] in _SUFFIX_SET:
            return core[-k:]
    return None


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
        for word, flag, pos in tokens(text):
            if pos < self.skip_until:
                continue
            if any(self.blocked[pos:pos + len(word)]):
                self._flush(run)
                run = []
                continue
            cls = _token_class(word, flag)
            if cls == HARD and run and run[-1][2] == JOIN and word not in STOP_WORDS and len(word) > 1:
                cls = CONTENT  # "桔子酒店·精选"
            if word == " " and run and 0 < pos < len(text) - 1 and text[pos - 1].isascii() \
                    and text[pos + 1].isascii() and text[pos - 1] != " ":
                cls = JOIN
            if cls == HARD:
                self._flush(run)
                run = []
                continue
            if cls == JOIN and not run:
                continue
            run.append((word, pos, cls, flag))
        self._flush(run)
        return self.out

    def _flush(self, run: list[tuple[str, int, int, str]]) -> None:
        """Turn one run between hard stops into zero or more name spans."""
        while run and run[-1][2] == JOIN:
            run = run[:-1]
        if not run:
            return
        end = run[-1][1] + len(run[-1][0])
        paren = end < len(self.text) and self.text[end] in _OPEN and _close_paren(self.text, end) > 0
        surface = self.text[run[0][1]:end]
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

    def _emit(self, run: list[tuple[str, int, int, str]], paren: bool, named: bool) -> None:
        """Trim a run (leading soft stops and generic words, joiners) and record it if it is a name.

        A leading soft stop stays when the run starts a list item or is a venue name ("那兰酒楼")."""
        text = self.text
        i = 0
        keep_soft = named or (bool(run) and (run[0][1] == 0 or not (_is_cjk(text[run[0][1] - 1])
                                                                     or text[run[0][1] - 1].isalnum())))
        if keep_soft and named:
            rest = [w for w, _, c, _ in run if c not in (SOFT, JOIN)]
            keep_soft = not all(w in GENERIC_WORDS for w in rest)  # "该酒店", "哪站" are no names
        while i < len(run) and (run[i][2] == JOIN or (run[i][2] == SOFT and not keep_soft)):
            i += 1
        while i < len(run) - 1 and run[i][0] in LEADING_GENERIC:
            i += 1
        run = run[i:]
        if not paren:
            while len(run) > 1 and (run[-1][0] in SLOT_WORDS or run[-1][2] in (JOIN, SOFT)):
                run = run[:-1]
        while run and run[-1][2] in (JOIN, SOFT):
            run = run[:-1]
        if not run or all(w in GENERIC_WORDS or w in COMMON_WORDS for w, _, c, _ in run if c != JOIN):
            return
        start, end = run[0][1], run[-1][1] + len(run[-1][0])
        if paren:
            close = _close_paren(text, end)
            if close > 0:
                end = close
                self.skip_until = close
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
        if len(run) == 1 and not paren and not venue_suffix(core) \
                and not self._single_word_ok(run[0], start, end):
            return
        self.out.append(NameSpan(start, end, _kind(surface)))

    def _single_word_ok(self, tok: tuple[str, int, int, str], start: int, end: int) -> bool:
        """A one-word candidate is a name when its POS allows it and, if it is a common word, when
        a list separator or a cue word ("去", "推荐", "周边") stands next to it."""
        word, flag = tok[0], tok[3]
        if flag in _NON_NAME_FLAGS and len(word) <= 4:
            return False
        if flag.startswith(("ns", "nr", "nt", "nz", "eng")) or word_freq(word) < _COMMON_FREQ:
            return True
        left = self.text[max(0, start - 4):start].rstrip()
        right = self.text[end:end + 4].lstrip()
        if (left and left[-1] in _LIST_SEPS) or (right and right[0] in _LIST_SEPS):
            return True
        return left.endswith(_LEFT_CUES) or right.startswith(_RIGHT_CUES)


def _is_modified_generic(run: list[tuple[str, int, int, str]], core: str) -> bool:
    """"辆出租车", "该景点", "两道菜": one character before a generic noun; "不会后悔": a negated phrase."""
    words = [w for w, _, c, _ in run if c != JOIN]
    if len(words) >= 2 and len(words[0]) == 1 and words[0] not in COOKING_CHARS \
            and "".join(words[1:]) in GENERIC_WORDS:
        return True
    return ("不" in core or "没" in core) and not venue_suffix(core)


def find_names(text: str, blocked: list[tuple[int, int]]) -> list[NameSpan]:
    """Candidate names of text; offsets inside blocked spans (values already found) end a run."""
    return _join_possessive(text, _Chunker(text, blocked).run())


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
