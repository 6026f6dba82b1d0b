"""A fee waived or charged apart, in Chinese: "送货免运费", "包邮", "免费安装", "安装费另算".

It is a term of the purchase the agent quotes a total by: it had been a name ("送货免运费") or nothing.
It is keyed by the fee ("delivery_fee", "installation_fee") and kept as said, as an English fee is keyed
by its service (core.lang.en_fees).
"""

from __future__ import annotations

import re

# the fee's words, with the service each is keyed by
_FEE_WORDS = {
    "运费": "delivery", "邮费": "delivery", "配送费": "delivery", "快递费": "delivery", "邮": "delivery",
    "送货": "delivery", "配送": "delivery", "安装费": "installation", "安装": "installation",
}  # fmt: skip
_FEES = "|".join(sorted(_FEE_WORDS, key=len, reverse=True))
# waived ("免运费", "包邮", "免费送货", "运费全免") or charged apart ("运费另算", "安装费自理")
_WAIVED = re.compile(
    rf"(?:免|包)(?P<a>{_FEES})|免费(?P<b>{_FEES})|(?P<c>{_FEES})(?:全免|免费|另算|另付|另收|自理)"
)


def fee_terms(text: str) -> list[tuple[int, int, str, str, str]]:
    """(start, end, type, value, slot) of each fee text waives or charges apart (module doc)."""
    out = []
    for m in _WAIVED.finditer(text):
        word = m.group("a") or m.group("b") or m.group("c")
        out.append((m.start(), m.end(), "term", m.group(0), f"{_FEE_WORDS[word]}_fee"))
    return out
