"""Chinese measures said the way people speak them: a height in metres and what follows ("1米25",
"一米二五": 1.25 metres, not a count "1米" with a stray 25), a size of two lengths joined by 乘
("两米五乘两米五": one value, so a later size replaces it whole, and the same value as its read-back
"2.5×2.5米"), an age in numerals after a relative
("老奶奶七十了"), and a phone number spelled one numeral per digit ("一三八零二二六五五三一"), which the
assistant's read-back in digits ("138 0226 5531") says again."""

from __future__ import annotations

import pytest

from tests.core.builders import rendered_text
from tests.core.lang.zh_helpers import ents, find

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(
    ("text", "surface", "value"),
    [("一个娃娃1米25，还有我家老奶奶", "1米25", "1.25 米"), ("孩子一米二五", "一米二五", "1.25 米")],
)
def test_the_centimetres_after_a_metre_are_one_length(text: str, surface: str, value: str):
    assert find(text, surface)[2] == value


@pytest.mark.parametrize(
    ("text", "surface"),
    [("改成两米五乘两米五", "两米五乘两米五"), ("桌子3乘4米", "3乘4米"), ("三米乘三米的", "三米乘三米")],
)
def test_two_lengths_joined_by_cheng_are_one_size(text: str, surface: str):
    assert find(text, surface)[3] == "size"


@pytest.mark.parametrize(
    ("text", "value"),
    [("改成两米五乘两米五", "2.5x2.5 米"), ("三米乘三米的", "3x3 米"), ("1米2乘80厘米", "1.2米x80厘米")],
)
def test_a_size_joined_by_cheng_has_the_value_of_its_read_back(text: str, value: str):
    assert [e[2] for e in ents(text) if e[3] == "size"] == [value]


def test_numbers_joined_by_cheng_without_a_length_are_no_size():
    assert not [e for e in ents("3乘4等于12") if e[3] == "size"]


@pytest.mark.parametrize(
    ("text", "surface", "slot"),
    [
        ("还有我家老奶奶七十了", "老奶奶七十了", "grandmother_age"),
        ("爸爸六十六岁", "爸爸六十六岁", "father_age"),
    ],
)
def test_an_age_in_numerals_after_a_relative_is_their_age(text: str, surface: str, slot: str):
    assert find(text, surface)[3] == slot


def test_a_count_after_a_relative_is_no_age():
    assert not [e for e in ents("奶奶一个人在家") if e[3] and e[3].endswith("_age")]


def test_a_phone_spelled_in_numerals_is_a_phone():
    assert find("我女儿叫屈小燕电话一三八零二二六五五三一", "一三八零二二六五五三一")[1:] == (
        "一三八零二二六五五三一",
        "13802265531",
        "phone",
    )


@pytest.mark.parametrize("text", ["一二三四五六七八九", "三百八十二万"])
def test_numerals_that_spell_no_phone_are_no_phone(text: str):
    assert not [e for e in ents(text) if e[0] == "phone"]


def test_the_read_back_of_a_spelled_phone_is_the_same_value():
    text = rendered_text(
        [
            ("user", "好的我女儿叫屈小燕电话一三八零二二六五五三一"),
            ("assistant", "您女儿屈小燕，电话是138 0226 5531，对吗？"),
            ("user", "对的对的就是这个"),
            ("assistant", "好的。"),
            ("user", "嗯"),
            ("assistant", "好的。"),
            ("user", "嗯"),
        ]
    ).split("--- recent")[0]
    assert "138 0226 5531" in text and "(was:" not in text
