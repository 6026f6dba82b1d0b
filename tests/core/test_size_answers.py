"""A length answering a question about a size ("院门宽多少？" "四米二") is that size, and a later length
of another thing ("大概15米" of cable) stands beside it instead of replacing it; a size is never read
as an age ("房间面积多大？"); the tenths said after 米 are part of the length ("四米二" is 4.2 metres),
and so are the centimetres after metres ("five metres and ten centimetres")."""

import pytest

from core.lang.en_attributes import asked_attribute as en_asked
from core.lang.en_entities import extract_entities
from core.lang.zh_attributes import asked_attribute as zh_asked
from core.lang.zh_values import find_values
from tests.core.builders import rendered_text, state_after


@pytest.mark.parametrize(
    ("question", "slot"),
    [
        ("老人家您好！院门宽多少？", "width"),
        ("房间面积多大？", "area"),
        ("院子多长？", "length"),
        ("门要多高？", "height"),
        ("您身高多少？", "身高"),  # a person's height, asked by its noun
        ("您母亲多大？", "age"),
        ("要等多长时间？", "多长时间"),  # a wait, asked by its noun: no length
    ],
)
def test_a_chinese_question_about_a_size(question: str, slot: str) -> None:
    assert zh_asked(question) == slot


@pytest.mark.parametrize(
    ("question", "slot"),
    [
        ("How wide is the opening?", "width"),
        ("And the height of the fence?", "height"),
        ("How old is he?", "age"),
    ],
)
def test_an_english_question_about_a_size(question: str, slot: str) -> None:
    assert en_asked(question) == slot


@pytest.mark.parametrize(
    ("text", "said", "value"),
    [
        ("四米二，孙子帮我量的", "四米二", "4.2 米"),
        ("一米二的", "一米二", "1.2 米"),
        ("三米一个", "三米", "3 米"),  # a count after it: no tenths
    ],
)
def test_the_tenths_after_a_metre(text: str, said: str, value: str) -> None:
    hits = [h for h in find_values(text) if h.type == "quantity"]
    assert [(text[h.start : h.end], h.value) for h in hits] == [(said, value)]


def test_a_width_answered_stands_beside_a_later_length_of_another_thing() -> None:
    turns = [
        ("user", "院子大门想装个电动的平移门"),
        ("assistant", "老人家您好！院门宽多少？"),
        ("user", "四米二，孙子帮我量的"),
        ("assistant", "门边有插座吗？"),
        ("user", "没有，要从屋里拉线过来，大概15米"),
    ]
    widths = [f for f in state_after(turns).facts.values() if f.key.endswith(".width")]
    assert [f.value for f in widths] == ["四米二"]
    text = rendered_text(turns)
    assert "15米" in text and "(was: 四米二)" not in text


def test_a_count_answering_a_size_question_measures_nothing() -> None:
    turns = [
        ("user", "我想买点种菜的土，屋顶花园用的"),
        ("assistant", "请问种啥子、面积多大？"),
        ("user", "种菜，搞了6个种植箱，每个1米2长、60公分宽"),
    ]
    facts = state_after(turns).facts.values()
    assert not [f.value for f in facts if f.key.endswith(".area") or f.key.endswith(".age")]


def test_a_length_in_metres_and_centimetres_is_one_length() -> None:
    ents = extract_entities("she tells me it is five metres and ten centimetres", None)
    assert [(e.type, e.text) for e in ents] == [("quantity", "five metres and ten centimetres")]
