"""Clauses inside a Chinese sentence that talk about two different things.

"中华民族园这个景点的周边有价格在400-500元的酒店吗？" names an attraction and asks for a hotel: read as
one clause, the attraction's name and the hotel's price would land in one domain. The sentence is cut
where its topic changes, so each clause keeps its own domain:
- at a comma when the parts before and after it name different domains ("花家怡园的电话是多少，周边的
  景点有哪些？" -> restaurant | attraction);
- right before 周边/附近/周围 when a name or a domain word stands before it and the rest names another
  domain ("坡峰岭附近找一个酒店住宿" -> 坡峰岭 keeps the domain of the conversation, the rest is hotel).

A statement of the user's own before the question that ends its sentence ("我膝盖不太好，按压的时候要一直
跪着吗") is cut off too (statement_before_question), so what it states is no question.
"""

from __future__ import annotations

import re

from core.lang.zh_cues import intent_cue
from core.lang.zh_entities import entities_of
from core.lang.zh_kinds import asks, domain_of

_NEARBY = ("周边", "附近", "周围")
_CUT = re.compile(r"(?<=[，,])|(?=周边|附近|周围)")
_MIN_PIECE = 2


def _has_name(text: str) -> bool:
    return any(e.type in ("name", "place") for e in entities_of(text, None))


def topic_pieces(sentence: str) -> list[str]:
    """The sentence cut where its topic moves from one domain to another (substrings, in order)."""
    out: list[str] = []
    rest = sentence
    while True:
        cut = _first_cut(rest)
        if cut is None:
            break
        out.append(rest[:cut].strip())
        rest = rest[cut:].strip()
    out.append(rest)
    return [p for p in out if p]


def _first_cut(text: str) -> int | None:
    """Offset of the first topic change in text, or None."""
    for m in _CUT.finditer(text):
        p = m.start()
        left, right = text[:p].strip(), text[p:].strip()
        if len(left) < _MIN_PIECE or len(right) < _MIN_PIECE:
            continue
        dl, dr = domain_of(left), domain_of(right)
        if dr is None or dl == dr:
            continue
        nearby = text.startswith(_NEARBY, p)
        if (nearby or left[-1] in "，,") and (dl is not None or (nearby and _has_name(left))):
            return p
    return None


# a statement the user makes before asking, in one sentence: "我膝盖不太好，按压的时候要一直跪着吗" states a
# condition of the user's, then asks about it. Read as one question, the condition is no value of theirs
# and the context may drop it; cut off, it is a clause of its own. Only the comma before the last part,
# when that part alone asks and the parts before it ask nothing nor request.
_MIN_STATEMENT = 4  # characters the stated part needs ("好的，" is no statement)
# a question that asks only whether it can be done ("能修吗", "有名额吗", "你们这边能约吗")
_CAN_ASK = re.compile(r"(?:请问)?(?:你们)?(?:这边)?(?:能|可以|会|还)?[^，,？?]{0,5}吗[？?]?")
# wanting, planning or judging: the part before the question is the request's ("我打算乘地铁从...到...")
_WANTS_OR_THINKS = re.compile(r"打算|希望|觉得|想|问一下|追问|计划")
# the question points back at the thing the stated part named
_POINTS_BACK = re.compile(r"这个|这家|这里|这边的|那里|那家|那附近|那边|它|该")
# the stated part speaks of the user or of the people they act for, counted or not: "我膝盖不太好",
# "孩子对花生过敏", "还有两个同事怀孕了"
_PERSON_FIRST = re.compile(
    r"^(?:那|但是|但|不过|而且|另外|还有|对了)?(?:[一二两三四五六七八九十几\d]+(?:个|位|名))?"
    r"(?:我|咱|孩子|小孩|宝宝|老人|家里|他|她|老公|老婆|女儿|儿子|爸|妈|奶奶|爷爷|外婆|外公|"
    r"同事|朋友|同学|客人|员工|家人|父母|岳父|岳母|公公|婆婆)"
)


def statement_before_question(sentence: str) -> list[str]:
    """The sentence as [statement, question] when its last comma part asks and the rest states,
    else [sentence]."""
    cut = max(sentence.rfind("，"), sentence.rfind(","))
    if cut < _MIN_STATEMENT:
        return [sentence]
    left, right = sentence[: cut + 1].strip(), sentence[cut + 1 :].strip()
    if not right or not asks(right) or asks(left) or len(left.rstrip("，,")) < _MIN_STATEMENT:
        return [sentence]
    if intent_cue(left):
        return [sentence]  # "我奶奶要去拔牙，...，这个要紧吗": a request asked about is one question
    person = _PERSON_FIRST.match(left) and not _WANTS_OR_THINKS.search(left)
    own = person or (entities_of(left, None) and _CAN_ASK.fullmatch(right))
    if not own or "吧" in left or _POINTS_BACK.search(right):
        # a remark about the answer ("时间蛮方便的，", "好的，可以，") states nothing of the user's own;
        # values before a question that is not whether it can be done are what it asks for ("评分4.5以上
        # 的，有啥推荐"); a pick asked about ("就去珍宝馆吧，这里的地址是多少？") is one question about it
        return [sentence]
    return [left, right]


# a question, then in the same sentence a rule the user sets: "摇蜜那个环节小孩子能参与吗，别让他们靠近
# 蜂箱太近就行". Read as one question, the prohibition is asked, not set, and the context may drop it;
# cut off after the question's particle, it is a clause of its own
_ASKED_THEN_RULE = re.compile(
    r"(?<=[吗呢][，,])\s*(?=(?:但|不过|只是|就是)?(?:别|不要|不能|千万|务必|一定|必须))"
)


def question_before_rule(sentence: str) -> list[str]:
    """The sentence as [question, rule] when a part asked with 吗 / 呢 is followed by a prohibition or a
    stressed rule (_ASKED_THEN_RULE), else [sentence]."""
    cut = _ASKED_THEN_RULE.search(sentence)
    if cut is None or not sentence[cut.end() :].strip():
        return [sentence]
    return [sentence[: cut.start()].strip(), sentence[cut.end() :].strip()]
