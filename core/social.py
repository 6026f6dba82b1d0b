"""Social-only turns: thanks, "you're welcome", goodbyes, wishes ("have a nice day", "祝您愉快"),
closings ("that's all I need", "没有了") and the assistant's bare "anything else?", in English and
Chinese. Such a turn says nothing the state does not already record (merge reads a closing as the
end of the open steps), so the working memory does not spend raw tokens on it.

A turn is social only when every sentence of it is one of these formulas. An acknowledgement
("yes", "no", "ok", "great", "好的", "不用了") is social only when it answers no question but
"anything else?": after "Shall I book it?" a "No, thanks" declines and a "Great, thanks" accepts,
and the model must see that answer.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from core.lang import en_social, zh_social
from core.lang.cues import any_language
from core.models import Message


@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    langs = (en_social, zh_social)
    formula = "|".join(f"(?:{f})" for lang in langs for f in lang.FORMULAS)
    ack = "|".join(lang.ACK for lang in langs)
    sep = r"[\s,.!?;:~…，。！？；：、\-]*"
    word = rf"(?<![\w'])(?:{en_social.LIGHT})(?![\w'])"
    pieces = rf"(?:(?:{formula})|{word}|(?:{zh_social.LIGHT}))"
    social = re.compile(rf"^{sep}(?:{pieces}{sep})+$", re.IGNORECASE)
    acked = re.compile(rf"^{sep}(?:(?:{ack}){sep})+(?:{pieces}{sep})*$", re.IGNORECASE)
    question = re.compile("|".join(lang.QUESTION for lang in langs))
    return social, acked, question


def social_only(text: str, answers_question: bool = False) -> bool:
    """True when a turn is courtesy only (thanks, welcome, goodbye, wishes, closing, a bare
    "anything else?"). answers_question: the turn before asked a question other than "anything
    else?"; an acknowledgement ("no thanks", "好的谢谢") is then an answer, not courtesy."""
    social, acked, _ = _patterns()
    text = text.strip()
    if not text:
        return False
    if social.match(text):
        return True
    return not answers_question and bool(acked.match(text))


def asks_question(text: str) -> bool:
    """True when a turn asks something other than whether the user wants anything more."""
    social, _, question = _patterns()
    if not question.search(text):
        return False
    parts = re.split(r"(?<=[?？])", text)
    asking = [p for p in parts if question.search(p)]
    cues = any_language()
    return any(not (social.match(p) or cues.offers_more(p)) for p in asking)


def without_courtesy(recent: Sequence[Message], previous: str = "") -> list[Message]:
    """The working-memory turns without the social-only ones (see the module docstring); previous:
    the text of the turn before the first of them. A turn with a tool call, a tool result or an
    attachment is never social."""
    out = []
    for i, m in enumerate(recent):
        before = recent[i - 1].text if i else previous
        plain = m.tool_call is None and m.tool_result is None and not m.attachments
        if plain and m.role in ("user", "assistant") and social_only(m.text, asks_question(before)):
            continue
        out.append(m)
    return out
