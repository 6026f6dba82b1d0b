"""Colours as a thing's attribute (core.lang.colours): "Navy" had been a name and "black" nothing, so a
colour changed was no change of one attribute and the old colour stood as the user's."""

from __future__ import annotations

import pytest

from core.lang.registry import analyzer_for
from tests.core.builders import state_after

pytestmark = pytest.mark.unit


def _colours(lang: str, text: str) -> list[str]:
    return [e.text for e in analyzer_for(lang).entities(text, None) if e.slot == "colour"]


@pytest.mark.parametrize(
    ("text", "colour"),
    [
        ("BackPal Junior. Navy colour", "Navy"),
        ("Silver. Silver does not show dirt", "Silver"),
        ("She says the kitchen is all black now. Make it black", "black"),
        ("Do you have it in white?", "white"),
        ("The grey one", "grey"),
        ("ok the space grey then", "space grey"),
        # a colour's own name before its base colour, said as the value (it had been a name or nothing)
        ("Racing green. Like the old buses", "Racing green"),
        ("She says anthracite grey, it goes. Anthracite grey so", "Anthracite grey"),
        ("do you have it in chartwell green?", "chartwell green"),
        # more colour words, two colours joined, the picking words around them (each had been nothing)
        ("Sand, it looks nice on the rocks", "Sand"),
        ("Take the grey-blue instead", "grey-blue"),
        ("Go for the slate grey", "slate grey"),
        ("She says with the children and the dust, we take the chocolate brown.", "chocolate brown"),
        ("Oatmeal then, it goes with the rug", "Oatmeal"),
        ("Please change the colour to sage", "sage"),
    ],
)
def test_an_english_colour_said_as_the_value(text: str, colour: str) -> None:
    assert _colours("en", text) == [colour]


@pytest.mark.parametrize(
    "text",
    ["red wine please", "We stayed at the White Horse Inn", "Silver does not show dirt", "Charcoal alu",
     "She says anthracite grey, it goes with the windows", "We had sand everywhere", "I love olive oil"],
)
def test_a_colour_word_inside_a_longer_phrase_is_no_colour_value(text: str) -> None:
    assert _colours("en", text) == []


@pytest.mark.parametrize(
    ("text", "colour"),
    [("要蓝色的", "蓝色"), ("换成咖啡色", "咖啡色"), ("米白色吧", "米白色"), ("颜色随便", None),
     ("住北京金色夏日商务酒店", None)],
)
def test_a_chinese_colour_by_its_se(text: str, colour: str | None) -> None:
    assert _colours("zh", text) == ([colour] if colour else [])


@pytest.mark.parametrize(
    ("text", "colour"),
    [("室友说好看 那就雾蓝", "雾蓝"), ("浅灰吧，耐看", "浅灰"), ("燕麦色也行", "燕麦色"),
     ("换成胡桃木色吧", "胡桃木色"), ("白的戴两天就黄了", None), ("天色不早了", None),
     ("今天蓝天白云", None)],
)
def test_a_chinese_colour_by_its_shade_without_se(text: str, colour: str | None) -> None:
    # a shade before a base colour is a colour said without 色; a colour verb or a sky is none
    assert _colours("zh", text) == ([colour] if colour else [])


def test_a_colour_said_again_replaces_the_colour_held() -> None:
    state = state_after([
        ("user", "I want a school bag for my son"),
        ("assistant", "The BackPal Junior comes in navy, maroon and black."),
        ("user", "BackPal Junior. Navy colour"),
        ("assistant", "BackPal Junior in navy."),
        ("user", "One minute, let me check the school circular... Maroon. The bag must be the school colour"),
    ])
    (colour,) = [f for k, f in state.facts.items() if k.endswith(".colour")]
    assert colour.value.lower() == "maroon"
    assert [h.value.lower() for h in colour.history] == ["navy"]
