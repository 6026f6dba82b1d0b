"""A quote of the user marks a replaced value in the words the user said it in (issue 12, item 2):
a listed value the user joined by a word ("Monday and Wednesday" for the held "Monday, Wednesday"),
a Chinese name a later call set anew (three characters name a doctor as "Dr Ma" does), and the model
code the user called a replaced argument by ("E7" of "华锐E7")."""

from __future__ import annotations

import pytest

from core.models import ActionUnit, ContextState, Evidence, Fact, FactVersion
from core.replaced import mark_quoted, mark_replaced

pytestmark = pytest.mark.unit


def _days(value: str, old: str) -> ContextState:
    evidence = Evidence(idx=4, role="user", how="said", text=old)
    version = FactVersion(value=old, norm=old.lower(), idx=4, replaced_at=16, reason="corrected by user")
    fact = Fact(
        key="club.days",
        value=value,
        norm=value.lower(),
        first_idx=16,
        last_idx=16,
        history=[version.model_copy(update={"evidence": evidence})],
        vtype="date",
    )
    return ContextState(facts={"club.days": fact})


def test_a_listed_value_joined_by_a_word_is_marked():
    state = _days("Tuesday, Thursday", "Monday, Wednesday")
    assert mark_replaced("Monday and Wednesday", state) == "(was: Monday and Wednesday)"
    zh = _days("周二、周四", "周一、周三")
    assert mark_replaced("周一和周三都行", zh) == "(was: 周一和周三)都行"


def test_other_items_joined_by_a_word_are_no_replaced_listing():
    state = _days("Tuesday, Thursday", "Monday, Wednesday")
    assert mark_replaced("Monday and Friday", state) == "Monday and Friday"
    # a word inside another is no joining word: "Mondayand Wednesday" is not the listing
    assert mark_replaced("Mondayand Wednesday", state) == "Mondayand Wednesday"


def _calls(key: str, old: str, new: str) -> ContextState:
    created = ActionUnit(
        tool="create_order",
        args={key: old, "store": "中央大街店"},
        idx=9,
        write=True,
        call_id="c1",
        detail='{"order_id":"SHJ-O-1214"}',
    )
    updated = ActionUnit(
        tool="update_order", args={"order_id": "SHJ-O-1214", key: new}, idx=15, write=True, call_id="c2"
    )
    return ContextState(actions=[created, updated])


def test_a_chinese_name_a_later_call_set_anew_is_marked_in_a_quote():
    state = _calls("doctor", "马大夫", "杨大夫")
    said = ["马大夫吧，我们单位的人都说马大夫看得好", "那就杨大夫"]
    assert mark_quoted(said, state) == ["(was: 马大夫)吧，我们单位的人都说(was: 马大夫)看得好", "那就杨大夫"]


def test_a_short_latin_value_set_anew_is_still_no_name():
    state = _calls("size", "M", "L")
    assert mark_quoted(["M please"], state) == ["M please"]


def test_the_model_code_of_a_replaced_argument_is_marked_where_the_user_said_it_alone():
    state = _calls("model", "华锐E7", "华锐E8")
    assert mark_quoted(["那就E7吧，便宜那个"], state) == ["那就(was: E7)吧，便宜那个"]
    # a longer code holding it is another model
    assert mark_quoted(["E70也行"], state) == ["E70也行"]
