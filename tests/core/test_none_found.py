"""A search that found nothing, then the user's next value of the same kind: the value not found is
replaced, whichever domain or slot the parser gave either of them (core.none_found). Without a
report, or for another attribute or a new task, both values stand."""

from __future__ import annotations

import pytest

from core.lang.cues import any_language
from core.merge import _merge_fact
from core.models import ContextState, Fact, FactCandidate
from core.none_found import failed_search_value
from core.render_goals import goal_texts
from tests.core.builders import replaced, state_after

pytestmark = pytest.mark.unit


def _shown(state: ContextState) -> set[str]:
    return {f.value.lower() for f in state.facts.values()}


def test_a_kind_not_found_is_replaced_by_the_next_kind_named_under_another_domain():
    # "cinema" reads as the film domain, "college" as an attraction: one search's type
    st = state_after(
        [
            ("user", "I'd like a cinema in the west."),
            ("assistant", "Sorry, I have no cinemas in the west. Another attraction, perhaps?"),
            ("user", "Maybe if there is one that is in the type of college."),
        ]
    )
    assert not any("cinema" in v for v in _shown(st))
    assert "cinema" in replaced(st)


def test_a_report_naming_nothing_replaces_the_kind_said_just_before_it():
    # "crossover" held as a type, "Spanish food" as a food: two slots of what kind is sought
    st = state_after(
        [
            ("user", "I am looking for a place to eat, moderate price in the center that serves crossover."),
            ("assistant", "I'm sorry, but I don't have anything that meets your needs. Another cuisine?"),
            ("user", "Spanish food sounds pretty good too."),
        ]
    )
    assert "crossover" not in _shown(st)
    assert "crossover" in replaced(st)
    assert "center" in _shown(st)  # the area is another attribute: it stands


def test_without_a_report_the_two_kinds_stand():
    st = state_after(
        [
            ("user", "I'd like a cinema in the west."),
            ("assistant", "There are two cinemas in the west. Anything else?"),
            ("user", "Maybe if there is one that is in the type of college."),
        ]
    )
    assert any("cinema" in v for v in _shown(st))
    assert not any("cinema" in v.lower() for v in replaced(st))


def _fact(key: str, value: str, idx: int) -> Fact:
    return Fact(key=key, value=value, norm=value, first_idx=idx, last_idx=idx, role="user", vtype="term")


def _cand(key: str, value: str, idx: int) -> FactCandidate:
    return FactCandidate(key=key, value=value, norm=value, source_idx=idx, role="user", vtype="term")


def _reported(facts: list[Fact], report: str, at: int) -> ContextState:
    return ContextState(facts={f.key: f for f in facts}, none_found_idx=at, none_found=report)


def test_another_attribute_is_not_replaced():
    # "no cinemas in the west" -> "how about the east?": the area changes, never the type
    st = _reported([_fact("movie.type", "cinema", 0)], "there are no cinemas in the west", 1)
    assert failed_search_value(st, _cand("attraction.area", "east", 2)) is None


def test_only_the_turn_right_after_the_report_replaces():
    st = _reported([_fact("movie.type", "cinema", 0)], "there are no cinemas in the west", 1)
    assert failed_search_value(st, _cand("attraction.type", "museum", 4)) is None
    _merge_fact(st, _cand("attraction.type", "museum", 4))
    assert st.facts["movie.type"].value == "cinema"


def test_a_turn_that_asks_for_a_new_task_replaces_nothing():
    st = _reported([_fact("movie.type", "cinema", 0)], "there are no cinemas in the west", 1)
    st.task_idx = 2  # "ok. I also need a restaurant that serves italian"
    assert failed_search_value(st, _cand("restaurant.food", "italian", 2)) is None


def test_the_report_cue():
    cues = any_language()
    report = cues.finds_none("Sorry, I have no cinemas in the west. Anything else?")
    assert report == "i have no cinemas in the west"
    assert "no results" in cues.finds_none("Sorry, there are no results for that query.")
    assert cues.finds_none("It doesn't appear there are any cinemas in the west.")
    assert cues.finds_none("附近没有找到川菜馆。") == "没有找到川菜馆"
    assert cues.finds_none("No problem, I booked it.") == ""
    assert cues.finds_none("There is a cinema in the west.") == ""


def test_the_goal_line_writes_the_value_found_in_place_of_the_one_not_found():
    st = state_after(
        [
            ("user", "I'd like a cinema in the west."),
            ("assistant", "Sorry, I have no cinemas in the west. Another attraction, perhaps?"),
            ("user", "Maybe if there is one that is in the type of college."),
        ]
    )
    goals = goal_texts(st)
    assert goals and not any("cinema" in g.lower() for g in goals)
