"""Chinese clause kinds, domains, stress, corrections and assistant action markers, by cue words."""

from __future__ import annotations

import re

from core.lang.zh_cues import opens_task
from core.lang.zh_lexicon import REF_CUES, TRANSPORT_DOMAINS, VENUE_DOMAINS, WEAK_DOMAINS, word_list
from core.model_kinds import AtomKind, Role
from core.models import ActionMarker

_GREETING = re.compile(r"^(?:你好|您好|嗨|哈喽|hello|hi|早上好|下午好|晚上好|在吗)[啊呀！!，,。.~～]*$", re.I)
_FILLER = re.compile(
    r"^(?:[好嗯哦行恩]+[的吧啊呀了，,、\s]*)?"
    r"(?:谢谢|多谢|感谢|非常感谢|太感谢|谢了|没有了|没了|没有别的|再见|拜拜|不客气|不用客气|别客气|不用谢|"
    r"没事|没有其他|没有其它|不用了|收到|好的谢谢)"
)
# an assistant's acknowledgement or promise to wait, check or come back: no result, no option
_PROMISE = re.compile(
    r"已记录|记下了|记好了|已备注|已登记|请(?:您)?(?:耐心)?(?:等待|稍等|稍候)|耐心等待|稍等|稍候|请稍|"
    r"(?:统一)?核对(?:后|一下)|马上为您|我(?:来|先)?(?:查|看|核实|确认)一下|正在(?:为您)?(?:查询|处理|核实)"
)
# an interrogative character inside a word that asks nothing is no question: 茶几 (coffee table),
# 几乎 (almost), 哪怕 (even if), 那么/这么/多么 (so)
_QUESTION = re.compile(
    r"[吗？?]|(?<![那这多])么|请问|什么|哪(?!怕)|(?<!茶)几(?!乎)|多少|是否|怎么|如何|有没有|是不是|能不能|可不可以|"
    r"行不行|咋样|啥"
)
# "几" that counts a few, not asks how many: 好几个, 十几, 几十, 这几天, and "有几个同事，..." stating a
# few of something before the clause goes on (a statement without a question mark or particle), and a
# count announcing the list a colon opens ("几个要求：一是…", "几点要求:")
_FEW = re.compile(
    r"[好十这那]几|几(?=[十百千万])|(?:^|[，,。；;])有几[个位名家条只件]|几[个点条项件][^，,。；;？?]{0,4}[：:]"
)
_ASKS_ANYWAY = re.compile(r"[吗？?]")
# a clause ending on what suffices ("跟他下班后去哪里，拍照就好", "哪天都行") states: its question word
# names what is meant ("where he goes") or any of it ("any day"), no question is asked
_SUFFICES = re.compile(r"(?:就好|就行|就可以|就够了?|即可|都行|都可以)[了啦哈吧啊呀。！!\s]*$")
# 呢 asks before a question mark, or after a thing named alone ("你呢", "那上海呢", "撤场呢"); after a
# clause that says something ("他出一半呢", "我在开会呢") or a quality stressed ("好着呢", "早着呢") it
# stresses what it says
_NE_ASKS = re.compile(
    r"呢(?=\s*[？?])|(?:^|[，,。；;])\s*(?:那|还有)?(?:[你您他她我]们?|(?![你您他她我])[\u4e00-\u9fff]{1,4})(?<!着)呢"
)
_INSTRUCTION = re.compile(
    r"帮我|帮忙|请(?!问)|给我|麻烦|替我|为我|帮.{0,3}(?:订|查|找|预|叫|推荐)|告诉我|发给我|订一|预订|预定"
)
_PREFERENCE = re.compile(r"喜欢|想要|最好|希望|倾向|偏好|更爱|爱吃|想吃|想去|想住|想找|想")
_CONFIRM = re.compile(
    r"^(?:好的|好啊|好吧|好|可以|行|行的|对|对的|是的|嗯|恩|哦|噢|没问题|就这个|就这家|就它|OK|ok|确定|同意|"
    r"知道了|明白|了解|记下|记住了|收到)"
)
_CONSTRAINT = re.compile(r"必须|需要|要求|务必|一定|只要|至少|最多|不超过|以内|以上|以下|之间")
_VALUE_HINT = re.compile(
    r"\d|[两三四五六七八九十百千万]+[元块分天晚位个人间]|免费|[\u4e00-\u9fff]{2}型(?<![类车房户机大小]型)"
)
_PINNED = re.compile(
    r"务必|(?<!不)一定|必须|千万|记住|切记|别忘|(?:很|非常|特别|最)重要|重要的是|这很重要|绝对|"
    # 得 as "must" before what must hold ("马桶得能用", "你得先问我"), not 觉得 / 记得 / 值得 / 累得要命
    r"(?<![觉记获取值懂显使免舍难晓认省只])得(?=能|要|先|有|给|保证|留)(?!要命|要死)|"
    # consent: to be asked or told first
    r"先.{0,5}(?:问问?我|告诉我|通知我|联系我|[跟和]我(?:确认|商量|说|讲))|(?:经过|征得|得到)我的?同意"
)
_CORRECTION = re.compile(
    r"改成|换成|改为|换为|改到|换到|改一下|更正|不对|说错了|搞错了|弄错了|写错了|错了|"
    # a day or an hour moved ("能不能挪到五月十五号", "推迟到周五", "延后到12点半")
    r"挪到|移到|推迟到|推到|延到|延期到|延后到|"
    r"不是.{1,15}?[，,]?(?:而)?是|还是.{1,15}吧|算了.{0,8}(?:换|改|要|去|订)|应该是|其实是|"
    r"重新(?:订|选|改)|换一个|换一家|"
    r"(?:(?:加|提|降|减|调|涨|升|提高|降低|增加|减少|放宽)|其实.{0,3})到\s*[\d一二两三四五六七八九十百千万]"
)
_ALTERNATIVE = re.compile(
    r"要不|换成|改成|改为|可以换|或者|不如|怎么样|如何|行吗|可以吗|好吗|替代|代替|"
    r"没有了|已满|订满|满了|售罄|卖完|不可用|无法预订|只剩|只有|最近的|最早的|最晚的|"
    # "不过" offers what it says is possible ("满了，不过8点可以"), not a caveat ("不过安装时要开地板")
    r"不过(?=[^，,。；]{0,12}(?:可以|有空|还有|能))"
)
_RESULT = re.compile(r"推荐|为您找到|查到|找到|有以下|以下|周边.{0,6}有|有[^，。]{1,20}[、,，]")
_DONE = re.compile(
    r"已(?:经)?(?:为您|给您|帮您|替您)?(?:成功)?(?:预订|预定|预约|订好|订了|下单|办理|安排|完成|叫|发送|取消|修改|"
    r"提交|修复|退款|寄出|发出|开通|更新|合并|部署)|"
    r"预订成功|预定成功|预约成功|下单成功|订好了|办好了|搞定了|安排好了"
)
_FAILED = re.compile(
    r"抱歉|对不起|不好意思|没有查到|没查到|没有找到|没找到|无法|失败|不能为您|暂无|没有符合|报歉"
)
_OFFERED = re.compile(
    r"需要(?:我)?(?:帮|为|给)您.{0,10}吗|要不要(?:我)?(?:帮|为)?您?|是否需要|需要为您|需要预订吗|"
    r"要(?:我)?(?:帮|为|给)您.{0,10}吗"
)
_PENDING = re.compile(
    r"正在(?:为您|帮您|给您|查询|查找|预订|预定|处理|办理)|马上(?:为您|帮您)|这就(?:为您|帮您)"
)
_ACTION_VERBS = word_list(
    "预订 预定 预约 下单 取消 修改 查询 查找 推荐 叫车 呼叫 发送 安排 办理 支付 转账 "
    "提交 修复 退款 开通 合并 部署"
)
_REF = re.compile(
    rf"(?:{'|'.join(REF_CUES)}|参考号|工单号|合同号|会员号|登记号)(?:是|为|:|：)?\s*"
    r"([A-Za-z0-9][A-Za-z0-9-]{2,})"
)
_TOOL_FAILED = re.compile(r"失败|错误|error|无法|异常", re.I)
_BANK_CARD = re.compile(r"卡(?!车|拉|通|片|座)")
_BANK_CUE = re.compile(r"办|申请|信用|储蓄|银行|额度")


