"""Chinese names marked by their punctuation or cue: titles in book-title marks, with the label
before them as their slot, and a surname given alone ("我姓赵")."""

from __future__ import annotations

import pytest

from core.lang.zh_titles import surnames
from tests.core.builders import state_after
from tests.core.lang.zh_helpers import ents, find

pytestmark = pytest.mark.unit


def test_a_title_in_book_title_marks_is_one_name_and_its_label_is_its_slot() -> None:
    text = "练习曲《扫摇练习》，乐曲《渔舟唱晚》"
    names = [(e[1], e[3]) for e in ents(text) if e[0] == "name"]
    # the name finder split "扫摇练习" at 扫 and took the label "练习曲" for a name
    assert names == [("扫摇练习", "练习曲"), ("渔舟唱晚", "乐曲")]


def test_a_title_after_a_verb_has_no_label() -> None:
    assert find("我想看《流浪地球》", "流浪地球")[3] is None
    assert find("乐曲换成《战台风》吧", "战台风")[3] == "乐曲"  # the setting verb is no label


def test_changing_one_labelled_title_leaves_the_other() -> None:
    state = state_after([
        ("assistant", "请告诉我考级曲目。"),
        ("user", "练习曲《扫摇练习》，乐曲《渔舟唱晚》"),
        ("assistant", "好的，已记录。"),
        ("user", "乐曲换成《战台风》吧，老师说更加分"),
    ])
    values = {f.value: [h.value for h in f.history] for f in state.facts.values()}
    assert values.get("战台风") == ["渔舟唱晚"]
    assert values.get("扫摇练习") == []  # the étude stands: the change named the piece


@pytest.mark.parametrize(
    "text, surname",
    [("好的。我姓赵", "姓赵"), ("免贵姓王，电话13800001111", "姓王"), ("我姓欧阳", "姓欧阳"),
     ("她姓李，是我妈", "姓李"), ("怎么称呼我？姓卢", "姓卢"), ("姓卢，电话13710283395", "姓卢")],
)
def test_a_surname_given_alone_is_a_name(text: str, surname: str) -> None:
    assert find(text, surname)[0] == "name"


@pytest.mark.parametrize("text", ["请填写姓名", "您贵姓？", "我姓名写错了", "姓名：王芳", "姓什么都行"])
def test_the_words_for_name_are_no_surname(text: str) -> None:
    assert surnames(text) == []
