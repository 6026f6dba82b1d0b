"""Chinese prohibitions and dislikes, kept whole to the end of their clause.

"我不想要年费高的卡" -> Negation(text="我不想要年费高的卡", cue="不想要", target="年费高的卡").
Courtesy phrases ("不用了，谢谢", "没有了", "不客气"), questions of the form "能不能", reports of
absence ("周边没有酒店") and words that merely contain a cue ("分别", "不错") are not constraints.
"""

from __future__ import annotations

import re

from core.lang.zh_kinds import asks
from core.lang.zh_lexicon import word_list
from core.lang.zh_segment import tokens
from core.models import Negation

_CUES = word_list(
    """
    不想要 不需要 不要 不想 不能超过 不能 不可以 不允许 不用 不吃 不喝 不喜欢 不爱 不含 不加 不放 不带
    不超过 千万别 千万不要 别 禁止 严禁 拒绝 不许 没有 无需 不必 不接受 不考虑 不去 不住 不坐 不选
    莫要 嫑
    """
)
_CUE_RE = re.compile("|".join(sorted(_CUES, key=len, reverse=True)))
_CLAUSE_PUNCT = "，,。！？!?；;\n…"
# Phrases starting with a cue that are courtesy or reports, not constraints
_NOT_CONSTRAINT = re.compile(
    r"(?:不用了|不用客气|不用谢|没有了|没有别的|没有其他|没有其它|没事|没关系|没问题|不客气|别客气|不错|不过|"
    r"不好意思|不知道|不想了|不用麻烦|没有问题|没有需要|别的|别人|别处|别家)"
)
# "没有" states a wish only after these ("最好没有…"); otherwise it reports a fact ("周边没有酒店")
_WANT_NONE = re.compile(r"(?:最好|希望|要求|必须|需要|要|得)$")
_MAX_QUALIFIER = 5  # characters before a cue that say whose or when the prohibition is ("员工的")
_SUBJECT = re.compile(r"(?:我们|我|你|您|请|就|也|还|都|千万|一定|可|最好|但|但是|而且|并且|先|暂时)+$")
_ADVERBS_ONLY = re.compile(r"(?:就|也|还|都|可|先|暂时)+")
_LIGHT_VERBS = tuple("放加吃喝要用坐住选订买带去")
_VERB_CUES = ("别", "不要", "千万别", "千万不要", "莫要", "嫑")  # 莫要, 嫑: "don't" in dialects
_TAIL = re.compile(r"[了吧啊呀哦哈呢嘛的]+$")


def find_negations(text: str) -> list[Negation]:
    """Every negation constraint of text, each kept whole from its subject to its clause end."""
    out: list[Negation] = []
    last_end = -1
    starts: set[int] | None = None
    for m in _CUE_RE.finditer(text):
        i, cue = m.start(), m.group(0)
        if i < last_end:
            continue
        if starts is None:
            starts = {p for _, _, p in tokens(text)}
        if i not in starts:  # "别" inside "分别": the cue must start a word
            continue
        if 0 < i < len(text) - 1 and text[i - 1] == text[i + 1]:  # "能不能", "要不要": a question
            continue
        if cue == "没有" and not _WANT_NONE.search(text[max(0, i - 4):i]):
            continue
        if _NOT_CONSTRAINT.match(text, i):
            continue
        end = m.end()
        while end < len(text) and text[end] not in _CLAUSE_PUNCT:
            end += 1
        rest = _TAIL.sub("", text[m.end():end]).strip()
        if not rest:
            continue
        start = _subject_start(text, i)
        target = rest
        if cue in _VERB_CUES and len(target) > 1 and target.startswith(_LIGHT_VERBS):
            target = target[1:]  # "别放香菜" negates 香菜
        out.append(Negation(text=text[start:end].rstrip(), cue=cue, target=target))
        last_end = end
    out += _bare_bu(text, out)
    out += _cannot(text, out)
    out += _postposed(text, out)
    return sorted(out + _allergies(text, out), key=lambda n: text.find(n.text))


# a bare 不 before an action verb declines or forbids that action ("不租给养宠物的", "先不做过敏检测",
# "不游泳"); 不 before a state, a feeling or knowing reports how things are ("不知道", "不急", "不在")
_STATIVE = word_list(
    """
    知道 懂 认识 确定 记得 清楚 明白 理解 了解 觉得 认为 晓得 反感 介意 在意 在乎 担心 着急 急 愁 怕 满意
    习惯 敢 会 属于 等于 像 算 够 存在 同意 舍得 记 懂得 放心 开心 高兴 喜欢 想
    """
)
_VERB_FLAGS = ("v", "vn", "vd", "vi")
# a person, a verb, 不 and a result ("他弄不来", "我搬不动"): what they cannot manage, nothing forbidden
_RESULT_AFTER_BU = frozenset("来 了 起 动 完 到 下 住 惯 开 懂 清".split())
_PERSON_BEFORE = re.compile(r"(?:他|她|我|你|您|他们|她们|我们|老人|孩子)(?:也|都|还|可|就)?$")