def proposes_alternative(text: str) -> bool:
    """True when the clause offers a value in place of another (要不, 换成, ...怎么样, 已满, 只有, 不过)."""
    return bool(_ALTERNATIVE.search(text))


def asks(t: str) -> bool:
    """True when the clause asks something: a question word or particle, not a "几" that counts a few
    ("有几个回族同事，要单独一桌清真的" states; "有几个房间？" asks)."""
    if _ASKS_ANYWAY.search(t) or _NE_ASKS.search(t):
        return True
    if _SUFFICES.search(t):
        return False
    few = {i for m in _FEW.finditer(t) for i in range(m.start(), m.end())}
    return any(not (m.group() == "几" and m.start() in few) for m in _QUESTION.finditer(t))


def user_kind(t: str, has_negation: bool) -> AtomKind:
    """Kind of a user clause: correction, greeting, filler, instruction, question, constraint, ..."""
    if _CORRECTION.search(t):
        return "correction"
    if _GREETING.match(t):
        return "greeting"
    if len(t) <= 16 and _FILLER.match(t):
        return "filler"
    if _INSTRUCTION.search(t):
        return "instruction"
    if asks(t):
        return "question"
    if has_negation or _CONSTRAINT.search(t) or _VALUE_HINT.search(t):
        return "constraint"
    if _PREFERENCE.search(t):
        return "preference"
    if _CONFIRM.match(t):
        return "confirmation"
    return "answer"


