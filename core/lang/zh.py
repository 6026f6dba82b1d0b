"""The Chinese language analyzer (base.LanguageAnalyzer): rules plus jieba word boundaries.

The work is split by question: zh_entities (values, dates, names and their slot hints), zh_negation
(prohibitions kept whole), zh_kinds (clause kinds, domains, stress, corrections, action markers).
jieba is loaded on the first call that needs it (zh_segment), never at import time.
"""

from __future__ import annotations

import re
from datetime import datetime

from core.lang import zh_cues
from core.lang.cue_methods import CueMethods
from core.lang.quoted_wording import with_quoted_wording
from core.lang.zh_clauses import question_before_rule, statement_before_question, topic_pieces
from core.lang.zh_entities import entities_of
from core.lang.zh_extras import extra_prices
from core.lang.zh_favours import asks_favour
from core.lang.zh_kinds import (
    action_marker,
    assistant_kind,
    domain_of,
    is_correction,
    is_pinned,
    proposes_alternative,
    user_kind,
)
from core.lang.zh_negation import asked_negations, find_negations
from core.lang.zh_script import in_original, simplified
from core.lang.zh_time import day_words
from core.model_kinds import AtomKind, Lang, Role
from core.models import ActionMarker, Entity, Negation

_SENTENCE = re.compile(r"[^。！？!?；;\n…]*(?:[。！？!?；;\n…]+|$)")
_ITEM_SEP = ("；", ";")
_LIST_INTRO = ("：", ":")


def _list_sentences(text: str) -> list[str]:
    """The sentences of text, where a list a colon introduces and semicolons separate ("有两款：A，...；
    B，...") stays one sentence: its items are read together, each in the place of an item."""
    out: list[str] = []
    start = 0  # where out[-1] begins in text: a joined item takes the text between, spaces included
    for m in _SENTENCE.finditer(text):
        piece = m.group(0).strip()
        if out and out[-1].endswith(_ITEM_SEP) and any(c in out[-1] for c in _LIST_INTRO):
            out[-1] = text[start : m.end()].strip()
        elif piece:
            start = m.start() + len(m.group(0)) - len(m.group(0).lstrip())
            out.append(piece)
    return out


_LEAD_INTERJECTION = re.compile(
    r"^(?:你好|您好|嗨|哈喽|好的|好吧|好|行|可以|嗯|嗯嗯|恩|哦|噢|对|是的|谢谢|收到|没事|没关系|OK|ok|Ok)"
    r"[，,、！!]\s*"
)


# a declined action right after a value: "今天不订了", "周五就不用去了", "明天不需要车了"
_DECLINED_AFTER = re.compile(
    r"(?:就|先|也|都)?(?:不|别)(?:想|要|用|需要|打算)?(?:订|预订|预定|去|买|约|叫|要)"
)


def _in_original(e: Entity, simple: str, text: str) -> Entity:
    """e, found in the simplified copy simple of text, with its words as text writes them (its value
    too where the value is its words: a name, a term)."""
    if e.start < 0 or e.end > len(text):
        return e
    surface = text[e.start : e.end]
    value = surface if e.value == simple[e.start : e.end] else e.value
    return e.model_copy(update={"text": surface, "value": value})


class ChineseAnalyzer(CueMethods):
    """Rule-based Chinese analyzer; every method is pure and deterministic."""

    lang: Lang = "zh"
    _cues = zh_cues

    def split(self, text: str) -> list[str]:
        """Sentences of text (end punctuation kept), with a leading '你好，' or '好的，' split off, and
        cut again where the topic moves to another domain (zh_clauses)."""
        out: list[str] = []
        for piece in _list_sentences(text):
            lead = _LEAD_INTERJECTION.match(piece)
            if lead and lead.end() < len(piece):
                out.append(piece[: lead.end()].strip())
                piece = piece[lead.end():].strip()
            if piece:
                parts = [part for p in topic_pieces(piece) for part in statement_before_question(p)]
                out += [rule for part in parts for rule in question_before_rule(part)]
        return out

    def entities(self, text: str, ts: datetime | None) -> list[Entity]:
        """Dates/times (ISO against ts, or a fixed reference when None), values and names of text."""
        if not text or not text.strip():
            return []
        simple = simplified(text)
        found = [e.model_copy() for e in entities_of(simple, ts)]
        if simple != text:  # traditional characters: each value in the user's own characters
            found = [_in_original(e, simple, text) for e in found]
        return with_quoted_wording(text, found)

    def negations(self, text: str) -> list[Negation]:
        """Prohibitions and dislikes kept whole to the clause end ('我不想要年费高的卡')."""
        simple = simplified(text)
        found = find_negations(simple) if text else []
        if simple == text:
            return found
        words = ("text", "cue", "target")
        return [
            n.model_copy(update={k: in_original(getattr(n, k), simple, text) for k in words}) for n in found
        ]

    def amounts_apart(self, text: str) -> dict[tuple[int, int], str]:
        """Extras' prices (zh_extras); no totals: a Chinese sum names itself in its clause ("共2799元")."""
        return extra_prices(text)

    def asked_negations(self, text: str) -> list[Negation]:
        """Negated actions a question asks for ('能不能不砸砖？', '可以不加香菜吗')."""
        return asked_negations(text) if text else []

    def asks_favour(self, text: str) -> bool:
        """True when a question asks for a thing to be done or allowed ('能不能顺便洗个车')."""
        return asks_favour(text)

    def kind(self, text: str, role: Role) -> AtomKind:
        """The clause's kind by cue words (question, instruction, constraint, preference, ...)."""
        t = simplified(text.strip())
        if not t:
            return "filler"
        if role != "user":
            return assistant_kind(t, role)
        return user_kind(t, bool(find_negations(t)))

    def domain(self, text: str, current: str | None = None) -> str | None:
        """The task domain the text names (one of base.DOMAINS), or None; an activity word
        ("入住", "吃饭") names one only when no domain is current or the clause asks for something
        new."""
        return domain_of(simplified(text), current)

    def pinned(self, text: str) -> bool:
        """True when the user stresses the clause (务必, 一定, 必须, 千万, 记住, 重要)."""
        return is_pinned(simplified(text))

    def is_correction(self, text: str) -> bool:
        """True when the clause replaces an earlier value (改成, 换成, 不是…是, 还是…吧, 算了…换)."""
        return is_correction(simplified(text))

    def proposes_alternative(self, text: str) -> bool:
        """True when an assistant's clause offers its value in place of the user's."""
        return proposes_alternative(simplified(text))

    def action(self, text: str, role: Role) -> ActionMarker | None:
        """An action the assistant reports done, failed or pending, or offers; None otherwise."""
        return action_marker(text, role)

    def declined_value(self, text: str, start: int, end: int) -> bool:
        """True when a declined action follows the value in its clause ("今天不订了", "周五不用去了")."""
        return _DECLINED_AFTER.match(text, end) is not None

    def day_words(self, surface: str) -> str | None:
        """The day's words of a day-and-hour phrase ("下个礼拜六" of "下个礼拜六早上七点"), or None."""
        simple = simplified(surface)
        words = day_words(simple)
        return in_original(words, simple, surface) if words else None
