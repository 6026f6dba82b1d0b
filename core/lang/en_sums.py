"""Whether an amount is the sum of the amounts said before it: "... at £40 and the juice at £38, that
is £190", "$195 + $144 + $12 = $351"; a part may be a price times the count said before it ("2 walks
a week at £24, so £48 a week", "You at $65 and the two kids at $45: $155"). Split from
core.lang.en_attributes, which types such a sum as the total.
"""

from __future__ import annotations

import re

from core.lang.en_numbers import NUMBER_WORDS_PATTERN, to_number
from core.lang.en_values import Candidate

# what stands between the last part of a sum and the sum: "that is", "comes to", ":", "=", or words
# then a comma ("plus the $75 travel fee, $1,785"); never a bare list comma ("$30, $50, $80")
_SUM_CUE = re.compile(
    r"\b(?:that(?:['’]s|\s+is)|comes?\s+to|makes|total|in\s+all|altogether|so)\b|[:=]|[A-Za-z].*,\s*$", re.I
)


# a count of things right before the price of one ("2 walks a week at £24", "the two kids at $45"): the
# part of a sum is the price times the count
_COUNT_AT = re.compile(
    rf"\b(?P<n>\d{{1,3}}|{NUMBER_WORDS_PATTERN})\s+[a-z]+(?:\s+[a-z]+){{0,3}}?\s+(?:at|@|for)\s*$",
    re.IGNORECASE,
)


def sums_before(text: str, amounts: list[Candidate], i: int) -> bool:
    """True when the i-th amount of a text is the sum of the two or more amounts said right before it
    in the same currency, a cue of summing between (_SUM_CUE): what they come to ("... at £40 and the
    juice at £38, that is £190"; a part said with its count counts that many times, "2 walks a week at
    £24, so £48 a week"), not one more item of a list of prices ("$40, $60 and $100")."""
    if i == 0 or not _SUM_CUE.search(text, amounts[i - 1].end, amounts[i].start):
        return False
    value, cur = _figure(amounts[i].value)
    parts: list[float] = []
    counted = False  # a part is a price times its count: one such part is a sum already
    for k in range(i - 1, -1, -1):
        figure, other = _figure(amounts[k].value)
        if other != cur:
            break
        since = amounts[k - 1].end if k > 0 else 0
        count = _COUNT_AT.search(text, max(since, amounts[k].start - 60), amounts[k].start)
        times = to_number(count.group("n")) if count else None
        counted = counted or bool(times and times > 1)
        parts.append(figure * (times or 1))
        if (len(parts) >= 2 or counted) and abs(sum(parts) - value) < 0.005:
            return True
    return False


def _figure(value: str) -> tuple[float, str]:
    """The number and currency of a normalised amount ("1630 USD" -> (1630.0, "USD"))."""
    number, _, cur = value.partition(" ")
    return float(number), cur
