"""Chinese numbers typed by the attribute they measure, not by a guessed count or amount.

A bare number is the value of some attribute, and numbers of different attributes coexist: "年收入
大概15万" (an income) and a later "额度五万" (a credit limit) are two facts, not one amount replacing
another. Two readings, from the words around the number (general knowledge):

- a relative before it: "爸爸66，妈妈63", "我爸71我妈68", "孩子3岁" -> father_age, mother_age,
  child_age (at most 120; the span keeps the relative: "孩子3岁" says whose age it is);
- an attribute noun before it, with a period and a bound that belong to the value: "年收入大概15万"
  -> income, "保价2000" -> value, "预算是4000" -> budget, "一年不超过3000" -> budget (a ceiling a
  year, said without the noun);
- a noun of a sum due before an amount of money: "合计1540元", "购物车合计341元", "共2799元" -> total,
  "学费2780元", "补卡工本费10元" -> fee (a noun ending in 费), "金额683.6元" -> total, "应缴约125元" -> due,
  "差价155元" -> refund, "每人300元，两人600元" -> the 600 a total (a group's price after a unit's).
  What a turn reports as the sum the user pays is its
  own attribute: a later quoted price or a free extra stands beside it, never replaces it.

``asked_attribute`` reads the attribute an assistant's question asks for ("请问叔叔多大？" -> age,
"需要保价吗？" -> value), so a bare number answering it is keyed by it (core.extract).
"""

from __future__ import annotations

import re
from functools import cache

from core.lang.asked_nouns import zh_asked_noun
from core.lang.patterns import pattern
from core.lang.zh_numbers import ARABIC, fmt_number, zh_to_number
from core.lang.zh_segment import tokens

