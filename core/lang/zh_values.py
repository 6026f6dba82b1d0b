"""Value-like Chinese spans found by rule: money, ratings, durations, quantities, types (phones and ids:
core.lang.zh_contacts).

Each finder returns ``Hit``s (span, entity type, normalized value, slot hint, priority); the analyzer
resolves overlaps (longest span first, then priority) and turns the survivors into ``Entity``s.
"""

from __future__ import annotations

import re
from functools import cache

from core.lang.ceilings import zh_ceilings
from core.lang.colours import zh_colours
from core.lang.dimensions import dimension_measures, sizes, symbol_measures
from core.lang.spelled_digits import zh_spelled_phones
from core.lang.zh_addresses import addresses
from core.lang.zh_attributes import attribute_numbers, servings
from core.lang.zh_contacts import contacts
from core.lang.zh_fees import fee_terms
from core.lang.zh_hit import Hit
from core.lang.zh_lexicon import FACILITIES, NOT_TYPE_WORDS, TERM_SLOTS
from core.lang.zh_numbers import ARABIC, PER_ONE_AFTER, TAIL_BOUNDS, fmt_number, per_head, zh_to_number
from core.lang.zh_symbol_money import zh_symbol_money
from core.lang.zh_time_spans import BLANK
from core.lang.zh_titles import surnames, titles

_ZH_NUM = "[零〇一二两三四五六七八九十百千万]+"
# digits, with their thousands grouped by commas or not ("8,980日元", "1580元"), or Chinese numerals
_NUM = rf"(?:{ARABIC}(?:[万千wWkK](?![a-zA-Z]))?|{_ZH_NUM})"
_SEP = r"\s*(?:-|~|～|—|–|－|至|到)\s*"
_BOUND = r"(?<![\d.A-Za-z])"

# 块 is money only ending its phrase: before a noun, a name or a price it counts ("两块板", "一块Queens Pro",
# "一块129")
_CURRENCY = r"(?:元|块钱|块(?![\u4e00-\u9fffA-Za-z]|\d{2})|人民币|RMB|rmb|CNY)"
_MONEY_TAIL = r"(?:以上|以下|以内|之内|左右|上下|之间|起)?"
# a ceiling's tail and a comma: what follows may say the one thing it is per
_AFTER_CEILING = re.compile(r"(?:以内|以下|之内)[，,]\s*$")
# what one of a unit costs, said before the amount: 每平米 / 每人 / 每月 (约 / 大概 / 只要 between)
_EACH_BEFORE = re.compile(r"每(?:一)?[\u4e00-\u9fff]{1,2}(?:只要|大概|大约|约|是|为)?$")
# what a price is for, right after it ("3988元/桌", "168 元/人", "25元/小时"), as English writes "£84/day",
# or the head it is per said in words ("320元一个人", "260元一位")
_PER_UNIT = re.compile(
    r"/(?:[\u4e00-\u9fff]{1,2}(?![\u4e00-\u9fff])|[\u4e00-\u9fff](?=[\u4e00-\u9fff]))"
    r"|(?:一个人|一位|一人|每人|每位)(?![\u4e00-\u9fff])"
)
# a bare number right after a word naming a price ("线上价 4280", "月供 4905 不变", "报价：3200"): money
_PRICED_NUMBER = re.compile(
    r"(?:价|价格|报价|单价|总价|月供|月租|房租|租金|学费|票价|保费)(?:是|为|约|:|：)?\s*"
    r"(?P<n>\d{2,8}(?:\.\d+)?)(?=$|[\s，。！？、,.!?；;）)])"
)
_MONEY = re.compile(
    rf"{_BOUND}(?P<a>{_NUM})(?P<ua>{_CURRENCY})?(?:{_SEP}(?P<b>{_NUM}))?(?P<u>{_CURRENCY})(?P<tail>{_MONEY_TAIL})"
    rf"|(?:[￥¥]|RMB|人民币)\s?(?P<c>\d+(?:\.\d+)?)"
)
_RATING = re.compile(
    rf"{_BOUND}(?P<a>\d(?:\.\d)?|10|[一二三四五])分(?!钟|之|半|别|开|享|手|析|配|类|店)(?P<tail>及以上|以上|以下|左右)?"
    rf"|(?<=评分)(?:是|在|为|达到|要|有|:|：)?\s*(?P<b>\d(?:\.\d)?)(?P<tail2>以上|以下|左右)?(?![\d.分])"
)
_STARS = re.compile(r"(?P<n>[一二三四五1-5])星(?:级(?:酒店|宾馆)?|酒店|宾馆)")
_DUR_UNIT = (
    r"(?:个半小时|个小时|小时|个钟头|钟头|分钟|秒钟|秒(?![杀回懂])|天|周(?![一二三四五六日天末])|个星期|个月)"
)
_DURATION = re.compile(
    rf"{_BOUND}(?P<a>{_NUM}|半)(?P<ua>{_DUR_UNIT})?{_SEP}(?P<b>{_NUM}|半)(?P<u>{_DUR_UNIT})"
    rf"|{_BOUND}(?P<c>{_NUM}|半)(?P<uc>{_DUR_UNIT})(?P<tail>以上|以下|以内|左右)?"
)
# hours and minutes said together ("1小时48分", "2个小时5分钟"): a time taken, one duration
_HOURS_MINUTES = re.compile(r"(?<!\d)(?P<h>\d{1,2})\s*个?(?:小时|钟头)\s*(?P<m>\d{1,2})\s*分(?:钟)?")
_SEATS_VERBS = ("坐", "座", "纳")  # "坐十个人", "能座八人", "容纳二十人"
_QTY_CANON = {"个人": "people", "人": "people", "位": "people", "口人": "people", "间": "rooms",
              "间房": "rooms", "晚": "nights", "夜": "nights"}
