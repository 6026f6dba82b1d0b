"""A short clause that carries on the user's request ("and pay monthly", "but only after my trip",
"wait no, full balance", "switch to the no fee one"): its opening connective (adding, contrasting)
or its correction cue says it states something of the request, where a polite reply of as few words
("that suits me", "sounds right") states nothing. Coverage keeps such a clause by its words from
fewer content units than an unmarked one (core.coverage)."""

from __future__ import annotations

import re

from core.lang.en_discourse import is_correction

# English: an adding or contrasting opener, a "wait"/"no wait" that takes back what came before, or a
# "please" that asks the request done ("Please use bromine.")
_EN_JOINS = re.compile(
    r"^\W*(?:(?:oh|ah|um+|uh+|ok(?:ay)?|so)[\s,.!]+)?(?:and|but|also|plus|wait|no\s+wait|except|please)\b",
    re.IGNORECASE,
)
# Chinese: 还有 / 另外 / 而且 / 但是 / 不过 / 并且 opening the clause, or 请 (not 请问, a question)
_ZH_JOINS = re.compile(r"^\W*(?:还有|另外|而且|但是|不过|并且|请(?!问))")


def carries_request(text: str) -> bool:
    """True when a clause opens with a connective that adds to or qualifies the user's request, or
    carries a correction cue: a short clause of this shape states a value of the request, not a
    polite reply."""
    return bool(_EN_JOINS.match(text) or _ZH_JOINS.match(text) or is_correction(text))


# a clause drawn from the one before: "so NO poison anywhere", "所以不要用药" (its reason came first)
_RESULT = re.compile(r"^\W*(?:so|therefore|hence|that['’]s\s+why|所以|因此)", re.IGNORECASE)


def draws_result(text: str) -> bool:
    """True when a clause opens with a result connective: what it says follows from the clause before."""
    return bool(_RESULT.match(text))


# the gap between two items of a list, of names or of a value: a separator mark ("Martin Hale, Sofia
# Brandt", "周一、周三") or a joining word ("Monday and Wednesday", "张三和李四"); a regex, also for the
# items' own patterns (core.replaced)
LIST_ITEM_GAP = r"(?:\s*[,;\uff0c\uff1b\u3001&]\s*(?:and\s+)?|\s+and\s+|\s*[和与跟及]\s*)"
_LIST_GAP = re.compile(LIST_ITEM_GAP, re.IGNORECASE)


def joins_list(gap: str) -> bool:
    """True when gap, the text between two names, joins them as items of one list."""
    return _LIST_GAP.fullmatch(gap) is not None
