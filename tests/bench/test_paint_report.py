"""The first-paint table judges each browser on its own median and says which pages are over."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.paint import Db, Timing, render_table

pytestmark = pytest.mark.unit


def _timing(page: str, fresh: list[float], returning: list[float]) -> Timing:
    return Timing(page, fresh, [ms + 1000 for ms in fresh], returning, [ms + 900 for ms in returning])


def test_each_browser_is_judged_on_its_own_median_against_the_store_size_bound():
    demo = Db("demo", Path("/tmp/demo.duckdb"), 31, "c1")
    timings = [
        _timing("/sessions", [2600, 2100, 2050], [1500, 1400, 1450]),  # fresh over 2 s, returning under
        _timing("/config", [1900, 1800, 3000], [1700, 1600, 1650]),  # one slow run: the median passes
    ]
    lines = render_table(demo, timings, runs=3)
    rows = [line for line in lines if line.startswith("| `")]
    assert rows[0] == "| `/sessions` | 2100 | 1450 | 3100 / 2350 | 2600 | 3600 | **FAIL** / pass |"
    assert rows[1].endswith("| pass / pass |")
    summary = next(line for line in lines if line.startswith("Slowest"))
    assert "fresh profile 2100 ms (1 of 2 pages over)" in summary
    assert "returning browser 1650 ms (every page passes)" in summary


def test_a_store_of_100k_contexts_is_held_to_three_seconds():
    big = Db("100k", Path("/tmp/100k.duckdb"), 100_000, "c1")
    lines = render_table(big, [_timing("/metrics", [2900, 2950, 2800], [2000, 2100, 2050])], runs=3)
    assert any(line.endswith("| pass / pass |") for line in lines)
    assert "target first paint < 3 s" in lines[0]