_QTY_UNITS = {
    "个人": "people", "人": "people", "位": "people", "口人": "people", "间": "rooms", "间房": "rooms",
    "晚": "nights", "夜": "nights", "张": "count", "份": "count", "辆": "count", "公里": None,
    "千米": None, "km": None, "米": None, "岁": "age", "层": None, "号线": None, "站": None, "星": "stars",
}
_QUANTITY = re.compile(
    rf"{_BOUND}(?P<n>{_NUM})(?P<u>个人|口人|人|位|间房|间|晚|夜|张|份|辆|公里|千米|km|米|岁|层|号线)"
    # the tenths said after 米 ("四米二", "一米二的", "1米25": 4.2, 1.2 and 1.25 metres)
    r"(?:(?<=[^千]米)(?P<tenth>[一二三四五六七八九][〇零一二三四五六七八九]?|\d{1,2})(?![〇零一二两三四五六七八九十百千万个位\d]))?"
    r"(?![\u4e00-\u9fff]{0,1}(?:酒店|宾馆|店)|均)"
)
_TYPE = re.compile(r"(?P<t>[\u4e00-\u9fff]{2})型")
# X型 words that are not a category value: "车型" (vehicle model), "类型" (type), "大型" (large), ...
_TYPE_WORDS = NOT_TYPE_WORDS
_TYPE_BAD_CHARS = frozenset("的么什哪种个这那是有")
# A bare amount with a magnitude or a bound ("5万以上", "两千左右"): a number without a unit
_AMOUNT = re.compile(
    rf"{_BOUND}(?P<n>\d+(?:\.\d+)?[万千亿]|[一二两三四五六七八九十]+[万千亿])(?P<tail>以上|以下|以内|左右)?"
)
_PERCENT = re.compile(rf"{_BOUND}\d+(?:\.\d+)?%|百分之{_ZH_NUM}")
# free, and what is free when said right after ("免费烙字", "免费停车": an extra, never the thing's price)
_FREE = re.compile(r"(?P<neg>不)?免费(?P<thing>[^\W\d_a-zA-Z的了吗呢啊吧呀哦]{1,4})?|不要钱|不收费")

@cache
def _lexicon_pattern() -> re.Pattern[str]:
    """One alternation over facility and term words, longest first (built once, on first use)."""
    words = sorted(set(FACILITIES) | set(TERM_SLOTS), key=len, reverse=True)
    return re.compile("|".join(re.escape(w) for w in words), re.IGNORECASE)


def _num(s: str | None) -> str:
    """Normalized number text of an Arabic or Chinese numeral ("两百" -> "200"); the raw text if not."""
    if s is None:
        return ""
    t = s.replace("w", "万").replace("W", "万").replace("k", "千").replace("K", "千")
    v = zh_to_number(t)
    return fmt_number(v) if v is not None else s


