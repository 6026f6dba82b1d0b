"""Chinese days and hours: a day moved ("能不能挪到五月十五号", "推迟到周五", "开席延后到12点半") is a
correction; a day before the end of a working day ("名单我下周一下班前发你") is by when, not the task's
day; a meeting after its day ("下礼拜天上午能见见小周不？") is that meeting's; 周 before a month is the end of
a name ("小周五月三号": 五月三号, not Friday); a bound after an hour ("2点以后", "下午3点左右") is part of
the hour the user gave and makes it a bound; 人数 names a head count ("人数加到14个")."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.lang.registry import analyzer_for
from core.lang.zh_kinds import is_correction
from core.models import Entity
from tests.core.builders import state_after

pytestmark = pytest.mark.unit
TS = datetime(2027, 3, 6, 19, 0)


def _ents(text: str) -> list[Entity]:
    return list(analyzer_for("zh").entities(text, TS))


@pytest.mark.parametrize("text", ["能不能挪到五月十五号", "推迟到周五吧", "开席延后到12点半吧"])
def test_a_moved_day_or_hour_is_a_correction(text: str) -> None:
    assert is_correction(text)


@pytest.mark.parametrize(
    ("text", "surface", "slot"),
    [
        ("名单我下周一下班前发你", "下周一下班前", "deadline"),
        ("要印logo，文件我周五之前发你们", "周五之前", "deadline"),
        ("下礼拜天上午能见见小周不？我带儿子儿媳一起", "下礼拜天上午", "meeting_date"),
        ("小周五月三号中午也有空", "五月三号中午", "date"),
        ("周五下午", "周五下午", "date"),
    ],
)
def test_the_slot_of_a_chinese_day(text: str, surface: str, slot: str) -> None:
    dates = [(e.text, e.slot) for e in _ents(text) if e.type in ("date", "datetime")]
    assert dates == [(surface, slot)]


def test_a_bound_after_an_hour_is_in_its_words() -> None:
    assert [e.text for e in _ents("上午我要上班，挪到下午吧，2点以后") if e.type == "time"] == ["2点以后"]


def test_a_head_count_after_its_noun() -> None:
    assert [(e.text, e.slot) for e in _ents("人数加到14个，我表哥一家也来") if e.type == "number"] == [
        ("14个", "people")
    ]


def test_an_hour_after_the_bound_the_user_set_stands_beside_it() -> None:
    state = state_after(
        [
            ("user", "白天冇得搞，我中午晚上都开门，要等关门以后，晚上十一点以后"),
            ("assistant", "晚上十一点以后施工，不影响营业。哪天方便？"),
            ("user", "周日晚上十一点来"),
        ],
        TS,
    )
    assert any(f.value == "晚上十一点以后" and f.status == "active" for f in state.facts.values())
    assert not any(h.value == "晚上十一点以后" for f in state.facts.values() for h in f.history)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("需要刻字吗？砧板背面可以免费烙字。", [("免费烙字", "extra")]),
        ("免费停车吗", [("免费停车", "extra")]),
        ("这个是免费的", [("免费", "price")]),
    ],
)
def test_a_free_extra_is_no_price_of_the_thing(text: str, found: list[tuple[str, str]]) -> None:
    assert [(e.text, e.slot) for e in _ents(text) if e.type == "term" and "免费" in e.text] == found


def test_the_price_of_the_pick_stays_beside_a_free_extra() -> None:
    state = state_after(
        [
            ("assistant", "一天的砧板课每人398元，两人796元，也可以选老榆木（加60元），856元。"),
            ("user", "那就砧板吧，一天的，老榆木的"),
            ("assistant", "砧板课，老榆木，两人856元，在一千以内。"),
            ("user", "行"),
            ("assistant", "需要刻字吗？砧板背面可以免费烙字。"),
        ],
        TS,
    )
    assert any(f.value == "856元" and f.status == "active" for f in state.facts.values())


@pytest.mark.parametrize(
    ("text", "negated"),
    [
        # "那个" rejects what the part before it names: the pair is one negation
        ("网上说有那种带回家的便携式的，那个不要，他弄不来", ["网上说有那种带回家的便携式的，那个不要"]),
        ("好的，这个不要了", []),  # nothing named before: no rule
        ("刚收到消息，Lim Siew Ling明天不来了", ["不来了"]),  # not coming: a change, not an inability
        ("别放香菜", ["别放香菜"]),
    ],
)
def test_a_rejection_of_that_one_and_an_inability(text: str, negated: list[str]) -> None:
    assert [n.text for n in analyzer_for("zh").negations(text)] == negated
