"""The business naming itself in its reply to the user's opening turn (core.own_venue): its name is the
venue, a fact beside what the user named first, not an offer the soft budget drops; later replies and
names that do not open a clause are left as they were."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.compressor import Compressor
from core.config import Config
from core.lang.registry import analyzer_for
from core.models import ContextState, Message

pytestmark = pytest.mark.unit
TS = datetime(2027, 1, 9, 10, 0)


def _state(turns: list[tuple[str, str]]) -> ContextState:
    msgs = [Message(idx=i, role=r, text=t, ts=TS) for i, (r, t) in enumerate(turns)]
    return Compressor(Config(use_embeddings=False)).compress(msgs, context_id="own-venue").state


def _facts(state: ContextState) -> dict[str, str]:
    return {k.split(".")[-1]: f.value for k, f in state.facts.items()}


@pytest.mark.parametrize(
    ("user", "reply", "venue"),
    [
        (
            "hi, I run a Girl Scout troop in Dorchester. you do paper cutting classes for kids?",
            "Hi! Yes, Red Scissors Studio on Tyler Street runs papercutting workshops for kids 8 and up.",
            "Red Scissors Studio",
        ),
        (
            "你们这个簇绒地毯是自己用枪打的那种嘛？我跟男朋友想来整一个",
            "是的！云上簇绒工作室，用簇绒枪自己打，三个小时左右。",
            "云上簇绒工作室",
        ),
        (
            "你好，我青岛的，想带我家小嫚儿去潍坊扎风筝，你们那儿能自己做吗",
            "您好！可以的，杨家埠风筝坊有扎风筝体验，从削竹条、糊纸到画画都能自己做。",
            "杨家埠风筝坊",
        ),
    ],
)
def test_the_reply_to_the_opening_names_the_venue(user: str, reply: str, venue: str) -> None:
    state = _state([("user", user), ("assistant", reply)])
    assert _facts(state)["venue"] == venue
    assert not any(f.value == venue for f in state.offers.values())


def test_a_later_reply_names_an_option_not_the_venue() -> None:
    state = _state(
        [
            ("user", "hi, can you help me find a pottery class for two?"),
            ("assistant", "Sure. How many hours would you like?"),
            ("user", "about two hours"),
            ("assistant", "Yes, Clayworks Studio runs a two-hour class."),
        ]
    )
    assert "venue" not in _facts(state)


@pytest.mark.parametrize(
    ("lang", "text", "name"),
    [
        ("en", "Hi! Yes, Red Scissors Studio on Tyler Street runs workshops.", "Red Scissors Studio"),
        ("en", "Hi! Yes, Loop & Pile Studio on Jamaica Street.", "Loop & Pile Studio on Jamaica Street"),
        ("zh", "在的～辛苦啦。半日闲水彩工作室有夜间水彩课", "半日闲水彩工作室"),
    ],
)
def test_a_name_opening_its_clause_names_itself(lang: str, text: str, name: str) -> None:
    start = text.index(name)
    assert analyzer_for(lang).names_itself(text, start, start + len(name))


@pytest.mark.parametrize(
    ("lang", "text", "name"),
    [
        ("en", "We often send groups to Red Scissors Studio on Tyler Street.", "Red Scissors Studio"),
        ("en", "Yes, Maria Lopez will teach you.", "Maria Lopez"),  # no venue-type word: a person
        ("zh", "我们推荐杨家埠风筝坊的体验课", "杨家埠风筝坊"),
        ("zh", "您好！张老师会教您", "张老师"),
        # options recommended: a name opening a sentence of its own, judged or listed with another
        ("en", "Certainly. The Lensfield Hotel is located in the centre.", "The Lensfield Hotel"),
        ("zh", "长城脚下的公社是您最好的选择。", "长城脚下的公社"),
        ("zh", "北京植物园，国家图书馆都很不错。", "北京植物园"),
        ("zh", "给你推荐两家，北京市政协会议中心，北京海润艾丽华酒店，都很适合你。", "北京市政协会议中心"),
    ],
)
def test_a_name_inside_a_clause_or_without_a_venue_word_does_not(lang: str, text: str, name: str) -> None:
    start = text.index(name)
    assert not analyzer_for(lang).names_itself(text, start, start + len(name))
