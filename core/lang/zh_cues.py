"""Chinese cue words the stages ask about through the analyzer: intents, polite openers and
fillers of a goal phrase, declining and accepting an offer, soft preferences, self-doubt, amenities,
the words that are never a value, and the numerals a validator reads ("五千", "一万五"). Moved here
from the stage files (goals, extract, merge, values, validate).

Every pattern is compiled on first use (functools.cache), never at import time.
"""

from __future__ import annotations

import re

from core.lang.patterns import last_match_span, pattern
from core.lang.zh_attributes import asked_attribute, asks_by_name, kin_named  # noqa: F401  (cues)
from core.lang.zh_none_found import finds_none  # noqa: F401  (a cue of this module)
from core.lang.zh_offer_replies import (  # noqa: F401  (cues)
    answers_yes,
    joins_slot,
    names_slot,
    pick_position,
    points_at_pick,
    turns_away,
    yes_no_offers,
)
from core.lang.zh_pick import (  # noqa: F401  (cues of this module)
    named_pick,
    offered_options,
    option_span,
    points_at_offer,
    reads_back_pick,
)
from core.lang.zh_self_named import area_after, names_itself  # noqa: F401  (a cue of this module)

# 查 asks to look something up, not in 查出(来) "was diagnosed with" nor 检查 "an examination"; 要 before
# a degree ("打电话要大声点", "要快一点") asks how a thing is done, names nothing to do
_INTENT_CUE = (
    r"帮我|想|要(?![^\s，,。！？!?]{1,3}(?:一点|点|一些|些)儿?(?:$|[，,。！？!?]))|找|预订|订|推荐|(?<![检调审排复])查(?!出)"
)
_FILLER_TRAIL = r"(?:一下|吧|啊|呢|吗|呀|哦|了|谢谢|的话|[，,。.！!？?\s])+$"
_POLITE_PREFIX = r"^(?:你好|您好|好的|麻烦|请问|请|帮我|我想|我要|你能|能不能|可以|那|另外|还有)[，,、\s]*"
# declining what was just offered: "不用了", "先不"
# "不要" / "不加了" alone or before a pause declines; "不要香菜" forbids a thing instead
_POLITE_DECLINE = r"^(?:不用|不需要|先不|暂时不|不必|算了|不(?:要|加|了)(?:了|吧|啦)?(?=$|[，,。.！!\s]))"
_BARE_NO = r"^不[，,。.]"
# "中" is the Henan "OK" only alone before a pause ("中，就这么弄"; not 中午, 中间), and so is "是" (not
# 是不是, 是我); "就这么办" agrees to the plan just laid out
_ACCEPTANCE = (
    r"^(?:好的|好|可以|行|对|没问题|没错|就这个|就这家|嗯|(?:中|确认|确定)(?=$|[，,。！!\s])|就这么(?:办|弄|定|来)|就这样"
    r"|是的|是(?=$|[，,。！!\s]))"
)
_SOFT_PREFERENCE = r"尽量|如果可以|倾向于|偏好|更喜欢|最好|宁可|优先"
# "不想要年费高的卡，最好免年费": what turns the rest of a negated clause into its positive half
_NEGATION_PAIR = r"但|而是|可以|就行"
_CHANGES_VALUE = r"^\W*(?:那|还是|算了|哦|嗯|不对|不好意思)?[，,]?(?:改成|换成|改为|改到|换到)"
_SELF_DOUBT = r"我不确定|不太确定|刚才说错|抱歉，?我搞错"
_OR_CONNECTIVE = r"或者|还是|或"
# the user pointing at their own earlier words (我刚才说的, 上一个问题, 我之前的消息)
# asking about another value: "那上海呢", "周日呢？", "后天怎么样" (a short question of its own)
_ASKS_ABOUT_OTHER = r"^\s*(?:那|还有|再)?[^，。,.!?！？]{1,12}(?:呢|怎么样|如何)\s*[？?]?\s*$"
_QUOTES_BACK = (
    r"(?:我)?(?:刚才|刚刚|之前|前面|上一?[个条句次])(?:说的|问的|写的|的?问题|的?话|的?消息|的?要求)"
)
# a request to find or book something (帮我找, 想订, 预订, 推荐一个), unless it asks for another option of
# the search in play (别的, 其他, 换一个, 再推荐)
_REQUEST = r"帮我(?:找|订|预订|查|推荐)|(?:想|要)(?:找|订|预订|预定)|预订|预定|推荐一"
# a task beside the one in play: 另外, 还要, 也想, 顺便
_ADDS_TASK = r"另外|还(?:要|想|需要)|也(?:要|想|需要)|顺便"
ANOTHER_OPTION = r"别的|其他|其它|换一|另一|再(?:推荐|找|帮|查)"
# a question about the end of a span: 哪天回来, 几号退房, 什么时候还车
_ASKS_END = r"回来|返回|返程|退房|还车|离店|到几号|到哪天"
_FREE_PREFIX = r"^(免费)\s*"
# a clause that closes the conversation ("就这些了", "没有别的了")
_CLOSING = r"^\s*(?:就这些|就这样|没有别的|没别的|没有其他|没其他|没有了|不需要别的|暂时没有)"
# the assistant asks whether the user wants anything more (还有什么需要, 还需要别的吗)
_OFFERS_MORE = r"还有(?:什么|别的|其他|其它)(?:需要|可以|要)|还需要(?:什么|别的|其他|其它)"
# a value said as a bound of a search ("不超过500元", "下午3点以后", "4分以上"): a criterion
_BOUND_BEFORE = (
    r"(?:达到|不超过|不低于|不高于|不少于|不多于|至少|最少|最多|最低|最高|低于|高于|超过|少于|多于|大于|小于)\s*$"
)
_BOUND_AFTER = r"^\s*(?:及以上|以上|以下|以内|之内|左右|上下|之间|之前|以前|之后|以后|前|后|起)"
_DAY_OF_MONTH = r"(\d{1,2})[日号]"
_MONTH_NAME = r"\d{1,2}\s*月"
_NUMERAL = r"[零一二两三四五六七八九十百千万]+"

