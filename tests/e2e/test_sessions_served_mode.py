"""Browser tests of the served mode and the health reason on a real server (Chromium).

The global switch shows as a banner on every page, as 'raw' in the Sessions grid's Served column
and in the session's header and token counts; a red session names the metric that made it red,
with its value and band. The file sorts after test_sessions_replay_facts.py, whose grid expects the
seeded four sessions: the red session added here comes later.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.console.builders import build_ingest, load_dialogues
from tests.e2e.conftest import SETTLE_TIMEOUT_S, ConsoleServer, open_page, screenshot, settle

pytestmark = pytest.mark.e2e
GRID = "iframe[title='st_aggrid.AgGrid.agGrid']"
CONTEXT = "sgd-train-1_00000"
RED = "e2e-red-session"


def main_text(page) -> str:
    return page.locator("[data-testid='stMain']").inner_text()


def shows(page, text: str) -> None:
    expect(page.locator("[data-testid='stMain']")).to_contain_text(text, timeout=SETTLE_TIMEOUT_S * 1000)
    settle(page)


def test_the_global_switch_shows_on_every_page_the_grid_and_the_session(page, console_server: ConsoleServer):
    store = console_server.store()
    store.set_breaker("raw", reason="e2e: incident drill", actor="e2e-operator")
    try:
        open_page(page, console_server, "/sessions")
        shows(page, "Global circuit breaker on")
        grid = page.frame_locator(GRID).first
        cells = grid.locator(".ag-center-cols-container [col-id='mode']")
        expect(cells.first).to_have_text("raw", timeout=SETTLE_TIMEOUT_S * 1000)
        assert {c.strip() for c in cells.all_inner_texts()} == {"raw"}
        why = grid.locator(".ag-center-cols-container [col-id='why_raw']").all_inner_texts()
        assert why and all("global switch" in w for w in why)
        saved = grid.locator(".ag-center-cols-container [col-id='reduction_pct']").all_inner_texts()
        assert all(s.strip() == "" for s in saved)  # a raw context saves nothing: no -35%

        open_page(page, console_server, f"/sessions?context_id={CONTEXT}")
        page.get_by_role("heading", name=CONTEXT).wait_for()
        shows(page, "The global switch serves every context raw, this one included")
        assert "served raw" in main_text(page)  # the header's badge
        assert "Context tokens (raw)" in main_text(page)
        raw = store.get_context(CONTEXT).tokens_raw
        budget = store.current_config().history_budget
        assert f"{min(raw, budget):,}" in page.get_by_test_id("stMetric").nth(2).inner_text()
        page.get_by_role("tab", name=re.compile("Rendered context")).click()
        rendered = page.locator(".rendered-context").first.inner_text()
        assert "[FACT:" not in rendered and rendered.startswith("user:")  # the raw dialogue, not the state
        screenshot(page, "sessions-global-raw")

        for path, heading in (("/metrics", "Health metrics"), ("/facts", "Facts")):
            open_page(page, console_server, path)
            expect(page.get_by_role("heading", name=heading)).to_be_visible()
            shows(page, "Global circuit breaker on")
    finally:  # the server is shared by the whole e2e session: leave the switch as found
        store.set_breaker("compressed", reason="e2e cleanup", actor="e2e-operator")
    open_page(page, console_server, f"/sessions?context_id={CONTEXT}")
    page.get_by_role("heading", name=CONTEXT).wait_for()
    assert "Global circuit breaker on" not in main_text(page)


def test_a_red_session_names_the_metric_that_made_it_red(page, console_server: ConsoleServer):
    dialogue = next(d for d in load_dialogues() if d.context_id == CONTEXT)
    messages = [m.model_copy(update={"context_id": RED}) for m in dialogue.messages]
    bundle = build_ingest(dialogue.model_copy(update={"context_id": RED, "messages": messages}), health="red")
    red = bundle.model_copy(
        update={"health_metrics": bundle.health_metrics | {"goal_churn_rate": 2.4, "fact_decay_ratio": None}}
    )
    console_server.store().save_context(red)
    open_page(page, console_server, f"/sessions?context_id={RED}")
    page.get_by_role("heading", name=RED).wait_for()
    shows(page, "Health red because")
    reason = page.get_by_test_id("stAlertContentError").filter(has_text="because").first.inner_text()
    # the markdown renderer shows '<=' as '≤'
    wanted = r"Goal churn rate 2\.40 / turn: RED \(healthy (<=|≤) 1\.2 per user turn\)"
    assert re.search(wanted, reason), reason
    assert "Fact decay" not in reason  # NO DATA does not apply, so it never makes a session red
    screenshot(page, "sessions-red-reason")
