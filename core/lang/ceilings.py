"""Ceilings on what the user will spend, said in words or without a currency: the user's budget.

English: a number in words after a bound ("keep it under four hundred all up", "no more than two
thousand"), after an attribute noun ("my limit is four thousand": en_attributes.noun_slot), or before a
word that closes a ceiling ("four hundred for the both of us, tops", "two thousand max"); a number in
thousands said as "grand" or "k" after a bound ("under 6 grand installed"); and any amount after a verb
of keeping spending within it ("I'm trying to keep it to £200 all in", "stay round four hundred
dollars"). Chinese: a number of hundreds or more before 以内 / 以下 / 之内, with the period it is per
said before it ("八百以内", "每晚一千五以内"), or after a bound on what the speaker pays ("最多只能出四万").
Digits with a bound and no unit ("under 400") are en_attributes' own. Whom an English ceiling covers,
said after it, is part of it ("four hundred for the young ones total").

Each is typed by what it bounds, never a count: "four hundred" had been a head count of 400, "每晚一"
a frequency, and "八百以内" nothing at all. A bound on a count or a measure ("under four hours", "up
to ten people", "3天以内") is not a ceiling on spending and is left to the count finders.
"""

from __future__ import annotations

import re

from core.lang.en_attributes import noun_slot
from core.lang.en_lexicon import FUNCTION_WORDS
from core.lang.en_numbers import NUMBER_WORDS_PATTERN, format_number, to_number
from core.lang.en_values import money
from core.lang.patterns import pattern
from core.lang.zh_numbers import GROUPED, PER_ONE_AFTER, ZH_ONE, fmt_number, zh_to_number

# a word-number ceiling is at least this much: a smaller one bounds an age or a count ("under twelve")
_LEAST = 50
# a verb of keeping spending within an amount, and the word before the amount ("keep it under", "stay
# round"); a cap put on it ("capped at", "a cap of")
_KEEP = r"(?:keep(?:ing)?|kept|stay(?:ing)?|stick(?:ing)?)\s+(?:it\s+|things\s+)?"
_KEEP_TO = r"(?:to|at|under|below|within|(?:a)?round|about)(?:\s+about)?"
_CAP = r"capped\s+at|(?:a\s+)?cap\s+of"
_BOUND = (
    r"(?:under|below|less\s+than|(?:no|not)\s+more\s+than|at\s+most|up\s+to|within|max(?:imum)?(?:\s+of)?"
    rf"|{_CAP}|{_KEEP}{_KEEP_TO})"
)
_CURRENCY_WORDS = r"dollars?|bucks|pounds?|quid|euros?"
_THOUSANDS = rf"\d+(?:\.\d+)?\s*(?:grand\b|k\b)|{NUMBER_WORDS_PATTERN}\s+grand\b"
# what may follow a ceiling: the end of its clause, a word of grammar, a currency, or what it covers
_CEILING_AFTER = frozenset(
    "tops max maximum installed inclusive included including total all-in delivered each".split()
) | FUNCTION_WORDS
# what the ceiling covers, said right after it ("under 6 grand installed", "£200 all in"): its words
_TRAILER = (
    r"\s+(?:tops|max(?:imum)?|installed|inclusive|included|delivered|all[\s-]+(?:in|up)|in\s+total"
    r"|a\s+(?:head|person|night|month|week)|per\s+[a-z]+)\b"
)
# whom a ceiling covers, said after it ("four hundred for the young ones total", "£300 for the two of us"):
# part of the value, as the period of a Chinese one is
_FOR_WHOM = (
    r"\s+for\s+(?:the\s+|all\s+|both\s+|each\s+)?(?:[a-z]+\s+){0,2}?"
    r"(?:ones|of\s+us|of\s+them|kids|children|adults|people|guests|us|them|group|team|family|lot)\b"
    r"(?:\s+(?:total|in\s+total|all\s+in|tops))?"
)
# a word closing a ceiling said after the number, a few words between ("four hundred for the both of
# us, tops"): the number and the words up to it
_CLOSER = r",?\s+(?:tops|max(?:imum)?|at\s+(?:the\s+)?most|all\s+(?:in|up))\b"
# a word closing an amount of money as the most the speaker pays ("I got $500, that's it", "£300 tops",
# "£60 at the outside")
_MONEY_CLOSER = (
    r",?\s+(?:tops|max(?:imum)?|at\s+(?:the\s+)?(?:very\s+)?(?:most|outside)|and\s+no\s+more"
    # the amount and no more, said at its clause's end ("$250, not more", "£250 and not a penny more",
    # "$400 the most")
    r"|(?:and\s+)?(?:no|not)\s+(?:a\s+(?:penny|cent)\s+)?(?:more|higher|over)(?=\s*(?:$|[.!?,;]))"
    r"|the\s+most(?=\s*(?:$|[.!?,;]))"
    r"|that['’]s\s+(?:it|all|my\s+limit)(?=\s*(?:$|[.!?,;]))"
    # the amount named the most it may be ("₹1,50,000 is my top", "$400 is our limit", "£25 is all I've got")
    r"|(?:is|['’]s)\s+(?:my|our|the)\s+(?:top|limit|max(?:imum)?|ceiling|cap|budget)(?=\s*(?:$|[.!?,;]))"
    r"|is\s+all\s+(?:i|we)(?:['’]ve|\s+have)(?:\s+got)?)\b"
)
_ABOUT = re.compile(r"\b(?:around|about|roughly|approximately)\s+$", re.IGNORECASE)
# an amount said after a verb of keeping spending within it or a cap ("keep it to £200 all in",
# "capped at £60")
_KEPT_TO = re.compile(rf"\b(?:{_KEEP}(?P<b>{_KEEP_TO})|(?P<c>{_CAP}))\s+$", re.IGNORECASE)


