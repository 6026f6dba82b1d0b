"""Chinese names marked by their own punctuation or cue, not by what surrounds them.

A title between book-title marks ("练习曲《扫摇练习》", "看《流浪地球》") is one name whatever its words:
the name finder, which cuts runs at function words and verbs, split "扫摇练习" into "扫" and "摇练习".
The words right before the marks say what the title is ("练习曲《扫摇练习》，乐曲《渔舟唱晚》"): they are
its slot, so "乐曲换成《战台风》" replaces the piece and leaves the étude; they are no name themselves.
A surname said alone ("我姓赵", "免贵姓王") is how a Chinese speaker gives a name to be addressed by;
the surname is kept with its cue ("姓赵"), as a name the user gave, not a bare character.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from core.lang.zh_segment import tokens

_TITLE = re.compile(r"《(?P<t>[^《》\n]{1,30})》")
# 姓 + one character (or a two-character compound surname) at a clause edge, after the speaker or at
# the clause's start ("怎么称呼我？姓卢"); never 姓名 / 姓氏 (the words for "name", "surname")
_SURNAME = re.compile(
    r"(?:^|(?<=[，,。.！!？?；;\s])|我|免贵|本人|他|她|您|先生|女士|老人家?)姓(?P<s>[\u4e00-\u9fff]{1,2}?)"
    r"(?=$|[，,。.！!？?、；;\s]|先生|女士|小姐|老师|师傅|阿姨|叫)"
)
_NOT_SURNAME = frozenset("名氏什啥")
_SETTING_VERBS = frozenset({"换成", "改成", "改为", "换为", "是", "为", "叫", "名叫", "用", "选"})


class Title(NamedTuple):
    """A title between book-title marks (marks excluded) and the label said right before it, if any."""

    start: int
    end: int
    text: str
    label: str | None
    label_start: int


def titles(text: str) -> list[Title]:
    """Each title between book-title marks, with its label: the noun of two characters or more right
    before the marks, the verb that sets it aside ("乐曲换成《战台风》"); none after a verb ("想看")."""
    out = []
    for m in _TITLE.finditer(text):
        title = m.group("t").strip()
        if not title:
            continue
        head = re.split(r"[^\u4e00-\u9fff]", text[: m.start()])[-1]
        words = list(tokens(head)) if head else []
        if words and words[-1][0] in _SETTING_VERBS:
            words.pop()
        label, at = None, m.start()
        if words and words[-1][1].startswith("n") and len(words[-1][0]) >= 2:
            label, at = words[-1][0], m.start() - len(head) + words[-1][2]
        out.append(Title(m.start("t"), m.end("t"), title, label, at))
    return out


def surnames(text: str) -> list[tuple[int, int, str]]:
    """(start, end, "姓X") of each surname a speaker gives ("我姓赵" -> "姓赵"), the span from 姓 on."""
    out = []
    for m in _SURNAME.finditer(text):
        if m.group("s")[0] in _NOT_SURNAME:
            continue
        start = m.start("s") - 1
        out.append((start, m.end("s"), text[start : m.end("s")]))
    return out