KIN = {
    "爸爸": "father", "我爸": "father", "老爸": "father", "父亲": "father", "爸": "father",
    "妈妈": "mother", "我妈": "mother", "老妈": "mother", "母亲": "mother", "妈": "mother",
    "老奶奶": "grandmother", "奶奶": "grandmother", "外婆": "grandmother", "姥姥": "grandmother",
    "老爷爷": "grandfather", "爷爷": "grandfather", "外公": "grandfather", "姥爷": "grandfather",
    "孩子": "child", "小孩": "child", "儿子": "son",
    "女儿": "daughter", "老婆": "wife", "妻子": "wife", "老公": "husband", "丈夫": "husband",
    "公公": "father_in_law", "婆婆": "mother_in_law", "岳父": "father_in_law", "岳母": "mother_in_law",
}  # fmt: skip
ATTRIBUTE_NOUNS = {
    "年收入": "income", "月收入": "income", "收入": "income", "工资": "income", "月薪": "income",
    "年薪": "income", "预算": "budget", "上限": "budget", "差标": "budget", "额度": "credit_limit",
    "保价": "value", "申报价值": "value", "货值": "value", "免赔额": "deductible", "押金": "deposit",
    "订金": "deposit", "定金": "deposit", "小费": "tip", "年龄": "age", "年纪": "age", "人数": "people",
}  # fmt: skip
_ASKS = (
    # a size ("院门宽多少？", "面积多大？"): never an age
    (r"宽多少|多宽|宽度", "width"),
    (r"长多少|多长(?!时间)|长度", "length"),
    (r"(?<!身)高多少|多高|(?<!身)高度", "height"),  # 身高 is asked by its noun
    (r"面积|几平|多少平|(?:房子|房间|地方|尺寸|空间|院子)有?多大", "area"),
    (r"多大|年龄|年纪|几岁|出生", "age"),
    (r"额度", "credit_limit"),
    (r"预算|上限|多少钱以内|价位", "budget"),
    (r"保价|申报价值|货值", "value"),
    (r"收入|工资", "income"),
    (r"免赔", "deductible"),
    # the sender's address ("发件地址？", "从哪里寄？"): another attribute than where it goes
    (r"(?:发件|寄件|发货|取件|取货|揽收)人?的?地址|从哪(?:里|儿)?(?:寄|发)", "from_address"),
    # when one gets there ("请问几点到贵宾室？", "预计几点到？"; not "几点到几点", a span): an arrival, not
    # the time of the thing booked or of a flight said before
    (r"几点(?:能|可以|会)?(?:到|到达|抵达)(?![几点])|什么时候(?:能|可以|会)?(?:到达|抵达)", "arrival_time"),
    # a person: "怎么称呼？", "您贵姓？", "叫什么名字？", "联系人是哪位？", "姓名和身份证号？" (not a
    # shop's, a dish's, a licence's or a company's name: "执照名字叫…", "营业执照上的名字", "公司的名字")
    (
        r"怎么称呼|贵姓|叫什么名字|(?:联系人|负责人|收件人)是?(?:谁|哪位)|(?<![店品菜歌片书剧照司铺])(?<!照上的)(?<!司的)(?:姓名|名字)",
        "person",
    ),
)
# the price after a discount ("学生证能减20，到手239元", "学生价239元": net_price), a saving ("优惠200元",
# "便宜了50元") and an add-on's price ("全家福另加200元", "加全家福200元", "加购
# 相框99元"): each its own role, never the price of the thing chosen
# a sum due (total) or a charge (a noun ending in 费), before an amount of money
# ("共2799元" and the bill's "金额683.6元" count too: 共 before an amount of money is "in all"); a sum
# still to pay (due: "应缴约125元", "欠费50元"), and what comes back (refund: "差价155元", "退款300元"):
# each its own attribute, never the user's budget
_SUM_NOUN = (
    r"(?P<total>合计|总计|共计|总价|总额|一共|总共|共|金额)|(?P<due>应缴|应交|应付|需缴|需交|需付|需支付|待缴|待付|"
    r"实付|实缴|欠费)|(?P<refund>差价|退款|退费|返还)|(?P<fee>[\u4e00-\u9fff]{1,3}费用?|费用)|"
    r"(?P<net>到手价?|折后价?|券后价?|优惠后|减完|打完折|(?:学生|会员|团购|优惠|活动|内部|员工|折扣)价|特价)|(?P<saving>(?:优惠|立减|减免|便宜|省|少|返现)了?|降了)|(?P<extra>另加|另收|加收|另付|额外|加购[\u4e00-\u9fff]{0,4}?|"
    r"(?:上?涨|上调|贵)了|"
    r"(?<![增追])加(?![到至成价])[\u4e00-\u9fff]{0,4}?)"
)
# a numeral; 一 of the adverbs "一共/一起/一同" (in all, together) is not one ("预算一共一万五以内")
_NUM = rf"{ARABIC}[万千]?|[零〇一二两三四五六七八九十百千万]+(?![共起同])"
# a price per person or per unit, then the amount for a group of them: that amount is the total
_UNIT = r"(?:个人|[人位张晚间份瓶个台件套盆只节箱桶袋本条根罐支把桌辆])"  # what one price is for
_PER_UNIT_THEN_GROUP = (
    rf"(?:每{_UNIT}|人均)[^，。；！？,;]{{0,6}}?{ARABIC}(?:元|块钱|块)[，,、\s]*"
    rf"(?:那么|所以|合起来|加起来)?[\d一二两三四五六七八九十]+{_UNIT}(?:共|一共|总共|合计)?"
    rf"(?:是|为|就是)?(?P<n>{ARABIC})(?P<unit>元|块钱|块)(?!以内|以下|左右|之内|[\d.%])"
)
_PERIOD = r"一年|每年|一个月|每个月|每月|每晚|一晚|每人|人均|每天"
_BOUND = r"不超过|不要超过|不高于|最多|最高|以内是|控制在"
_LINK = (
    r"(?:一共|总共|一起|加起来|合起来|是|为|在|大概|大约|差不多|约|可以|其实|放宽到|提到|加到|降到|改成|改为|到|就|:|：|\s"
    # the period it is worth, or that it stays ("押金一个月9800元", "押金不变9800元")
    rf"|(?:{_PERIOD}|[一两二三四五六七八九十\d]+个月)(?=\d)|不变|照旧|仍是)*"
)
_TAIL = r"(?P<unit>万元|元|块钱|块|万|个人|个|位|人)?(?P<tail>以内|以下|左右|以上|之内)?"


