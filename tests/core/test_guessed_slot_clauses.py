"""A value the parser could not type, said by the user in a slot guessed without a task (general.name),
is no anchor of its own: the user's clause shows it (issue 12, item 3), so no unrelated later phrase
in the same guessed slot shows it as replaced (numbered slots "name_2" included), and typed values there
keep their anchors."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from core.compressor import Compressor
from core.config import Config
from core.models import ContextState, Evidence, Fact, FactVersion, Message
from core.replaced import said_in_guessed_slot, shown_as_replaced
from core.shown import current_view, unshown_guessed
from core.unproven import guessed_unproven
from tests.core.builders import rendered_text

pytestmark = pytest.mark.unit
TS = datetime(2026, 12, 1, 9, 0)
TURNS = [
    ("user", "卫生间漏水到楼下了，想找师傅上门查漏点"),
    ("assistant", "好的。楼下邻居怎么称呼？"),
    ("user", "楼下邻居姓陈，师傅可能要去他家看天花板"),
    ("assistant", "好的，已记录。"),
    ("user", "好，检测完先出方案和报价，我同意了再动工"),
    ("assistant", "明白。"),
    ("user", "周六上午可以"),
    ("assistant", "好的，周六上午。"),
    ("user", "行"),
    ("assistant", "还有别的吗？"),
]


def _compressed():
    msgs = [Message(idx=i, role=r, text=t, ts=TS + timedelta(minutes=i)) for i, (r, t) in enumerate(TURNS)]
    return Compressor(Config(use_embeddings=False)).compress(msgs)


def test_untyped_phrases_in_the_guessed_name_slot_are_shown_as_the_users_clauses() -> None:
    result = _compressed()
    text = result.rendered.text
    assert "楼下邻居姓陈" in text and "先出方案和报价" in text
    assert "(was:" not in text  # the neighbour's name is not shown replaced by the plan
    assert "general.name" not in text


def test_a_typed_value_in_a_guessed_slot_keeps_its_anchor() -> None:
    result = _compressed()
    date = result.state.facts["general.date"]
    assert not said_in_guessed_slot(date)
    assert "2026-12-05 (周六上午)" in result.rendered.text


def test_a_guessed_value_no_clause_shows_keeps_its_anchor() -> None:
    """The anchor is left out only where the user's clause shows the value: a context without the
    clause owes it (unshown_guessed), and one with every part of it does not."""
    state = _compressed().state
    assert "general.name" in unshown_guessed("[USER_GOAL:找师傅上门查漏点]", state)
    assert "general.name" not in unshown_guessed("User said: 检测完先出方案和报价", state)


def test_an_assistants_figure_about_something_else_leaves_the_guessed_value_owed() -> None:
    """"每月休4天", then the agency's fee "一个月工资" the user agrees to, then "只签了26天": the parser
    keys all three as the guessed duration, but the assistant's words speak of another thing
    (core.unproven), so the user's clause comes back with what else it said."""
    turns = [
        ("user", "想找个住家育儿嫂，育儿嫂从2月初上户"),
        ("assistant", "好的。工资预算呢？"),
        ("user", "8500左右，每月休4天"),
        ("assistant", "好的，中介服务费是一个月工资的50%，签约一年。"),
        ("user", "可以"),
        ("assistant", "好的，我帮您找。"),
        ("user", "对了，上户时间改一下，月嫂那边只签了26天，育儿嫂1月29号就要来"),
        ("assistant", "好的，上户日期改为1月29日。"),
        ("user", "行"),
        ("assistant", "还有别的吗？"),
    ]
    msgs = [Message(idx=i, role=r, text=t, ts=TS + timedelta(minutes=i)) for i, (r, t) in enumerate(turns)]
    text = Compressor(Config(use_embeddings=False)).compress(msgs).rendered.text
    assert "8500左右" in text.split("--- recent")[0]


