"""The English language analyzer of the parse stage (rules and general-knowledge lexicons, no model).

>>> from datetime import datetime
>>> a = EnglishAnalyzer()
>>> ents = a.entities("Book it for 4 people next Wednesday at 3pm", datetime(2026, 1, 5))
>>> [(e.type, e.text, e.value) for e in ents]
[('quantity', '4 people', '4 people'), ('date', 'next Wednesday', '2026-01-07'), ('time', '3pm', '15:00')]
>>> [(n.text, n.cue, n.target) for n in a.negations("no spicy food please")]
[('no spicy food', 'no', 'spicy food')]
"""

from __future__ import annotations

from datetime import datetime

from core.lang import en_cues
from core.lang.cue_methods import CueMethods
from core.lang.en_action_markers import find_action
from core.lang.en_attributes import total_spans
from core.lang.en_capitals import typed_in_capitals
from core.lang.en_discourse import (
    classify_kind,
    is_correction,
    is_pinned,
    proposes_alternative,
    split_sentences,
)
from core.lang.en_domain import find_domain
from core.lang.en_entities import extract_entities
from core.lang.en_favours import asks_favour
from core.lang.en_fees import offered_extra
from core.lang.en_negations import asked_negations, declined_value, find_negations
from core.lang.en_values import money
from core.lang.quoted_wording import with_quoted_wording
from core.model_kinds import AtomKind, Lang, Role
from core.models import ActionMarker, Entity, Negation

# Entity types that make a clause carry a value (a constraint rather than small talk).
_VALUE_TYPES = frozenset(
    {
        "frequency",
        "money",
        "quantity",
        "date",
        "time",
        "datetime",
        "duration",
        "place",
        "name",
        "term",
        "id",
        "phone",
        "email",
        "url",
        "address",
        "rating",
    }
)


class EnglishAnalyzer(CueMethods):
    """Implements core.lang.base.LanguageAnalyzer for English."""

    lang: Lang = "en"
    _cues = en_cues
    # (text, entities) of the last entities(text, None) call: kind() of the same clause reuses them
    # (one tuple, swapped whole, so a thread never sees another thread's text with its entities)
    _last: tuple[str, list[Entity]] | None = None

    def split(self, text: str) -> list[str]:
        """Sentences of text (stripped substrings, in order, none empty)."""
        return split_sentences(text)

    def entities(self, text: str, ts: datetime | None) -> list[Entity]:
        """Typed value spans with normalized values, offsets into text and slot hints."""
        if typed_in_capitals(text):  # "IM ON A PENSION": read in lower case, each value as written
            lowered = extract_entities(text.lower(), ts)
            found = [e.model_copy(update={"text": text[e.start : e.end]}) if e.start >= 0 else e
                     for e in lowered]
        else:
            found = extract_entities(text, ts)
        found = with_quoted_wording(text, found)
        if ts is None:
            self._last = (text, found)
        return found

    def negations(self, text: str) -> list[Negation]:
        """Prohibitions and dislikes kept whole ('no spicy food', "don't call before 9am")."""
        return list(find_negations(text))

    def amounts_apart(self, text: str) -> dict[tuple[int, int], str]:
        """Totals of a whole message's amounts (its sentences apart) and extras' prices (en_fees)."""
        amounts = money(text)  # read once for both
        asked = "?" in text  # an extra is offered in a question
        extras = {(c.start, c.end): slot for c in amounts if asked and (slot := offered_extra(text, c.start))}
        return {**extras, **dict.fromkeys(total_spans(text, amounts), "total")}

    def asked_negations(self, text: str) -> list[Negation]:
        """Negated actions a question asks for ('could you not call before 9?')."""
        return asked_negations(text)

    def asks_favour(self, text: str) -> bool:
        """True when a question asks for a thing to be done or allowed ('can you cut it off?')."""
        return asks_favour(text)

    def kind(self, text: str, role: Role) -> AtomKind:
        """The clause's kind (instruction, constraint, preference, question, ...)."""
        last = self._last
        if role != "user":
            ents: list[Entity] = []
        elif last is not None and last[0] == text:
            ents = last[1]  # the parse stage asked entities() of this clause just before: same answer
        else:
            ents = self.entities(text, None)
        has_values = any((e.type in _VALUE_TYPES or e.slot is not None) and e.slot != "other" for e in ents)
        return classify_kind(
            text,
            role,
            has_values,
            bool(find_negations(text)) if role == "user" else False,
            is_correction(text) if role == "user" else False,
            find_action(text, role),
        )

    def domain(self, text: str, current: str | None = None) -> str | None:
        """The task domain the clause names (one of base.DOMAINS), or None; an ambiguous word
        ("tickets", "stay") names one only when no domain is current."""
        return find_domain(text, current)

    def pinned(self, text: str) -> bool:
        """True when the speaker stresses the clause (must, make sure, important, never, ...)."""
        return is_pinned(text)

    def is_correction(self, text: str) -> bool:
        """True when the clause replaces an earlier value (actually, instead, change it to, ...)."""
        return is_correction(text)

    def proposes_alternative(self, text: str) -> bool:
        """True when an assistant's clause offers its value in place of the user's."""
        return proposes_alternative(text)

    def action(self, text: str, role: Role) -> ActionMarker | None:
        """An action the assistant/tool reports done, failed, pending or offers."""
        return find_action(text, role)

    def declined_value(self, text: str, start: int, end: int) -> bool:
        """True when the value at text[start:end] qualifies a declined action ("don't want to book
        it today")."""
        return declined_value(text, start)

    def day_words(self, surface: str) -> str | None:
        """None: English reads a day and its hour as two values ("next Saturday", "7am"), so a bare
        hour replaces only the hour."""
        return None
