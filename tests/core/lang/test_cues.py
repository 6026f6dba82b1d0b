"""The cue methods every analyzer answers for the stages (core.lang.cues), per language and over
all languages, and the stage behaviour they carry (goal phrases, decline/accept, numbers)."""

from __future__ import annotations

import pytest

from core.goals import condense_goal, strip_opener
from core.lang.cues import any_language
from core.lang.registry import analyzer_for
from core.validate import numbers_in
from core.values import same_surface

EN, ZH, ANY = analyzer_for("en"), analyzer_for("zh"), any_language()


@pytest.mark.parametrize(
    ("text", "accepts", "declines"),
    [
        ("Yes, book it please", True, False),
        ("That sounds great for me", True, False),
        ("No thanks, that's all", False, True),
        ("not right now", False, True),
        ("好的，就这家", True, False),
        ("不用了，谢谢", False, True),
        ("Could you find a hotel?", False, False),
        ("I'd definitely like that.", True, False),
        ("I would love that!", True, False),
        ("I'd like to book a hotel", False, False),
        ("I'd like it on the TV", False, False),
    ],
)
def test_accepting_and_declining_in_either_language(text: str, accepts: bool, declines: bool) -> None:
    assert ANY.accepts(text) is accepts
    assert ANY.declines(text) is declines


def test_each_analyzer_answers_only_for_its_own_language() -> None:
    assert EN.accepts("sure") and not ZH.accepts("sure")
    assert ZH.accepts("可以") and not EN.accepts("可以")
    assert EN.bare_no("no, 1 room") and not EN.bare_no("no problem")
    assert ZH.bare_no("不，换一家") and not ZH.bare_no("不错")
    assert EN.is_stopword("please") and not ZH.is_stopword("please")
    assert EN.yes_no() == ("yes", "no") and ZH.yes_no() == ("是", "否")
    assert ANY.yes_no_values() == {"yes", "no", "是", "否"}


def test_amenities_non_values_and_domain_words() -> None:
    assert ANY.facility_slot("free wifi") == "internet"
    assert ANY.facility_slot("免费停车") == "parking"
    assert ANY.facility_slot("a view") is None
    assert ANY.strip_free("免费早餐") == "早餐" and ANY.strip_free("free parking") == "parking"
    assert ANY.is_non_value("okay") and ANY.is_non_value("没有") and not ANY.is_non_value("north")
    assert ANY.domain_word("酒店") == "hotel" and ANY.domain_word("hotel") == "hotel"
    assert ANY.domain_word("museum") is None


def test_the_leftmost_day_of_the_month_wins_across_languages() -> None:
    day = ANY.day_of_month("3月11号 or the 12th")
    assert day is not None and day.day == "11"
    day = ANY.day_of_month("the 12th, not 11号")
    assert day is not None and day.day == "12"
    assert same_surface("the 11th", "March 11th") and same_surface("11号", "3月11号")
    assert not same_surface("March 11th", "3月11号")  # both name a month: the months may differ


def test_numbers_with_multipliers_and_chinese_numerals() -> None:
    assert numbers_in("5k or 3w, 五千, 一万五") == {5000.0, 30000.0, 15000.0}
    assert ANY.number_multipliers()["k"] == 1e3 and ANY.number_multipliers()["万"] == 1e4
    assert ZH.numeral_values("两百") == [200.0] and EN.numeral_values("two hundred") == []


def test_goal_phrases_drop_openers_and_fillers() -> None:
    assert strip_opener("Hi, could you please find me a hotel") == "find me a hotel"
    assert strip_opener("请问，有没有便宜的酒店") == "有没有便宜的酒店"
    said = "I'd like to book a table for two at Nandos please"
    assert condense_goal(said) == "book a table for two at Nandos…"
    assert condense_goal("麻烦帮我找一家便宜的酒店吧") == "找一家便宜的酒店"


def test_ive_changed_my_mind_is_a_correction_cue():
    from core.lang.en_discourse import is_correction

    assert is_correction("Sorry, I've changed my mind. I'd like to check in on March 1st")
    assert is_correction("I have changed my mind, make it two")
