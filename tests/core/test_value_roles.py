"""Two roles of one slot coexist (issue 12, item 2: a value replaces another only with evidence that
it is the same attribute): another person's phone, the answer to a question for another role of an
attribute, a value in a clause the correction cue does not govern, a day kept apart from names, and
an assistant reading back one part of what the user listed."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.compressor import Compressor
from core.config import Config
from core.lang.registry import analyzer_for
from core.models import Fact, Message
from core.parse import parse_message
from core.value_roles import corrected_from

pytestmark = pytest.mark.unit


def _state_facts(turns: list[tuple[str, str]], ts: datetime | None = None) -> list[Fact]:
    session = Compressor(Config()).session("roles")
    for i, (role, text) in enumerate(turns):
        session.add(Message(context_id="roles", idx=i, role=role, text=text, ts=ts), auto_compact=False)
    return list(session.state.facts.values())


def _current(facts: list[Fact]) -> set[str]:
    return {f.value for f in facts}


def _replaced(facts: list[Fact]) -> set[str]:
    return {h.value for f in facts for h in f.history}


def test_another_persons_phone_stands_beside_the_first():
    facts = _state_facts([
        ("user", "给孩子报个游泳班"),
        ("assistant", "好的，家长联系方式？"),
        ("user", "爸爸王强，13812345678"),
        ("assistant", "还需要一位备用联系人。"),
        ("user", "姥姥刘芬，13987654321"),
    ])
    assert {"13812345678", "13987654321"} <= _current(facts)
    assert "13812345678" not in _replaced(facts)
    owners = {f.value: f.evidence.owner for f in facts if f.evidence is not None}
    assert owners["13812345678"] == "爸爸王强" and owners["13987654321"] == "姥姥刘芬"


def test_a_number_said_alone_after_a_person_is_named_is_that_persons():
    """'Me, Walt Hendricks. 616-555-0193.' then 'Our neighbour, Phyllis Danforth, can take it.
    352-555-0167.': two people's numbers, the neighbour's no correction of the user's."""
    facts = _state_facts([
        ("user", "I need my car moved to Florida."),
        ("assistant", "Who will hand it over?"),
        ("user", "Me, Walt Hendricks. 616-555-0193. I will be home all day."),
        ("assistant", "And at the Florida end?"),
        ("user", "Our neighbour down there, Phyllis Danforth, can take it. 352-555-0167."),
    ])
    assert {"616-555-0193", "352-555-0167"} <= _current(facts) and "616-555-0193" not in _replaced(facts)


def test_the_same_persons_phone_corrected_is_still_replaced():
    turns = [("user", "我的电话13812345678"), ("assistant", "好的"), ("user", "不对，是13812345679")]
    facts = _state_facts(turns)
    assert "13812345679" in _current(facts) and "13812345678" in _replaced(facts)


def test_an_answer_to_a_question_for_another_role_of_the_city_stands_beside_it():
    facts = _state_facts([
        ("user", "I need a visa for a trade fair in Milan."),
        ("assistant", "Sure. Which city will you submit the application in?"),
        ("user", "Chicago"),
    ])
    assert {"Milan", "Chicago"} <= _current(facts) and "Milan" not in _replaced(facts)


def test_an_answer_to_a_question_for_another_value_instead_replaces_it():
    facts = _state_facts([
        ("user", "I need a visa for a trade fair in Milan."),
        ("assistant", "Sure. Which city instead?"),
        ("user", "Chicago"),
    ])
    assert "Chicago" in _current(facts) and "Milan" in _replaced(facts)


def test_an_answer_to_an_offer_to_add_a_thing_stands_beside_the_held_amount():
    """'Would you like to add a one-off gift as well?' asks for a thing beside the monthly gift: the
    answer's amount is of the thing added, no correction of the held one."""
    facts = _state_facts([
        ("user", "I want to give fifteen pounds a month."),
        ("assistant", "Lovely. Shall I set it up?"),
        ("user", "Make it twenty pounds a month."),
        ("assistant", "Twenty pounds a month it is. Would you like to add a one-off gift as well?"),
        ("user", "Yes, fifty pounds for the night nurses."),
    ])
    assert {"twenty pounds", "fifty pounds"} <= _current(facts)
    assert "twenty pounds" not in _replaced(facts) and "fifteen pounds" in _replaced(facts)


def test_an_answer_to_anything_else_still_restates_the_held_amount():
    facts = _state_facts([
        ("user", "I want to give fifteen pounds a month."),
        ("assistant", "Lovely. Anything else?"),
        ("user", "Make it twenty pounds a month."),
    ])
    assert "twenty pounds" in _current(facts) and "fifteen pounds" in _replaced(facts)


@pytest.mark.parametrize(
    "turns",
    [
        [
            ("user", "must be done by 23 Dec. tenants move in 2 January"),
            ("assistant", "Start?"),
            ("user", "monday"),
        ],
        [
            ("user", "My suitcase arrived broken from my flight on 8 December."),
            ("assistant", "When may we collect?"),
            ("user", "Tomorrow any time after 2 pm"),
        ],
        [("user", "我们1月8号办发布会，要租绿植"), ("assistant", "什么时候送过去？"), ("user", "1月7号下午")],
    ],
)
def test_an_answer_to_a_when_question_stands_beside_an_earlier_date(turns: list[tuple[str, str]]):
    """The assistant asks when something else happens (the start, the collection): the user's day
    is that moment's, not a new day for the one said before."""
    facts = _state_facts(turns)
    assert not _replaced(facts), _replaced(facts)


