"""A Chinese turn naming one day twice, relative and with its date ("明天3月21日星期天"): both forms are the
value, so the context shows the date the agent read back beside the user's own word (core.extract_cleanup)."""

from __future__ import annotations

from datetime import datetime

import pytest

from tests.core.builders import state_after

pytestmark = pytest.mark.unit
TS = datetime(2027, 3, 20, 21, 0)  # Saturday 20 March 2027


def test_a_relative_day_and_its_date_are_one_value_with_both_forms() -> None:
    reply = "明天3月21日星期天下午一点，刚好剩最后两个位置！"
    state = state_after([("user", "明天下午一点可以吗？"), ("assistant", reply)], TS)
    dates = [f for f in state.facts.values() if f.vtype == "date" and f.norm == "2027-03-21"]
    assert any("3月21日" in f.value or "3月21日" in f.aliases for f in dates)


def test_two_days_stay_a_list() -> None:
    state = state_after([("assistant", "明天或者3月25日都有位。")], TS)
    assert any("明天" in f.value and "3月25日" in f.value for f in state.facts.values())