@cache
def _kin_age() -> re.Pattern[str]:
    kin = "|".join(sorted(KIN, key=len, reverse=True))
    return re.compile(
        rf"(?P<kin>{kin})(?:今年|已经|都|才|快)?(?P<n>\d{{1,3}})(?P<sui>岁|了)?(?![\d.万千百元块%点号月日年期个])"
        # an age in numerals needs its 岁 or 了 ("老奶奶七十了"): "奶奶一个人" counts
        rf"|(?P<kin2>{kin})(?:今年|已经|都|才|快)?(?P<n2>[一二三四五六七八九十]{{1,4}})(?:岁|了)"
    )


@cache
def _noun_number() -> re.Pattern[str]:
    nouns = "|".join(sorted(ATTRIBUTE_NOUNS, key=len, reverse=True))
    return re.compile(rf"(?P<noun>{nouns}){_LINK}(?P<bound>{_BOUND})?(?P<n>{_NUM}){_TAIL}(?![\d.%])")


def _value(n: str, unit: str | None, tail: str | None, bound: str | None) -> str:
    v = zh_to_number(n)
    num = fmt_number(v) if v is not None else n
    if unit and "万" in unit and v is not None and not n.endswith("万"):
        num = fmt_number(v * 10000)
    prefix = "<=" if bound or tail in ("以内", "以下", "之内") else ">=" if tail == "以上" else ""
    prefix = prefix or ("~" if tail == "左右" else "")
    return prefix + num + (" CNY" if unit in ("元", "块", "块钱", "万元") else "")


# the result of a sum of amounts: "合计5800+3750=9550元", "包场1980元+布置380元=2360元", or of a count
# times a price, said alone ("15人×180=2700元")
_SUM_RESULT = (
    rf"[+＋×*][^=＝+＋×*，。；]{{1,20}}[=＝]\s*(?P<n>{ARABIC}[万千]?)(?P<unit>万元|元|块钱|块)(?![\d.%])"
)

_TOTAL_LATER = r"共|合计|总计|总共|一共|总价"


def attribute_numbers(text: str) -> list[tuple[int, int, str, str, str]]:
    """(start, end, type, value, slot) of the numbers of text typed by their attribute (module doc)."""
    out: list[tuple[int, int, str, str, str]] = []
    for m in _kin_age().finditer(text):
        age = zh_to_number(m.group("n") or m.group("n2"))
        if age is not None and age <= 120:
            kin = KIN[m.group("kin") or m.group("kin2")]
            out.append((m.start(), m.end(), "number", fmt_number(age), f"{kin}_age"))
    for m in _noun_number().finditer(text):
        if any(s < m.end("n") and m.start("n") < e for s, e, *_ in out):
            continue
        value = _value(m.group("n"), m.group("unit"), m.group("tail"), m.group("bound"))
        start = m.start("bound") if m.group("bound") else m.start("n")
        kind = "money" if value.endswith(" CNY") else "number"
        out.append((start, m.end(), kind, value, ATTRIBUTE_NOUNS[m.group("noun")]))
    rx = pattern(rf"(?:{_SUM_NOUN}){_LINK}(?P<n>{ARABIC}[万千]?)(?P<unit>万元|元|块钱|块)(?![\d.%])")
    for m in rx.finditer(text):  # "合计1540元", "学费2780元": the sum due the noun names
        if not any(s < m.end("n") and m.start("n") < e for s, e, *_ in out):
            value = _value(m.group("n"), m.group("unit"), None, None)
            slot = next(g for g in ("total", "due", "refund", "fee", "net", "saving", "extra") if m.group(g))
            slot = "net_price" if slot == "net" else slot
            out.append((m.start("n"), m.end(), "money", value, slot))
    for m in pattern(_SUM_RESULT).finditer(text):  # "5800+3750=9550元": what the parts come to
        clause = text[max(text.rfind(c, 0, m.start()) for c in "，。；,;") + 1 : m.start("n")]
        product = not any(plus in clause for plus in "+＋")
        if product and pattern(_TOTAL_LATER).search(text, m.end()):
            continue  # "30×628=18840元，加工费540元，共19380元": a part of the total said after it
        if not any(s < m.end("n") and m.start("n") < e for s, e, *_ in out):
            value = _value(m.group("n"), m.group("unit"), None, None)
            out.append((m.start("n"), m.end(), "money", value, "total"))
    for m in pattern(_PER_UNIT_THEN_GROUP).finditer(text):  # "每人300元，两人600元": the group's total
        if not any(s < m.end("n") and m.start("n") < e for s, e, *_ in out):
            value = _value(m.group("n"), m.group("unit"), None, None)
            out.append((m.start("n"), m.end(), "money", value, "total"))
    rx = pattern(rf"(?P<per>{_PERIOD})(?P<bound>{_BOUND})(?P<n>{ARABIC}[万千]?){_TAIL}(?![\d.%])")
    for m in rx.finditer(text):
        if not any(s < m.end() and m.start() < e for s, e, *_ in out):
            value = _value(m.group("n"), m.group("unit"), m.group("tail"), m.group("bound"))
            out.append((m.start(), m.end(), "money" if value.endswith(" CNY") else "number", value, "budget"))
    return out


