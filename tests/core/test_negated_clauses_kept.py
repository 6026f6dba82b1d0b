"""Negated and must clauses are kept whole and never turned into positive facts (issue 12, item 4):
a bare 不 before an action verb forbids it ("不租给养宠物的"), a request put as a question forbids
what it negates ("能不能不砸砖？"), every negation of a clause keeps its values out of the facts, a
degree ("大声点") is no name, a consent-first instruction ("call me before ...") is a must-clause,
and the parts of a clause a later correction does not speak of are still owed."""

from __future__ import annotations

import pytest

from core.compressor import Compressor
from core.config import Config
from core.coverage import missing_user_clauses
from core.extract import extract
from core.lang import zh_negation
from core.lang.en import EnglishAnalyzer
from core.lang.zh_names import find_names
from core.models import ContextState, Message
from core.parse import parse_message

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(
    "text, kept",
    [
        ("还有，不租给养宠物的，也不要群租。", "不租给养宠物的"),
        ("那先不做过敏检测", "先不做过敏检测"),
        ("不游泳", "不游泳"),
        ("最好不收门票，评分5分的景点", "最好不收门票"),
    ],
)
def test_a_bare_bu_before_an_action_verb_forbids_it(text: str, kept: str):
    assert kept in [n.text for n in zh_negation.find_negations(text)]


@pytest.mark.parametrize("text", ["我不知道他家几点营业", "明天上午我不在", "酒店提不提供叫醒服务", "不急"])
def test_bu_before_a_state_or_in_a_question_forbids_nothing(text: str):
    assert zh_negation.find_negations(text) == []


def test_an_allergy_word_inside_a_negation_is_its_object_not_an_allergy():
    found = zh_negation.find_negations("那先不做过敏检测")
    assert [n.cue for n in found] == ["不"]


def test_every_negation_of_a_clause_keeps_its_values_out_of_the_facts():
    parsed = parse_message(Message(idx=0, role="user", text="押一付三。还有，不租给养宠物的，也不要群租。"))
    units = extract(parsed, ContextState())
    values = {f.value for f in units.facts}
    assert "养宠物" not in values and "群租" not in values


@pytest.mark.parametrize(
    "text, negated", [("能不能不砸砖？", "不砸砖"), ("could you not call before 9?", "not call before 9")]
)
def test_a_request_put_as_a_question_forbids_what_it_negates(text: str, negated: str):
    (atom,) = parse_message(Message(idx=0, role="user", text=text)).atoms
    assert atom.kind == "question" and atom.negation is not None and atom.negation.text == negated


@pytest.mark.parametrize(
    "text, negated",
    [
        ("但是我们有几个回族同事，不要腊味，能换吗", "不要腊味"),
        ("No pork in any of them, can you do that?", "No pork in any of them"),
    ],
)
def test_a_prohibition_stated_before_a_question_forbids(text: str, negated: str):
    (atom,) = parse_message(Message(idx=0, role="user", text=text)).atoms
    assert atom.kind == "question" and atom.negation is not None and atom.negation.text == negated


@pytest.mark.parametrize(
    "text, negated",
    [
        ("员工的不要印logo，去年印了大家说太丑", "员工的不要印logo"),
        ("送之前别打电话 要给惊喜", "送之前别打电话 要给惊喜"),
        ("会议室里别放酒水", "会议室里别放酒水"),
        ("我妈不吃辣", "我妈不吃辣"),
    ],
)
def test_a_prohibition_keeps_the_words_that_say_whose_or_when_it_is(text: str, negated: str):
    assert [n.text for n in zh_negation.find_negations(text)][:1] == [negated]


@pytest.mark.parametrize(
    "text, negated",
    [
        ("这孩子喝不了牛奶，一喝就拉肚子", "这孩子喝不了牛奶"),
        ("我吃不了辣", "我吃不了辣"),
        ("乳糖不耐受", "乳糖不耐受"),
    ],
)
def test_what_one_cannot_take_or_is_intolerant_of_is_forbidden(text: str, negated: str):
    assert negated in [n.text for n in zh_negation.find_negations(text)]


def test_a_plain_question_with_a_negation_still_forbids_nothing():
    (atom,) = parse_message(Message(idx=0, role="user", text="有没有别的办法？")).atoms
    assert atom.negation is None


def test_a_degree_is_no_name():
    text = "她耳朵不好，打电话要大声点"
    assert [text[s.start:s.end] for s in find_names(text, [])] == []


@pytest.mark.parametrize(
    "text",
    ["please call me before doing anything over $400", "ask me first if it costs more", "my approval first"],
)
def test_a_consent_first_instruction_is_a_must_clause(text: str):
    assert EnglishAnalyzer().pinned(text)


def test_a_chinese_consent_first_instruction_is_a_must_clause():
    (atom,) = parse_message(Message(idx=0, role="user", text="超过1000块的维修要先打电话跟我确认")).atoms
    assert atom.pinned


def test_a_manner_part_untouched_by_a_later_correction_is_still_owed():
    turns = [
        "我婆婆在家，电话13907101234，她耳朵不好，打电话要大声点",
        "哦不对，明天上午婆婆要去医院，改成下午3点吧",
    ]
    parsed = [parse_message(Message(idx=2 * i, role="user", text=t)) for i, t in enumerate(turns)]
    missing = missing_user_clauses("[FACT:general.phone=13907101234]", parsed, upto=4, state=ContextState())
    assert "打电话要大声点" in missing


def test_the_negated_request_is_in_the_context_after_compaction():
    session = Compressor(Config()).session("neg")
    turns = [
        ("user", "我家卫生间漏水，明天上午9点来看"),
        ("assistant", "好的。如果重做防水，要把地砖砸掉。"),
        ("user", "能不能不砸砖？有没有别的办法"),
        ("assistant", "可以先试注浆堵漏。"),
        ("user", "先试注浆吧"),
        ("assistant", "好的。"),
    ]
    for i, (role, text) in enumerate(turns):
        session.add(Message(context_id="neg", idx=i, role=role, text=text), auto_compact=False)
    session.compact(force=True)
    assert "不砸砖" in session.context().text


@pytest.mark.parametrize(
    "text, kept",
    [
        ("Let's see the results first. Do not book any treatment yet.", "Do not book any treatment yet"),
        ("please don't charge the card yet", "don't charge the card yet"),
        ("no shoes for now", "no shoes for now"),  # the user's "no" to shoes offered: kept, was lost
    ],
)
def test_an_order_not_to_act_yet_is_a_prohibition(text, kept):
    """"Do not book any treatment yet" forbids the agent to book until the user says so: it was read as
    an action put off ("I don't need to book now") and lost."""
    assert [n.text for n in EnglishAnalyzer().negations(text)] == [kept]


@pytest.mark.parametrize("text", ["I don't need to book now", "we do not need a car right now"])
def test_the_users_own_need_put_off_is_no_prohibition(text):
    assert EnglishAnalyzer().negations(text) == []


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("Is sparring involved? I'd rather Eli doesn't spar yet.", "I'd rather Eli doesn't spar yet"),
        ("My husband Tom doesn't eat pork", "Tom doesn't eat pork"),
    ],
)
def test_a_negation_keeps_whom_it_is_of_and_the_wish_it_is_put_in(text, kept):
    """"I'd rather Eli doesn't spar yet" was an action put off ("doesn't spar yet") and lost, and a
    name before the verb was cut off the negation ("doesn't eat pork": whose?)."""
    assert [n.text for n in EnglishAnalyzer().negations(text)] == [kept]
