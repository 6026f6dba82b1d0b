"""The analyzer of each language, made on first use and shared."""

from __future__ import annotations

from functools import cache

from core.lang.base import LanguageAnalyzer
from core.model_kinds import Lang


@cache
def analyzer_for(lang: Lang) -> LanguageAnalyzer:
    """The (cached) analyzer of a language."""
    if lang == "zh":
        from core.lang.zh import ChineseAnalyzer

        return ChineseAnalyzer()
    from core.lang.en import EnglishAnalyzer

    return EnglishAnalyzer()
