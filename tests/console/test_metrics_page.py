"""AppTest of the Metrics page: controls, the status row from classify, a chart per metric."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.console.ops_helpers import T0, hours, open_store, small_context

pytestmark = pytest.mark.apptest
PAGE = str(Path(__file__).resolve().parents[2] / "pages" / "metrics.py")


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "console.duckdb"
    store = open_store(path)
    store.save_contexts(
        [
            small_context("a1", source="sgd", at=T0, bloat=0.4),
            small_context("b1", source="multiwoz21", at=T0 + hours(1), bloat=1.5, latency_ms=80.0),
        ]
    )
    store.close()
    monkeypatch.setenv("CONSOLE_DB", str(path))
    return path


def badges(at: AppTest) -> list[str]:
    return [m.value for m in at.markdown if "-badge[" in m.value]


def test_the_page_explains_itself_and_draws_every_metric(db: Path) -> None:
    at = AppTest.from_file(PAGE, default_timeout=30).run()
    assert not at.exception
    assert at.title[0].value == "Health metrics"
    assert "healthy range" in at.markdown[0].value
    assert at.expander[0].label == "How to read the colours and bounds"
    assert at.radio(key="metrics_bucket").value == "day"
    assert at.selectbox(key="metrics_source").options == ["All sources (and overall)", "multiwoz21", "sgd"]
    assert [m.label for m in at.metric] == [
        "Context bloat rate",
        "Fact decay ratio",
        "Goal churn rate",
        "Compaction success rate",
        "Compaction latency p95",
    ]
    assert len(at.get("plotly_chart")) == 5


def test_the_status_row_is_the_latest_bucket_classified(db: Path) -> None:
    at = AppTest.from_file(PAGE, default_timeout=30).run()
    at.radio(key="metrics_bucket").set_value("hour").run()
    values = {m.label: m.value for m in at.metric}
    # the latest hour holds only b1: bloat 150% is 25% past 120% -> ORANGE; latency 80 ms -> RED
    assert values["Context bloat rate"] == "150.0%"
    assert values["Compaction latency p95"] == "80.0 ms"
    assert badges(at) == [
        ":orange-badge[ORANGE]",
        ":green-badge[OK]",
        ":green-badge[OK]",
        ":green-badge[OK]",
        ":red-badge[RED]",
    ]


def test_one_source_only(db: Path) -> None:
    at = AppTest.from_file(PAGE, default_timeout=30).run()
    at.selectbox(key="metrics_source").set_value("sgd").run()
    assert at.subheader[0].value == "Now (sgd)"
    assert {m.label: m.value for m in at.metric}["Context bloat rate"] == "40.0%"


def test_an_empty_range_says_no_data_and_how_to_get_some(db: Path) -> None:
    at = AppTest.from_file(PAGE, default_timeout=30).run()
    at.selectbox(key="metrics_range").set_value("Last 24 hours").run()  # the samples are from 2025
    assert at.info and "python -m console ingest" in at.info[0].value
    assert set(badges(at)) == {":gray-badge[NO DATA]"}
    assert not at.get("plotly_chart")
