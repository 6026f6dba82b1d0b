"""A count of a named thing the user restates with another count retires the earlier one, with no
correction cue (issue 12: "the user restating the same attribute with a value of the same type"):
"加十个罐头" then "那我要九个罐头" shows "(was: 十个)". A count that names no thing, opens a statement
about some of them, is asked about or is added to the earlier one retires nothing."""

from __future__ import annotations

import pytest

from core.lang.counted_things import count_value, counted_things
from core.models import ContextState
from core.replaced import mark_quoted
from core.retired import Retired, note_user_turn
from tests.core.builders import state_after

pytestmark = pytest.mark.unit


def _after(*turns: str) -> Retired:
    record = Retired()
    for text in turns:
        record = note_user_turn(record, text)
    return record


def test_a_chinese_count_of_the_same_thing_restated_retires_the_one_before():
    record = _after("加十个罐头，她很喜欢罐头", "啊，那我要九个罐头。数学不好", "好的，六个罐头，没问题。")
    assert set(record.values) == {"十个", "九个"}
    assert record.pairs == (("九个", "六个"),)


def test_a_party_restated_retires_the_party_whatever_word_follows_the_measure():
    record = _after("三个人，我和两个老同学。", "老张刚才说他也来，那就四个人了。包间坐得下吗？")
    assert record.values == ("三个人",)


def test_an_english_count_of_the_same_noun_restated_retires_the_one_before():
    assert _after("Free-range, 12 pound.", "Go on then, the 16 pound.").values == ("12 pound",)
    assert _after("we are 2 pax.", "He also coming, so 3 pax. He sit anywhere").values == ("2 pax",)


def test_a_count_that_opens_a_statement_about_some_of_them_retires_nothing():
    assert _after("我们五个人。", "有两个人不吃辣").values == ()
    assert _after("we are 8 people.", "2 people are vegetarian").values == ()


def test_the_head_a_price_or_a_limit_is_per_is_no_party():
    # "一个人" right after an amount or its bound says what the amount is per, not who comes
    assert _after("两个人，我和老公。", "六百以内一个人").values == ()
    assert counted_things("三百元一位") == []
    assert counted_things("那就一个人。") == [("people", "一个人", False)]


def test_a_count_asked_about_or_of_the_same_number_retires_nothing():
    # "two bags" is the 2 bags said before, in words; the second turn asks
    assert _after("Yeah 2 bags.", "And decaf for one of the two bags? My partner is pregnant").values == ()
    assert _after("三个人。", "四个人可以吗？").values == ()


def test_a_count_added_to_the_one_before_restates_nothing_after_it():
    record = _after("十个罐头。", "再加两个罐头。", "八个罐头吧。")
    assert record.values == ()


def test_spans_of_time_and_dates_are_no_things_counted():
    assert _after("it's for her 70th, 21 March", "Friday 19 March then, two days before").values == ()
    assert _after("give me 5 minutes.", "10 minutes.").values == ()


def test_the_retired_count_is_marked_in_a_quote_of_the_user():
    state = ContextState(retired=_after("加十个罐头，她很喜欢罐头", "那我要九个罐头。"))
    assert mark_quoted(["加十个罐头，她很喜欢罐头"], state) == ["加(was: 十个)罐头，她很喜欢罐头"]


@pytest.mark.parametrize(
    ("count", "value"),
    [("two bags", 2), ("2 bags", 2), ("十五个", 15), ("二十个", 20), ("两个", 2), ("a", None)],
)
def test_count_value_reads_digits_and_number_words(count: str, value: int | None):
    assert count_value(count) == value


def test_counted_things_key_a_count_by_what_it_counts():
    assert counted_things("所以是15个小朋友") == [("个小朋友", "15个", False)]
    assert counted_things("another 2 jugs.") == [("jug", "2 jugs", True)]


def test_a_count_a_correction_retired_keeps_its_norm_so_the_agents_read_back_is_the_same_count():
    # the retired count's fact takes the new count as the parser normalised it ("36 people"): the
    # agent's "36人" read back and agreed to is that count, not a new value replacing the user's words
    st = state_after(
        [
            ("user", "我们是社区合唱团，想包个车去苏州演出"),
            ("assistant", "好的，几位？"),
            ("user", "28个人，都是老人。下周三早上七点出发"),
            ("assistant", "好的，下周三早上七点。"),
            ("user", "还要带两个音箱，有地方放吗"),
            ("assistant", "有的，后面有行李舱。"),
            ("user", "对了，又有几个家属要去，换成大一点的车吧，一共36个人"),
            ("assistant", "36人的话换成45座大巴，全天2300元。"),
            ("user", "好，就45座的"),
        ]
    )
    people = [f for f in st.facts.values() if "28个人" in [v.value for v in f.history]]
    assert [(f.value, f.norm) for f in people] == [("36个人", "36 people")]
