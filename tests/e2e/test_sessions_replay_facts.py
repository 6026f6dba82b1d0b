"""Browser tests of Sessions, Replay and Facts on a real server: what an operator clicks, end to end.

Each test also saves a screenshot of its page in docs/screenshots/ (shown in the README).
"""

from __future__ import annotations

import re

import pytest

from tests.e2e.conftest import ConsoleServer, open_page, screenshot, wait_text

pytestmark = pytest.mark.e2e
GRID = "iframe[title='st_aggrid.AgGrid.agGrid']"


def grid(page):
    return page.frame_locator(GRID).first


def row_index(page, key: str) -> str:
    """The AG Grid row index of the row whose pinned first column reads ``key``."""
    cell = (
        grid(page)
        .locator(".ag-pinned-left-cols-container .ag-row")
        .filter(has_text=re.compile(f"^{re.escape(key)}$"))
    )
    return cell.first.get_attribute("row-index")


def text_of(page) -> str:
    return page.locator("[data-testid='stMain']").inner_text()


def test_a_link_opens_the_session_and_a_click_in_the_grid_opens_another(page, console_server: ConsoleServer):
    open_page(page, console_server, "/sessions?context_id=sgd-train-1_00000")
    page.get_by_role("heading", name="sgd-train-1_00000").wait_for()
    assert page.locator(".js-plotly-plot").first.is_visible()  # the token timeline
    assert grid(page).locator(".ag-center-cols-container .ag-row").count() == 4
    page.get_by_role("tab", name=re.compile("Rendered context")).click()
    assert page.locator(".rendered-context").first.inner_text().count("[FACT:") >= 1
    page.get_by_role("tab", name="Timeline").click()
    screenshot(page, "sessions")

    grid(page).locator(".ag-pinned-left-cols-container .ag-row").filter(
        has_text="multiwoz-val-MUL0012"
    ).click()
    page.wait_for_url(re.compile(r"context_id=multiwoz-val-MUL0012"))
    page.get_by_role("heading", name="multiwoz-val-MUL0012").wait_for()


def test_the_replay_steps_forward_and_back_with_the_turn_in_the_url(page, console_server: ConsoleServer):
    open_page(page, console_server, "/replay?context_id=sgd-train-1_00000&turn=4")
    wait_text(page, "Turn 4 · step 5 of 24")
    for stage in ("① Parse", "② Extract & merge", "③ Render"):
        assert page.get_by_role("heading", name=re.compile(re.escape(stage))).is_visible()
    wait_text(page, "No compaction yet at this turn")  # turn 4 is served raw: no render stored
    assert page.locator(".rendered-context:visible").count() == 0  # (the diff's are in a closed expander)
    page.get_by_role("button", name="Preview the render stage at this turn").click()
    wait_text(page, "Render stage run on the state after this turn")
    preview = page.locator(".rendered-context:visible").first.inner_text()
    assert "[FACT:" in preview and "American" in preview  # the food the turn just set
    page.mouse.move(0, 0)  # no tooltip over the screenshot
    screenshot(page, "replay")

    page.get_by_role("button", name="Next ▶").click()
    page.wait_for_url(re.compile(r"turn=5"))
    wait_text(page, "Turn 5 · step 6 of 24")
    page.get_by_role("button", name="◀ Previous").click()
    wait_text(page, "Turn 4 · step 5 of 24")
    page.get_by_role("button", name="◀ Previous").click()
    wait_text(page, "Turn 3 · step 4 of 24")
    page.wait_for_url(re.compile(r"turn=3"))


def test_an_untraced_session_is_recomputed_in_the_browser(page, console_server: ConsoleServer):
    open_page(page, console_server, "/replay?context_id=sgd-train-4_00021")
    wait_text(page, "stored without stage traces")
    page.get_by_role("button", name="Recompute the replay").click()
    wait_text(page, "Recomputed now by the core")
    wait_text(page, "Turn 0 · step 1 of 22")


def test_a_fact_edited_in_the_grid_shows_in_its_history(page, console_server: ConsoleServer):
    cid = "multiwoz-val-MUL0012"
    store = console_server.store()
    record = store.facts(cid)[0]
    key, old = record.fact.key, record.fact.value
    new = f"{old} (checked)"
    open_page(page, console_server, f"/facts?context_id={cid}")
    index = row_index(page, key)
    cell = grid(page).locator(f".ag-center-cols-container .ag-row[row-index='{index}'] [col-id='value']")
    cell.dblclick()
    editor = (
        grid(page).locator(".ag-cell-inline-editing input, .ag-cell-editor input, .ag-text-field-input").first
    )
    editor.fill(new)
    editor.press("Enter")
    page.get_by_text("1 unsaved edit(s)").wait_for()
    page.get_by_label("Reason for these edits").fill("checked with the venue")
    page.get_by_role("button", name="Apply edits").click()
    wait_text(page, "Applied 1 grid edit(s)")
    screenshot(page, "facts")
    history = page.locator("[data-testid='stDataFrame']").first
    assert new in history.inner_text() or new in text_of(page)
    last = store.fact_history(cid, key)[-1]
    assert (last.old_value, last.new_value, last.source, last.actor, last.reason) == (
        old,
        new,
        "grid",
        "e2e-operator",
        "checked with the venue",
    )


def test_a_csv_with_one_bad_row_applies_nothing_then_the_fixed_file_applies_all(
    page, console_server: ConsoleServer
):
    cid = "sgd-train-1_00000"
    store = console_server.store()
    before = {r.fact.key: r.fact.value for r in store.facts(cid)}
    bad = (
        "context_id,key,new_value,reason\n"
        f"{cid},restaurant.city,Oakland,user moved the dinner\n"
        f"{cid},restaurant.tyme,12:00,typo in the key\n"
    )
    open_page(page, console_server, f"/facts?context_id={cid}")
    page.get_by_role("tab", name="Correct from a CSV file").click()
    page.locator("input[type=file]").set_input_files(
        files=[{"name": "bad.csv", "mimeType": "text/csv", "buffer": bad.encode()}]
    )
    wait_text(page, "nothing will be")
    text = text_of(page)
    assert "line 3" in text and "restaurant.tyme" in text
    apply = page.get_by_role("button", name=re.compile(r"^Apply all"))
    assert apply.is_disabled()
    assert {r.fact.key: r.fact.value for r in store.facts(cid)} == before  # nothing applied
    screenshot(page, "facts-csv")

    good = bad.replace("restaurant.tyme", "restaurant.time")
    page.locator("input[type=file]").set_input_files(
        files=[{"name": "fixed.csv", "mimeType": "text/csv", "buffer": good.encode()}]
    )
    wait_text(page, "Every row is valid")
    page.get_by_role("button", name="Apply all 2 rows").click()
    wait_text(page, "Applied 2 correction(s) from fixed.csv")
    after = {r.fact.key: r.fact.value for r in store.facts(cid)}
    assert (after["restaurant.city"], after["restaurant.time"]) == ("Oakland", "12:00")
    assert store.fact_history(cid, "restaurant.time")[-1].source == "csv"
