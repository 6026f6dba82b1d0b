"""A number's slot comes from what it measures (issue 12, items 2 and 4): the question it answers, the
relative or attribute noun next to it, its bound or rate; numbers of different attributes coexist
instead of replacing each other as one "count". Fed through the real parse / extract / merge stages
of a session (rules only, no model)."""

from __future__ import annotations

import pytest

from core.lang.en_attributes import attribute_numbers as en_numbers
from core.lang.zh_attributes import attribute_numbers as zh_numbers
from core.models import ContextState
from tests.core.builders import replaced, state_after

pytestmark = pytest.mark.unit


def current(state: ContextState) -> dict[str, str]:
    """slot -> current value of every fact (domain dropped)."""
    return {k.split(".", 1)[1]: f.value for k, f in state.facts.items()}


def test_an_age_answer_and_a_later_budget_coexist():
    st = state_after(
        [
            ("user", "I want insurance for my mother, she comes to visit me in Canada for 6 months"),
            ("assistant", "Visitor medical insurance is the right type. How old is your mother?"),
            ("user", "she is 74"),
            ("assistant", "Options: MapleCare Visitor, about 1,950 dollars for 6 months."),
            ("user", "too expensive for me. my limit is 1500"),
        ]
    )
    facts = current(st)
    assert facts.get("age") == "74"
    assert "1500" in (facts.get("budget") or "")
    assert "74" not in replaced(st)


def test_a_bare_answer_takes_the_attribute_the_question_asked_for():
    st = state_after(
        [
            ("user", "I need to ship 15 parcels of ceramics"),
            ("assistant", "Ground for all 15. Insurance: declared value?"),
            ("user", "60 each"),
        ]
    )
    assert current(st).get("value") == "60 each"


def test_a_chinese_name_and_bare_age_answer_the_question():
    st = state_after(
        [
            ("user", "帮我约一个内分泌科的号"),
            ("assistant", "好的，请问您的姓名、年龄？"),
            ("user", "高振宇，45"),
        ]
    )
    assert current(st).get("age") == "45"


def test_the_ages_of_two_relatives_are_two_facts():
    st = state_after(
        [
            ("user", "想给父母买医疗险"),
            ("assistant", "您好！请问是给哪位家人投保？年龄大概多少？"),
            ("user", "我爸妈，爸爸66，妈妈63"),
        ]
    )
    facts = current(st)
    assert facts.get("father_age") == "爸爸66" and facts.get("mother_age") == "妈妈63"
    assert not replaced(st)


def test_an_income_is_not_replaced_by_the_credit_limit_asked_next():
    st = state_after(
        [
            ("user", "我想办一张信用卡"),
            ("assistant", "白女士，工作单位和年收入？"),
            ("user", "在医院上班，年收入大概15万"),
            ("assistant", "已记录。申请额度有要求吗？"),
            ("user", "五万"),
        ]
    )
    facts = current(st)
    assert facts.get("income") == "15万"
    assert facts.get("credit_limit") == "五万"
    assert "15万" not in replaced(st)


@pytest.mark.parametrize(
    "text, span, slot",
    [
        ("company pays, up to 150", "up to 150", "budget"),
        ("maybe 4000 a month total", "4000 a month total", "amount"),
        ("under 15000 yen a night.", "under 15000 yen a night", "budget"),
        ("$1,200 max. we're not rich", "$1,200 max", "budget"),
        # a price per session, per child: its rate is part of it ("£12.50" alone said less)
        ("It's £12.50 a session, snack included.", "£12.50 a session", "amount"),
        ("It is $34 per child per session.", "$34 per child per session", "amount"),
        ("Dad is 68, mum is 64.", "68", "father_age"),
        ("I'm 20, no credit history", "20", "age"),
    ],
)
def test_english_numbers_keep_their_qualifier_and_attribute(text: str, span: str, slot: str):
    found = {(text[s:e], sl) for s, e, _, _, sl in en_numbers(text)}
    assert (span, slot) in found


def test_a_ceiling_closed_by_tops_is_a_bound():
    # "£30 a week tops" is at most £30 a week, as "$1,200 max" is: a bound, not the price of something
    found = [value for _, _, _, value, _ in en_numbers("£30 a week tops is what I can do")]
    assert found == ["<=30 GBP"]


def test_a_number_counting_a_noun_is_left_to_the_count_finders():
    assert en_numbers("a table for up to 4 people") == []
    assert en_numbers("it takes under 2 hours") == []
    assert en_numbers("she is 5 minutes away") == []


@pytest.mark.parametrize(
    "text, span, slot",
    [
        ("孩子3岁，这次先不看", "孩子3岁", "child_age"),
        ("我爸71我妈68，都在北京", "我妈68", "mother_age"),
        ("一年不超过3000", "一年不超过3000", "budget"),
        ("保价2000", "2000", "value"),
        ("哦对了，预算其实可以到6000", "6000", "budget"),
        ("三个月29400元，押金一个月9800元。", "9800元", "deposit"),  # the period it is worth between
        ("改为两个月，19600元，押金不变9800元。", "9800元", "deposit"),  # it stays
    ],
)
def test_chinese_numbers_keep_their_relative_and_attribute(text: str, span: str, slot: str):
    found = {(text[s:e], sl) for s, e, _, _, sl in zh_numbers(text)}
    assert (span, slot) in found


