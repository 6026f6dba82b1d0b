"""Chinese values the parser guesses or cuts (issue 12, items 2 and 4): a goal line never shows half
a word nor a value that was not replaced with evidence, an address keeps its building and block, and
the sender's address is another attribute than where the thing goes. Tests feed the real stages
(rules only) or the goal and render helpers on a hand-made state."""

from __future__ import annotations

import pytest

from core.compressor import Compressor
from core.config import Config
from core.goals import condense_goal
from core.lang.en_attributes import asked_attribute as en_asked
from core.lang.zh_attributes import asked_attribute as zh_asked
from core.lang.zh_cues import intent_cue, requests_new
from core.models import ContextState, Evidence, Fact, FactVersion, Goal, Message
from core.render_goals import current_values
from tests.core.builders import replaced, state_after

pytestmark = pytest.mark.unit


def test_a_chinese_goal_keeps_the_clause_part_its_cut_falls_in_whole() -> None:
    goal = condense_goal("我想从杭州往成都寄一箱茶叶样品，玻璃茶具，大概十公斤")
    assert goal == "从杭州往成都寄一箱茶叶样品，玻璃茶具…"


def test_a_chinese_goal_drops_a_part_too_long_to_keep() -> None:
    goal = condense_goal("帮我看看保险，给在老家务农已经快七十岁的父母亲买一份靠谱的意外保障")
    assert goal == "看看保险…"  # the opener "帮我" is a filler


def _state(key: str, value: str, old: str, how: str) -> ContextState:
    said = Evidence(idx=4, role="user", how=how)  # type: ignore[arg-type]
    version = FactVersion(value=old, norm=old.lower(), idx=0, replaced_at=4, reason="corrected by user")
    fact = Fact(
        key=key, value=value, norm=value.lower(), first_idx=4, last_idx=4, evidence=said, history=[version]
    )
    return ContextState(facts={key: fact})


def test_a_goal_keeps_its_value_a_later_name_merely_followed_in_a_guessed_slot() -> None:
    # "想给她买个重疾险" then "她去年做过阑尾手术": both parsed as general.name, nothing replaced
    state = _state("general.name", "阑尾手术", "重疾险", "said")
    goal = Goal(text="想给她买个重疾险", idx=0, values={"general.name": "重疾险"})
    assert current_values(goal, state) == "想给她买个重疾险"


def test_a_goal_shows_the_value_a_correction_replaced_in_a_guessed_slot() -> None:
    state = _state("general.name", "医疗险", "重疾险", "corrected")
    goal = Goal(text="想给她买个重疾险", idx=0, values={"general.name": "重疾险"})
    assert current_values(goal, state) == "想给她买个医疗险"


def test_a_goal_shows_the_name_the_user_picked_next_in_a_tasks_own_slot() -> None:
    state = _state("movie.name", "West Wind Drive-In", "Century Cinema", "said")
    goal = Goal(text="a comedy at Century Cinema", idx=0, values={"movie.name": "Century Cinema"})
    assert current_values(goal, state) == "a comedy at West Wind Drive-In"


def test_a_goal_keeps_a_name_a_name_unlike_it_followed_in_a_tasks_own_slot() -> None:
    """"每一步都微信告诉我" read 微信 as a name the cousin 陈昊 later took the slot of: a quote of the
    user's goal never trades one for the other (core.replaced.replaced_alike)."""
    state = _state("doctor.name", "陈昊", "微信", "said")
    goal = Goal(text="每一步都微信告诉我", idx=0, values={"doctor.name": "微信"})
    assert current_values(goal, state) == "每一步都微信告诉我"


def test_a_chinese_address_keeps_its_building_and_block() -> None:
    st = state_after([("assistant", "卡片寄到哪里？"), ("user", "寄单位，闵行区虹梅路2000号万科中心C座")])
    assert "闵行区虹梅路2000号万科中心C座" in {f.value for f in st.facts.values()}


@pytest.mark.parametrize("question", ["请问发件地址？", "寄件人地址是哪里？", "从哪里寄出？"])
def test_a_chinese_question_about_the_sender_asks_for_the_from_address(question: str) -> None:
    assert zh_asked(question) == "from_address"


def test_an_english_question_about_the_pickup_asks_for_the_from_address() -> None:
    assert en_asked("What's the pickup address?") == "from_address"
    assert en_asked("Delivery address?") != "from_address"


def test_the_senders_address_and_the_receivers_coexist() -> None:
    st = state_after(
        [
            ("user", "我要寄一箱样品去成都"),
            ("assistant", "好的，发件地址？"),
            ("user", "杭州西湖区文三路90号东部软件园A座"),
            ("assistant", "收件人和地址？"),
            ("user", "李明，成都武侯区天府大道100号"),
        ]
    )
    values = {f.value for f in st.facts.values()}
    assert {"杭州西湖区文三路90号东部软件园A座", "成都武侯区天府大道100号"} <= values
    assert "杭州西湖区文三路90号东部软件园A座" not in replaced(st)


