"""Open alerts of the health metrics on a real DuckDB file: state, since when, worst tier, recovery,
and the link from a chart point to the sessions behind it."""

from __future__ import annotations

from pathlib import Path

import pytest

from console.health import BLOAT_RATE, COMPACTION_SUCCESS_RATE, Severity
from console.services.alerts import metric_states, open_alerts, selected_point, sessions_link
from console.services.metrics import OVERALL, load_dashboard, metric_figure
from console.services.session_links import query_from_params
from console.services.sessions import SessionQuery, search_sessions
from core.config import Config
from tests.console.ops_helpers import T0, hours, open_store, small_context

pytestmark = pytest.mark.unit


@pytest.fixture
def store(tmp_path: Path):
    s = open_store(tmp_path / "console.duckdb")
    s.save_contexts(
        [
            small_context("a0", source="sgd", at=T0, bloat=0.4),
            small_context("a1", source="sgd", at=T0 + hours(1), bloat=1.5),  # orange
            small_context("a2", source="sgd", at=T0 + hours(2), bloat=1.7),  # red
            small_context("a3", source="sgd", at=T0 + hours(3), bloat=0.5),  # recovered
            small_context("b0", source="multiwoz21", at=T0, bloat=0.5),
            small_context("b2", source="multiwoz21", at=T0 + hours(2), bloat=0.6),
            small_context("b3", source="multiwoz21", at=T0 + hours(3), bloat=1.35),  # open
            small_context("b4", source="multiwoz21", at=T0 + hours(3), bloat=1.25, passed=False),
        ]
    )
    return s


def state_of(states, metric, scope):
    return next(s for s in states if s.metric == metric and s.scope == scope)


def test_an_alert_that_ended_says_when_it_recovered_and_how_bad_it_was(store):
    board = load_dashboard(store, Config(), bucket="hour")
    sgd = state_of(metric_states(board), BLOAT_RATE, "sgd")
    assert sgd.state == Severity.OK and not sgd.is_open
    assert sgd.recovered_at == (T0 + hours(3)).replace(tzinfo=None)
    assert sgd.last_alert == Severity.RED and sgd.since == sgd.recovered_at


def test_an_open_alert_says_since_when_its_worst_tier_and_the_earlier_recovery(store):
    board = load_dashboard(store, Config(), bucket="hour")
    alerts = open_alerts(board)
    mw = state_of(alerts, BLOAT_RATE, "multiwoz21")
    assert (
        mw.state == Severity.WARNING and mw.since
    )  # mean 1.30: past 1.2, short of the 10% tier == (T0 + hours(3)).replace(tzinfo=None)
    assert mw.buckets == 1 and mw.recovered_at is None
    assert all(a.is_open for a in alerts)
    ranks = [a.state.rank for a in alerts]
    assert ranks == sorted(ranks, reverse=True)
    assert all(not (a.metric == BLOAT_RATE and a.scope == OVERALL) for a in alerts)  # hour 3 mean 1.03
    success = state_of(alerts, COMPACTION_SUCCESS_RATE, "multiwoz21")
    assert success.state == Severity.RED


def test_a_metric_without_samples_is_no_data(tmp_path):
    board = load_dashboard(open_store(tmp_path / "empty.duckdb"), Config(), bucket="day")
    states = metric_states(board)
    assert states and {s.state for s in states} == {Severity.NO_DATA} and open_alerts(board) == []


def test_an_alert_links_to_the_sessions_behind_it(store):
    board = load_dashboard(store, Config(), bucket="hour")
    mw = state_of(open_alerts(board), BLOAT_RATE, "multiwoz21")
    query, notes = query_from_params(sessions_link(mw, "hour"))
    assert notes == []
    found = search_sessions(store, query).items
    assert sorted(c.context_id for c in found) == ["b3", "b4"]  # both over 1.2 in that hour


def test_a_clicked_red_point_links_to_its_sessions(store):
    board = load_dashboard(store, Config(), bucket="hour")
    figure = metric_figure(board, BLOAT_RATE)
    curve = next(i for i, t in enumerate(figure.data) if t.name == "sgd")
    selection = {"selection": {"points": [{"curve_number": curve, "x": str(T0 + hours(2))[:19], "y": 1.7}]}}
    params, severity = selected_point(board, figure, BLOAT_RATE, selection)
    assert severity == Severity.RED and params["source"] == "sgd"
    query, _ = query_from_params(params)
    assert [c.context_id for c in search_sessions(store, query).items] == ["a2"]
    assert selected_point(board, figure, BLOAT_RATE, {"selection": {"points": []}}) is None
    assert search_sessions(store, SessionQuery()).total == 8


@pytest.mark.apptest
def test_the_metrics_page_lists_open_alerts_with_a_link_to_their_sessions(store, monkeypatch):
    from streamlit.testing.v1 import AppTest

    store.close()
    monkeypatch.setenv("CONSOLE_DB", str(store.path))
    page = str(Path(__file__).resolve().parents[2] / "pages" / "metrics.py")
    at = AppTest.from_file(page, default_timeout=60)
    at.run()
    at.radio(key="metrics_bucket").set_value("hour")
    at.selectbox(key="metrics_range").set_value("All time").run()
    assert not at.exception
    assert any(s.value == "Open alerts" for s in at.subheader)
    table = next(d.value for d in at.dataframe if "since (UTC)" in d.value.columns)
    row = table[(table["metric"] == "Context bloat rate") & (table["scope"] == "multiwoz21")].iloc[0]
    assert row["state"] == "WARNING" and row["since (UTC)"] == f"{T0 + hours(3):%Y-%m-%d %H:%M}"
    assert row["sessions"].startswith("/sessions?metric=bloat_rate&at=")
    assert "source=multiwoz21" in row["sessions"] and "bucket=hour" in row["sessions"]
