"""Replay of an agent session and evidence links: services on a real ingest, the page with AppTest.

The agent session is a BFCL trace of the demo sample run through the real core (TEST_CONFIG)."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from console.services.evidence import context_pieces, facts_of, parse_span, replay_link
from console.services.replay import compaction_in_effect
from console.services.tool_replay import record_of_turn, records_at
from core.render_tools import FRESH_RESULTS, record_line
from data.store import Store
from tests.console.builders import AGENT_ID, agent_ingest

PAGE = str(Path(__file__).resolve().parents[2] / "pages" / "replay.py")
CID = "sgd-train-1_00000"


@pytest.fixture(scope="module")
def agent_bundle():
    return agent_ingest()


@pytest.fixture
def agent_db(app_db: Path, agent_bundle) -> Path:
    store = Store(app_db, linger=0)
    store.save_contexts([agent_bundle])
    store.close()
    return app_db


def page(**params: str) -> AppTest:
    at = AppTest.from_file(PAGE, default_timeout=120)
    for name, value in params.items():
        at.query_params[name] = value
    return at.run()


def param(at: AppTest, name: str) -> str | None:
    value = at.query_params.get(name)
    return value[-1] if isinstance(value, list) else value


# --- services ---------------------------------------------------------------------------------------


@pytest.mark.unit
def test_records_at_a_turn_follow_the_core_pending_then_fresh_then_decayed(agent_bundle):
    state, messages = agent_bundle.state, agent_bundle.messages
    calls = [m.idx for m in messages if m.tool_call is not None]
    first = records_at(state, messages, calls[0])
    assert len(first) == 1 and first[0].status == "pending" and first[0].result is None
    last = messages[-1].idx
    records = records_at(state, messages, last)
    assert [r.call_idx for r in records] == calls  # one record per call, in call order
    arrived = sorted(r.result_idx for r in records if r.result_idx is not None)
    for r in records:
        result = next(m for m in messages if m.idx == r.result_idx)
        assert r.result == result.tool_result.data  # the raw result, as the tool returned it
        assert r.fresh == (r.result_idx >= arrived[-FRESH_RESULTS])
        unit = next(a for a in state.actions if a.call_id == r.call_id)
        assert r.summary == unit.summary
    decayed = [r for r in records if not r.fresh and r.summary]
    assert decayed and all("(summary)" in r.line for r in decayed)
    named = [r for r in records if r.promoted]
    # a named value is on its record's line: as path=value, or in the detail or summary it shows
    assert named and all(p.value in r.line for r in named for p in r.promoted)
    rec = records[0]
    unit = next(a for a in state.actions if a.call_id == rec.call_id)
    assert rec.line == record_line(unit, 1, rec.fresh, [state.facts[p.key] for p in rec.promoted])
    assert record_of_turn(records, rec.result_idx) is rec and record_of_turn(records, 0) is None


@pytest.mark.unit
def test_every_fact_value_of_a_compaction_links_to_its_evidence(agent_bundle, seed_bundles):
    for bundle in (agent_bundle, seed_bundles[0]):
        compaction = next(c for c in reversed(bundle.compactions) if c.rendered and c.state)
        pieces = context_pieces(compaction.rendered, facts_of(compaction.state))
        assert "".join(p.text for p in pieces) == compaction.rendered  # nothing lost or added
        values = [p for p in pieces if p.key]
        assert values and all(p.evidence is not None for p in values)
        by_idx = {m.idx: m for m in bundle.messages}
        for p in values:
            ev = p.evidence
            link = replay_link(bundle.context_id, p)
            assert f"turn={ev.idx}" in link
            if ev.start >= 0:
                assert by_idx[ev.idx].text[ev.start : ev.end] == ev.text  # the span is the value's source
                assert f"span={ev.start}-{ev.end}" in link


@pytest.mark.unit
def test_a_span_from_the_address_must_fit_the_turn():
    assert parse_span("3-7", "0123456789") == (3, 7)
    for bad in ("7-3", "3-70", "x-1", "3", "", None, "-1-2"):
        assert parse_span(bad, "0123456789") is None


# --- the page -----------------------------------------------------------------------------------------


@pytest.mark.apptest
def test_a_tool_result_turn_shows_its_record_as_json_trees(agent_db, agent_bundle):
    records = records_at(agent_bundle.state, agent_bundle.messages, agent_bundle.messages[-1].idx)
    rec = next(r for r in records if r.promoted and r.args)
    at = page(context_id=AGENT_ID, turn=str(rec.result_idx))
    assert not at.exception
    assert any(m.value == f"#### Tool record · `{rec.tool}`" for m in at.markdown)
    trees = [json.loads(j.value) for j in at.json]
    assert rec.args in trees and rec.result in trees  # arguments and result, each a JSON tree
    codes = [c.value for c in at.code]
    shown = records_at(agent_bundle.state, agent_bundle.messages, rec.result_idx)
    assert record_of_turn(shown, rec.result_idx).line in codes  # what the model reads at that turn


@pytest.mark.apptest
def test_a_decayed_record_shows_the_paths_the_core_kept(agent_db, agent_bundle):
    last = agent_bundle.messages[-1].idx
    records = records_at(agent_bundle.state, agent_bundle.messages, last)
    rec = next(r for r in records if not r.fresh and r.summary)
    at = page(context_id=AGENT_ID, turn=str(rec.call_idx))
    assert not at.exception  # at its own call the record is pending; step to the last turn's view
    at = page(context_id=AGENT_ID, turn=str(last))
    overview = "\n".join(c.value for c in at.code)
    assert rec.line in overview


@pytest.mark.apptest
def test_the_rendered_context_links_each_value_and_a_link_marks_its_span(agent_db, seed_bundles):
    store = Store(agent_db, linger=0)
    compactions = store.compactions(CID, with_state=True)
    done = next(c for c in reversed(compactions) if not c.record.failed and c.rendered)
    at = page(context_id=CID, turn=str(done.record.at_turn))
    body = next(h.proto.body for h in at.get("html") if "linked-context" in h.proto.body)
    in_effect = compaction_in_effect(compactions, done.record.at_turn)
    values = [p for p in context_pieces(in_effect.rendered, facts_of(in_effect.state)) if p.evidence]
    assert values
    for p in values:
        assert f'href="{html.escape(replay_link(CID, p))}"' in body
    target = next(p for p in values if p.evidence.start >= 0)
    ev = target.evidence
    at = page(context_id=CID, turn=str(ev.idx), span=f"{ev.start}-{ev.end}")
    assert not at.exception
    marked = [h.proto.body for h in at.get("html") if "evidence-span" in h.proto.body]
    assert len(marked) == 1
    mark = r'<mark class="evidence-span"[^>]*>' + re.escape(html.escape(ev.text)) + "</mark>"
    assert re.search(mark, marked[0])
    at.button(key="replay_next").click().run()
    assert param(at, "span") is None  # the mark belongs to the linked turn only
    assert not [h for h in at.get("html") if "evidence-span" in h.proto.body]


@pytest.mark.apptest
def test_the_two_compactions_compared_are_in_the_url(agent_db):
    store = Store(agent_db, linger=0)
    seqs = [c.record.seq for c in store.compactions(CID) if not c.record.failed]
    at = page(context_id=CID, turn="0", a=str(seqs[0]), b=str(seqs[1]))
    assert not at.exception
    assert (at.selectbox(key=f"diff_a:{CID}").value, at.selectbox(key=f"diff_b:{CID}").value) == (
        seqs[0],
        seqs[1],
    )
    at.selectbox(key=f"diff_b:{CID}").set_value(seqs[-1]).run()
    assert (param(at, "a"), param(at, "b")) == (str(seqs[0]), str(seqs[-1]))
    at = page(context_id=CID, turn="0", a="999", b="x")  # unknown: the last two, written back
    assert (param(at, "a"), param(at, "b")) == (str(seqs[-2]), str(seqs[-1]))


@pytest.mark.unit
def test_a_value_a_tool_returned_links_to_its_result_and_path():
    from console.services.evidence import Piece
    from core.models import Evidence

    ev = Evidence(idx=5, role="tool", how="returned", text="UA12", path="flights[2].number")
    link = replay_link("c 1", Piece(kind="fact", text="UA12", key="f@t5.flights[2].number", evidence=ev))
    assert link == "?context_id=c+1&turn=5&path=flights%5B2%5D.number"


@pytest.mark.apptest
def test_a_followed_path_is_pointed_out_in_the_record(agent_db, agent_bundle):
    records = records_at(agent_bundle.state, agent_bundle.messages, agent_bundle.messages[-1].idx)
    rec = next(r for r in records if r.summary)
    path = next(iter(rec.summary))
    at = page(context_id=AGENT_ID, turn=str(rec.result_idx), path=path)
    assert not at.exception
    table = next(d.value for d in at.dataframe if "path" in d.value.columns)
    row = table[table["path"] == path].iloc[0]
    assert row["linked"].startswith("◀") and (table["linked"] != "").sum() == 1