def asked_attribute(text: str) -> str | None:
    """The attribute a question asks for ("请问叔叔多大？" -> age, "预算多少呢？" -> budget), or None."""
    if "？" not in text and "?" not in text and not text.rstrip().endswith(("吗", "呢")):
        return None
    for rx, slot in _ASKS:
        if pattern(rx).search(text):
            return slot
    return zh_asked_noun(text)


# measure words of a serving or a container ("两份", "两杯", "一碗"): what they count is the noun
# next to them, and servings of different things are different values ("两份煎饼果子" and a later
# "一份薄脆" coexist)
_SERVING = re.compile(r"(?P<n>\d+|[一二两三四五六七八九十]+)(?P<u>[份杯碗盒瓶串笼盘碟罐])")
_LINK_BEFORE = ("改成", "改为", "换成", "加到", "要", "多", "来", "再来")


def servings(text: str) -> list[tuple[int, int, str, str, str]]:
    """(start, end, type, value, slot) of the servings of text keyed by the noun they count: the noun
    after the measure word ("两份煎饼果子", "5份米饭"), else the one before it, with a verb of
    change or order between them allowed ("豆浆两杯", "肥牛改成三份", "米饭多一份")."""
    toks = tokens(text)
    out: list[tuple[int, int, str, str, str]] = []
    for m in _SERVING.finditer(text):
        after = [t for t in toks if t[2] == m.end()]
        value = f"{_value(m.group('n'), None, None, None)} {m.group('u')}"
        if after and after[0][1][:1] in ("n", "a") and len(after[0][0]) >= 2:
            noun = after[0][0]
            end = m.end() + len(noun)
            out.append((m.start(), end, "quantity", value, noun))
            continue
        at = m.start()
        for link in _LINK_BEFORE:
            if text[:at].endswith(link):
                at -= len(link)
                break
        before = [t for t in toks if t[2] + len(t[0]) == at]
        if before and before[0][1].startswith("n") and len(before[0][0]) >= 2:
            noun = before[0][0]
            out.append((before[0][2], m.end(), "quantity", value, noun))
    return out


# a slot's noun as a question asks for it ("哪个城市", "哪天", "几点")
_ASKED_BY_NAME = {
    "city": r"哪(?:个|座)?城市|什么城市",
    "date": r"哪一?天|几号|什么日期|哪个日期|什么时候",
    "time": r"几点|什么时间|哪个时间|什么时候",
}
# a step of the task asked about alone: "撤场呢" (and the teardown?), not a person ("你呢", "您呢")
_STEP_ALONE = r"(?![你您他她我])[\u4e00-\u9fff]{2,4}呢[？?]?"
# a question for another value in place of one ("换哪个城市", "其他日期")
_ANOTHER = r"换|其他|其它|别的|改"


def asks_by_name(question: str, slot: str) -> bool:
    """True when a question asks for the attribute slot by its noun ("在哪个城市办理？" -> city),
    not for another value in place of one ("换哪天？"); a step asked about alone ("撤场呢？") asks
    for its day or hour."""
    if slot in ("date", "time") and pattern(_STEP_ALONE).fullmatch(question.strip()):
        return True
    rx = _ASKED_BY_NAME.get(slot)
    return bool(rx and pattern(rx).search(question) and not pattern(_ANOTHER).search(question))


def kin_named(text: str) -> str:
    """The last relative a text names ("妈妈", "我爸"), or ""."""
    words = "|".join(sorted(KIN, key=len, reverse=True))
    found = pattern(words).findall(text)
    return found[-1] if found else ""