def test_servings_of_different_things_coexist():
    st = state_after(
        [
            ("user", "早饭 来两份煎饼果子"),
            ("assistant", "好的，要加什么？"),
            ("user", "一份薄脆一份油条，都不要辣"),
            ("assistant", "再来点喝的吗？"),
            ("user", "豆浆两杯，一杯无糖"),
        ]
    )
    shown = {f.value for f in st.facts.values()}
    assert {"两份煎饼果子", "一份薄脆", "一份油条", "豆浆两杯"} <= shown
    assert not replaced(st)


def test_a_serving_corrected_by_its_noun_replaces_the_old_count():
    st = state_after(
        [
            ("user", "点个火锅外卖，菜要肥牛两份，毛肚一份"),
            ("assistant", "好的，还要别的吗？"),
            ("user", "肥牛改成三份吧，怕不够"),
        ]
    )
    assert "肥牛两份" in replaced(st)
    assert any(v.value == "毛肚一份" for v in st.facts.values())


def test_zh_adverb_of_total_is_not_a_numeral() -> None:
    """一共/一起 ("in all", "together") between the noun and the number are not the number 一."""
    from core.lang.zh_attributes import attribute_numbers

    cases = (("预算一共一万五以内。", "<=15000"), ("预算一起两万", "20000"), ("预算总共3万", "30000"))
    for text, value in cases:
        assert [(v, s) for _, _, _, v, s in attribute_numbers(text)] == [(value, "budget")], text


@pytest.mark.parametrize(
    "turns",
    [
        [
            ("user", "三亚，租婴儿推车和安全座椅，送酒店"),
            ("assistant", "推车每天20元，安全座椅每天25元。孩子多大？"),
            ("user", "10个月"),
            ("assistant", "推荐双向座椅。租几天？"),
            ("user", "5天"),
        ],
        [
            ("user", "I need a buggy and a car seat for our holiday"),
            ("assistant", "Happy to help. How old is the baby?"),
            ("user", "18 months"),
            ("assistant", "A toddler seat then. For how long?"),
            ("user", "10 days"),
        ],
    ],
)
def test_an_age_said_as_a_duration_is_no_length_of_the_rental(turns):
    st = state_after(turns)
    age = turns[2][1]
    assert current(st).get("age") == age
    assert age not in replaced(st)


@pytest.mark.parametrize(
    ("text", "slots"),
    [
        ("also one of ours, Grace, is 17. is that ok?", {"17": "grace_age"}),
        ("my kids are Tom and Lily, Lily just turned 9 and Tom is 12", {"9": "lily_age", "12": "tom_age"}),
        ("the Gate is 12, and the Total is 45.", {}),
        # "is" shortened, opening a sentence: a name, never an everyday word or a pronoun
        ("diamonds for me and the boys. Ruby's 11, she reckons she can do a box kite", {"11": "ruby_age"}),
        ("Total's 45. It's 11, right?", {}),
    ],
)
def test_a_person_named_mid_sentence_and_a_number_is_that_persons_age(text, slots):
    assert {value: slot for _, _, _, value, slot in en_numbers(text)} == slots


def test_a_number_in_a_hyphened_compound_is_no_count():
    """ "summer 7-a-side women's league" read 7 as a count, and Grace's age 17 was shown replacing it."""
    st = state_after(
        [
            ("user", "want to enter a team in your summer 7-a-side women's league"),
            ("assistant", "Great. Any players under 18?"),
            ("user", "also one of ours, Grace, is 17. is that ok?"),
            ("assistant", "16 and over is fine with a consent form."),
        ]
    )
    assert "7" not in replaced(st)
    assert "17" in current(st).values()


def test_a_count_said_again_in_a_correction_without_its_noun_replaces_nothing():
    st = state_after(
        [
            ("user", "I am needing a place for three persons, me, my daughter and my mother"),
            ("assistant", "Sunday, January 17 at 2pm has four seats left, so three is fine."),
            ("user", "Jezus Maria, no, my limit is $200 for three. then the small ones, 20x20"),
        ]
    )
    assert "three persons" not in replaced(st)


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        # relatives beyond parents, children and partners name the person after them (each had been a plain
        # name, which joined the shop's name "Market Jew Street" in one slot)
        ("I want one of they reading pens for my grandson Kenver.", "grandson_name"),
        ("It's a present for my niece Aoife", "niece_name"),
    ],
)
def test_a_relatives_name_is_keyed_by_the_relative(text: str, slot: str) -> None:
    names = [f for k, f in state_after([("user", text)]).facts.items() if k.endswith(slot)]
    assert len(names) == 1
