"""Chinese names of offered things and verb phrases that are no names: an item at the head of an
offer list ("有两款：A，...；B，...", "推荐三张：1. A，...") or after a choice cue ("选择A") is a name
whatever words it is made of; a one-character verb and its object ("弄手机", "寄公司") is no name,
while a name a cue introduces may start with a verb character ("吃干烧桂鱼", "有捞派毛肚这道菜")."""

from __future__ import annotations

import pytest

from core.lang.zh_entities import entities_of

pytestmark = pytest.mark.unit


def names(text: str) -> set[str]:
    return {e.text for e in entities_of(text, None) if e.type == "name"}


def test_every_item_of_an_offer_list_is_a_name():
    text = "老年意外险有两款：乐龄意外，每人每年298元；安心老人意外，每人每年459元，含骨折津贴。"
    assert {"乐龄意外", "安心老人意外"} <= names(text)


def test_numbered_offer_items_are_names():
    text = "推荐三张：1. 青春卡，终身免年费；2. 星河白金卡，首年免年费；3. 小橙卡，刷6次免年费。"
    assert {"青春卡", "星河白金卡", "小橙卡"} <= names(text)


def test_what_a_choice_cue_picks_is_a_name():
    assert "安心老人意外" in names("好的，选择安心老人意外，两人一年918元。")


@pytest.mark.parametrize("text", ["我代填，她不会弄手机", "寄公司，地址稍后发你", "不要寄老家了"])
def test_a_one_character_verb_and_its_object_is_no_name(text: str):
    assert not names(text)


def test_the_object_after_a_verb_and_a_count_is_the_thing():
    found = names("寄一套玻璃茶具到成都，怎么包装比较好")
    assert "玻璃茶具" in found and not any(n.startswith("寄") for n in found)


@pytest.mark.parametrize(
    ("text", "name"),
    [("我想吃干烧桂鱼，给我找个餐馆", "干烧桂鱼"), ("推荐一家有捞派毛肚这道菜的餐馆", "捞派毛肚"),
     ("喜蜗牛日料的评分怎么样？", "喜蜗牛日料")],
)
def test_a_cued_name_may_start_with_a_verb_character(text: str, name: str):
    assert name in names(text)


def test_a_list_a_colon_introduces_stays_one_sentence_across_semicolons():
    from core.lang.registry import analyzer_for

    text = "老年意外险有两款：乐龄意外，每人每年298元；安心老人意外，每人每年459元。好的；行"
    pieces = analyzer_for("zh").split(text)
    assert pieces[0] == "老年意外险有两款：乐龄意外，每人每年298元；安心老人意外，每人每年459元。"
    assert "安心老人意外" in names(pieces[0])
    assert pieces[1:] == ["好的；", "行"]