_LUNCH = [
    ("user", "午饭来两份牛肉面"),
    ("assistant", "好的，送到哪里？"),
    ("user", "公司前台"),
    ("assistant", "面要加什么？"),
    ("user", "其中一份加个荷包蛋"),
    ("assistant", "好的，一份加荷包蛋。还要别的吗？"),
    ("user", "奶茶两杯，一杯去冰"),
    ("assistant", "两杯奶茶，一杯去冰。合计68元。"),
    ("user", "好"),
    ("assistant", "已下单。"),
    ("user", "谢谢"),
    ("assistant", "不客气。"),
]


def test_a_count_merely_followed_by_another_in_a_guessed_slot_keeps_its_clause() -> None:
    # "一份" (of the noodles) then "一杯" (of the tea) land on general.count: no evidence they are one
    # attribute, so the clause of the first is still owed
    msgs = [Message(idx=i, role=r, text=t) for i, (r, t) in enumerate(_LUNCH)]
    result = Compressor(Config(use_embeddings=False)).compress(msgs, force=True, context_id="lunch")
    assert "加个荷包蛋" in result.rendered.state_text


@pytest.mark.parametrize("said", ["懂了，那就这样，帮我下单", "那就帮我办理吧", "行，提交吧"])
def test_a_go_ahead_for_the_task_in_play_requests_nothing_new(said: str) -> None:
    assert not requests_new(said)


@pytest.mark.parametrize("said", ["帮我订一张去成都的机票", "帮我查一下快递"])
def test_a_request_with_its_object_requests_something_new(said: str) -> None:
    assert requests_new(said)


@pytest.mark.parametrize("said", ["去年查出来甲状腺结节", "上个月体检查出血糖偏高", "他做过检查"])
def test_a_diagnosis_or_an_examination_is_no_intent(said: str) -> None:
    assert not intent_cue(said)


_MOVED = [
    ("user", "帮我订一份午饭外卖"),
    ("assistant", "好的，送到哪里？"),
    ("user", "创业园北区3栋1502"),
    ("assistant", "好的，创业园北区3栋1502。想吃什么？"),
    ("user", "牛肉饭"),
    ("assistant", "已下单，预计12:30送达。"),
    ("user", "地址改成创业园北区5栋大堂"),
    ("assistant", "地址已改为创业园北区5栋大堂。"),
    ("user", "好的"),
    ("assistant", "不客气。"),
]


def test_a_clause_a_later_correction_replaced_is_not_owed_for_its_bare_numbers() -> None:
    msgs = [Message(idx=i, role=r, text=t) for i, (r, t) in enumerate(_MOVED)]
    result = Compressor(Config(use_embeddings=False)).compress(msgs, force=True, context_id="moved")
    head = result.rendered.state_text
    assert "创业园北区5栋大堂" in head
    assert "3栋1502" not in head  # the old address, shown unmarked, would read as current


def _head(turns: list[tuple[str, str]]) -> str:
    msgs = [Message(idx=i, role=r, text=t) for i, (r, t) in enumerate(turns)]
    result = Compressor(Config(use_embeddings=False)).compress(msgs, force=True, context_id="c")
    return result.rendered.state_text


def test_a_chinese_pick_merely_followed_by_a_phrase_never_offered_stays_owed() -> None:
    head = _head(
        [
            ("user", "想办一张信用卡，主要用来加油"),
            ("assistant", "推荐两款：畅行卡，加油5%返现；如意卡，全场1%返现。"),
            ("user", "就畅行卡吧"),
            ("assistant", "好的，畅行卡。请问您的姓名？"),
            ("user", "周明"),
            ("assistant", "需要绑定还款卡吗？"),
            ("user", "绑工行储蓄卡，尾号5521"),
            ("assistant", "好的，还款卡尾号5521。"),
            ("user", "好"),
            ("assistant", "申请已提交。"),
        ]
    )
    assert "畅行卡" in head


def test_a_chinese_name_picked_among_the_offered_replaces_the_one_asked_about() -> None:
    head = _head(
        [
            ("user", "帮我推荐一个酒店，评分在4.5分以上"),
            ("assistant", "为您找到北京长城饭店和北京金台大酒店。"),
            ("user", "北京长城饭店的电话告诉我一下，价格怎么样？"),
            ("assistant", "电话010-88886666，价格1200元。"),
            ("user", "太贵了，我要北京金台大酒店"),
            ("assistant", "北京金台大酒店，电话010-66668888，价格600元。"),
            ("user", "好的"),
            ("assistant", "还有什么需要？"),
            ("user", "没有了，谢谢"),
            ("assistant", "不客气。"),
        ]
    )
    assert "北京金台大酒店" in head
    assert "北京长城饭店" not in head