# Before a one-character Chinese amount ("三元") only these may stand, else part of a name (大三元酒家)
_ZH_AMOUNT_LEFT = frozenset("是约为要花付共计在到过超价费票均需收只才就最低高")


def _money(text: str) -> list[Hit]:
    out = []
    for m in _PRICED_NUMBER.finditer(text):  # "线上价 4280", "月供 4905 不变": a price with no unit
        out.append(Hit(m.start("n"), m.end("n"), "money", f"{_num(m.group('n'))} CNY", "price", 7))
    for m in _MONEY.finditer(text):
        a_text = m.group("a") or ""
        if len(a_text) == 1 and not a_text.isdigit() and m.start() > 0:
            left = text[m.start() - 1]
            if "\u4e00" <= left <= "\u9fff" and left not in _ZH_AMOUNT_LEFT:
                continue
        if m.group("c"):
            out.append(Hit(m.start(), m.end(), "money", f"{_num(m.group('c'))} CNY", "price", 8))
            continue
        if a_text == "一" and m.group("u") == "块" and _AFTER_CEILING.search(text, 0, m.start()):
            continue  # "一百五十美刀以内，一块": the one thing the ceiling is per, no amount of one yuan
        a, b, tail = _num(m.group("a")), m.group("b"), m.group("tail") or ""
        value = f"{a}-{_num(b)} CNY" if b else f"{TAIL_BOUNDS.get(tail, '')}{a} CNY"
        end = m.end() - (2 if tail == "之间" else 0)
        per = _PER_UNIT.match(text, end) if not tail else None
        end = per.end() if per else end  # "3988元/桌": the price of one table, as written
        each = _EACH_BEFORE.search(text, max(0, m.start() - 8), m.start()) if not tail else None
        start = each.start() if each else m.start()  # "每平米65元": the price of one square metre
        out.append(Hit(start, end, "money", value, "unit_price" if per or each else "price", 8))
    return out


def _rating(text: str) -> list[Hit]:
    out = []
    for m in _RATING.finditer(text):
        n = m.group("a") or m.group("b")
        tail = m.group("tail") or m.group("tail2") or ""
        v = _num(n)
        if float(zh_to_number(n) or 0) > 10:
            continue
        value = f">={v}" if "以上" in tail else f"<={v}" if tail == "以下" else v
        start = m.start("a") if m.group("a") else m.start("b")
        out.append(Hit(start, m.end(), "rating", value, "rating", 7))
    for m in _STARS.finditer(text):
        out.append(Hit(m.start(), m.end(), "rating", _num(m.group("n")), "stars", 6))
    return out


_ISO_UNIT = {"小时": "H", "个小时": "H", "个钟头": "H", "钟头": "H", "分钟": "M", "天": "D", "周": "W",
             "个星期": "W", "个月": "M", "个半小时": "H", "秒": "S", "秒钟": "S"}


def _iso_duration(n: str, unit: str) -> str:
    """ISO 8601 duration of a number and a Chinese unit ("2", "小时" -> "PT2H")."""
    if n == "半":
        v = "0.5"
    else:
        v = _num(n)
        if unit == "个半小时":
            v = fmt_number(float(zh_to_number(v) or 0) + 0.5)
    code = _ISO_UNIT.get(unit, "H")
    timed = unit in ("小时", "个小时", "个钟头", "钟头", "分钟", "个半小时", "秒", "秒钟")
    return f"PT{v}{code}" if timed else f"P{v}{code}"


def _duration(text: str) -> list[Hit]:
    out = []
    for m in _DURATION.finditer(text):
        if m.group("b"):
            u = m.group("u")
            value = f"{_iso_duration(m.group('a'), m.group('ua') or u)}-{_iso_duration(m.group('b'), u)}"
        else:
            value = _iso_duration(m.group("c"), m.group("uc"))
            tail = m.group("tail") or ""
            prefix = ">=" if tail == "以上" else "<=" if tail in ("以下", "以内") else "~" if tail else ""
            value = prefix + value
        out.append(Hit(m.start(), m.end(), "duration", value, "duration", 6))
    for m in _HOURS_MINUTES.finditer(text):  # "1小时48分": one time taken, not an hour and a rating
        out.append(Hit(m.start(), m.end(), "duration", f"PT{m.group('h')}H{m.group('m')}M", "duration", 7))
    return out


