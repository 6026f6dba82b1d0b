"""Amounts a Chinese turn writes with a currency's symbol or code ("预算NZ$650以内", "合计NZ$450",
"情侣套票HK$1,180", "人均$50", "£200左右").

The number parsers of Chinese read amounts by their characters (元, 块, 美元); a symbol before the
digits was no currency to them, so "HK$1,200" was read as a bare "200" and "NZ$330" as a name "成人NZ".
Here the symbol and the whole number (thousands separators included) are one amount, in the currency
the symbol writes (core.lang.currency_before), with its bound ("以内": at most) and the attribute the
words right before it name: a budget, a total, the price of one, else a price.
"""

from __future__ import annotations

import re

from core.lang.currency_before import CODES, currency_before
from core.lang.zh_numbers import TAIL_BOUNDS

# a symbol, or a country's dollar or an ISO code in capitals right before it ("NZ$", "HK$", "AED "):
# a Chinese character may stand before it ("预算NZ$650"), a Latin letter or a digit may not
_SYMBOL = rf"(?<![A-Za-z0-9$])(?:[A-Z]{{1,2}}\$|(?:{'|'.join(CODES.split())})\s?(?=\d))|[$£€¥]"
# the bound a word after the amount sets ("以内": at most)
_BOUNDS = TAIL_BOUNDS | {"不超过": "<="}
_AMOUNT = re.compile(
    rf"(?P<sym>{_SYMBOL})\s?(?P<n>\d+(?:,\d{{3}})*(?:\.\d+)?)(?![\d.,]\d)"
    rf"(?P<tail>{'|'.join(_BOUNDS)})?"
)
# the attribute the words right before the amount name
_BEFORE = (
    ("budget", re.compile(r"(?:预算|上限|最多|不超过)(?:是|为|在|：|:)?\s*$")),
    ("total", re.compile(r"(?:合计|总共|一共|共计|总计|总价|总额|共)(?:是|为|：|:)?\s*$")),
    ("unit_price", re.compile(r"(?:每[\u4e00-\u9fff]{1,2}|人均)(?:是|为|：|:)?\s*$")),
)


def zh_symbol_money(text: str) -> list[tuple[int, int, str, str, str]]:
    """(start, end, "money", value, slot) of each amount written with a currency's symbol or code
    ("预算NZ$650以内" -> "<=650 NZD", budget)."""
    out = []
    for m in _AMOUNT.finditer(text):
        n = float(m.group("n").replace(",", ""))
        number = str(int(n)) if n.is_integer() else f"{n:.2f}"
        tail = m.group("tail") or ""
        before = text[max(0, m.start() - 6) : m.start()]
        bound = _BOUNDS.get(tail, "")
        named = next((name for name, rx in _BEFORE if rx.search(before)), None)
        slot = named or ("budget" if bound == "<=" else "price")
        value = f"{bound}{number} {currency_before(m.group('sym'))}"
        out.append((m.start(), m.end(), "money", value, slot))
    return out
