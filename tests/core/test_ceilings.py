"""A ceiling on spending said in words or without a currency is the user's budget: "keep it under four
hundred all up", "my limit is four thousand", "four hundred for the both of us, tops", "under 6 grand
installed", "keep it to £200 all in"; "八百以内", "每晚一千五以内". It had been a head count of 400, a
count that a later "One metre eighty" replaced, a frequency "每晚一", or nothing at all. A bound on a
count or a measure ("under four hours", "kids under twelve", "3天以内") is no budget."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.lang.ceilings import en_ceilings, zh_ceilings
from core.lang.en_entities import extract_entities
from core.lang.zh import ChineseAnalyzer
from tests.core.builders import state_after

pytestmark = pytest.mark.unit
TS = datetime(2026, 12, 8, 10, 30)


@pytest.mark.parametrize(
    ("text", "surface", "value"),
    [
        ("Reckon I'd keep it under four hundred all up", "keep it under four hundred all up", "<=400"),
        ("My limit is four thousand, not one penny more.", "four thousand", "4000"),
        ("I said four hundred for the both of us, tops", "four hundred for the both of us", "<=400"),
        ("wood and propane both, under 6 grand installed", "under 6 grand installed", "<=6000"),
        ("I'm tryin to stay round four hundred dollars. Flying", "stay round four hundred dollars", "<=400"),
        ("I'm trying to keep it to £200 all in, there's the cake", "£200 all in", "<=200"),
        ("I was hoping to keep it around $400. Is there anything we can trim?", "around $400", "<=400"),
        ("Cheaper anyway, we're capped at sixty quid a head", "capped at sixty quid a head", "<=60"),
        ("we are capped at £60 a head", "capped at £60 a head", "<=60"),
        # an amount closed as the most paid (it had been a bare amount the soft budget dropped)
        ("Because it's mad expensive everywhere. I got $500, that's it", "$500, that's it", "<=500 USD"),
        (
            "I was hoping to spend around £100 at most. Maybe just the basic one?",
            "around £100 at most",
            "<=100 GBP",
        ),
        # "a hundred" said with its article (it had been a head count "hundred and fifty")
        (
            "keep it under a hundred and fifty for the both of us if you can",
            "keep it under a hundred and fifty",
            "<=150",
        ),
    ],
)
def test_an_english_ceiling_is_the_budget(text: str, surface: str, value: str) -> None:
    found = [(text[s:e], v, slot) for s, e, _, v, slot in en_ceilings(text)]
    assert (surface, value, "budget") in found
    budgets = [e for e in extract_entities(text, TS) if e.slot == "budget"]
    assert [e.text for e in budgets] == [surface]


@pytest.mark.parametrize(
    "text",
    ["we need it done in under four hours", "kids under twelve go free", "up to four hundred people", "one"],
)
def test_a_bound_on_a_count_or_a_measure_is_no_ceiling(text: str) -> None:
    assert en_ceilings(text) == []


@pytest.mark.parametrize(
    ("text", "surface", "value"),
    [
        # an amount named the most it may be (each had been a plain amount, the next value of the slot
        # the agent's quoted prices hold)
        ("₹1,50,000 is my top, paaji. Z7 is too much", "₹1,50,000 is my top", "<=150000 INR"),
        ("$400 is our limit.", "$400 is our limit", "<=400 USD"),
        ("£25 is all I've got till my loan comes in", "£25 is all I've got", "<=25 GBP"),
        ("Not above ₦650,000. Haba, things are costly", "Not above ₦650,000", "<=650000 NGN"),
        ("Eish, R11,999. No. R9,000 max, hey", "R9,000 max", "<=9000 ZAR"),
        # the amount and no more, said at its clause's end (each had been a plain amount, and the
        # assistant's "Under $250" the budget; the user's words were lost)
        ("$250, not more. Pension is pension", "$250, not more", "<=250 USD"),
        ("£200, no more. The collection plate is not deep", "£200, no more", "<=200 GBP"),
        ("£250 and not a penny more. I'm a farmer", "£250 and not a penny more", "<=250 GBP"),
        ("£200 and not a penny over", "£200 and not a penny over", "<=200 GBP"),
        # what it is per said between the amount and its closer (it had been a plain amount)
        ("£30 a flask at most. I in't made o' money", "£30 a flask at most", "<=30 GBP"),
        # a bound before an amount in a currency named by its word (the bound had been lost)
        ("At most 4,000 lira. Tamam?", "At most 4,000 lira", "<=4000 TRY"),
        ("Not more than 12,000 cedis", "Not more than 12,000 cedis", "<=12000 GHS"),
        ("I don't want to go past 475 all told", "don't want to go past 475 all told", "<=475"),
        ("$400 the most. I'm retired", "$400 the most", "<=400 USD"),
        ("£60 at the outside. And no app", "£60 at the outside", "<=60 GBP"),
        ("€90 at the very most", "€90 at the very most", "<=90 EUR"),
        ("AED 3,500 max per seat", "AED 3,500 max per seat", "<=3500 AED"),  # what it is per, kept
        ("Aunty says max $100, no more", "max $100, no more", "<=100 USD"),
        # the symbol after the amount, thousands grouped by a space (no amount had been read at all)
        ("7 000 $ max for everything, the two of us", "7 000 $ max", "<=7000 USD"),
    ],
)
def test_an_amount_named_the_most_paid_is_the_budget(text: str, surface: str, value: str) -> None:
    budgets = [(e.text, e.value) for e in extract_entities(text, TS) if e.slot == "budget"]
    assert budgets == [(surface, value)]


@pytest.mark.parametrize("text", ["The limit is 4 people", "it costs £300, the top one", "The R2 is £300"])
def test_an_amount_not_named_the_most_is_no_ceiling(text: str) -> None:
    assert not [e for e in extract_entities(text, TS) if e.slot == "budget"]


def test_a_ceiling_before_a_clause_that_goes_on_keeps_its_own_words() -> None:
    # "一个" begins what comes next, not the thing the ceiling is per
    text = "八百以内一个就够"
    assert [text[s:e] for s, e, *_ in zh_ceilings(text)] == ["八百以内"]


def test_an_amount_followed_by_thats_all_and_more_words_is_no_ceiling() -> None:
    assert en_ceilings("it costs £300, that's all I know") == []


@pytest.mark.parametrize(
    "text", ["$300, no more questions please", "It costs $40, not more than that", "the most $"]
)
def test_no_more_said_of_something_else_is_no_ceiling(text: str) -> None:
    assert en_ceilings(text) == []


@pytest.mark.parametrize(
    ("text", "surface", "value"),
    [
        ("我这退休工资，八百以内行不行？", "八百以内", "<=800"),
        ("有点贵哦，我想控制在每晚一千五以内", "每晚一千五以内", "<=1500"),
        ("钱的话一人三百以内", "一人三百以内", "<=300"),
        ("自费800以内就行", "800以内", "<=800"),
        # a bare 内 after the amount (it had been nothing at all)
        ("我那点工资，1500内吧", "1500内", "<=1500"),
        # the money's unit before 以内, the head it is per after it (a per-head price, not a head count)
        ("三个人三百块以内，超了就不去了", "三百块以内", "<=300"),
        ("价钱多少？两百块以内一个人好伐", "两百块以内一个人", "<=200"),
        # a bound said before what the speaker pays
        ("我最多只能出四万，真的假的不能少一点吗", "最多只能出四万", "<=40000"),
        ("这个顶多给两千块", "顶多给两千块", "<=2000"),
        # a bound on a rate with the units it is per before it: its tens count, and 一张 is no count
        ("一张台一个钟不超过六十哦，过年红包都发冒得了", "一张台一个钟不超过六十", "<=60"),
        ("一个人最多八十块", "一个人最多八十块", "<=80"),
        # the one thing it is per, before or after it, and 为限 (each had lost its part or been nothing)
        ("一盏八百以内", "一盏八百以内", "<=800"),
        ("五百以内一台", "五百以内一台", "<=500"),
        ("两百以内一个，再贵用不起", "两百以内一个", "<=200"),
        ("两千元为限", "两千元为限", "<=2000"),
        ("预算2,000元以内", "2,000元以内", "<=2000"),
    ],
)
def test_a_chinese_ceiling_is_the_budget(text: str, surface: str, value: str) -> None:
    assert [(text[s:e], v, slot) for s, e, _, v, slot in zh_ceilings(text)] == [(surface, value, "budget")]


@pytest.mark.parametrize(
    "text",
    ["3天以内", "50以内的数", "十以内", "最多200人", "顶多五十", "一共不超过五十", "每人最多十个",
     "5000内存"],
)
def test_a_small_or_measured_bound_in_chinese_is_no_ceiling(text: str) -> None:
    assert zh_ceilings(text) == []


def test_a_length_said_later_does_not_replace_the_limit() -> None:
    state = state_after(
        [
            ("user", "I want a pizza oven built in my garden."),
            ("assistant", "Our price for a 90 cm oven with the stand is £3,900 including the flue."),
            ("user", "Hm. My limit is four thousand, not one penny more."),
            ("assistant", "Understood. How tall is the fence?"),
            ("user", "One metre eighty."),
        ],
        TS,
    )
    budget = [f for k, f in state.facts.items() if k.endswith(".budget")]
    assert [f.value for f in budget] == ["four thousand"]
    assert not any("four thousand" in h.value for f in state.facts.values() for h in f.history)


def test_a_bound_said_with_a_negative_word_is_the_users_budget() -> None:
    # "No more than" had made the clause a negation, whose values are refused: no budget was held,
    # and the assistant's "Within $550" read back took its place
    state = state_after(
        [
            ("assistant", "What's your price limit?"),
            ("user", "No more than $550. Uncle not rich, you know"),
            ("assistant", "Within $550 we have the Mauna 6 Dob, $389; and the Kilo 90, $249."),
        ],
        TS,
    )
    budget = [f for k, f in state.facts.items() if k.endswith(".budget")]
    assert [(f.value, f.role) for f in budget] == [("No more than $550", "user")]


@pytest.mark.parametrize(
    ("text", "budget"),
    [
        # each had been a plain amount that the assistant's quote then showed as replaced
        ("I'd set myself a ceiling of €7,000.", "€7,000"),
        ("Our budget for this financial year is £9,500 including VAT; above needs approval", "£9,500"),
        ("my budget is £9,500", "£9,500"),
        # what it covers said after it: the words stay in the user's clause, the amount no budget alone
        ("my budget is $3,000 for everything", None),
    ],
)
def test_an_amount_a_budget_noun_names_is_the_budget(text: str, budget: str | None) -> None:
    budgets = [e.text for e in extract_entities(text, TS) if e.slot == "budget"]
    assert budgets == ([budget] if budget else [])


def test_whom_a_budget_noun_covers_is_part_of_the_value() -> None:
    text = "Bostin. Budget is four hundred for the young ones total."
    budgets = [e for e in extract_entities(text, TS) if e.slot == "budget"]
    assert [e.text for e in budgets] == ["four hundred for the young ones total"]


def test_a_chinese_ceiling_in_traditional_characters_keeps_them() -> None:
    text = "傻眼，這麼貴喔。我最多只能出四萬，真的假的不能少一點嗎"
    budgets = [e for e in ChineseAnalyzer().entities(text, TS) if e.slot == "budget"]
    assert [(e.text, e.value) for e in budgets] == [("最多只能出四萬", "<=40000")]


@pytest.mark.parametrize(
    ("text", "surface", "value"),
    [("三万日元以内", "三万日元以内", "<=30000 JPY"), ("五百港币以内，一晚", "五百港币以内", "<=500 HKD")],
)
def test_a_chinese_ceiling_in_a_foreign_currency_keeps_its_bound(text: str, surface: str, value: str) -> None:
    # it had been a price "三万日元", its 以内 dropped: a budget shown as a price said
    budgets = [(e.text, e.value) for e in ChineseAnalyzer().entities(text, TS) if e.slot == "budget"]
    assert budgets == [(surface, value)]
