"""A Chinese flat in a residential compound is an address by its building, unit and room
(core.lang.zh_addresses): "西溪蝶园5幢1单元1102" had been a count "1单" that a correction turn set as
the new value of the user's speed "14公里"; a vague "几十公斤" is no number said."""

from __future__ import annotations

import pytest

from core.lang.registry import analyzer_for
from tests.core.builders import replaced, state_after

pytestmark = pytest.mark.unit


def _entities(text: str) -> list[tuple[str, str]]:
    return [(e.type, e.text) for e in analyzer_for("zh").entities(text, None)]


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("改送家里，西溪蝶园5幢1单元1102", "西溪蝶园5幢1单元1102"),
        ("送到朝阳区望京花园3号楼2单元502", "朝阳区望京花园3号楼2单元502"),
        ("地址是海淀区中关村大街27号金蝶软件园B座9层", "海淀区中关村大街27号金蝶软件园B座9层"),
    ],
)
def test_a_flat_is_one_address(text: str, address: str) -> None:
    found = _entities(text)
    assert ("address", address) in found
    assert not [t for kind, t in found if kind == "quantity"]


def test_a_building_number_alone_is_no_address() -> None:
    assert not [t for kind, t in _entities("我住5号楼") if kind == "address"]


def test_a_vague_weight_is_no_count() -> None:
    assert not [t for kind, t in _entities("跑步机几十公斤，我怎么搬") if kind == "quantity"]


def test_a_flat_in_a_correction_replaces_no_speed() -> None:
    state = state_after(
        [
            ("user", "我要买跑步机，最高速度要到14公里"),
            ("assistant", "好的，最高时速14公里。送到哪里？"),
            ("user", "送到公司前台"),
            ("assistant", "好的，公司前台。"),
            ("user", "不对，跑步机几十公斤，放单位我怎么搬回家？改送家里，西溪蝶园5幢1单元1102"),
        ]
    )
    assert "14公里" not in replaced(state)
    assert any(f.value == "西溪蝶园5幢1单元1102" for f in state.facts.values())
