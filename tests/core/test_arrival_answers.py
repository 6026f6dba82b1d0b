"""A time the user gives when the assistant asked when they get there ("What time will you get to the
lounge?", "请问几点到贵宾室？") is their arrival: it stands beside the flight's time said before and
never shows that time as replaced (issue 12, item 2: a value replaces another only when they are
provably one attribute)."""

from __future__ import annotations

import pytest

from core.lang.registry import analyzer_for
from tests.core.builders import replaced, state_after

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(
    ("turns", "flight", "arrival"),
    [
        (
            [
                ("user", "lounge at LHR T3 today, 2 ppl"),
                ("assistant", "Sure. Which flight, and what time?"),
                ("user", "VS3 to JFK 11:20"),
                ("assistant", "Plaza Premium, £45 each. What time will you get to the lounge?"),
                ("user", "8:15"),
                ("assistant", "8:15 entry, then."),
            ],
            "11:20",
            "8:15",
        ),
        (
            [
                ("user", "你好，今天早上浦东T2，想订贵宾室，3个人"),
                ("assistant", "您好！请问您的航班号和起飞时间？"),
                ("user", "MU523，9点40飞大阪关西"),
                ("assistant", "好的，星悦贵宾室，3人804元。请问几点到贵宾室？"),
                ("user", "我们7点半左右能过完安检"),
                ("assistant", "好的，7:30左右入场。"),
            ],
            "9点40",
            "7点半",
        ),
    ],
)
def test_an_arrival_time_answered_stands_beside_the_flight_time(turns, flight, arrival) -> None:
    state = state_after(turns)
    current = {f.value for f in state.facts.values()}
    assert flight in current and flight not in replaced(state)
    assert any(f.key.endswith(".arrival_time") and f.value.startswith(arrival) for f in state.facts.values())


def test_a_question_for_a_span_of_hours_asks_no_arrival() -> None:
    assert analyzer_for("zh").asked_attribute("营业时间几点到几点？") is None
    assert analyzer_for("zh").asked_attribute("请问几点到店？") == "arrival_time"