def _quantity(text: str) -> list[Hit]:
    out = []
    for m in _QUANTITY.finditer(text):
        unit = m.group("u")
        if _QTY_UNITS.get(unit) == "people" and per_head(text[: m.start()], m.group(0)):
            continue  # "320元一个人": the head the price is per
        tenth = "." + "".join(_num(c) for c in m.group("tenth")) if m.group("tenth") else ""
        value = f"{_num(m.group('n'))}{tenth} {_QTY_CANON.get(unit, unit)}"
        if _QTY_UNITS.get(unit) == "people" and text[m.start() - 1 : m.start()] in _SEATS_VERBS:
            # "坐十个人": how many a table, a car or a room seats; the verb is part of what was said
            out.append(Hit(m.start() - 1, m.end(), "quantity", value, "people", 4))
            continue
        out.append(Hit(m.start(), m.end(), "quantity", value, _QTY_UNITS.get(unit), 4))
    for m in _AMOUNT.finditer(text):
        tail = m.group("tail") or ""
        prefix = ">=" if tail == "以上" else "<=" if tail in ("以下", "以内") else "~" if tail else ""
        out.append(Hit(m.start(), m.end(), "number", prefix + _num(m.group("n")), "amount", 3))
    for m in _PERCENT.finditer(text):
        out.append(Hit(m.start(), m.end(), "number", m.group(0), None, 4))
    return out


# amounts in a foreign currency and counts of a measure the finders above do not read ("800美元",
# "6公斤", "3期", "空腹血糖8.2mmol/L"): values, never the tail of a name ("申报价值800美元" is no name)
_FOREIGN = {"美元": "USD", "美金": "USD", "欧元": "EUR", "日元": "JPY", "英镑": "GBP", "港币": "HKD",
            "港元": "HKD", "澳元": "AUD", "澳币": "AUD", "加元": "CAD", "加币": "CAD", "纽币": "NZD",
            "新台币": "TWD", "台币": "TWD", "韩元": "KRW", "韩币": "KRW", "泰铢": "THB", "新币": "SGD",
            "美刀": "USD"}
# the tails that bound an amount from above (zh_numbers.TAIL_BOUNDS "<="): "以内", "以下", "之内"
_CEILING_TAIL = re.compile("|".join(tail for tail, bound in TAIL_BOUNDS.items() if bound == "<="))
_FOREIGN_MONEY = re.compile(rf"{_BOUND}(?P<n>{_NUM})\s*(?P<u>{'|'.join(_FOREIGN)})")
_MEASURE = re.compile(
    # ("几十公斤": no number said; "1单元": a unit of a building's address)
    rf"{_BOUND}(?<![几数])(?P<n>\d+(?:\.\d+)?|{_ZH_NUM})\s*(?P<u>mmol/L|mg/dL|mg|ml|kg|cm|mm|公斤|千克|毫升|毫克|毫米|厘米|"
    r"平方米|平米|克|斤|吨|升|度|℃|期|条|杯|次|箱|件|盒|包|瓶|台|块|页|轮|单位|单(?!元)|笔|年|桌|节|张|辆|间|套|轴|"
    r"袋|罐|桶|卷|盆|棵|株|双|副)"
    r"(?![\u4e00-\u9fff]{0,1}(?:酒店|宾馆|店))"
)
# a bare Arabic number at the end of a phrase ("保价5000，", "曹德明，73"): it ends a name run, and is
# a value of its own only where a unit or cue types it
_BARE_NUMBER = re.compile(r"(?<![\dA-Za-z.])\d+(?:\.\d+)?(?=$|[\s，。！？、,.!?；;：:）)])")


# classifiers that count things ("一台钢琴", "两辆车"), not measures: the thing counted is what the count says
_CLASSIFIERS = frozenset("台辆件套")
# the thing a classifier counts, written right after it and ending the phrase ("一台钢琴，")
_COUNTED = re.compile(r"[\u4e00-\u9fff]{1,3}(?=[，。！？、；,.!?;\s]|$)")


def _counted_end(text: str, at: int) -> int:
    """Where the count at `at` ends with the thing it counts ("一台" + "钢琴"): a count of things
    shown without them ("count=一台") no longer says what is counted."""
    m = _COUNTED.match(text, at)
    return m.end() if m else at