def test_an_answer_to_a_when_question_after_none_was_found_replaces_the_day():
    facts = _state_facts([
        ("user", "A table for two on Friday please."),
        ("assistant", "Sorry, nothing is available on Friday. When else could you come?"),
        ("user", "Saturday then"),
    ])
    assert "Friday" in _replaced(facts)


@pytest.mark.parametrize(
    "lang, question, slot, asks",
    [
        ("en", "Which city will you apply in?", "city", True),
        ("en", "When may we collect?", "date", True),
        ("en", "Start?", "date", True),
        ("en", "Takedown?", "date", True),
        ("en", "OK?", "date", False),
        ("zh", "撤场呢？", "date", True),
        ("zh", "您呢？", "date", False),
        ("en", "When else could you come?", "date", False),
        ("en", "What departure date suits you?", "date", True),
        ("en", "What other city would work?", "city", False),
        ("en", "How many people?", "city", False),
        ("zh", "您在哪个城市办理？", "city", True),
        ("zh", "那天几点方便？", "time", True),
        ("zh", "什么时候送过去？", "date", True),
        ("zh", "要换哪个城市？", "city", False),
    ],
)
def test_asks_by_name(lang: str, question: str, slot: str, asks: bool):
    assert analyzer_for(lang).asks_by_name(question, slot) is asks


@pytest.mark.parametrize(
    "text, cue_part",
    [
        ("张医生刚说那天不坐诊，改成周三上午", "改成周三上午"),
        ("Tom is busy on Monday, make it Friday 3pm instead", "make it Friday 3pm instead"),
    ],
)
def test_a_cue_governs_the_values_of_its_own_part_of_the_clause(text: str, cue_part: str):
    atom = parse_message(Message(context_id="c", idx=1, role="user", text=text)).atoms[0]
    assert atom.kind == "correction"
    assert text[corrected_from(atom, analyzer_for(atom.lang).is_correction) :].strip() == cue_part


def test_a_cue_without_a_value_of_its_own_governs_the_whole_clause():
    atom = parse_message(Message(context_id="c", idx=1, role="user", text="不对，还是周三上午吧")).atoms[0]
    assert corrected_from(atom, analyzer_for(atom.lang).is_correction) == 0


def test_a_name_in_a_clause_before_the_cue_is_merely_said():
    facts = _state_facts([
        ("user", "帮我约下周的体检"),
        ("assistant", "可以约周二或周三。"),
        ("user", "周二吧"),
        ("assistant", "好的"),
        ("user", "张医生刚说那天不坐诊，改成周三上午"),
    ])
    said = {f.value: f.evidence.how for f in facts if f.evidence is not None and f.evidence.idx == 4}
    assert said["周三上午"] == "corrected"
    assert all(how == "said" for value, how in said.items() if value != "周三上午")


def test_a_correction_of_a_name_never_replaces_the_day_kept_apart_from_names():
    facts = _state_facts([
        ("user", "想买一张书桌，胡桃木的，家里有猫"),
        ("assistant", "好的。什么时候送货？"),
        ("user", "12号以后都行"),
        ("assistant", "可以送13号或14号。"),
        ("user", "14号"),
        ("assistant", "好的，14号送货。"),
        ("user", "对了，书桌颜色还是换成白橡木吧，胡桃木太暗"),
    ])
    assert "14号" in _current(facts) and "14号" not in _replaced(facts)


def test_the_assistant_reading_back_one_part_of_a_listed_value_replaces_nothing():
    facts = _state_facts([
        ("user", "帮我订一张去杭州的高铁票"),
        ("assistant", "一等座还是二等座？"),
        ("user", "一等座，不要靠过道，要靠窗的"),
        ("assistant", "好的，给您换成靠窗。"),
        ("user", "嗯"),
    ])
    seat = next(f for f in facts if f.key.endswith("seat_class"))
    assert "一等座" in seat.value and "靠窗" in seat.value


def test_a_search_that_pulled_up_no_matches_is_a_report_of_none_found():
    assert analyzer_for("en").finds_none("No, I'm sorry. I didn't pull up any matches.")
    assert not analyzer_for("en").finds_none("I pulled up three matches for you.")


def test_the_users_words_for_a_day_just_offered_under_another_key_take_that_offer():
    """"Perfect, Monday 14 then." takes the delivery day offered, not a new day home."""
    facts = _state_facts([
        ("user", "I fly home on 19 December, so it must be back before."),
        ("assistant", "Noted. We'll aim to deliver on Wednesday 16 December."),
        ("user", "I have news, I go home on 15 December now. Can you do it faster?"),
        ("assistant", "We can: if we collect tomorrow, we can deliver on Monday 14 December at no cost."),
        ("user", "Perfect, Monday 14 then."),
    ], ts=datetime(2026, 12, 9, 18, 0, tzinfo=UTC))
    assert "15 December" in _current(facts) and "15 December" not in _replaced(facts)
    assert any(f.value.startswith("Monday 14") and f.role == "user" for f in facts)
