"""Browser tests of Metrics, Circuit breaker, Playground and Config on a real server.

The central one: switch one context to raw dialogue on the breaker page (with a reason) and see
that context served raw by the pipeline in the playground; then switch it back. Each test saves
a screenshot of its page in docs/screenshots/.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import SETTLE_TIMEOUT_S, ConsoleServer, open_page, screenshot, settle

pytestmark = pytest.mark.e2e
CONTEXT = "sgd-train-1_00000"
TRANSCRIPT = (
    "user: I need a table for 2 at 7pm on Friday, no spicy food.\n"
    "assistant: Sure, which area would you like?\n"
    "user: The north please. Actually make it 3 people.\n"
    "assistant: I found Golden Dragon in the north for 3 people at 7pm. Shall I book it?"
)


def text_of(page) -> str:
    return page.locator("[data-testid='stMain']").inner_text()


def shows(page, text: str) -> None:
    """Wait until the main area shows ``text`` and the run has finished drawing (settle() alone can
    return before a cold first run starts; the text alone can appear while older elements below it
    are still being replaced)."""
    expect(page.locator("[data-testid='stMain']")).to_contain_text(text, timeout=SETTLE_TIMEOUT_S * 1000)
    settle(page)


def open_screen(page, server: ConsoleServer, path: str, heading: str) -> None:
    open_page(page, server, path)
    expect(page.get_by_role("heading", name=heading)).to_be_visible(timeout=SETTLE_TIMEOUT_S * 1000)
    settle(page)


def form(page, index: int):
    return page.get_by_test_id("stForm").nth(index)


def run_in_playground(page, server: ConsoleServer, transcript: str, context_id: str = "") -> None:
    open_screen(page, server, "/playground", "Playground")
    page.get_by_role("textbox", name="Transcript").fill(transcript)
    box = page.get_by_role("textbox", name="Context id (optional)")
    box.fill(context_id)
    box.press("Enter")
    settle(page)
    page.get_by_role("button", name="Run", exact=True).click()
    settle(page)


def test_the_metrics_page_charts_every_metric_with_a_status(page, console_server: ConsoleServer):
    open_screen(page, console_server, "/metrics", "Health metrics")
    shows(page, "Compaction latency p95")
    main = text_of(page)
    for title in ("Context bloat rate", "Fact decay ratio", "Goal churn rate", "Compaction success rate"):
        assert title in main
    assert re.search(r"\b(OK|WARNING|YELLOW|ORANGE|RED|NO DATA)\b", main)
    expect(page.locator(".js-plotly-plot")).to_have_count(5, timeout=SETTLE_TIMEOUT_S * 1000)
    screenshot(page, "metrics")


def test_a_context_switched_to_raw_is_served_raw(page, console_server: ConsoleServer):
    store = console_server.store()
    assert store.effective_mode(CONTEXT) == "compressed"
    try:
        open_screen(page, console_server, f"/breaker?context_id={CONTEXT}", "Circuit breaker")
        shows(page, "served COMPRESSED")
        switch = form(page, 1)
        switch.get_by_text("Serve this context raw").click()
        switch.get_by_label("Reason (required)").fill("e2e: compaction dropped a fact")
        switch.get_by_role("button", name="Apply to this context").click()
        shows(page, f"Context {CONTEXT} set to raw.")
        assert "served RAW" in text_of(page)
        assert "Contexts now in raw mode (1)" in text_of(page)
        own = store.get_breaker(CONTEXT)
        assert own is not None and own.mode == "raw" and own.actor == "e2e-operator"
        assert store.audit_log(action_prefix="breaker.", context_id=CONTEXT).items[0].after["mode"] == "raw"
        screenshot(page, "breaker")

        # the pipeline asks the breaker first: the same context is served raw
        run_in_playground(page, console_server, TRANSCRIPT, CONTEXT)
        shows(page, "Served raw: an operator switched this context to raw dialogue")
        assert "mode raw (context_switch)" in text_of(page)

        # and back, through the reset form of the raw list
        open_screen(page, console_server, f"/breaker?context_id={CONTEXT}", "Circuit breaker")
        shows(page, "Contexts now in raw mode (1)")
        reset = form(page, 2)
        reset.get_by_label("Reason (required)").fill("e2e: done")
        reset.get_by_role("button", name="Reset to compressed").click()
        shows(page, f"Context {CONTEXT} is compressed again.")
        assert store.effective_mode(CONTEXT) == "compressed"
    finally:  # the server is shared by the whole e2e session: leave the context as found
        if store.effective_mode(CONTEXT) == "raw":
            store.set_breaker("compressed", context_id=CONTEXT, reason="e2e cleanup", actor="e2e-operator")


def test_the_playground_shows_every_stage_and_names_a_bad_line(page, console_server: ConsoleServer):
    run_in_playground(page, console_server, TRANSCRIPT, "e2e-playground")
    shows(page, "Result for e2e-playground")
    for tab in ("1 Parse", "2 Extract", "3 Merge", "4 Trigger", "5 Render", "6 Validate"):
        assert page.get_by_role("tab", name=tab).is_visible()
    page.get_by_role("tab", name="5 Render").click()
    assert "[FACT:restaurant." in text_of(page)
    # four short turns compact to more than they are: the page says the model is served them raw
    assert "mode raw (not_smaller)" in text_of(page)
    screenshot(page, "playground")

    run_in_playground(page, console_server, "user: hello\nassistant: hi\nthis line has no role")
    shows(page, "Cannot read the transcript: line 3: expected 'role: text'")


def test_a_bad_config_value_is_named_and_nothing_is_saved(page, console_server: ConsoleServer):
    store = console_server.store()
    versions_before = len(store.config_history())
    open_screen(page, console_server, "/config", "Configuration")
    screenshot(page, "config")
    page.get_by_role("tab", name="Edit").click()
    decay = page.get_by_role("spinbutton", name="decay_factor")
    decay.fill("1.5")
    page.get_by_label("Reason for the change (required)").fill("e2e: too slow")
    page.get_by_role("button", name="Validate and save").click()
    shows(page, "Nothing saved: 1 setting(s) invalid")
    main = text_of(page)
    assert "decay_factor: Input should be less than or equal to 1" in main
    # the editor stays open, with the error under its field
    assert page.get_by_role("tab", name="Edit").get_attribute("aria-selected") == "true"
    assert page.get_by_role("spinbutton", name="decay_factor").input_value() == "1.5000"
    assert len(store.config_history()) == versions_before
