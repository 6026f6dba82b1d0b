"""An amount a budget's noun names, ending its clause: the most the user pays ("my budget is £9,500", "I'd
set myself a ceiling of €7,000", "Our budget for this financial year is £9,500 including VAT").

Each had been a plain amount that the assistant's quoted price then showed as replaced. The amount is
the budget only when its clause ends with it: the words of what it covers, said after it ("my budget is
$3,000 for everything"), stay in the user's clause, which the coverage check keeps whole.
"""

from __future__ import annotations

import re

# the nouns that name an amount said after them the most the user pays ("my budget is £9,500", "a
# ceiling of €7,000"); "max" and "limit" often say what it covers after it ("max is €1000 for the two")
_BUDGET_NOUNS = re.compile(
    r"\b(?:budget|ceiling)(?:\s+for\s+(?:this|the|that|our|my)(?:\s+[a-z]+){1,3}?)?\s+(?:is|of|was)\s+"
    r"(?:about\s+|around\s+)?$",
    re.IGNORECASE,
)
# the end of the amount's clause, the tax it includes said before it ("£9,500 including VAT;")
_CLAUSE_END = re.compile(
    r"(?:\s+(?:including|incl\.?|inclusive\s+of|plus|excluding|ex\.?)\s+(?:vat|tax|gst))?"
    r"\s*(?:$|[.;!?]|,\s+(?:and|but|so)\b)",
    re.IGNORECASE,
)


def named_budget(text: str, start: int, end: int) -> str | None:
    """"budget" for the amount at start..end when a budget's noun names it and its clause ends with it
    (the user's words of what it covers, said after it, stay in their clause), else None."""
    named = _BUDGET_NOUNS.search(text, max(0, start - 60), start) is not None
    return "budget" if named and _CLAUSE_END.match(text, end) else None
