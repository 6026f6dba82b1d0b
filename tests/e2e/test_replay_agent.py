"""Browser tests of the Replay of an agent session and of evidence links, on a real server.

The agent session (a BFCL trace of the demo sample, run through the real core) is added to the
harness's database by this module; the screenshot of its tool record goes to docs/screenshots/.
"""

from __future__ import annotations

import re

import pytest

from console.services.evidence import context_pieces, facts_of
from console.services.replay import compaction_in_effect
from console.services.tool_replay import records_at
from data.store import Store
from tests.console.builders import AGENT_ID, agent_ingest, seed_store
from tests.e2e.conftest import ConsoleServer, open_page, screenshot, serve_console, settle, wait_text

pytestmark = pytest.mark.e2e
CID = "sgd-train-1_00000"


@pytest.fixture(scope="module")
def agent():
    """The agent session, built by the real core."""
    return agent_ingest()


@pytest.fixture(scope="module")
def agent_server(console_server: ConsoleServer, agent, tmp_path_factory: pytest.TempPathFactory):
    """A console of its own: the harness's test sessions plus the agent session (the shared server's
    session list stays as the other browser tests expect it)."""
    folder = tmp_path_factory.mktemp("e2e-agent")
    db, log = folder / "console.duckdb", folder / "streamlit.log"
    store = Store.open(db, linger=0)
    seed_store(store)
    store.save_contexts([agent])
    store.close()
    env = {"CONSOLE_AUTH": "off", "CONSOLE_ROLE": "operator", "CONSOLE_ACTOR": "e2e-operator"}
    with serve_console(db, log, env) as url:
        yield ConsoleServer(url=url, db=db, log=log)


def test_an_agent_sessions_tool_record_shows_in_replay_and_the_arrow_keys_step(page, agent_server, agent):
    records = records_at(agent.state, agent.messages, agent.messages[-1].idx)
    rec = next(r for r in records if r.promoted and r.args and r.result_idx is not None)
    open_page(page, agent_server, f"/replay?context_id={AGENT_ID}&turn={rec.result_idx}")
    box = page.locator(".st-key-tool-record")
    box.get_by_text("Tool record").first.wait_for()
    assert rec.tool in box.inner_text()
    trees = box.locator("[data-testid='stJson']")
    assert trees.count() == 2  # the arguments and the result
    first_arg = next(iter(rec.args))
    assert first_arg in trees.nth(0).inner_text()
    some_key = next(iter(rec.result)) if isinstance(rec.result, dict) else None
    assert some_key is None or some_key in trees.nth(1).inner_text()
    model_line = box.locator("[data-testid='stCode']").last.inner_text()
    shown = records_at(agent.state, agent.messages, rec.result_idx)
    assert next(r for r in shown if r.result_idx == rec.result_idx).line.split(" -> ")[0] in model_line
    page.mouse.move(0, 0)
    screenshot(page, "replay-agent")

    page.locator("[data-testid='stMain'] h1").first.click()  # focus the page, not a widget
    page.keyboard.press("ArrowRight")
    page.wait_for_url(re.compile(rf"turn={rec.result_idx + 1}(&|$)"))
    wait_text(page, f"Turn {rec.result_idx + 1} ·")
    page.keyboard.press("ArrowLeft")
    page.wait_for_url(re.compile(rf"turn={rec.result_idx}(&|$)"))
    wait_text(page, f"Turn {rec.result_idx} ·")


def test_a_fact_link_in_the_rendered_context_jumps_to_its_turn_and_marks_the_span(page, console_server):
    store = console_server.store()
    compactions = store.compactions(CID, with_state=True)
    messages = {m.message.idx: m.message for m in store.timeline(CID).messages}
    store.close()
    last = max((c for c in compactions if not c.record.failed and c.rendered), key=lambda c: c.record.seq)
    turn = last.record.at_turn
    in_effect = compaction_in_effect(compactions, turn)
    values = [p for p in context_pieces(in_effect.rendered, facts_of(in_effect.state)) if p.evidence]
    target = next(p for p in values if p.evidence.start >= 0 and p.evidence.idx != turn)
    ev = target.evidence
    open_page(page, console_server, f"/replay?context_id={CID}&turn={turn}")
    links = page.locator(".linked-context a.fact-link")
    assert links.count() == len(values)
    link = links.filter(has_text=target.text).first
    assert f"turn {ev.idx}" in link.get_attribute("title")
    link.click()
    page.wait_for_url(re.compile(rf"turn={ev.idx}&span={ev.start}-{ev.end}"))
    settle(page)
    mark = page.locator("mark.evidence-span")
    mark.wait_for()
    assert mark.inner_text() == messages[ev.idx].text[ev.start : ev.end] == ev.text
    wait_text(page, f"Turn {ev.idx} ·")
    page.mouse.move(0, 0)
    screenshot(page, "replay-evidence")
