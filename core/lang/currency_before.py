"""What may stand before an amount of money: a symbol, an ISO currency code, a country's dollar or
rupees ("£20", "₹1,80,000", "AED 1,370", "NZ$450", "TT$1,280", "Rs. 5,000"), and the ISO code it
writes. The code is part of what was said; capitals only, so "won 5" or "rub 3" stay words."""

from __future__ import annotations

import re

_SYMBOLS = {
    "$": "USD", "£": "GBP", "€": "EUR", "¥": "CNY", "₹": "INR", "₪": "ILS", "₩": "KRW",
    "₱": "PHP", "₦": "NGN", "₺": "TRY", "₽": "RUB", "₫": "VND", "฿": "THB",
}  # fmt: skip
CODES = (
    "USD GBP EUR CNY JPY INR AED CHF SGD HKD AUD CAD NZD ZAR SEK NOK DKK THB KRW MYR MXN PLN PHP BRL TWD ILS "
    "NGN TRY RUB VND IDR KES EGP SAR QAR TTD JMD"
)
_DOLLARS = {
    "US$": "USD", "A$": "AUD", "AU$": "AUD", "NZ$": "NZD", "S$": "SGD", "HK$": "HKD", "C$": "CAD",
    "TT$": "TTD", "J$": "JMD", "R$": "BRL",
}  # fmt: skip
# rupees as South Asia writes them before the amount ("Rs. 5,000", "Rs 2,500"): India's, Sri Lanka's,
# Pakistan's or Nepal's, the code says no more than the writer did
_RUPEES = {"Rs.": "RS", "Rs": "RS"}
CURRENCY_BEFORE = (
    "["
    + "".join(_SYMBOLS)
    + r"]|(?<![\w$])(?-i:"
    + "|".join(
        [*(re.escape(d) for d in _DOLLARS), *(rf"{re.escape(r)}\s?(?=\d)" for r in _RUPEES)]
        + [rf"{c}\s?(?=\d)" for c in CODES.split()]
    )
    + ")"
)


def currency_before(written: str) -> str:
    """The ISO code of what a CURRENCY_BEFORE match wrote ("£" -> GBP, "NZ$" -> NZD, "AED " -> AED);
    "" for nothing written."""
    w = written.strip()
    return _SYMBOLS.get(w) or _DOLLARS.get(w) or _RUPEES.get(w) or w
