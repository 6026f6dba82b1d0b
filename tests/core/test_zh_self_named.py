"""A business naming itself in Chinese (core.lang.zh_self_named): the venue in full and its area are
values of their own slots, and what the speakers say they are ("我们是三个女生") names no venue."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.compressor import Compressor
from core.config import Config
from core.lang.registry import analyzer_for
from core.models import Message

pytestmark = pytest.mark.unit
TS = datetime(2027, 2, 1, 11, 0)


def _slots(text: str) -> dict[str, str]:
    return {e.slot: e.text for e in analyzer_for("zh").entities(text, TS) if e.slot in ("venue", "area")}


@pytest.mark.parametrize(
    ("text", "slots"),
    [
        # 拾 of 拾光 is read as a verb by the segmenter: the name is still whole
        ("你好！这里是五道口的拾光手工皂，我们有手工皂体验课。", {"area": "五道口", "venue": "拾光手工皂"}),
        ("您好！这里是三孝口的巧手编织坊。请问想钩什么呢？", {"area": "三孝口", "venue": "巧手编织坊"}),
        ("是的，我们是陶溪川的瓷补金缮工坊，可以教您。", {"area": "陶溪川", "venue": "瓷补金缮工坊"}),
        ("這裡是靜浮觀塘店，歡迎！", {"venue": "靜浮觀塘店"}),
        # the user asking if this is the business they mean; an enumeration comma before it shares no slot
        ("办生日惊喜，沙坡尾这家微光蜡烛研究所是不是能做？", {"area": "沙坡尾", "venue": "微光蜡烛研究所"}),
        ("喂，老门东那家金线修补社是吧？", {"area": "老门东", "venue": "金线修补社"}),
    ],
)
def test_a_business_naming_itself_gives_its_venue_and_area(text: str, slots: dict[str, str]) -> None:
    assert _slots(text) == slots


@pytest.mark.parametrize(
    "text",
    ["我们是三个女生", "我们是回族，不吃猪肉", "我们是宁波的", "那个太早了，改十点吧", "这家好吗？"],
)
def test_what_the_speakers_are_names_no_venue(text: str) -> None:
    assert _slots(text) == {}


def test_the_venue_stands_beside_the_names_the_user_says() -> None:
    turns = [
        ("user", "你好。我想学勾针。"),
        ("assistant", "您好！这里是三孝口的巧手编织坊。请问想钩什么呢？"),
        ("user", "给重孙钩一双宝宝鞋。我叫周玉兰。"),
        ("assistant", "好的，周阿姨。"),
    ]
    msgs = [Message(idx=i, role=r, text=t, ts=TS) for i, (r, t) in enumerate(turns)]
    state = Compressor(Config(use_embeddings=False)).compress(msgs, context_id="venue").state
    values = {f.key.split(".")[-1]: f.value for f in state.facts.values()}
    assert values["venue"] == "巧手编织坊" and values["area"] == "三孝口"
    assert not any(h.value == "巧手编织坊" for f in state.facts.values() for h in f.history)
