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

from core.lang.cues import any_language
from core.models import Message

_EN_FORMULAS = (
    # thanks: "thank you so much for your help", "thanks for everything", "thank you for using <service>"
    r"(?:thanks?|thank\s+you|many\s+thanks|thx|ty)(?:\s+(?:so|very|a\s+lot|again|too|kindly|much|ever\s+so))*"
    r"(?:\s+(?:for|with)\s+(?:(?:all|everything|your|the|of|my|this)\s+)*(?:help(?:ing)?|assistance|time|"
    r"info(?:rmation)?|everything|service|patience|support)"
    r"|\s+for\s+(?:contacting|using|calling|choosing|visiting|booking\s+with)\b[^.!?]*)?",
    r"you(?:'ve|\s+have)\s+been\s+(?:(?:very|quite|so|really|most|a\s+great|a\s+big)\s+)*(?:helpful|help)",
    r"(?:i|we)\s+(?:really\s+)?appreciate\s+(?:it|(?:all\s+)?your\s+(?:help|assistance|time))",
    # "you're welcome", "my pleasure", "glad I could help", "happy to be of service"
    r"(?:you(?:'re|\s+are)|your|you\s+r)\s+(?:(?:very|quite|most|so|always)\s+)?welcome",
    r"(?:no\s+problem|not\s+a\s+problem|no\s+worries|(?:it\s+was\s+|it's\s+)?my\s+pleasure|anytime|"
    r"any\s+time|sure\s+thing|of\s+course)",
    r"(?:i'm\s+|i\s+am\s+|we're\s+)?(?:glad|happy|pleased)\s+(?:i\s+could|to|we\s+could)\s+"
    r"(?:help|assist|be\s+of\s+(?:service|help|assistance))(?:\s+you)?",
    # goodbyes and wishes: "goodbye", "take care", "have a great rest of your day", "enjoy your stay"
    r"(?:good\s*-?\s*bye|bye(?:\s*-?\s*bye)?|take\s+care|see\s+you|cheers|farewell|until\s+next\s+time)",
    r"(?:(?:you|i\s+hope\s+you|hope\s+you|please)\s+)?(?:have|enjoy)\s+(?:a|an|the|your)\s+(?:\w+\s+){0,4}"
    r"(?:day|evening|night|morning|afternoon|weekend|week|time|trip|stay|visit|meal|dinner|lunch|"
    r"journey|flight|holiday|vacation|one)",
    r"(?:you\s+too|you\s+as\s+well|same\s+to\s+you|and\s+you)",
    # closings: "that's all I need for today", "no, that will be all", "I'm all set", "nothing else"
    r"(?:no,?\s*)?(?:i\s+think\s+)?(?:that(?:'s|\s+is|\s+was|\s+will\s+be|\s+would\s+be|\s+should\s+be)\s+"
    r"(?:all|everything|it)|(?:i'm|i\s+am|we're|we\s+are)\s+(?:all\s+set|done|good)|nothing\s+(?:else|more))"
    r"(?:\s+(?:i|we)\s+(?:need(?:ed)?|wanted|have|require[d]?|had))?(?:\s+(?:for\s+)?(?:today|now|tonight))?"
    r"(?:\s*,?\s*(?:thanks?|thank\s+you))?",
    # the assistant's bare offer of more: "Is there anything else I can help you with today?"
    r"(?:is\s+there\s+|was\s+there\s+|can\s+i\s+help\s+(?:you\s+)?with\s+|may\s+i\s+help\s+(?:you\s+)?with\s+|"
    r"do\s+you\s+need\s+|would\s+you\s+like\s+|will\s+you\s+be\s+needing\s+)?"
    r"(?:anything|something)\s+(?:else|more)(?:\s+(?:i|we)\s+can\s+(?:help|assist|do)(?:\s+you)?"
    r"(?:\s+(?:with|for\s+you))?)?(?:\s+(?:today|now|tonight))?",
    r"(?:will\s+that\s+be\s+all|is\s+that\s+all|will\s+you\s+be\s+needing\s+(?:any\s+)?further\s+assistance|"
    r"(?:how\s+)?(?:can|may)\s+i\s+(?:help|assist)\s+you\s+further)(?:\s+(?:for\s+)?(?:today|now))?",
)
# words left around a formula that add nothing ("Great, thank you!", "Ok, bye")
_EN_LIGHT = (
    r"(?:oh|well|please|so|and|again|really|very|sir|madam|ma'am|alright|all\s+right|wow|awesome|cool)"
)
# acknowledgements: social only when they answer no question but "anything else?"
_EN_ACK = (
    r"(?:yes|yeah|yep|yup|no|nope|ok(?:ay)?|great|perfect|excellent|wonderful|fantastic|good|nice|fine|"
    r"sounds\s+good|sounds\s+great|brilliant|lovely|got\s+it|will\s+do|sure|certainly)"
)

_ZH_FORMULAS = (
    r"(?:真是|真的|非常|十分|太)?(?:太)?(?:谢谢|多谢|感谢|谢啦|谢了)(?:你|您)?(?:了|啦)?"
    r"(?:的|们的)?(?:帮助|帮忙|介绍|耐心|支持|解答|服务|使用|来电|咨询|信息)?(?:了|啦)?",
    r"(?:谢谢|感谢)(?:你|您)?(?:帮了?我(?:这么多|很多|大忙)?)",
    r"(?:您|你)?(?:太|真|也)?(?:不用|不必|别|不)?客气(?:了|啦)?",
    r"不用谢|没事|没关系|应该的|这是我(?:们)?应该做的|乐意(?:为您)?效劳|很高兴(?:为您|为你)?(?:服务|帮到您|帮到你)",
    r"再见|拜拜|回见|下次(?:再)?见",
    r"祝(?:您|你)[^。！!？?，,]{0,12}(?:愉快|顺利|开心|快乐|满意|好运)",
    r"有问题(?:再|随时)?(?:联系|找我)(?:我)?",
    r"(?:我)?(?:就这些|就这样|没有别的|没别的|没有其[他它]|没其[他它]|没有了|没有啦|没了|不需要别的|"
    r"暂时没有)(?:问题|事|需要)?(?:了|啦)?",
    r"(?:我)?没有其[他它]问题了?",
    r"(?:请问)?(?:您|你)?还有(?:什么|别的|其他|其它)(?:问题|需要)?(?:需要|可以)?(?:我)?(?:帮|为)?(?:您|你)?"
    r"(?:的|做的|解答的|帮忙的)?(?:吗|么)?",
)
_ZH_LIGHT = r"(?:嗯|哦|啊|呀|吧|呢|那|了|啦|您好|你好)"
_ZH_ACK = r"(?:好的|好|行|可以|是的|对|嗯嗯|好吧|太好了|不用了|不了|没问题)"


@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    formula = "|".join(f"(?:{f})" for f in (*_EN_FORMULAS, *_ZH_FORMULAS))
    light = f"{_EN_LIGHT}|{_ZH_LIGHT}"
    ack = f"{_EN_ACK}|{_ZH_ACK}"
    sep = r"[\s,.!?;:~…，。！？；：、\-]*"
    en_word = r"(?<![\w'])(?:{0})(?![\w'])"
    pieces = rf"(?:(?:{formula})|{en_word.format(light)}|(?:{light}))"
    social = re.compile(rf"^{sep}(?:{pieces}{sep})+$", re.IGNORECASE)
    acked = re.compile(rf"^{sep}(?:(?:{ack}){sep})+(?:{pieces}{sep})*$", re.IGNORECASE)
    question = re.compile(r"[?？]|吗")
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
