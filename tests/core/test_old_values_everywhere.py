"""A value replaced with evidence is not shown as current in the user's words the context quotes
(issue 12, item 2): a Chinese value inside Chinese text (no spaces mark its ends), a listed value
written with other separators, a tool call's argument a later call set anew, and the goal line. The
validator still reads a marked goal as the user's own words."""

from __future__ import annotations

import pytest

from core.models import ActionUnit, ContextState, Evidence, Fact, FactVersion, Goal
from core.render_goals import goal_texts
from core.replaced import mark_quoted, mark_replaced
from core.validate import goal_similarity

pytestmark = pytest.mark.unit


def _fact(key: str, value: str, idx: int, old: str = "", replaced_at: int = 0, vtype: str = "count") -> Fact:
    history = []
    if old:
        evidence = Evidence(idx=idx, role="user", how="said", text=old)
        norm, reason = old.lower(), "corrected by user"
        version = FactVersion(value=old, norm=norm, idx=0, replaced_at=replaced_at, reason=reason)
        history = [version.model_copy(update={"evidence": evidence})]
    fact = Fact(key=key, value=value, norm=value.lower(), first_idx=idx, last_idx=idx, history=history)
    return fact.model_copy(update={"vtype": vtype})


def _moved_date() -> ContextState:
    # "日期想定在1月3号，周日" ... "那天有事了，改到1月2号周六吧": the held old value is a listing
    moved = _fact("move.date", "1月2号, 周六", 10, "1月3号, 周日", 10, "date")
    return ContextState(facts={"move.date": moved})


def test_a_chinese_value_inside_chinese_words_is_marked():
    state = ContextState(facts={"dining.guests": _fact("dining.guests", "28个", 14, "20个人", 14)})
    assert mark_replaced("给我爸过寿，大概20个人，两桌", state) == "给我爸过寿，大概(was: 20个人)，两桌"


def test_a_number_inside_a_longer_number_is_no_occurrence_of_it():
    state = ContextState(facts={"food.people": _fact("food.people", "8个人", 17, "6个人", 17)})
    assert mark_replaced("我们16个人", state) == "我们16个人"
    severity = ContextState(facts={"t.s": _fact("t.s", "sev3", 5, "sev2", 5)})
    assert mark_replaced("sev20 is not sev2", severity) == "sev20 is not (was: sev2)"


def test_a_listed_value_is_found_whatever_separator_the_user_wrote():
    assert mark_replaced("日期想定在1月3号，周日", _moved_date()) == "日期想定在(was: 1月3号，周日)"


def test_a_goal_shows_a_replaced_value_it_still_holds_marked():
    state = _moved_date()
    state.goals = [Goal(text="日期想定在1月3号，周日", idx=0)]
    assert goal_texts(state) == ["日期想定在(was: 1月3号，周日)"]


def _incident_calls() -> list[ActionUnit]:
    created = ActionUnit(
        tool="create_incident",
        args={"title": "checkout-api 502s", "severity": "sev2", "assignee": "kwame"},
        idx=19,
        write=True,
        call_id="c1",
        detail='{"incident":"INC-40972"}',
    )
    args = {"incident": "INC-40972", "severity": "sev3"}
    updated = ActionUnit(tool="update_incident", args=args, idx=23, write=True, call_id="c2")
    return [created, updated]


def test_a_quoted_clause_marks_the_argument_a_later_call_set_anew():
    state = ContextState(actions=_incident_calls())
    said = ["open an incident ticket, sev2, assign to me.", "hm, make it sev3 since it's resolved"]
    assert mark_quoted(said, state) == ["open an incident ticket, (was: sev2), assign to me.", said[1]]


def test_an_argument_no_later_call_set_anew_stays_as_said():
    state = ContextState(actions=_incident_calls()[:1])
    assert mark_quoted(["open an incident ticket, sev2"], state) == ["open an incident ticket, sev2"]


def test_a_goal_with_a_marked_value_is_still_the_users_own_words():
    said = ["你好，我下个月初要搬家。日期想定在1月3号，周日。"]
    assert goal_similarity(["日期想定在(was: 1月3号，周日)"], said, None) == 1.0


def test_an_untyped_value_replaced_under_the_name_slot_is_marked_only_as_a_whole_word():
    # one name after another under the catch-all name slot is weak evidence of one attribute: inside
    # Chinese words (no word ends to go by) its old value is left as the user said it
    churned = _fact("general.name_2", "环境变量DEBUG_SSO", 23, "环境变量FEATURE_SSO", 11, "")
    state = ContextState(facts={"general.name_2": churned})
    said = "新版本需要加一个环境变量FEATURE_SSO=on"
    assert mark_replaced(said, state) == said
    assert mark_replaced("环境变量FEATURE_SSO", state) == "(was: 环境变量FEATURE_SSO)"
    # a value unlike the one that replaced it ("test-deploy频道") may be another attribute's: unmarked
    unlike = _fact("general.name_2", "test-deploy频道", 23, "环境变量FEATURE_SSO", 11, "")
    unmarked = mark_replaced("环境变量FEATURE_SSO", ContextState(facts={"general.name_2": unlike}))
    assert unmarked == "环境变量FEATURE_SSO"


def test_a_term_replaced_in_its_slot_is_marked_only_as_a_whole_word():
    # "分期" (a term) held before "年费" in one slot: weak evidence one attribute changed, so the
    # user's clause "分期剩下的一次性还清" stays as said
    state = ContextState(facts={"bank.item": _fact("bank.item", "年费", 6, "分期", 4, "term")})
    assert mark_replaced("分期剩下的一次性还清", state) == "分期剩下的一次性还清"
