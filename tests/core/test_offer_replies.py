"""An option the assistant offers, taken by a short reply (core.offer_taken, core.offer_slots,
core.lang.en_offer_replies, core.lang.zh_offer_replies): a thing a yes/no question offers taken by a
yes (or, in Chinese, the question's verb said back); a day with a time offered whole and taken by
pointing at it, by its place or by its numbers, as one value; of two slots offered only the one
named. A declined or unanswered offer is no fact, and an accepted one never replaces the user's
own value. Each state test feeds the real parse / extract / merge stages (rules only, no model)."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.compressor import Compressor
from core.config import Config
from core.lang.en_offer_replies import names_slot, pick_position, points_at_pick, yes_no_offers
from core.lang.zh_offer_replies import answers_yes as zh_answers_yes
from core.lang.zh_offer_replies import names_slot as zh_names_slot
from core.lang.zh_offer_replies import pick_position as zh_pick_position
from core.lang.zh_offer_replies import points_at_pick as zh_points_at_pick
from core.lang.zh_offer_replies import yes_no_offers as zh_yes_no_offers
from core.models import ContextState, Fact, Message

pytestmark = pytest.mark.unit
TS = datetime(2026, 12, 1, 9, 0)


def _state(turns: list[tuple[str, str]]) -> ContextState:
    msgs = [Message(idx=i, role=r, text=t, ts=TS) for i, (r, t) in enumerate(turns)]
    return Compressor(Config(use_embeddings=False)).compress(msgs, context_id="offer-replies").state


def _say(user: str, offer: str, reply: str) -> ContextState:
    return _state([("user", user), ("assistant", offer), ("user", reply)])


def _held(state: ContextState, value: str) -> list[Fact]:
    return [f for f in state.facts.values() if f.value == value and f.status == "active"]


@pytest.mark.parametrize(
    ("text", "things"),
    [
        ("Would you like us to recycle your old fridge? It's $40.", ["recycle your old fridge"]),
        ("Do you want to keep your current email address?", ["keep your current email address"]),
        ("Would you like me to book it for you?", []),  # the task itself, pointing back
        ("Do you want to know the opening hours?", []),  # information
        ("Would you like a window or an aisle seat?", []),  # alternatives, an article: another frame
    ],
)
def test_the_thing_an_english_yes_no_offer_names(text: str, things: list[str]) -> None:
    assert [text[a:b] for a, b in yes_no_offers(text)] == things


@pytest.mark.parametrize(
    ("text", "things"),
    [
        ("已登记。需要行李寄存吗？", ["行李寄存"]),
        ("要加一份果盘吗？", ["果盘"]),
        ("需要加装后备箱菜篮吗？120元。", ["后备箱菜篮"]),  # 加装 is the verb, not part of the thing
        ("需要我帮您查一下吗？", []),  # a person: the assistant's own act
        ("您需要几张？", []),  # asks how many
        ("需要本人名下的一类卡。确认是一类卡吗？", ["一类卡"]),  # asks to confirm a thing
        ("是您本人吗？", []),  # a person
    ],
)
def test_the_thing_a_chinese_yes_no_offer_names(text: str, things: list[str]) -> None:
    assert [text[a:b] for a, b in zh_yes_no_offers(text)] == things


def test_a_yes_to_a_yes_no_offer_of_a_thing_takes_it_with_the_assistants_span() -> None:
    offer = "Would you like us to recycle your old fridge? It's $40."
    state = _say("deliver the new fridge on monday", offer, "yes please")
    (fact,) = _held(state, "recycle your old fridge")
    assert fact.role == "user"
    ev = fact.evidence
    assert (ev.idx, ev.role, ev.how) == (1, "assistant", "accepted")
    assert offer[ev.start : ev.end] == "recycle your old fridge"


@pytest.mark.parametrize("reply", ["no thanks", "how much does that cost?", "let me think about it"])
def test_a_declined_or_unanswered_yes_no_offer_is_no_fact(reply: str) -> None:
    offer = "Would you like us to recycle your old fridge? It's $40."
    state = _say("deliver the new fridge on monday", offer, reply)
    assert not _held(state, "recycle your old fridge")


@pytest.mark.parametrize(("reply", "asked", "yes"), [
    ("要", "需要行李寄存吗？", True),
    ("加吧", "要加一份果盘吗？", True),
    ("不要", "需要行李寄存吗？", False),
    ("需要的", "需要行李寄存吗？", True),
    ("已登记", "已登记。需要行李寄存吗？", False),  # words before the question, no verb of it
    ("下午", "需要行李寄存吗？", False),
    ("要格", "要加风感器吗？", True),  # the Wu 的
    ("要，一定要，小孩子得闲就在门口跑", "要不要加防夹红外？", True),  # the verb alone opens the reply
    ("要。另有一事：车速务必限在六公里以下", "需要加装后备箱菜篮吗？", True),
    ("要多少钱", "需要行李寄存吗？", False),
    ("不要，太贵了", "需要行李寄存吗？", False),
])
def test_a_chinese_yes_says_back_the_verb_of_the_question(reply: str, asked: str, yes: bool) -> None:
    assert zh_answers_yes(reply, asked) is yes


@pytest.mark.parametrize(("reply", "held"), [("要", True), ("加", False), ("不用了", False), ("不要", False)])
def test_a_chinese_verb_said_back_takes_the_thing_offered(reply: str, held: bool) -> None:
    state = _state([("user", "我下午三点到酒店"), ("assistant", "已登记。需要行李寄存吗？前台24小时有人。"),
                    ("user", reply)])
    assert bool(_held(state, "行李寄存")) is held


def test_a_slot_taken_by_pointing_at_it_is_one_value() -> None:
    offer = "Thursday January 7, 8am-12pm is open."
    state = _say("when can you install the dishwasher?", offer, "ok that")
    (fact,) = _held(state, "Thursday January 7, 8am-12pm")
    assert fact.role == "user" and fact.evidence.how == "accepted"


def test_of_two_slots_offered_only_the_one_named_is_taken() -> None:
    offer = "The earliest openings are March 2 at 8:45 and March 5 at 14:20."
    state = _say("I need a dentist appointment", offer, "mar 5")
    assert [f.role for f in _held(state, "March 5 at 14:20")] == ["user"]
    assert not _held(state, "March 2 at 8:45")
    assert not [f for f in state.facts.values() if "8:45" in f.value and "14:20" in f.value]


@pytest.mark.parametrize(
    ("reply", "taken"), [("the 2nd", "March 5 at 14:20"), ("the first one", "March 2 at 8:45")]
)
def test_a_slot_taken_by_its_place(reply: str, taken: str) -> None:
    offer = "The earliest openings are March 2 at 8:45 and March 5 at 14:20."
    state = _say("I need a dentist appointment", offer, reply)
    assert [f.role for f in _held(state, taken)] == ["user"]


def test_a_chinese_slot_taken_by_its_day_is_one_value() -> None:
    state = _say("讲座我周二去不了，能换吗", "可以，1月15日下午3点还有一场。", "15号的")
    assert [f.role for f in _held(state, "1月15日下午3点")] == ["user"]


def test_a_slot_reading_back_the_users_own_day_and_time_offers_nothing() -> None:
    state = _state([("user", "book me a table on March 5 at 7pm"),
                    ("assistant", "Booking a table on March 5 at 7pm, is that right?"), ("user", "yes")])
    assert not [f for f in state.facts.values() if f.evidence is not None and f.evidence.how == "accepted"
                and "March 5" in f.value and "7pm" in f.value]


def test_an_accepted_slot_never_replaces_the_users_stated_value() -> None:
    offer = "Thursday January 7, 8am-12pm is open."
    state = _say("install it on friday January 8 please", offer, "ok that")
    facts = state.facts.values()
    assert any("January 8" in f.value and f.role == "user" and f.status == "active" for f in facts)


@pytest.mark.parametrize(
    ("reply", "points"), [("ok that", True), ("that one please", True), ("that's too late", False)]
)
def test_english_replies_that_point_at_the_offer(reply: str, points: bool) -> None:
    assert points_at_pick(reply) is points


@pytest.mark.parametrize(("reply", "points"), [("就它吧", True), ("那个", True), ("那个太贵了", False)])
def test_chinese_replies_that_point_at_the_offer(reply: str, points: bool) -> None:
    assert zh_points_at_pick(reply) is points


@pytest.mark.parametrize(
    ("reply", "place"), [("the 2nd", 1), ("ok the last one", -1), ("the 2nd floor", None)]
)
def test_english_places_in_the_list(reply: str, place: int | None) -> None:
    assert pick_position(reply) == place


@pytest.mark.parametrize(
    ("reply", "place"), [("第二个", 1), ("就第一个吧", 0), ("最后一个", -1), ("第二天", None)]
)
def test_chinese_places_in_the_list(reply: str, place: int | None) -> None:
    assert zh_pick_position(reply) == place


@pytest.mark.parametrize(
    ("reply", "option", "fit"),
    [
        ("dec 4", "December 4 at 10:15", True),
        ("dec 4", "December 3 at 9:30", False),
        ("the 4th", "December 4 at 10:15", True),
        ("29号的", "12月29日晚上7点", True),
        ("28号的", "12月29日晚上7点", False),
        ("ok", "December 4 at 10:15", False),  # no number: names no slot
    ],
)
def test_a_reply_names_a_slot_by_its_numbers_and_words(reply: str, option: str, fit: bool) -> None:
    assert (zh_names_slot if "月" in option else names_slot)(reply, option) is fit


def test_a_slot_holding_the_users_own_time_read_back_offers_nothing() -> None:
    state = _say("下午4点可以", "已为您预约今天下午4点，王医生。", "好。需要带病历吗？")
    assert not [f for f in state.facts.values() if f.evidence is not None and f.evidence.how == "accepted"]


def test_a_count_opens_the_option_a_proposal_offers() -> None:
    offer = "We can bring 6 storage crates at $9 each."
    state = _say("we need something for the books", offer, "yes please")
    assert [f.role for f in _held(state, "6 storage crates")] == ["user"]


def test_a_recommended_quoted_name_is_taken_by_a_yes() -> None:
    offer = "推荐“暖阳”羊毛地毯，2米×3米，1980元。"
    assert [offer[a:b] for a, b in zh_yes_no_offers(offer)] == ["暖阳"]
    state = _say("客厅想要一块地毯", offer, "可以")
    assert [f.role for f in _held(state, "暖阳")] == ["user"]


@pytest.mark.parametrize(
    "reply", ["That's good, but how about something on March 9th?", "sounds fine but is there anything later"]
)
def test_a_yes_going_on_with_a_contrast_or_a_day_of_its_own_takes_no_slot(reply: str) -> None:
    state = _say("any concerts this week?", "How about the Riverside Jazz Night on March 6th at 8 pm?", reply)
    assert not [f for f in state.facts.values() if "March 6th" in f.value and "8 pm" in f.value]


def test_an_ing_word_naming_the_kind_of_the_head_stays_in_the_option() -> None:
    offer = "For the stairs, we can apply for a temporary loading permit from the council. That's $50."
    state = _say("we live on a busy road", offer, "yes do the permit")
    assert [f.role for f in _held(state, "temporary loading permit")] == ["user"]


@pytest.mark.parametrize(
    ("reply", "held"), [("是的", True), ("是", True), ("没错", True), ("是不是要带身份证？", False)]
)
def test_a_chinese_yes_to_a_thing_to_confirm_takes_it(reply: str, held: bool) -> None:
    """ "确认是一类卡吗？" "是的": the card type was held as "other=是的", the thing confirmed gone."""
    state = _state([("user", "用招商银行 尾号3391"), ("assistant", "需要本人名下的一类卡。确认是一类卡吗？"),
                    ("user", reply)])
    assert bool(_held(state, "一类卡")) is held