def _measures(text: str) -> list[Hit]:
    out = []
    for m in _FOREIGN_MONEY.finditer(text):
        value = f"{_num(m.group('n'))} {_FOREIGN[m.group('u')]}"
        if ceiling := _CEILING_TAIL.match(text, m.end()):  # "三万日元以内": the most paid, the budget
            per = PER_ONE_AFTER.match(text, ceiling.end())  # "三十美元以内一个": what it is per
            out.append(Hit(m.start(), (per or ceiling).end(), "money", f"<={value}", "budget", 7))
        else:
            out.append(Hit(m.start(), m.end(), "money", value, "price", 7))
    for m in _MEASURE.finditer(text):
        unit = m.group("u")
        if not m.group("n")[0].isdigit() and len(unit) == 1 and unit in "条次件块年期张间套节":
            continue  # "一条", "一次", "一年": words ("一块儿", "一件事"), read by the other finders
        end = _counted_end(text, m.end()) if unit in _CLASSIFIERS else m.end()
        out.append(Hit(m.start(), end, "quantity", f"{_num(m.group('n'))} {unit}", None, 2))
    for m in _BARE_NUMBER.finditer(text):
        out.append(Hit(m.start(), m.end(), BLANK, "", None, 1))
    return out


def _terms(text: str) -> list[Hit]:
    out = []
    for m in _TYPE.finditer(text):
        if m.group(0)[1:] in _TYPE_WORDS or any(c in _TYPE_BAD_CHARS for c in m.group("t")):
            continue
        out.append(Hit(m.start(), m.end(), "term", m.group(0), "type", 6))
    for m in _FREE.finditer(text):
        slot = "extra" if m.group("thing") else "price"
        out.append(Hit(m.start(), m.end(), "term", "not free" if m.group("neg") else "free", slot, 6))
    for m in _lexicon_pattern().finditer(text):
        word = m.group(0)
        slot = TERM_SLOTS.get(word, "facility")
        out.append(Hit(m.start(), m.end(), "term", word.lower(), slot, 5, soft=True))
    return out


def _colours(text: str) -> list[Hit]:
    return [Hit(s, e, kind, value, slot, 6) for s, e, kind, value, slot in zh_colours(text)]


def _addresses(text: str) -> list[Hit]:
    return [Hit(s, e, "address", text[s:e], "address", prio) for s, e, prio in addresses(text)]


_ANSWER = re.compile(
    r"^\s*(?:(?P<yes>是的|是啊|是呀|对的|对|有的|有|提供|可以)|(?P<no>没有|不是|不提供|不可以|不行))"
    r"(?=[，,。.！!～~\s]|$)"
)


def _answers(text: str) -> list[Hit]:
    """A turn that opens with a bare yes or no ("是的，有这个服务", "没有。") answers a yes/no question
    (does the hotel have wifi?): its value is that slot's value, like English 'yes'/'no'."""
    m = _ANSWER.match(text)
    if m is None:
        return []
    grp = "yes" if m.group("yes") else "no"
    return [Hit(m.start(grp), m.end(grp), "term", grp, "other", 3)]


def find_values(text: str) -> list[Hit]:
    """Every value-like candidate of text (overlapping; the caller resolves overlaps)."""
    hits: list[Hit] = []
    for finder in (_measures, _money, _rating, _duration, _quantity, contacts, _terms, _addresses, _answers,
                   _colours):
        hits += finder(text)
    # "爸爸66", "年收入大概15万", "八百以内": numbers typed by their attribute, before any guessed count;
    # a phone spelled in numerals; servings; "51×51毫米", "3kW", "6米宽"
    typed = attribute_numbers(text) + zh_ceilings(text) + zh_spelled_phones(text) + servings(text)
    typed += sizes(text) + symbol_measures(text) + dimension_measures(text) + zh_symbol_money(text)
    typed += fee_terms(text)  # "送货免运费", "安装费另算"
    hits += [Hit(*found, 9) for found in typed]
    for t in titles(text):  # "练习曲《扫摇练习》": a title, its label its slot (and no name of its own)
        hits.append(Hit(t.start, t.end, "name", t.text, t.label, 9))
        hits += [Hit(t.label_start, t.label_start + len(t.label), BLANK, "", None, 9)] if t.label else []
    hits += [Hit(s, e, "name", value, "person", 9) for s, e, value in surnames(text)]  # "我姓赵"
    return hits
