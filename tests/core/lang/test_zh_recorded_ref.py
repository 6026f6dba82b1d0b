"""An assistant's "已登记" with a reference beside it reports a result: "覃老师，已登记，预约号WG-1226-40。"
was filler as a whole, and the booking reference the user needs was lost. "已记录" alone stays filler,
and never a fact."""

from __future__ import annotations

import pytest

from core.lang.zh_kinds import assistant_kind
from tests.core.builders import state_after

pytestmark = pytest.mark.unit


def test_recorded_with_a_reference_is_no_filler():
    assert assistant_kind("卢先生，已登记，单号WQ-1223-12。", "assistant") != "filler"


@pytest.mark.parametrize("text", ["已记录，请稍等。", "好的，已登记。"])
def test_recorded_alone_is_filler(text: str):
    assert assistant_kind(text, "assistant") == "filler"


def test_the_reference_reported_with_recorded_is_held():
    state = state_after(
        [
            ("user", "我，工会的覃玉梅，电话 138 7711 0452"),
            ("assistant", "覃老师，已登记，预约号WG-1226-40。"),
            ("user", "代寄的箱子先准备30箱"),
            ("assistant", "好的，先备30个箱子。"),
        ]
    )
    assert any("WG-1226-40" in f.value for f in state.facts.values())
    assert not any("已登记" in f.value for f in state.facts.values())
