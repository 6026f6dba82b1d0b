"""Relatives in English: the words that name them ("Dad", "my grandson"), and the role each gives the age
or the name said with it ("Dad is 68" -> father_age, "my grandson Kenver" -> grandson_name)."""

from __future__ import annotations

import re

from core.lang.patterns import pattern

# relatives -> the role an age slot is named by ("Dad is 68" -> father_age)
KIN = {
    "dad": "father", "father": "father", "daddy": "father", "papa": "father", "mum": "mother",
    "mom": "mother", "mother": "mother", "mummy": "mother", "mommy": "mother", "mama": "mother",
    "grandma": "grandmother", "grandmother": "grandmother", "granny": "grandmother", "nan": "grandmother",
    "grandpa": "grandfather", "grandfather": "grandfather", "granddad": "grandfather",
    "son": "son", "daughter": "daughter", "wife": "wife", "husband": "husband", "kid": "child",
    "child": "child", "baby": "child", "brother": "brother", "sister": "sister",
    "father-in-law": "father_in_law", "mother-in-law": "mother_in_law", "grandson": "grandson",
    "granddaughter": "granddaughter", "grandchild": "grandchild", "nephew": "nephew", "niece": "niece",
    "cousin": "cousin", "uncle": "uncle", "aunt": "aunt", "auntie": "aunt", "stepson": "stepson",
    "stepdaughter": "stepdaughter", "partner": "partner", "fiancee": "fiancee", "fiance": "fiance",
}  # fmt: skip


def kin_named(text: str) -> str:
    """The last relative a text names ("my mum", "Dad's"), lowercased, or ""."""
    words = "|".join(sorted(KIN, key=len, reverse=True))
    found = pattern(rf"\b(?:{words})\b", re.IGNORECASE).findall(text)
    return found[-1].lower() if found else ""
