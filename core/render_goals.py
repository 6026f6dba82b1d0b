"""Render stage, the goal line: the user's most recent open goal, in the user's words; and what the
"Next:" line says is required (open todos, calls awaiting their result).

``[USER_GOAL:book a table for 2]`` is shown only while it tells the model something the rest of
the facts do not: one with no content word ("I…"), or one whose content words one fact line already
shows (``looking for a restaurant in the centre`` next to ``[FACT:restaurant.area=centre|...]``;
its intent verb aside) is left out. Words scattered over several lines do not show a goal, nor do
tool lines (an argument holding the goal's words is not the goal: ``shop=Roast Co., set=turkey set``
for "a roast turkey set").
"""

from __future__ import annotations

import re

from core.embed import is_chinese
from core.lang.cues import any_language
from core.lang.en_goal_words import without_value
from core.models import ContextState, Fact, Goal, Todo
from core.replaced import guessed_slot, mark_quoted, replaced_alike, shown_as_replaced
from core.shown import content_units

MAX_GOALS = 1
_DETAIL = re.compile(r"[\d.,:tT -]+")  # a normalised date, time or number: detail a goal leaves to the facts
_PART = re.compile(r"[\n;\uff1b]")  # one line of the context, one item of a list
_WAS = re.compile(r"\((?:was:|aka|vs) [^()]*\)")


def goal_texts(state: ContextState) -> list[str]:
    """The most recent open goals (a done one is not shown: the Completed line and the facts say
    what was done), one per domain, in the user's words, with any value the user has since replaced
    written as its current value (a goal never shows a stale one). What the goal is about stays in
    it even when the facts show it too: without it a goal reads as a fragment ("book MRI mother",
    not "book mother")."""
    by_domain: dict[str | None, str] = {}
    for goal in (g for g in state.goals if not g.done):
        by_domain.setdefault(goal.domain, current_values(goal, state))
    # a replaced value no fact took over in the goal's words is shown marked, as in every quote
    return mark_quoted(list(by_domain.values())[-MAX_GOALS:], state)


def goal_told(goal: str, rest: str) -> bool:
    """True when a goal tells something the facts (rest: the fact lines shown) do not: no one line
    (or list item) of rest shows all its content words, intent verbs aside, outside "(was: ...)"
    markers. A goal with no content word ("I…", "about it") tells nothing."""
    cues = any_language()
    units = [u for u in content_units(goal) if not cues.intent_cue(u) and not cues.intent_cue(f"{u} for")]
    if not content_units(goal):
        return False
    parts = _PART.split(_WAS.sub(" ", rest).lower())
    return not any(all(u in part for u in units) for part in parts)


def current_values(goal: Goal, state: ContextState) -> str:
    """The goal's text with replaced values written as current; a date, time or number the facts
    show is left out (it changes and the facts carry it), unless that leaves a bare word. A value of
    a slot the parser guessed (core.coverage.guessed_slot) is rewritten only when its fact shows it
    as replaced (core.replaced.shown_as_replaced): a name the user merely said after it there
    ("防癌险", then "胆囊切除") replaced nothing; an untyped one only by a value alike it
    (core.replaced.replaced_alike: "每一步都微信告诉我" never becomes "每一步都陈昊告诉我")."""
    text = goal.text
    for key, surface in goal.values.items():
        fact = state.facts.get(key) or task_fact_replacing(key, surface, state)
        if fact is None:
            continue
        bare = without_value(text, surface)  # "book a table for 4" -> "book a table", not "... for"
        if _DETAIL.fullmatch(fact.norm) and not is_chinese(text) and len(bare.split()) >= 2:
            text = bare
        elif fact.history and surface.lower() not in (f.lower() for f in [fact.value, *fact.aliases]) and (
            not guessed_slot(fact) or surface.lower() in (v.lower() for v in shown_as_replaced(fact))
        ) and replaced_alike(fact, surface):
            text = text.replace(surface, fact.value)
    return text


def task_fact_replacing(key: str, surface: str, state: ContextState) -> Fact | None:
    """The task's fact that took over a goal's value said before its task was known: the goal holds
    it under a guessed slot (general.nights) the state no longer has, and the one fact of that slot
    in a task (hotel.nights) shows the very words as replaced. None when no fact, or several, do:
    the goal's words are then no stale value of one fact."""
    if not key.startswith("general.") or key in state.facts:
        return None
    slot = key.split(".", 1)[1]
    low = surface.strip().lower()
    found = [
        f
        for k, f in state.facts.items()
        if k.split(".", 1)[-1] == slot and low in (v.strip().lower() for v in shown_as_replaced(f))
    ]
    return found[0] if len(found) == 1 else None


def required_actions(state: ContextState) -> list[str]:
    """Open todos with their missing preconditions, and tool calls still waiting for a result."""
    out = []
    for todo in state.todos:
        if todo.done or todo.declined:
            continue
        missing = missing_preconditions(todo, state)
        slots = [k.split(".", 1)[-1] for k in missing]
        out.append(f"{todo.text} (missing: {', '.join(slots)})" if missing else todo.text)
    out += [f"await result of {a.tool}" for a in state.actions if a.status == "pending"]
    return list(dict.fromkeys(out))


def missing_preconditions(todo: Todo, state: ContextState) -> list[str]:
    """The fact keys a todo needs that the state does not hold."""
    return [k for k in todo.requires if k not in state.facts]
