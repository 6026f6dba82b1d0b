"""The facts' anchors of the rendered context: '[FACT:domain.slot=value|slot=value (was: ...)]', one
per domain, and the anchors they read back as (core.render.parse_anchors).

A date or time is shown resolved with the user's words after it (core.when); the anchor a fact
reads back as is those words, so a clock time said in one phrase with its date reads back as the
whole phrase ('7pm Friday')."""

from __future__ import annotations

from collections.abc import Sequence

from core.models import Fact
from core.render_repeats import alias_label, other_wording
from core.replaced import shown_as_replaced, without_current
from core.tokens import count_tokens
from core.when import phrase_with_day, shown_value, written_value

MAX_WAS = 2  # earlier values shown per fact, newest first


def anchor_value(value: str) -> str:
    """A value made safe inside an anchor: no brackets, no pipes, no newlines."""
    return " ".join(value.replace("[", "(").replace("]", ")").replace("|", "/").split())


def fact_piece(fact: Fact, first: bool, group: Sequence[Fact] = ()) -> str:
    """One fact inside its domain's anchor: 'domain.slot=value' first, then 'slot=value', plus any
    earlier values marked '(was: ...)'; a date or time resolved, the user's words after it
    (core.when; group: the facts of its domain)."""
    key = fact.key if first or "." not in fact.key else fact.key.split(".", 1)[1]
    piece = f"{key}={anchor_value(shown_value(fact, group))}"
    olds = list(dict.fromkeys(without_current(v, fact) for v in reversed(shown_as_replaced(fact))))[:MAX_WAS]
    if fact.aliases:
        alias = fact.aliases[-1]
        label = alias_label(fact, alias)
        if fact.evidence is not None and fact.evidence.text.lower() == alias.lower():
            alias = phrase_with_day(fact, group) or alias  # 'wednesday 9am', not '9am' beside the date
        alias = other_wording(alias, fact.value)
        if alias:
            piece += f" ({label} {anchor_value(alias).replace('(', '').replace(')', '')})"
    if olds:
        piece += f" (was: {'; was: '.join(anchor_value(v).replace('(', '').replace(')', '') for v in olds)})"
    return piece


def fact_cost(fact: Fact) -> int:
    """The tokens the fact's piece adds to its domain's anchor, its separator included (the render
    stage's budget)."""
    return count_tokens(fact_piece(fact, first=False)) + 1


def fact_anchor_lines(facts: Sequence[Fact]) -> list[str]:
    """One anchor per domain, domains and facts in order of first mention."""
    return [
        "[FACT:" + "|".join(fact_piece(f, i == 0, g) for i, f in enumerate(g)) + "]" for g in _domains(facts)
    ]


def fact_anchors(facts: Sequence[Fact]) -> list[str]:
    """'[FACT:domain.slot=value]' for each fact, its value as the rendered context reads back."""
    return [
        f"[FACT:{f.key}={anchor_value(written_value(shown_value(f, g)))}]" for g in _domains(facts) for f in g
    ]


def _domains(facts: Sequence[Fact]) -> list[list[Fact]]:
    """The facts grouped by domain, domains and facts in order of first mention."""
    groups: dict[str, list[Fact]] = {}
    for fact in sorted(facts, key=lambda f: (f.first_idx, f.key)):
        groups.setdefault(fact.key.split(".", 1)[0] if "." in fact.key else "", []).append(fact)
    return list(groups.values())
