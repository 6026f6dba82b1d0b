"""One of the amounts the assistant listed, said again alone: the price of the option in play.

"Under ₦80,000 we have the Crisp 3.5L at ₦48,000, the Crisp 5L at ₦62,000 and the Crisp 5L Digital at
₦71,000", then, after the user's pick, "The Crisp 5L with knobs, ₦62,000." The three prices were held as
one value, which no single price replaced, and the soft budget dropped the list as information: the
price of what the user took was lost. The assistant's single amount that is one of its own listed
amounts (by norm: "₦62,000" is "62000 ngn") narrows the list to it, when the amounts are priced
alike, as options of one kind are (a total and its rate, "€1,040 at €1.04", are no options).
"""

from __future__ import annotations

import re

from core.listed import listed
from core.models import Fact, FactCandidate

_NUMBER = re.compile(r"\d+(?:\.\d+)?")
_ALIKE = 4  # options' prices are within this factor of each other


def one_of_priced_alike(cur: Fact, cand: FactCandidate) -> bool:
    """True when cand's one amount is one of the amounts cur lists and they are priced alike (module
    doc): the list narrows to it (core.merge, as for an item the assistant reports taken)."""
    norms = listed(cur.norm)
    if len(norms) < 2 or len(listed(cand.norm)) != 1 or cand.norm not in norms:
        return False
    numbers = [float(m.group(0)) for n in norms if (m := _NUMBER.search(n))]
    # "€1,040 at €1.04": a total and its rate, no options' prices
    return len(numbers) == len(norms) and min(numbers) > 0 and max(numbers) <= _ALIKE * min(numbers)