def _number(text: str) -> float | None:
    low = text.lower().replace(",", "")
    grand = re.fullmatch(r"(.+?)\s*(?:grand|k)", low)
    base = to_number(grand.group(1) if grand else low)
    return base * 1000 if base is not None and grand else base


def _free_after(text: str, end: int) -> bool:
    nxt = re.match(r"\s*([A-Za-z][\w'-]*)", text[end:])
    return nxt is None or nxt.group(1).lower() in _CEILING_AFTER or bool(
        re.fullmatch(_CURRENCY_WORDS, nxt.group(1).lower())
    )


def en_ceilings(text: str) -> list[tuple[int, int, str, str, str]]:
    """(start, end, type, value, slot) of the English ceilings of text (module doc): the bound's words
    and the number, value "<=N" (the number's value), slot budget (or the attribute a noun names)."""
    out: list[tuple[int, int, str, str, str]] = []
    words = rf"(?:an?\s+(?=hundred|thousand))?{NUMBER_WORDS_PATTERN}"  # "under a hundred and fifty"
    num = rf"(?P<n>(?P<grand>{_THOUSANDS})|{words})(?:\s+(?P<cur>{_CURRENCY_WORDS})\b)?"
    for m in pattern(rf"\b(?P<bound>{_BOUND})\s+{num}", re.IGNORECASE).finditer(text):
        value = _number(m.group("n"))
        if value is None or (value < _LEAST and not m.group("grand")) or not _free_after(text, m.end()):
            continue
        trailer = pattern(_TRAILER, re.IGNORECASE).match(text, m.end())  # "under 6 grand installed"
        end = trailer.end() if trailer else m.end()
        kind = "money" if m.group("grand") or m.group("cur") else "number"
        out.append((m.start(), end, kind, f"<={format_number(value)}", "budget"))
    for m in pattern(rf"(?<![\w-])(?P<n>{NUMBER_WORDS_PATTERN})", re.IGNORECASE).finditer(text):
        if any(s <= m.start() < e for s, e, *_ in out):
            continue
        value = to_number(m.group("n"))
        if value is None or value < _LEAST:
            continue
        slot = noun_slot(text[: m.start()])
        closer = pattern(rf"(?:\s+[\w'’]+){{0,5}}?(?={_CLOSER})", re.IGNORECASE).match(text, m.end())
        if slot is not None and _free_after(text, m.end()):
            whom = pattern(_FOR_WHOM, re.IGNORECASE).match(text, m.end())
            out.append((m.start(), whom.end() if whom else m.end(), "number", format_number(value), slot))
        elif closer is not None and not re.search(r"[.!?;]", closer.group(0)):
            out.append((m.start(), closer.end(), "number", f"<={format_number(value)}", "budget"))
    closer_rx = pattern(_MONEY_CLOSER, re.IGNORECASE)
    closed = closer_rx.search(text) is not None
    per_closer = pattern(rf"(?:\s+(?:a|an|per)\s+[a-z]+\b(?<!\bone))?{_MONEY_CLOSER}", re.IGNORECASE)
    kept_within = pattern(rf"\b(?:{_KEEP}{_KEEP_TO}|{_CAP})\b", re.IGNORECASE).search(text) is not None
    if not (closed or kept_within):
        return out  # no amount closed as the most paid, no verb of keeping within, no cap
    amounts = money(text)  # read once, for both forms below
    for c in amounts if closed else ():  # "I got $500, that's it": the amount, closed as the most paid
        close = per_closer.match(text, c.end)  # "£30 a flask at most": what it is per, then its closer
        if close is not None and not any(s < c.end and c.start < e for s, e, *_ in out):
            # "around £100 at most", "max $100, no more": the words before it that bound it too
            about = _ABOUT.search(text, max(0, c.start - 16), c.start) or pattern(
                rf"\b(?:{_BOUND})\s+$", re.IGNORECASE
            ).search(text, max(0, c.start - 30), c.start)
            start = about.start() if about else c.start
            tail = pattern(_TRAILER, re.IGNORECASE).match(text, close.end())  # "AED 3,500 max per seat"
            end = tail.end() if tail else close.end()
            out.append((start, end, "money", f"<={c.value.removeprefix('<=')}", "budget"))
    for c in amounts if kept_within else ():  # "keep it to £200 all in": kept within
        if any(s < c.end and c.start < e for s, e, *_ in out):
            continue  # "stay round four hundred dollars": read above, with its bound
        if kept := _KEPT_TO.search(text, max(0, c.start - 40), c.start):
            tail = pattern(_TRAILER, re.IGNORECASE).match(text, c.end)
            group = "b" if kept.group("b") else "c"
            start = c.start if kept.group(group).lower().startswith("to") else kept.start(group)
            out.append((start, tail.end() if tail else c.end, "money", f"<={c.value.split()[0]}", "budget"))
    return out


