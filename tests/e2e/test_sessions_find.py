"""Browser tests of finding and acting on many sessions: search by a fact value (kept in the URL
over a reload), and a bulk breaker switch of a filtered list, then back."""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

import pytest
from playwright.sync_api import expect

from data.records import FactCorrection, MetricPoint
from tests.e2e.conftest import SETTLE_TIMEOUT_S, ConsoleServer, open_page, screenshot, settle

pytestmark = pytest.mark.e2e
GRID = "iframe[title='st_aggrid.AgGrid.agGrid']"
CROSSWOZ = "crosswoz-val-3243"


def main(page):
    return page.locator("[data-testid='stMain']")


def grid_ids(page) -> list[str]:
    rows = page.frame_locator(GRID).first.locator(".ag-pinned-left-cols-container .ag-row")
    return sorted(rows.all_inner_texts())


def test_search_by_a_fact_value_finds_its_session_and_survives_a_reload(page, console_server: ConsoleServer):
    store = console_server.store()
    added = FactCorrection(
        context_id=CROSSWOZ,
        key="e2e.probe",
        new_value="Quokka Lounge",
        actor="e2e",
        source="api",
        create=True,
    )
    assert store.apply_corrections([added]).applied  # a value no transcript holds
    open_page(page, console_server, "/sessions")
    box = page.get_by_role("textbox", name="Search transcripts and facts")
    box.fill("quokka lounge")
    box.press("Enter")
    expect(main(page)).to_contain_text("of 1 sessions", timeout=SETTLE_TIMEOUT_S * 1000)
    settle(page)
    assert grid_ids(page) == [CROSSWOZ]
    page.wait_for_url(re.compile(r"search=quokka"))
    screenshot(page, "sessions-search")

    page.reload()
    page.wait_for_selector("[data-testid='stMain'] h1")
    settle(page)
    expect(page.get_by_role("textbox", name="Search transcripts and facts")).to_have_value("quokka lounge")
    expect(main(page)).to_contain_text("of 1 sessions")
    assert grid_ids(page) == [CROSSWOZ]


def test_a_bulk_switch_to_raw_and_back_is_audited(page, console_server: ConsoleServer):
    store = console_server.store()
    sgd = ["sgd-train-1_00000", "sgd-train-4_00021"]
    open_page(page, console_server, "/sessions?source=sgd")
    expect(main(page)).to_contain_text("of 2 sessions")
    page.get_by_text("Act on several sessions").click()
    panel = page.get_by_test_id("stExpander")
    panel.get_by_role("button", name="All on this page").click()
    settle(page)
    panel.get_by_role("textbox", name="Reason (audited)").fill("e2e: extractor regression")
    panel.get_by_role("textbox", name="Reason (audited)").press("Enter")
    settle(page)
    panel.get_by_role("button", name="Switch 2 to raw").click()
    expect(main(page)).to_contain_text("Switched 2 session(s) to raw", timeout=SETTLE_TIMEOUT_S * 1000)
    settle(page)
    assert [store.effective_mode(c) for c in sgd] == ["raw", "raw"]
    bulk = store.audit_log(action_prefix="breaker.bulk").items[0]
    assert bulk.actor == "e2e-operator" and sorted(bulk.after["contexts"]) == sgd
    screenshot(page, "sessions-bulk")

    panel = page.get_by_test_id("stExpander")
    if not panel.get_by_role("button", name="All on this page").is_visible():
        page.get_by_text("Act on several sessions").click()
    panel.get_by_role("button", name="All on this page").click()
    settle(page)
    panel.get_by_text("compressed", exact=True).click()
    settle(page)
    panel.get_by_role("textbox", name="Reason (audited)").fill("e2e: fixed")
    panel.get_by_role("textbox", name="Reason (audited)").press("Enter")
    settle(page)
    panel.get_by_role("button", name="Switch 2 to compressed").click()
    expect(main(page)).to_contain_text("Switched 2 session(s) to compressed", timeout=SETTLE_TIMEOUT_S * 1000)
    assert [store.effective_mode(c) for c in sgd] == ["compressed", "compressed"]


def test_a_red_chart_point_opens_the_sessions_behind_it(page, console_server: ConsoleServer):
    # a bloat sample far past its band for one SGD session, in the hour its other samples fall in:
    # the bucket's mean is RED whatever the others are
    store = console_server.store()
    series = store.metric_series(["bloat_rate"], source="sgd")
    at = max(series.bucket) + timedelta(minutes=1)
    store.add_metrics(
        [MetricPoint(metric="bloat_rate", value=500.0, at=at, context_id="sgd-train-1_00000", source="sgd")]
    )
    open_page(page, console_server, "/metrics")
    expect(page.locator(".js-plotly-plot").first).to_be_visible()
    # a RED point (drawn #c62828): the bucket holding the sample above
    red = page.locator(".js-plotly-plot .scatterlayer path.point[style*='fill: rgb(198, 40, 40)']").first
    expect(red).to_be_attached(timeout=SETTLE_TIMEOUT_S * 1000)
    red.click(force=True)
    link = page.get_by_role("link", name=re.compile(r"Sessions behind this RED point"))
    expect(link).to_be_visible(timeout=SETTLE_TIMEOUT_S * 1000)
    screenshot(page, "metrics-point")
    link.click()
    page.wait_for_url(re.compile(r"/sessions\?.*metric=[a-z_]+"))
    expect(main(page)).to_contain_text(
        "Showing the sessions behind a chart point", timeout=SETTLE_TIMEOUT_S * 1000
    )
    settle(page)
    source = re.search(r"source=([a-z0-9]+)", page.url)
    ids = grid_ids(page)  # the sessions whose value made the point red, of the point's scope only
    assert ids and all(source is None or i.startswith(source.group(1)[:5]) for i in ids)
    assert len(ids) < 4 or source is None  # a point of one source never lists the others


def test_the_filtered_list_downloads_as_csv_and_dialogue_jsonl(page, console_server: ConsoleServer):
    import json

    open_page(page, console_server, "/sessions?source=sgd")
    expect(main(page)).to_contain_text("of 2 sessions")
    page.get_by_text("Act on several sessions").click()
    panel = page.get_by_test_id("stExpander")
    settle(page)  # the expander's run done: a click on a button still being drawn starts no download
    expect(panel.get_by_role("button", name="Download JSONL")).to_be_enabled()
    with page.expect_download(timeout=SETTLE_TIMEOUT_S * 1000) as got:
        panel.get_by_role("button", name="Download JSONL").click()
    rows = [json.loads(line) for line in Path(got.value.path()).read_text(encoding="utf-8").splitlines()]
    assert sorted(r["context_id"] for r in rows) == ["sgd-train-1_00000", "sgd-train-4_00021"]
    assert all(r["turns"] and {"idx", "role", "text"} <= set(r["turns"][0]) for r in rows)
    with page.expect_download(timeout=SETTLE_TIMEOUT_S * 1000) as got:
        panel.get_by_role("button", name="Download CSV").click()
    text = Path(got.value.path()).read_text(encoding="utf-8-sig")
    assert text.splitlines()[0].startswith("context_id,source,lang") and "auto_unique_id" not in text
    assert len(text.strip().splitlines()) == 3