FACILITY_SLOTS = (
    ("无线", "internet"),
    ("宽带", "internet"),
    ("网络", "internet"),
    ("停车", "parking"),
    ("早餐", "breakfast"),
    ("游泳池", "pool"),
    ("健身", "gym"),
    ("宠物", "pets"),
    ("洗衣", "laundry"),
)
NON_VALUES = frozenset({"好的", "是", "不是", "没有", "可以"})
DOMAIN_WORDS = {"酒店": "hotel", "餐馆": "restaurant", "景点": "attraction"}
YES_NO = ("是", "否")
# 千 thousand, 万 / w ten thousand ("5w"), 百 hundred
NUMBER_MULTIPLIERS = {"千": 1e3, "万": 1e4, "w": 1e4, "W": 1e4, "百": 100}
_DIGITS = {"零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_UNITS = {"十": 10, "百": 100, "千": 1000, "万": 10000}


def intent_cue(text: str) -> bool:
    """True when the clause names something to do (帮我, 想, 要, 预订, ...)."""
    return bool(pattern(_INTENT_CUE, re.I).search(text))


def strip_polite_prefix(text: str) -> str:
    """text without its polite opener ("你好，", "请问")."""
    return pattern(_POLITE_PREFIX).sub("", text)


def strip_fillers(text: str) -> str:
    """text without the polite and modal fillers at its edges (请, 我想, ... before; 一下, 吧, 谢谢
    after). Fillers inside stay: they are characters of words there ("给我妈", "还款", "了解",
    "一个月"), and cutting them out leaves fragments that are not the user's words."""
    lead, trail = pattern(_POLITE_PREFIX), pattern(_FILLER_TRAIL)
    out = text.strip()
    while True:
        cut = trail.sub("", lead.sub("", out)).strip()
        if cut == out:
            return out
        out = cut


def declines(text: str) -> bool:
    """True when text opens by declining an offer (不用, 先不, 算了)."""
    return bool(pattern(_POLITE_DECLINE).match(text))


# a brief 要 naming what it takes ("要视频", "要，拍一份"): at most eight characters after it, none a
# courtesy or a question
_YES_NAMES_PICK = r"^要[，,\s]*(?![的吧啊了呀不么])[^，,。！!？?\s]{1,8}[。！!]?$"


def bare_no(text: str) -> bool:
    """True when text is a bare "不，"."""
    return bool(pattern(_BARE_NO).match(text))


def accepts(text: str) -> bool:
    """True when text opens by agreeing (好的, 可以, 没问题)."""
    return bool(pattern(_ACCEPTANCE).match(text))


def yes_names_pick(text: str) -> bool:
    """True when a brief 要 names what it takes ("要视频", "要，拍一份"): not "要的", "要不..." nor a
    courtesy after it (_YES_NAMES_PICK)."""
    return bool(pattern(_YES_NAMES_PICK).match(text))


def soft_preference(text: str) -> bool:
    """True when the clause softens its values into a preference (尽量, 最好, 优先)."""
    return bool(pattern(_SOFT_PREFERENCE, re.I).search(text))


def negation_pair(text: str) -> bool:
    """True when the text after a negation states its positive half (但, 而是, 就行)."""
    return bool(pattern(_NEGATION_PAIR, re.I).search(text))


# a go-ahead for the task in play: a verb of carrying it out with no object of its own (帮我下单,
# 那就提交吧, 就这样办理)
_GO_AHEAD = re.compile(r"(?:下单|提交|办理|办了|付款|支付|确认|搞定)(?:吧|了|一下|吧。)?[。！!～~]*$")


def requests_new(text: str) -> bool:
    """True when the clause asks for something (帮我订, 想找): any intent cue; a Chinese clause
    names its request with the intent verb itself. A go-ahead for the task in play ("懂了，那就这样，
    帮我下单") asks for nothing new."""
    return intent_cue(text) and not _GO_AHEAD.search(text.strip())


def changes_value(text: str) -> bool:
    """True when the clause only changes a value already in play (改成周三, 换成两份): a correction,
    never a new goal."""
    return bool(pattern(_CHANGES_VALUE, re.I).search(text))


def self_doubt(text: str) -> bool:
    """True when the speaker doubts what it said (我不确定, 刚才说错)."""
    return bool(pattern(_SELF_DOUBT, re.I).search(text))


def quotes_back(text: str) -> bool:
    """True when the user points at their own earlier words (我刚才说的, 上一个问题)."""
    return bool(pattern(_QUOTES_BACK).search(text))


def narrates(text: str) -> bool:
    """First-person narration of a next step: not told apart in Chinese (a clause there states its
    values or asks; coverage keeps a short one of the user's own either way)."""
    return False


def asks_about_other(text: str) -> bool:
    """True when the clause asks about another value beside the one in play (那上海呢, 周日呢？,
    换成X呢 is a correction and is left to the correction cues)."""
    return bool(pattern(_ASKS_ABOUT_OTHER).search(text))


def opens_task(text: str) -> bool:
    """True when the clause asks for something new to be found or booked (帮我找一家酒店, 另外想订),
    not another option of the search in play (别的, 换一个)."""
    if pattern(ANOTHER_OPTION).search(text):
        return False
    return bool(pattern(_REQUEST).search(text) or (adds_task(text) and intent_cue(text)))


def asks_end(text: str) -> bool:
    """True when a question asks about the end of a span (哪天回来, 几号退房, 什么时候还车)."""
    return bool(pattern(_ASKS_END).search(text))


_YES_NO_QUESTION = re.compile(r"[吗么嘛]\s*[?？]?\s*$")


def asks_yes_no(question: str) -> bool:
    """True when a question asks for a yes or a no (需要帮您预订吗？), not for a value (寄到哪里？,
    全额还款还是最低还款？)."""
    q = question.strip()
    return bool(_YES_NO_QUESTION.search(q)) and "还是" not in q


_ZH_LAST_QUESTION = re.compile(r"([^。？！?!]*)[？?][^？?]*$")
_ZH_OPTION_CUT = re.compile(r"还是")
_ZH_LABEL = re.compile(r"[：:]")
MAX_OPTION_CHARS = 10


def last_question(text: str) -> tuple[int, str]:
    """Where the last question of a turn starts and its text ("用之前的支付宝付款吗"), (-1, "") when it
    asks none."""
    return last_match_span(_ZH_LAST_QUESTION, text)


def alternatives(text: str) -> tuple[str, list[str]]:
    """The label and the options of the alternatives a turn's last question offers ("缴费期：10年交
    还是20年交？" -> ("缴费期", ["10年交", "20年交"])); ("", []) when it offers none. With no colon,
    the first option is cut to as many characters as the last one has ("您要全额还款还是最低还款？")."""
    m = _ZH_LAST_QUESTION.search(text)
    if m is None or "还是" not in m.group(1):
        return "", []
    pieces = _ZH_LABEL.split(m.group(1))
    label, body = ("：".join(pieces[:-1]), pieces[-1]) if len(pieces) > 1 else ("", pieces[0])
    body = re.split(r"[，,；;]", body)[-1]
    parts = [p.strip() for p in _ZH_OPTION_CUT.split(body) if p.strip()]
    if len(parts) < 2:
        return "", []
    if not label:
        parts[0] = parts[0][-len(parts[-1]) :]
    if any(len(p) > MAX_OPTION_CHARS for p in parts):
        return "", []
    return label.strip(), parts


def adds_task(text: str) -> bool:
    """True when the clause names a task beside the one in play (另外, 还要, 也想)."""
    return bool(pattern(_ADDS_TASK).search(text))


def closes(text: str) -> bool:
    """True when the clause closes the conversation (就这些, 没有别的了)."""
    return bool(pattern(_CLOSING).search(text))


def offers_more(text: str) -> bool:
    """True when the assistant asks whether the user wants anything more (还有什么需要帮您的吗)."""
    return bool(pattern(_OFFERS_MORE).search(text))


def bounds(before: str, after: str) -> bool:
    """True when the words around a value make it a bound of a search (至少 ..., ... 以上 / 以后)."""
    return bool(pattern(_BOUND_BEFORE).search(before) or pattern(_BOUND_AFTER).search(after))


# a thing named at the start of its clause and 也 right after it ("陶粒也加到", "土也要"): the value after is
# that thing's, as well as the one held; not a person (我也要, 他也) nor a demonstrative (这也)
_ALSO_ANOTHER = r"(?:^|[，,。；;！!？?\s])(?![我你他她它咱您这那都])[\u4e00-\u9fff]{1,6}也[^，,。；;！!？?]*$"


def also_another(before: str) -> bool:
    """True when the clause before a value names another thing the value is of as well (_ALSO_ANOTHER)."""
    return bool(pattern(_ALSO_ANOTHER).search(before))


def or_connective(text: str) -> bool:
    """True when text joins alternatives (或者, 还是)."""
    return bool(pattern(_OR_CONNECTIVE, re.I).search(text))


def place_before(before: str, at: bool = False) -> bool:
    """True when the words right before a name place it (在, 到, 去): a venue. at (where a thing is
    held): no cue, as 在 also follows a verb ("除外责任写在保单上": written on the policy)."""
    return not at and before.rstrip().endswith(("在", "到", "去"))


def strip_free(text: str) -> str:
    """An amenity without its leading 免费."""
    return pattern(_FREE_PREFIX).sub("", text)


def day_of_month(text: str) -> re.Match[str] | None:
    """The first day of the month written with 日 / 号 ("11号")."""
    return pattern(_DAY_OF_MONTH).search(text)


def names_month(text: str) -> bool:
    """True when text names a month ("3月")."""
    return bool(pattern(_MONTH_NAME, re.I).search(text))


def numeral_values(text: str) -> list[float]:
    """The values of the Chinese numerals in text ("五千" -> 5000, "一万五" -> 15000)."""
    out = []
    for m in pattern(_NUMERAL).finditer(text):
        value = zh_numeral(m.group(0))
        if value is not None:
            out.append(float(value))
    return out


def zh_numeral(text: str) -> int | None:
    """Value of a Chinese numeral; a trailing digit after a unit counts one unit lower (一万五 = 15000)."""
    total, section, digit, last_unit = 0, 0, None, 1
    for ch in text:
        if ch in _DIGITS:
            digit = _DIGITS[ch]
        elif ch in _UNITS:
            unit = _UNITS[ch]
            if unit == 10000:
                total += (section + (digit or 0)) * unit
                section = 0
            else:
                section += (digit if digit is not None else 1) * unit
            digit, last_unit = None, unit
        else:
            return None
    if digit is not None and last_unit > 10 and text[-2] in _UNITS:
        return total + section + digit * last_unit // 10
    return total + section + (digit or 0)


GOAL_STOPWORDS: frozenset[str] = frozenset()  # a Chinese goal drops its fillers whole (strip_fillers)
LIGHT_WORDS: frozenset[str] = frozenset()  # Chinese coverage looks at character pairs, not words
# a character pair with one of these speaks of the speaker, a relative or the sentence, not of its
# topic ("我表" of 我表哥 and 我表嫂, "奶奶", "爸说")
_LIGHT_PAIR_CHARS = frozenset("我你您他她它咱的了吗呢吧啊呀么说爸妈奶爷姥")
ARTICLES: frozenset[str] = frozenset()
INDEFINITE_ARTICLES: frozenset[str] = frozenset()


def light_unit(unit: str) -> bool:
    """True for a character pair holding a pronoun, a particle, a relative or a verb of saying: no topic
    of a clause."""
    return any(ch in _LIGHT_PAIR_CHARS for ch in unit)


def ends_with_determiner(text: str) -> bool:
    """Chinese domain words are not preceded by a determiner that makes them a reference."""
    return False


def is_bare_one(word: str) -> bool:
    """Chinese counts carry a measure word; no bare "one" to tell from a count."""
    return False


_AT_GAP = re.compile(r"\s*在\s*")


def places_at(gap: str) -> bool:
    """True when the words between two names put the first at the second ("王医生在协和医院")."""
    return _AT_GAP.fullmatch(gap) is not None


_TIME_RANGE_GAP = re.compile(r"\s*(?:到|至|~|～|-|—|–)\s*")


def ranges_to(gap: str) -> bool:
    """True when the words between two times make them one span ("上午9点到11点")."""
    return _TIME_RANGE_GAP.fullmatch(gap) is not None


def labelled_numbers(text: str) -> list[str]:
    """No Chinese reading yet: a label's numbers ("2号和5号箱") are typed with their label."""
    return []
