"""Chinese cue of a search that found nothing: the assistant reports that no thing of the asked
kind exists ("没有找到符合条件的餐厅", "附近找不到川菜馆", "暂无结果"). What the user names next for the
same attribute is what the search is for now (core.none_found)."""

from __future__ import annotations

from core.lang.patterns import pattern

_NONE = r"(?:没有找到|没找到|找不到|查不到|没有查到|没有搜到|搜不到|没有符合|没有满足|暂无)"
_SENTENCE_END = r"[。！？；!?;]"


def finds_none(text: str) -> str:
    """The words of text's reports that a search found nothing, each from its cue to the end of its
    sentence, joined by " | " ("没有找到川菜馆"); "" when text reports no such thing."""
    scopes = []
    for m in pattern(_NONE).finditer(text):
        end = pattern(_SENTENCE_END).search(text, m.end())
        scopes.append(text[m.start() : end.start() if end else len(text)].strip())
    return " | ".join(scopes)