# a ceiling in Chinese: hundreds or more, with or without the money's unit, before 以内 / 以下 / 之内 /
# 为限 (or a bare 内: "1500内"), the period, the head or the one thing it is per before or after it
# ("每晚一千五以内", "两百块以内一个人", "一盏八百以内", "五百以内一台")
_ZH_CEILING = (
    rf"(?P<per>每晚|每人|人均|每个月|每月|每天|一晚|一个人|一人|每位|{ZH_ONE})?(?<![\d.,])"
    rf"(?P<n>{GROUPED}|\d{{3,}}(?:\.\d+)?|[一二两三四五六七八九十]+[百千万][零〇一二两三四五六七八九十百千万]*)"
    r"(?P<unit>块钱|块|元)?(?P<tail>以内|以下|之内|为限|内(?![存容部置侧外地衣裤胎]))"
    rf"(?(per)|(?:一个人|一人|每人|每位|{PER_ONE_AFTER.pattern})?)"
)


# a bound said before what the speaker can pay ("最多只能出四万", "顶多给两千块", "不能超过3000"): the bound,
# the verb of paying and the number, not followed by the unit of a count or a measure
_ZH_PAY_BOUND = r"(?:最多|顶多|至多|不超过|不能超过|最高)(?:只能|只|能|就|也就|可以)*(?:出|花|给|付|掏)?"
_ZH_NO_COUNT_AFTER = r"(?![\d.人个位间晚天次张份台辆岁米斤克分小])"
_ZH_PAY_CEILING = (
    _ZH_PAY_BOUND
    + r"(?P<n>\d{3,}(?:\.\d+)?|[一二两三四五六七八九十]+[百千万][零〇一二两三四五六七八九十百千万]*)"
    + r"(?P<unit>块钱|块|元|万元)?"
    + _ZH_NO_COUNT_AFTER
)


# a bound on a rate, the units it is per said before it ("一张台一个钟不超过六十", "一个人最多八十"): the
# units are part of the value (the 一张 there is no count of tables), and a rate's tens count
_ZH_RATE_CEILING = (
    r"(?:(?:每|一)(?:个|张|位|间|台|辆|份|晚|天|次|人|桌|场|节|堂|小时)[\u4e00-\u9fff]??){1,2}"
    + _ZH_PAY_BOUND
    + r"(?P<n>\d{2,}(?:\.\d+)?|[一二两三四五六七八九十百千]{2,})(?P<unit>块钱|块|元)?"
    + _ZH_NO_COUNT_AFTER
)
_MIN_RATE = 10


def zh_ceilings(text: str) -> list[tuple[int, int, str, str, str]]:
    """(start, end, type, value, slot) of the Chinese ceilings of text (module doc): "八百以内" ->
    budget "<=800", "每晚一千五以内" -> budget "<=1500" with its period in the span, "最多只能出四万" ->
    budget "<=40000" with its bound in the span."""
    out: list[tuple[int, int, str, str, str]] = []
    for m in pattern(_ZH_CEILING).finditer(text):
        value = zh_to_number(m.group("n"))
        if value is not None and value >= 100:
            kind = "money" if m.group("unit") else "number"
            out.append((m.start(), m.end(), kind, f"<={fmt_number(value)}", "budget"))
    for rx, least in ((_ZH_RATE_CEILING, _MIN_RATE), (_ZH_PAY_CEILING, 100)):
        for m in pattern(rx).finditer(text):
            value = zh_to_number(m.group("n"))
            if value is None or value < least or any(s < m.end() and m.start() < e for s, e, *_ in out):
                continue
            kind = "money" if m.group("unit") else "number"
            out.append((m.start(), m.end(), kind, f"<={fmt_number(value)}", "budget"))
    return out
