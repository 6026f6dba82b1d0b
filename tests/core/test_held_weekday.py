"""A weekday the user says alone that is the weekday of the held date names that date
(core.held_weekday): it neither replaces the date nor shows it as replaced."""

from __future__ import annotations

import pytest

from tests.core.builders import state_after

pytestmark = pytest.mark.unit


def test_the_weekday_of_the_held_date_said_alone_names_that_date() -> None:
    # "周日" in the reason for a later hour is the Sunday agreed (12月20日), not the first one after the turn
    turns = [
        ("user", "想包场看电影，12月20日周日上午10点"),
        ("assistant", "12月20日（周日）上午10点，1号大厅，可以安排。"),
        ("user", "哦对了，领导说10点太早，大家周日起不来，改成10点半吧"),
        ("assistant", "好的，改为12月20日上午10点半。"),
    ]
    state = state_after(turns)
    dates = [f for f in state.facts.values() if f.key.endswith(".date")]
    # the date is said with its own weekday ("12月20日周日"): one value (core.lang.zh_time)
    assert [f.value for f in dates] == ["12月20日（周日）"] and not dates[0].history
