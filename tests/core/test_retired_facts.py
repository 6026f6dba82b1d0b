"""A fact whose value a user's correction retired takes the value that retired it (issue 12: an old
value shown as current). The parser read the new value without the attribute ("改成24个"), or under
another key; the correction cue and the one earlier value of its shape are the evidence."""

from __future__ import annotations

import pytest

from core.compressor import Compressor
from core.config import Config
from core.models import ContextState, Fact, Message
from core.retired import Retired
from core.retired_facts import replace_retired_facts
from tests.core.builders import replaced, state_after

pytestmark = pytest.mark.unit


def _context(turns: list[tuple[str, str]]) -> str:
    msgs = [Message(idx=i, role=r, text=t) for i, (r, t) in enumerate(turns)]
    return Compressor(Config(use_embeddings=False)).compress(msgs, force=True, context_id="r").rendered.text


_KAYAK = [
    ("user", "千岛湖皮划艇团建，28个人"),
    ("assistant", "您好！教练带队环湖 3 小时 260 元/人。哪天？"),
    ("user", "下周六上午"),
    ("assistant", "好的。请问对接人？"),
    ("user", "谭海燕 138 6712 0093"),
    ("assistant", "收到。"),
    ("user", "人数有变动，有4个来不了，改成24个"),
    ("assistant", "好的，24 人 × 260 元 = 6240 元。"),
]


def test_a_count_corrected_without_its_noun_replaces_the_count_of_its_measure_word():
    state = state_after(_KAYAK)
    held = [f for f in state.facts.values() if f.value == "24个"]
    assert len(held) == 1
    assert [v.value for v in held[0].history] == ["28个人"]
    assert not any(f.value == "28个人" for f in state.facts.values())


def test_the_context_shows_the_corrected_count_current_and_the_old_one_only_as_replaced():
    text = _context(_KAYAK)
    assert "24个 (was: 28个人)" in text
    assert "28个人" not in text.replace("(was: 28个人)", "")


def test_the_count_of_the_same_measure_word_is_corrected_not_the_latest_count():
    # "1 单元" of the address is a count of another measure word: "三瓶" replaces "两瓶"
    state = state_after(
        [
            ("user", "在吗，送两瓶酒到家"),
            ("assistant", "您好！请问想要什么酒？地址？"),
            ("user", "成都锦江区 春熙路 新光华街 7 号 1 单元 2302"),
            ("assistant", "好的。"),
            ("user", "改成三瓶吧"),
        ]
    )
    assert "两瓶" in replaced(state)
    assert any(f.value == "三瓶" for f in state.facts.values())


def test_an_english_count_set_against_the_old_one_replaces_it():
    state = state_after(
        [
            ("user", "Weekly water delivery please, 6 jugs of the 5 gallon spring water"),
            ("assistant", "Sure. Which day suits you?"),
            ("user", "mondays. and 8 jugs not 6"),
        ]
    )
    assert "6 jugs" in replaced(state)
    assert not any(f.value == "6 jugs" for f in state.facts.values())


_HEATER = [
    ("user", "Our geyser is gone, need a new one fitted"),
    ("assistant", "Sorry to hear that. Replacement of the same kind?"),
    ("user", "Yes, replacement. 15 litre storage geyser, for the second bathroom"),
    ("assistant", "Noted. Any must-haves?"),
    (
        "user",
        "My mother-in-law is coming for a month. Make it 25 litre, the small one will finish in one bucket",
    ),
    ("assistant", "Sure, a 25 litre one."),
]


def test_a_measure_held_with_the_noun_after_it_takes_the_corrected_measure():
    # "15 litre storage" was filed under its noun, "25 litre" under its unit: one fact now
    state = state_after(_HEATER)
    held = [f for f in state.facts.values() if f.history]
    assert [(f.value, [v.value for v in f.history]) for f in held] == [
        ("25 litre storage", ["15 litre storage"])
    ]
    text = _context(_HEATER)
    assert "15 litre" not in text.replace("(was: 15 litre storage)", "")


def test_a_bare_number_retired_is_no_measure_of_a_longer_value():
    # "11" retired by "40" (a bare number answered just before): the held time "11 am" stays
    time = Fact(key="memoir.time", value="11 am", norm="11:00", first_idx=3, last_idx=3)
    state = ContextState(facts={"memoir.time": time}, retired=Retired(pairs=(("11", "40"),)))
    replace_retired_facts(state, Message(idx=9, role="user", text="actually 40 copies"))
    assert [(f.value, f.history) for f in state.facts.values()] == [("11 am", [])]


def test_a_day_retired_is_no_measure_of_a_longer_date():
    # "1st" retired by "12th": the held "1st of March" (the bus) stays
    date = Fact(key="bus.leave_date", value="1st of March", norm="2027-03-01", first_idx=0, last_idx=0)
    state = ContextState(facts={"bus.leave_date": date}, retired=Retired(pairs=(("1st", "12th"),)))
    replace_retired_facts(state, Message(idx=4, role="user", text="something to do there on 12th of March"))
    assert [(f.value, f.history) for f in state.facts.values()] == [("1st of March", [])]