def _bare_bu(text: str, taken: list[Negation]) -> list[Negation]:
    """Negations of a standalone 不 right before an action verb (jieba's verb tags, not a stative
    verb, not an A-not-A question "提不提供"), kept whole from its subject to the clause end."""
    out: list[Negation] = []
    toks = tokens(text)
    for k, (word, _flag, i) in enumerate(toks[:-1]):
        nxt, flag, j = toks[k + 1]
        if word != "不" or not flag.startswith(_VERB_FLAGS) or nxt in _STATIVE:
            continue
        if text[i - 1:i] == nxt[:1]:  # "提不提供", "赔不赔": a question
            continue
        if nxt in _RESULT_AFTER_BU and k > 1 and toks[k - 1][1].startswith("v") and _PERSON_BEFORE.search(
            text, 0, toks[k - 1][2]
        ):
            continue  # "他弄不来", "我搬不动": what a person cannot manage, no prohibition
        if any(n.text and text.find(n.text) <= i < text.find(n.text) + len(n.text) for n in taken):
            continue
        end = j
        while end < len(text) and text[end] not in _CLAUSE_PUNCT:
            end += 1
        target = _TAIL.sub("", text[j:end]).strip()
        start = _subject_start(text, i)
        if target and "吗" not in text[j:end]:
            out.append(Negation(text=text[start:end].rstrip(), cue="不", target=target))
    return out


# a rejection after what it rejects, at the end of its clause: "只保6种的不要", "千岛酱那种不要",
# "意外不要了", "头孢也不行", "分期什么的我不要" (the thing is said first, the verdict last); what stays as it
# is ("雷霆不换", "试听不变"): no change to it
_STAYS = ("不换", "不变", "不改", "不动")
_POSTPOSED = re.compile(
    rf"(?:不要|不行|不用|不考虑|不需要|不想要|{'|'.join(_STAYS)})[了吧啊呀哦]*(?=$|[，,。！？!?；;\n…])"
)
_LEAD = re.compile(r"^(?:那就|那|就|还是|还有|嗯|啊|哦|对|另外|而且|但是|但)+")
_TRAIL = re.compile(r"(?:的|那种|那个|这种|这个|那些|这些|什么的|之类的|我们|我|也|都|就|可|还是|就是)+$")
_PRONOUNS = frozenset(("这", "那", "它", "这个", "那个", "这种", "那种", "都", "全", "全部"))


def _named_before(text: str, start: int) -> tuple[int, str] | None:
    """(start, thing) of the part of text right before start (after a comma) that names the thing a
    pronoun then rejects ("网上说有那种带回家的便携式的，那个不要"); None without one."""
    if start < 1 or text[start - 1] not in "，,":
        return None
    begin = start - 1
    while begin > 0 and text[begin - 1] not in _CLAUSE_PUNCT:
        begin -= 1
    thing = _TRAIL.sub("", _LEAD.sub("", text[begin : start - 1]).strip()).strip()
    return (begin, thing) if len(thing) >= 2 and "吗" not in thing else None


def _postposed(text: str, taken: list[Negation]) -> list[Negation]:
    """Rejections placed after what they reject (see _POSTPOSED), kept whole from the clause start;
    a bare "不要了" or "这个不行" names nothing, and a clause a negation already covers is left alone."""
    out = []
    for m in _POSTPOSED.finditer(text):
        start = m.start()
        while start > 0 and text[start - 1] not in _CLAUSE_PUNCT:
            start -= 1
        clause = text[start:m.start()].strip()
        target = _TRAIL.sub("", _LEAD.sub("", clause).strip()).strip()
        if (clause in _PRONOUNS or target in _PRONOUNS) and (named := _named_before(text, start)) is not None:
            start, target = named  # "便携式的，那个不要": the part before names what "那个" is
        if len(target) < 2 or target in _PRONOUNS or "吗" in clause:
            continue
        if m.group(0).startswith(_STAYS) and re.search(r"\d", target):
            continue  # "月供 4905 不变": the value said again, which the facts hold, no rule of the user's
        if any(n.text in text[start:m.end()] or text[start:m.end()] in n.text for n in taken):
            continue
        cue = _TAIL.sub("", m.group(0)) or m.group(0)
        out.append(Negation(text=text[start:m.end()].strip(), cue=cue, target=target))
    return out


