"""The coverage guarantee on short clauses: the user's opening turn states the task, so its short
clauses ("stone chip on my windscreen", "outside of knee") are the user's own and are kept, where a
short clause later in the dialogue ("thanks so much") may be a polite reply; a part of a brief answer
is the value asked for, however short ("白雪" of "白雪，后四位302X")."""

from __future__ import annotations

import pytest

from tests.core.builders import missing_clauses

pytestmark = pytest.mark.unit


def test_short_clauses_of_the_opening_turn_are_owed() -> None:
    turns = [
        ("user", "knee pain, running. outside of knee. need physio"),
        ("assistant", "Sorry to hear that. Are you insured?"),
        ("user", "self referring"),
        ("assistant", "Noted."),
    ]
    missing = missing_clauses(turns, "[FACT:general.type=physio]")
    assert "knee pain, running." in missing
    assert "outside of knee." in missing


def test_the_opening_turn_after_a_greeting_is_the_first_that_states_something() -> None:
    turns = [
        ("user", "hello"),
        ("assistant", "Hi there."),
        ("user", "stone chip on my windscreen. can it be repaired"),
        ("assistant", "Most chips can be repaired."),
    ]
    assert "stone chip on my windscreen." in missing_clauses(turns, "[USER_GOAL:can it be repaired]")


def test_a_short_clause_later_in_the_dialogue_still_needs_more_words() -> None:
    turns = [
        ("user", "I need a physio appointment for my knee, I'm self referring."),
        ("assistant", "Certainly. Which clinic?"),
        ("user", "Shoreditch"),
        ("assistant", "Done."),
        ("user", "great knee clinic."),
        ("assistant", "Thank you!"),
    ]
    assert "great knee clinic." not in missing_clauses(turns, "[FACT:physio.area=Shoreditch]")


def test_a_part_of_a_brief_answer_is_owed_from_one_content_unit() -> None:
    """"白雪，后四位302X" answers "申请人姓名和身份证后四位？": the digits are a fact, the name the parser
    did not read is the other value asked for, kept in the user's words however short."""
    turns = [
        ("user", "我想申请一张信用卡"),
        ("assistant", "好的。申请人姓名和身份证后四位？"),
        ("user", "白雪，后四位302X"),
        ("assistant", "好的，已记录。"),
    ]
    assert "白雪" in missing_clauses(turns, "[FACT:bank.account=后四位302X]")


def test_an_opening_request_asked_as_a_question_is_owed_when_it_states_the_task() -> None:
    said = "我家柯基8个月了，在家到处尿，还爱咬人手，能训吗"
    turns = [("user", "你好，" + said), ("assistant", "可以的。"), ("user", "好"), ("assistant", "地址？")]
    # the statement is a clause of its own (core.lang.zh_clauses), the question it was cut from comes back
    # with it: the task is still asked
    assert missing_clauses(turns, "[FACT:general.duration=8个月|name=咬人手]") == [
        "我家柯基8个月了，在家到处尿，还爱咬人手，",
        "能训吗",
    ]
    asks = [("user", "is it fragile? no stickers"), ("assistant", "Noted.")]
    assert "is it fragile?" not in missing_clauses(asks, "[FACT:order.id=Q7]\nMust: no stickers")  # asks only
