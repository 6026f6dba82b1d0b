"""The cue words the stages ask about (accepting, declining, fillers, amenities, ...), as analyzer
methods over a language's cue module (en_cues, zh_cues; the methods are in core.lang.cue_methods), and
``any_language()``: the answer over every language, for the stages that read a turn before (or
without) knowing its language.

A third language adds a ``<lang>_cues`` module and its analyzer; no stage file changes.
"""

from __future__ import annotations

from functools import cache

from core.lang.cue_methods import CueMethods, DayOfMonth


class AnyLanguage:
    """The cue answers over every language, in a fixed order (English, Chinese): what a stage asks
    of a turn whatever its language ("yes" and "好的" both accept)."""

    def __init__(self, analyzers: tuple[CueMethods, ...]) -> None:
        self.analyzers = analyzers

    def intent_cue(self, text: str) -> bool:
        """True when some language's intent cue occurs in text."""
        return any(a.intent_cue(text) for a in self.analyzers)

    def strip_polite_prefix(self, text: str) -> str:
        """text without the polite opener of each language, removed in turn."""
        for a in self.analyzers:
            text = a.strip_polite_prefix(text)
        return text

    def declines(self, text: str) -> bool:
        """True when text opens by declining, in some language."""
        return any(a.declines(text) for a in self.analyzers)

    def bare_no(self, text: str) -> bool:
        """True when text opens with a bare no, in some language."""
        return any(a.bare_no(text) for a in self.analyzers)

    def accepts(self, text: str) -> bool:
        """True when text opens by agreeing, in some language."""
        return any(a.accepts(text) for a in self.analyzers)

    def yes_names_pick(self, text: str) -> bool:
        """True when a yes goes on to name what it takes, in some language."""
        return any(a.yes_names_pick(text) for a in self.analyzers)

    def soft_preference(self, text: str) -> bool:
        """True when some language's soft-preference cue occurs in text."""
        return any(a.soft_preference(text) for a in self.analyzers)

    def negation_pair(self, text: str) -> bool:
        """True when some language's negation-pair cue occurs in text."""
        return any(a.negation_pair(text) for a in self.analyzers)

    def requests_new(self, text: str) -> bool:
        """True when the clause asks for a new thing, in some language."""
        return any(a.requests_new(text) for a in self.analyzers)

    def changes_value(self, text: str) -> bool:
        """True when the clause only changes a value in play, in some language."""
        return any(a.changes_value(text) for a in self.analyzers)

    def self_doubt(self, text: str) -> bool:
        """True when some language's self-doubt cue occurs in text."""
        return any(a.self_doubt(text) for a in self.analyzers)

    def quotes_back(self, text: str) -> bool:
        """True when the user points at their own earlier words, in some language."""
        return any(a.quotes_back(text) for a in self.analyzers)

    def narrates(self, text: str) -> bool:
        """True when the user narrates their next step in the first person, in some language."""
        return any(a.narrates(text) for a in self.analyzers)

    def or_connective(self, text: str) -> bool:
        """True when some language's "or" occurs in text."""
        return any(a.or_connective(text) for a in self.analyzers)

    def place_before(self, before: str, at: bool = False) -> bool:
        """True when some language's place cue ends the words before a name (at: see CueMethods)."""
        return any(a.place_before(before, at) for a in self.analyzers)

    def closes(self, text: str) -> bool:
        """True when the clause closes the conversation in some language."""
        return any(a.closes(text) for a in self.analyzers)

    def offers_more(self, text: str) -> bool:
        """True when the assistant asks whether the user wants anything more, in some language."""
        return any(a.offers_more(text) for a in self.analyzers)

    def asks_about_other(self, text: str) -> bool:
        """True when the user asks about another value beside the one in play, in some language."""
        return any(a.asks_about_other(text) for a in self.analyzers)

    def opens_task(self, text: str) -> bool:
        """True when the clause asks for something new to be found or booked, in some language."""
        return any(a.opens_task(text) for a in self.analyzers)

    def asks_another(self, text: str) -> bool:
        """True when the clause asks for another option of the search in play, in some language."""
        return any(a.asks_another(text) for a in self.analyzers)

    def adds_task(self, text: str) -> bool:
        """True when the clause names a task beside the one in play, in some language."""
        return any(a.adds_task(text) for a in self.analyzers)

    def asks_end(self, text: str) -> bool:
        """True when a question asks about the end of a span, in some language."""
        return any(a.asks_end(text) for a in self.analyzers)

    def finds_none(self, text: str) -> str:
        """The words of the reports that a search found nothing, in every language, or ""."""
        return " | ".join(w for a in self.analyzers if (w := a.finds_none(text)))

    def asked_attribute(self, text: str) -> str | None:
        """The attribute slot a question asks for in some language (the first language's), or None."""
        return next((s for a in self.analyzers if (s := a.asked_attribute(text)) is not None), None)

    def asks_by_name(self, question: str, slot: str) -> bool:
        """True when some language's question asks for the attribute slot by its noun."""
        return any(a.asks_by_name(question, slot) for a in self.analyzers)

    def bounds(self, before: str, after: str) -> bool:
        """True when some language's words around a value make it a bound of a search."""
        return any(a.bounds(before, after) for a in self.analyzers)

    def also_another(self, before: str) -> bool:
        """True when some language's words before a value say it is of another thing as well."""
        return any(a.also_another(before) for a in self.analyzers)

    def ends_with_determiner(self, text: str) -> bool:
        """True when text ends with a determiner of some language."""
        return any(a.ends_with_determiner(text) for a in self.analyzers)

    def strip_free(self, text: str) -> str:
        """An amenity without the "free" of each language."""
        for a in self.analyzers:
            text = a.strip_free(text)
        return text

    def facility_slot(self, text: str) -> str | None:
        """The first amenity slot some language's cue names in text, or None."""
        return next((s for a in self.analyzers if (s := a.facility_slot(text)) is not None), None)

    def is_non_value(self, text: str) -> bool:
        """True when text carries no state in some language."""
        return any(a.is_non_value(text) for a in self.analyzers)

    def domain_word(self, text: str) -> str | None:
        """The domain text names as a domain word of some language, or None."""
        return next((d for a in self.analyzers if (d := a.domain_word(text)) is not None), None)

    def is_article(self, word: str) -> bool:
        """True for an article of some language."""
        return any(a.is_article(word) for a in self.analyzers)

    def is_indefinite_article(self, word: str) -> bool:
        """True for an indefinite article of some language."""
        return any(a.is_indefinite_article(word) for a in self.analyzers)

    def is_bare_one(self, word: str) -> bool:
        """True for a bare "one" of some language."""
        return any(a.is_bare_one(word) for a in self.analyzers)

    def yes_no_values(self) -> frozenset[str]:
        """The values of a yes/no slot in every language."""
        return frozenset(v for a in self.analyzers for v in a.yes_no())

    def day_of_month(self, text: str) -> DayOfMonth | None:
        """The leftmost day of the month any language finds (the first language's on a tie)."""
        found = [d for a in self.analyzers if (d := a.day_of_month(text)) is not None]
        return min(found, key=lambda d: d.start) if found else None

    def names_month(self, text: str) -> bool:
        """True when text names a month in some language."""
        return any(a.names_month(text) for a in self.analyzers)

    def number_multipliers(self) -> dict[str, float]:
        """The number suffixes of every language."""
        out: dict[str, float] = {}
        for a in self.analyzers:
            out.update(a.number_multipliers())
        return out

    def places_at(self, gap: str) -> bool:
        """True when the words between two names put the first at the second in some language."""
        return any(a.places_at(gap) for a in self.analyzers)

    def ranges_to(self, gap: str) -> bool:
        """True when the words between two times make them one span in some language."""
        return any(a.ranges_to(gap) for a in self.analyzers)

    def labelled_numbers(self, text: str) -> list[str]:
        """The phrases where a noun labels a list of numbers, in every language."""
        return [p for a in self.analyzers for p in a.labelled_numbers(text)]

    def numeral_values(self, text: str) -> list[float]:
        """Values of the numerals in words of every language."""
        return [v for a in self.analyzers for v in a.numeral_values(text)]


@cache
def any_language() -> AnyLanguage:
    """The cue answers over English and Chinese (made on first use)."""
    from core.lang.registry import analyzer_for

    return AnyLanguage((analyzer_for("en"), analyzer_for("zh")))  # type: ignore[arg-type]
