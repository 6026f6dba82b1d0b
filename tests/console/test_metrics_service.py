"""The Metrics screen's service on a real DuckDB file: points per source and overall, status, charts."""

from __future__ import annotations

from pathlib import Path

import pytest

from console.health import BLOAT_RATE, COMPACTION_SUCCESS_RATE, FACT_DECAY_RATIO, LATENCY_P95_MS, Severity
from console.services.metrics import (
    METRICS,
    OVERALL,
    SEVERITY_STYLE,
    format_value,
    load_dashboard,
    metric_figure,
)
from core.config import Config
from data.store import Store
from tests.console.ops_helpers import T0, hours, open_store, small_context

pytestmark = pytest.mark.unit


@pytest.fixture
def store(tmp_path: Path) -> Store:
    s = open_store(tmp_path / "console.duckdb")
    s.save_contexts(
        [
            # hour 0: healthy everywhere
            small_context("a1", source="sgd", at=T0, bloat=0.4),
            small_context("b1", source="multiwoz21", at=T0, bloat=0.6),
            # hour 2: sgd bloats to 1.5 (25% past 1.2: orange), multiwoz stays at 0.6
            small_context("a2", source="sgd", at=T0 + hours(2), bloat=1.5, decay=0.5, latency_ms=70.0),
            small_context("b2", source="multiwoz21", at=T0 + hours(2), bloat=0.6, passed=False),
        ]
    )
    return s


def rows(board, metric: str, scope: str) -> list[tuple[float | None, Severity]]:
    part = board.points[(board.points["metric"] == metric) & (board.points["scope"] == scope)]
    part = part.sort_values("bucket")
    return list(zip(part["value"], part["severity"], strict=True))


def colour_of(marker, value: float) -> str:
    """The colour a marker value gets from its stepped colour scale (as plotly draws it)."""
    share = (value - marker.cmin) / (marker.cmax - marker.cmin)
    below = [colour for stop, colour in marker.colorscale if stop <= share]
    return below[-1]


def test_points_per_source_and_overall_are_classified(store: Store) -> None:
    board = load_dashboard(store, Config(), bucket="hour")
    assert board.sources == ["multiwoz21", "sgd"]
    assert rows(board, BLOAT_RATE, "sgd") == [(0.4, Severity.OK), (1.5, Severity.ORANGE)]
    # overall at hour 2: mean of 1.5 and 0.6 = 1.05, under the ceiling
    overall = rows(board, BLOAT_RATE, OVERALL)
    assert overall[0] == (pytest.approx(0.5), Severity.OK) and overall[1] == (
        pytest.approx(1.05),
        Severity.OK,
    )
    # success: hour 2 overall is 1 of 2 -> 50%, 50% short of 99.95%: red
    assert rows(board, COMPACTION_SUCCESS_RATE, OVERALL) == [(1.0, Severity.OK), (0.5, Severity.RED)]
    assert rows(board, COMPACTION_SUCCESS_RATE, "sgd") == [(1.0, Severity.OK), (1.0, Severity.OK)]
    # latency p95 of sgd at hour 2: one compaction of 70 ms -> 40% past 50: red
    assert rows(board, LATENCY_P95_MS, "sgd")[1] == (70.0, Severity.RED)


def test_status_is_the_latest_overall_bucket(store: Store) -> None:
    board = load_dashboard(store, Config(), bucket="hour")
    assert board.status[BLOAT_RATE].value == pytest.approx(1.05)
    assert board.status[BLOAT_RATE].severity is Severity.OK
    assert board.status[COMPACTION_SUCCESS_RATE].severity is Severity.RED
    assert board.status[FACT_DECAY_RATIO].value == pytest.approx(0.35)  # (0.5 + 0.2) / 2: on the band's edge
    assert board.status[FACT_DECAY_RATIO].severity is Severity.OK
    assert board.status[BLOAT_RATE].bound == "< 120%"


def test_one_source_shows_its_own_lines_and_status(store: Store) -> None:
    board = load_dashboard(store, Config(), bucket="hour", source="sgd")
    assert set(board.points["scope"]) == {"sgd"}
    assert board.status[BLOAT_RATE].severity is Severity.ORANGE
    assert board.status[FACT_DECAY_RATIO].severity is Severity.RED  # 0.5: 43% past 0.35


def test_day_buckets_merge_the_hours(store: Store) -> None:
    board = load_dashboard(store, Config(), bucket="day")
    assert len(rows(board, BLOAT_RATE, OVERALL)) == 1
    assert rows(board, BLOAT_RATE, "sgd")[0][0] == pytest.approx(0.95)


def test_a_time_range_limits_the_points(store: Store) -> None:
    board = load_dashboard(store, Config(), bucket="hour", start=T0 + hours(1))
    assert rows(board, BLOAT_RATE, "sgd") == [(1.5, Severity.ORANGE)]


def test_an_empty_store_is_no_data_everywhere(tmp_path: Path) -> None:
    board = load_dashboard(open_store(tmp_path / "empty.duckdb"), Config())
    assert board.empty
    assert {s.severity for s in board.status.values()} == {Severity.NO_DATA}
    for metric in METRICS:
        metric_figure(board, metric)  # draws the bounds with no points, no error


def test_tiers_follow_the_config(store: Store) -> None:
    board = load_dashboard(store, Config(alert_tiers=(0.3, 0.4, 0.5)), bucket="hour", source="sgd")
    assert board.status[BLOAT_RATE].severity is Severity.WARNING  # 25% past: short of the 30% tier


def test_figures_have_a_trace_per_scope_colours_by_severity_and_the_healthy_band(store: Store) -> None:
    board = load_dashboard(store, Config(), bucket="hour")
    fig = metric_figure(board, BLOAT_RATE)
    names = [t.name for t in fig.data]
    assert names == ["multiwoz21", "sgd", OVERALL]
    sgd = fig.data[1]
    assert [colour_of(sgd.marker, v) for v in sgd.marker.color] == [
        SEVERITY_STYLE[Severity.OK][0],
        SEVERITY_STYLE[Severity.ORANGE][0],
    ]
    assert list(sgd.customdata) == ["OK", "ORANGE"]  # the hover names the state too
    band = fig.layout.shapes[0]
    assert band.type == "rect" and band.y1 == 1.2
    tier_lines = sorted(s.y0 for s in fig.layout.shapes[1:])
    assert tier_lines == pytest.approx([1.32, 1.44, 1.56])
    latency = metric_figure(board, LATENCY_P95_MS)
    assert latency.data[-1].name == "overall p50"


def test_values_are_formatted_for_the_screen() -> None:
    assert format_value(BLOAT_RATE, 0.853) == "85.3%"
    assert format_value(COMPACTION_SUCCESS_RATE, 0.9995) == "99.95%"
    assert format_value("goal_churn_rate", 0.5) == "0.50 / turn"
    assert format_value(LATENCY_P95_MS, 12.345) == "12.3 ms"
    assert format_value(BLOAT_RATE, None) == "-"


def test_a_single_bucket_gets_a_readable_time_axis(store: Store) -> None:
    board = load_dashboard(store, Config(), bucket="day")  # every sample falls on one day
    fig = metric_figure(board, BLOAT_RATE)
    low, high = fig.layout.xaxis.range
    assert str(low).startswith("2025-02-28") and str(high).startswith("2025-03-02")
    hourly = metric_figure(load_dashboard(store, Config(), bucket="hour"), BLOAT_RATE)
    assert hourly.layout.xaxis.range is None  # several buckets: plotly's own range