def assistant_kind(t: str, role: Role) -> AtomKind:
    """Kind of an assistant (or tool) clause: action, question, result, answer, greeting, filler."""
    if role == "tool":
        return "result"
    if _GREETING.match(t):
        return "greeting"
    # "已登记" with a reference beside it ("已登记，单号WQ-1223-12") reports a result
    promise = _PROMISE.search(t) is not None and not _REF.search(t)
    if (len(t) <= 12 and _FILLER.match(t)) or (len(t) <= 4 and _CONFIRM.match(t)) or promise:
        return "filler"
    marker = action_marker(t, "assistant")
    if marker is not None and marker.status in ("done", "pending"):
        return "action"
    if (marker is not None and marker.status == "offered") or re.search(r"[吗？?]\s*$", t):
        return "question"
    if _RESULT.search(t):
        return "result"
    return "answer"


# verbs of wanting or going right before an activity word: the user wants to do it next
_WANTS = frozenset("想要去")


def domain_of(text: str, current: str | None = None) -> str | None:
    """The task domain text names: a transport word first, else the last venue word, else None.
    current: the domain in play. A weak word (an activity or a part of a service: 入住, 吃饭, 下雨,
    付款) counts only when no domain is current, or the clause asks for something new (帮我找,
    另外想订), asks about it ("周边吃饭方便吗？") or says the user wants to do it next (想去住宿):
    stated mid-task it is said about the task in play ("多了住宿押金" while a transfer is made,
    "入住时间1月1号" for a flat being rented), and switching would split one task's values."""
    for word, dom in TRANSPORT_DOMAINS:
        if word in text:
            return dom
    stated = current is not None and not opens_task(text) and not asks(text)
    best: tuple[int, str] | None = None
    for word, dom in VENUE_DOMAINS:
        i = text.rfind(word)
        if i >= 0 and (best is None or i > best[0]):
            best = (i, dom)
    for word, dom in WEAK_DOMAINS:
        i = text.rfind(word)
        wanted = i > 0 and text[i - 1] in _WANTS  # "想去住宿", "要吃饭": the user wants to do it next
        if i >= 0 and (not stated or wanted) and (best is None or i > best[0]):
            best = (i, dom)
    if best is None and _BANK_CARD.search(text) and _BANK_CUE.search(text):
        return "bank"
    return best[1] if best else None


def is_pinned(text: str) -> bool:
    """True when the clause is stressed (务必, 一定, 必须, 千万, 记住, 重要)."""
    return bool(_PINNED.search(text))


def is_correction(text: str) -> bool:
    """True when the clause replaces an earlier value (改成, 换成, 不是…是, 还是…吧, 算了…换)."""
    return bool(_CORRECTION.search(text))


def action_marker(text: str, role: Role) -> ActionMarker | None:
    """What an assistant or tool turn reports done, failed, pending or offers; None otherwise."""
    if role in ("user", "system"):
        return None
    verb = next((v for v in _ACTION_VERBS if v in text), None)
    ref_m = _REF.search(text)
    ref = ref_m.group(1) if ref_m else None
    if role == "tool":
        status = "failed" if _TOOL_FAILED.search(text) else "done"
        return ActionMarker(verb=verb or "tool", status=status, ref=ref)
    if _DONE.search(text):
        return ActionMarker(verb=verb or "预订", status="done", ref=ref)
    if _OFFERED.search(text):
        return ActionMarker(verb=verb or "预订", status="offered", ref=ref)
    if _PENDING.search(text):
        return ActionMarker(verb=verb or "处理", status="pending", ref=ref)
    if _FAILED.search(text):
        return ActionMarker(verb=verb or "查询", status="failed", ref=ref)
    return None
