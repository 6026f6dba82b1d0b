"""The catch-all name slot (a short answer the parser could not type) is no evidence that two values
are one attribute (issue 12, item 2): a day of the month there is never replaced by a name, nor a
name by a day; values of one shape still replace each other."""

from __future__ import annotations

import pytest

from core.attribute_evidence import name_slot_key, value_shape
from core.compressor import Compressor
from core.config import Config
from core.lang.registry import analyzer_for
from core.models import ContextState, Fact, FactCandidate, Message

pytestmark = pytest.mark.unit


def _facts(turns: list[tuple[str, str]]) -> tuple[set[str], set[str]]:
    """The current values and the replaced values of the state after the turns."""
    session = Compressor(Config()).session("shape")
    for i, (role, text) in enumerate(turns):
        session.add(Message(context_id="shape", idx=i, role=role, text=text), auto_compact=False)
    facts = session.state.facts.values()
    return {f.value for f in facts}, {h.value for f in facts for h in f.history}


@pytest.mark.parametrize(
    "value, shape",
    [
        ("7号", "date"), ("25日", "date"), ("the 9th", "date"), ("3位", "number"), ("2 boxes", "number"),
        ("王芳", "name"), ("Lena", "name"), ("6个人吃烧烤", "name"),
    ],
)
def test_value_shape(value: str, shape: str):
    assert value_shape(value) == shape


def test_a_day_answer_is_not_replaced_by_names_later():
    current, replaced = _facts([
        ("user", "想预约一次全家福拍摄"),
        ("assistant", "好的，您想约哪天？"),
        ("user", "9号"),
        ("assistant", "好的。来拍的有几位，都叫什么？"),
        ("user", "豆豆, 奶奶周兰"),
        ("assistant", "好的，记下了"),
    ])
    assert "9号" in current and "9号" not in replaced


def _fact(key: str, value: str) -> Fact:
    return Fact(key=key, value=value, norm=value.lower(), first_idx=0, last_idx=0, role="user")


def test_name_slot_key_moves_another_shape_to_its_own_slot():
    state = ContextState(facts={"general.name": _fact("general.name", "7号")})
    cand = FactCandidate(key="general.name", value="王芳", norm="王芳", source_idx=3, role="user")
    assert name_slot_key(state, cand) == "general.name_2"
    state.facts["general.name_2"] = _fact("general.name_2", "李雷")
    assert name_slot_key(state, cand) == "general.name_2"  # a name after a name: the same slot
    day = cand.model_copy(update={"value": "8号", "norm": "8号"})
    assert name_slot_key(state, day) == "general.name"
    # a task's own name slot and the assistant's values are left as they are
    assert name_slot_key(state, cand.model_copy(update={"key": "hotel.name"})) == "hotel.name"
    assert name_slot_key(state, cand.model_copy(update={"role": "assistant"})) == "general.name"


def test_an_untyped_day_and_its_hour_said_as_one_run_stay_together():
    session = Compressor(Config()).session("run")
    turns = [
        ("user", "我的电脑要修，屏幕有点闪"),
        ("assistant", "好的，请问是什么型号？"),
        ("user", "联想小新, 2021款"),
        ("assistant", "可预约：3月9日上午10点、3月10日下午3点。"),
        ("user", "9号上午10点"),
        ("assistant", "好的，3月9日上午10点。"),
        ("user", "还有数据别删"),
        ("assistant", "好的，已备注。"),
    ]
    for i, (role, text) in enumerate(turns):
        session.add(Message(context_id="run", idx=i, role=role, text=text), auto_compact=False)
    session.compact(force=True)
    assert "9号上午10点" in session.context().text


def test_a_titled_person_answer_does_not_replace_a_brand():
    current, replaced = _facts([
        ("user", "我想学画画"),
        ("assistant", "用什么牌子的颜料？"),
        ("user", "马利"),
        ("assistant", "好的，想跟哪位老师学？"),
        ("user", "小周老师"),
        ("assistant", "好的，已为您登记"),
    ])
    assert {"马利", "小周老师"} <= current and "马利" not in replaced


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        ("已记录。姓名和身份证号？", "person"),
        ("名字？", "person"),
        ("请问店名是什么？", None),
        ("菜名叫什么？", None),
    ],
)
def test_a_question_for_a_name_asks_for_a_person_unless_it_names_a_thing(question: str, asked: str | None):
    assert analyzer_for("zh").asked_attribute(question) == asked


@pytest.mark.parametrize(
    ("text", "name"), [("Go with the Solo one.", "the Solo"), ("I'll stick with the Classic", "the Classic")]
)
def test_a_name_one_goes_with_is_a_choice_not_a_person(text: str, name: str):
    assert [(e.text, e.slot) for e in analyzer_for("en").entities(text, None)] == [(name, "name")]


def test_only_the_first_name_of_an_answer_to_who_is_a_person():
    # "赵一诺，在深圳一家游戏公司做策划": the city and the employer are no people
    session = Compressor(Config()).session("who")
    turns = [("assistant", "请问您的姓名和单位？"), ("user", "赵一诺，在深圳一家游戏公司做策划")]
    for i, (role, text) in enumerate(turns):
        session.add(Message(context_id="who", idx=i, role=role, text=text), auto_compact=False)
    people = [f.value for f in session.state.facts.values() if f.key.endswith(".person")]
    assert people == ["赵一诺"]
