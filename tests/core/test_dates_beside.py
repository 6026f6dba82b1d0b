"""A date the user says after another with no correction cue, in a slot the parser guessed without
a task, stands beside it (core.dates_beside): the day cargo is ready is not replaced by the day it
is loaded, nor a departure time by the times of the show listed next. With a cue the later date
replaces the earlier as before. Real stages."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from core.compressor import Compressor
from core.config import Config
from core.models import Message

pytestmark = pytest.mark.unit
TS = datetime(2026, 12, 4, 9, 0)


def _dates(
    turns: list[tuple[str, str]], kinds: tuple[str, ...] = ("date", "datetime")
) -> tuple[set[str], set[str]]:
    """The current and the replaced values of the facts of kinds after turns, through the real stages."""
    session = Compressor(Config(use_embeddings=False)).session("dates")
    for i, (role, text) in enumerate(turns):
        session.add(Message(idx=i, role=role, text=text, ts=TS + timedelta(minutes=i)), auto_compact=False)
    facts = [f for f in session.state.facts.values() if f.vtype in kinds]
    return {f.value for f in facts}, {h.value for f in facts for h in f.history}


@pytest.mark.parametrize(
    "turns, first, second",
    [
        (
            [
                ("user", "I need a quote for one 40ft container, cargo ready 18 December."),
                ("assistant", "Sure. When should it be loaded?"),
                ("user", "loading on 22 December please"),
                ("assistant", "Noted."),
            ],
            "18 December",
            "22 December",
        ),
        (
            [
                ("user", "货是户外家具，12月20号货好。"),
                ("assistant", "好的。装柜时间呢？"),
                ("user", "装柜12月22号吧"),
                ("assistant", "好的。"),
            ],
            "12月20号",
            "12月22号",
        ),
    ],
)
def test_two_dates_of_two_things_said_without_a_cue_both_stand(turns, first: str, second: str):
    # the loading day replaced the day the cargo is ready, as "corrected by user"
    current, replaced = _dates(turns)
    assert {first, second} <= current and first not in replaced


def test_a_date_corrected_with_a_cue_replaces_the_earlier_one():
    current, replaced = _dates(
        [
            ("user", "I need a quote for one 40ft container, cargo ready 18 December."),
            ("assistant", "Sure. When should it be loaded?"),
            ("user", "sorry, I misspoke: cargo ready 20 December"),
            ("assistant", "Noted."),
        ]
    )
    assert "20 December" in current and "18 December" in replaced


def test_times_listed_with_no_cue_stand_beside_a_time_said_before() -> None:
    """"下周三早上七点出发", then "下午一点半演出，大概四点结束": the show's times are other moments, not a
    correction of the departure (it was shown replaced), even in a task's own slot."""
    turns = [
        ("user", "我们合唱团想包个车去苏州演出"),
        ("assistant", "请问多少人，哪天出发？"),
        ("user", "28个人。下周三早上七点出发"),
        ("assistant", "好的。去苏州哪里？"),
        ("user", "苏州市工人文化宫，下午一点半演出，大概四点结束"),
        ("assistant", "明白。"),
    ]
    moments = ("date", "datetime", "time")
    current, replaced = _dates(turns, moments)
    assert "下周三早上七点" in current and "下周三早上七点" not in replaced
    # one new time with no cue in the task's slot still replaces it (a new search for another time)
    _, replaced = _dates([*turns, ("user", "早上八点出发吧")], moments)
    assert "下周三早上七点" in replaced
