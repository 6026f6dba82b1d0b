"""What may stand before an amount of money: a symbol, an ISO currency code, a country's dollar or
rupees ("£20", "₹1,80,000", "AED 1,370", "NZ$450", "TT$1,280", "NT$13,990", "BDS$3,000", "Rs. 5,000",
"RM 4,500", "GH₵900", "NPR 5,600"), the South African rand before an amount grouped in thousands ("R8,299": a
bare "R2" or "R350" is as often a model's code), and the ISO code it writes. The code is part of what
was said; capitals only, so "won 5" or "rub 3" stay words. An amount may also have its symbol after
it (symbol_after)."""

from __future__ import annotations

import re

_SYMBOLS = {
    "$": "USD", "£": "GBP", "€": "EUR", "¥": "CNY", "₹": "INR", "₪": "ILS", "₩": "KRW",
    "₱": "PHP", "₦": "NGN", "₺": "TRY", "₽": "RUB", "₫": "VND", "฿": "THB", "₵": "GHS",
}  # fmt: skip
CODES = (
    "USD GBP EUR CNY JPY INR AED CHF SGD HKD AUD CAD NZD ZAR SEK NOK DKK THB KRW MYR MXN PLN PHP BRL TWD ILS "
    "NGN TRY RUB VND IDR KES EGP SAR QAR TTD JMD MOP NPR LKR PKR BDT GHS UGX TZS ETB MAD ARS CLP COP PEN CZK "
    "HUF RON UAH KZT"
)
_DOLLARS = {
    "US$": "USD", "A$": "AUD", "AU$": "AUD", "NZ$": "NZD", "S$": "SGD", "HK$": "HKD", "C$": "CAD",
    "TT$": "TTD", "J$": "JMD", "R$": "BRL", "NT$": "TWD", "BDS$": "BBD", "BD$": "BSD", "EC$": "XCD",
    "BZ$": "BZD", "FJ$": "FJD", "G$": "GYD", "Z$": "ZWL", "CI$": "KYD", "WS$": "WST", "SI$": "SBD",
}  # fmt: skip
# any dollar its country writes with its letters before the sign ("BDS$", "EC$"): the letters are
# part of what was said, whether or not the table above knows them
_LETTERED_DOLLAR = r"[A-Z]{1,3}\$"
# rupees as South Asia writes them before the amount ("Rs. 5,000", "Rs 2,500"): India's, Sri Lanka's,
# Pakistan's or Nepal's, the code says no more than the writer did
_RUPEES = {"Rs.": "RS", "Rs": "RS"}
# the letters a currency is written with before its amount, as its country writes it ("RM 4,500" in
# Malaysia, "KSh 2,000" in Kenya, "GH₵900" in Ghana), and the rand's "R" before thousands only
_LETTERS = {"RM": "MYR", "KSh": "KES", "Ksh": "KES", "GH₵": "GHS"}
_RAND = r"R(?=\d{1,3}(?:,\d{3})+(?!\d))"
_WRITES = {**_SYMBOLS, **_DOLLARS, **_RUPEES, **_LETTERS, "R": "ZAR"}  # what each way of writing is
CURRENCY_BEFORE = (
    "["
    + "".join(_SYMBOLS)
    + r"]|(?<![\w$])(?-i:"
    + "|".join(
        [_LETTERED_DOLLAR, *(rf"{re.escape(r)}\s?(?=\d)" for r in (*_RUPEES, *_LETTERS))]
        + [_RAND]
        + [rf"{c}\s?(?=\d)" for c in CODES.split()]
    )
    + ")"
)


def currency_before(written: str) -> str:
    """The ISO code of what a CURRENCY_BEFORE match wrote ("£" -> GBP, "NZ$" -> NZD, "AED " -> AED);
    "" for nothing written."""
    w = written.strip()
    return _WRITES.get(w, w)


# an amount with its symbol after it, as French and much of Europe write it ("7 000 $", "5 180 $",
# "250 €", "12,50 €"): thousands grouped by a space or a comma; a symbol before a digit opens the next
# amount instead ("5 $10")
_AFTER = re.compile(
    r"(?<![\w.,])(?P<n>\d{1,3}(?:[ \u00a0\u202f,]\d{3})+|\d+)(?:[.,](?P<d>\d{1,2}))?\s?(?P<sym>[$€£])"
    r"(?![\w$]|\s?\d)"
)


def symbol_after(text: str) -> list[tuple[int, int, str, str]]:
    """(start, end, number, ISO code) of each amount written with its symbol after it ("7 000 $" ->
    "7000", "USD"; "12,50 €" -> "12.50", "EUR"): the number without its group separators."""
    out = []
    for m in _AFTER.finditer(text):
        number = re.sub(r"[ \u00a0\u202f,]", "", m.group("n")) + (f".{m.group('d')}" if m.group("d") else "")
        out.append((m.start(), m.end(), number, _SYMBOLS[m.group("sym")]))
    return out