# an allergy or an intolerance forbids what it names: "青霉素过敏", "对磺胺过敏", "有个同事海鲜过敏",
# "乳糖不耐受", "乳糖不耐" said to the clause's end (not "不过敏", "过敏史", "不耐烦")
_ALLERGY = re.compile(
    r"(?:对)?(?P<t>[^，,。！？!?；;、\s对]{1,12}?)(?:也|都)?(?:过敏|不耐受|不耐(?=[，,。！？!?；;、\s]|$))(?!史|吗|么|原|源)"
)
_NOT_ALLERGEN = re.compile(r"(?:不|没|没有|无|有点|容易|会|是否|有没有|得)$")


# a verb, then 不了 (cannot), then what cannot be done: "这孩子喝不了牛奶", "我吃不了辣"
_CANNOT = re.compile(r"(?P<v>[喝吃用坐住走爬等睡戴穿碰闻])不了(?P<t>[^，,。！？!?；;、\s吗呢]{1,8})")


def _cannot(text: str, taken: list[Negation]) -> list[Negation]:
    """What the speaker cannot take ("喝不了牛奶", "吃不了辣"), as prohibitions of it, unless a
    negation already covers them."""
    out = []
    for m in _CANNOT.finditer(text):
        if any(_overlaps(text, n.text, m.span()) for n in taken):
            continue
        start = _subject_start(text, m.start())
        out.append(Negation(text=text[start:m.end()], cue="不了", target=m.group("t")))
    return out


def _allergies(text: str, taken: list[Negation]) -> list[Negation]:
    """Allergies of text as prohibitions of their allergen, unless a negation already covers them."""
    out = []
    for m in _ALLERGY.finditer(text):
        target = re.sub(r"^(?:有个|一个|我|他|她|我们|我妈|我爸|同事|孩子|家人)+", "", m.group("t"))
        inside = any(_overlaps(text, n.text, m.span()) for n in taken)
        if not target or _NOT_ALLERGEN.search(m.group("t")) or inside:
            continue  # an allergy word inside a negation is its object ("先不做过敏检测")
        out.append(Negation(text=m.group(0), cue="过敏", target=target))  # or 不耐受: intolerant
    return out


def _overlaps(text: str, part: str, span: tuple[int, int]) -> bool:
    """True when part (found in text) and text[span[0]:span[1]] share a character."""
    at = text.find(part) if part else -1
    return at >= 0 and at < span[1] and span[0] < at + len(part)


def _subject_start(text: str, cue_start: int) -> int:
    """Start of the negated phrase: the cue, or the subject right before it ('我不想要…')."""
    clause_start = cue_start
    while clause_start > 0 and text[clause_start - 1] not in _CLAUSE_PUNCT:
        clause_start -= 1
    subj = _SUBJECT.search(text[clause_start:cue_start])
    topic = text[clause_start : clause_start + subj.start()] if subj else ""
    if subj and _ADVERBS_ONLY.fullmatch(subj.group(0)) and 0 < len(_LEAD.sub("", topic)) <= _MAX_QUALIFIER:
        # "那书柜就不做了": the thing declined comes before the adverb, and without it nothing is said
        return clause_start + len(topic) - len(_LEAD.sub("", topic))
    if subj:
        return clause_start + subj.start()
    lead = text[clause_start:cue_start]
    if 0 < len(lead.strip()) <= _MAX_QUALIFIER and not asks(lead):
        # whose or when the prohibition is: "员工的不要印logo", "送之前别打电话", "会议室里别放酒水"
        return clause_start + len(lead) - len(lead.lstrip())
    return cue_start


# a request put as a question for an action not done: "能不能不砸砖？", "可以不加香菜吗", "可不可以别打电话"
_ASKED_NOT = re.compile(r"(?:能不能|可不可以|可以|能)(?P<neg>(?:不|别)(?P<t>[^，,。！？!?；;\n…吗呢吧]+))")


def asked_negations(text: str) -> list[Negation]:
    """The negated actions a yes/no request asks for (see _ASKED_NOT), each as a prohibition, and
    the prohibitions the clause states before it asks ("我们有几个回族同事，不要腊味，能换吗": 不要腊味)."""
    # "能不能少两个人" asks "can it be fewer": its 不 is the question's, no negated action
    found = [m for m in _ASKED_NOT.finditer(text) if text[m.start("neg") - 1] != text[m.start("t")]]
    out = [Negation(text=m.group("neg"), cue=m.group("neg")[0], target=m.group("t")) for m in found]
    parts = re.split(r"[，,；;]", text)[:-1]
    # the parts before the question part ("不要腊味，能换吗"): those that ask nothing state
    stated = [n for part in parts if not asks(part) for n in find_negations(part)]
    return out + [n for n in stated if all(n.text not in o.text for o in out)]