def test_an_offer_taken_in_a_tasks_chinese_name_slot_proves_no_replacement() -> None:
    """A task's bare name slot holding Chinese words is a guess too: "按季度付" replaced by the
    discount "九五折" the user took, from a clause sharing no words, is no replacement."""
    old = Evidence(idx=14, role="user", how="said", text="按季度付", clause="按季度付")
    taken = Evidence(idx=22, role="assistant", how="accepted", text="九五折", clause="签一年可以打九五折")
    fact = Fact(
        key="payment.name", value="九五折", norm="九五折", first_idx=14, last_idx=23, role="user",
        evidence=taken.model_copy(update={"role": "user"}),
        history=[FactVersion(value="按季度付", norm="按季度付", idx=14, replaced_at=23, evidence=old)],
    )
    assert "按季度付" in guessed_unproven(ContextState(facts={fact.key: fact}), [])


def test_one_english_name_after_another_in_a_tasks_name_slot_proves_no_replacement() -> None:
    """A task's bare name slot is no proof two English names are one attribute either: the user's
    name for an invoice replaced by "PO" of a purchase order said next (rendered "name=PO", the user's
    name gone) is still owed."""
    clause = "My name for the invoice is Kim Ji-hoon."
    old = Evidence(idx=24, role="user", how="said", text="Kim Ji-hoon", clause=clause)
    new = Evidence(idx=26, role="user", how="said", text="PO", clause="purchase order PO 90018822.")
    fact = Fact(
        key="hotel.name", value="PO", norm="po", first_idx=24, last_idx=26, role="user", evidence=new,
        history=[FactVersion(value="Kim Ji-hoon", norm="kim ji-hoon", idx=24, replaced_at=26, evidence=old)],
    )
    assert "kim ji-hoon" in guessed_unproven(ContextState(facts={fact.key: fact}), [])


def test_a_name_asked_for_in_a_request_made_over_is_not_shown_again() -> None:
    """A clause a value of which was replaced with evidence is a request made over: the hotel asked
    for in New York is not owed once the user searches Kuala Lumpur and books another."""
    text = rendered_text(
        [
            ("user", "I'd like to book 3 hotel rooms."),
            ("assistant", "What city should I look in? What hotel would you like me to book?"),
            ("user", "I'm searching for a hotel in NYC, and I'd like a room at Rodeway Inn Bronx Zoo."),
            ("assistant", "Please confirm: 3 rooms at the Rodeway Inn Bronx Zoo hotel in New York."),
            ("user", "Nope. I'm searching for a hotel in Kuala Lumpur. I'd like a room at W Kuala Lumpur."),
            ("assistant", "Please confirm: the hotel is W Kuala Lumpur at Kuala Lumpur."),
            ("user", "Yup, that's perfect for me."),
            ("assistant", "Your booking has been made."),
            ("user", "Thank you for your assistance."),
            ("assistant", "Could I assist you with something else?"),
        ]
    )
    assert "w kuala lumpur" in current_view(text)
    assert "rodeway" not in current_view(text).lower()


def test_one_untyped_phrase_after_another_in_a_numbered_guessed_slot_is_shown_as_no_replacement() -> None:
    # "name_2=能送到学校 (was: 学校明确规定; was: 前面印, 后背印学号, 印字)": the user's print instruction
    # shown only as replaced by a phrase about delivery
    said = Evidence(idx=2, role="user", how="said", text="能送到学校")
    old = FactVersion(value="前面印, 后背印学号, 印字", norm="前面印, 后背印学号, 印字", idx=1, replaced_at=2,
                      reason="replaced", evidence=Evidence(idx=1, role="user", how="said", text="后背印学号"))
    fact = Fact(key="general.name_2", value="能送到学校", norm="能送到学校", first_idx=1, last_idx=2,
                vtype="name", evidence=said, history=[old])
    assert shown_as_replaced(fact) == []
    corrected = fact.model_copy(update={"evidence": said.model_copy(update={"how": "corrected"})})
    assert shown_as_replaced(corrected) == ["前面印, 后背印学号, 印字"]
