"""Grammar words inside title-cased titles (core.lang.en_name_caps): a possessive between two
capitalized words ("Got your Six", "Take my Breath Away") belongs to the title."""

from __future__ import annotations

from core.lang.en_name_words import CITY_WORDS, DATE_WORDS, Token, is_cap

_POSSESSIVES = frozenset(("my", "your", "our", "his", "her", "their"))


def bridging_possessive(toks: list[Token], j: int, k: int) -> bool:
    """A possessive right after a capitalized word and before another ("Got your Six", "Take my
    Breath Away"): inside a title-cased title; in plain prose a possessive precedes a lowercase noun."""
    n = len(toks)
    return (
        toks[k].low in _POSSESSIVES
        and k == j + 1
        and k + 1 < n
        and is_cap(toks[k + 1].text)
        and toks[k + 1].text.isalpha()
        and toks[k + 1].text != "I"
        and toks[k + 1].low not in DATE_WORDS
        and toks[k + 1].low not in CITY_WORDS
    )
