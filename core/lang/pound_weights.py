"""Pounds that weigh, not pounds sterling: "It does weigh about 45 pounds" had been £45, joined to the
telescope's price in the amount slot (core.lang.en_values.money reads no money there)."""

from __future__ import annotations

import re

# what says "pounds" weigh: a word of weight, or the turn's money written in another currency's sign
_WEIGHT_CUE = re.compile(r"\b(?:weigh(?:s|ing|ed|t)?|heavy|heavier|light(?:er)?)\b", re.IGNORECASE)
_OTHER_SIGN = re.compile(r"[$€¥₹₱₩₦]")


def pounds_weigh(word: str, text: str) -> bool:
    """True when the currency word word, said in text, is "pounds" that weigh ("It does weigh about 45
    pounds", "It's $529 and 45 pounds"): the text speaks of weight, or writes its money with another
    currency's sign and no £."""
    if not word.lower().startswith("pound"):
        return False
    return bool(_WEIGHT_CUE.search(text)) or (bool(_OTHER_SIGN.search(text)) and "£" not in text)
