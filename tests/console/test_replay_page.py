"""AppTest of the Replay page: turn in the URL, stepping, recompute for untraced sessions, the diff."""

from __future__ import annotations

import html
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from console.services.compaction_diff import diff_compactions
from console.services.recompute import render_preview
from console.services.replay import load_turn
from core.compressor import Compressor
from data.store import Store
from tests.console.conftest import UNTRACED

pytestmark = pytest.mark.apptest
PAGE = str(Path(__file__).resolve().parents[2] / "pages" / "replay.py")
CID = "sgd-train-1_00000"


def param(at: AppTest, name: str) -> str | None:
    """A query parameter's value (AppTest gives a string, or a list once the page set it)."""
    value = at.query_params.get(name)
    return value[-1] if isinstance(value, list) else value


def page(**params: str) -> AppTest:
    at = AppTest.from_file(PAGE, default_timeout=120)
    for name, value in params.items():
        at.query_params[name] = value
    return at.run()


def turn_line(at: AppTest) -> str:
    return next(m.value for m in at.markdown if m.value.startswith("**Turn "))


def test_without_a_context_the_page_says_what_to_do(app_db):
    at = page()
    assert not at.exception
    assert at.title[0].value == "Replay"
    assert "Pick a session above" in at.info[0].value


def test_the_turn_in_the_url_is_shown_through_the_three_stages(app_db):
    at = page(context_id=CID, turn="4")
    assert not at.exception
    assert turn_line(at).startswith("**Turn 4** · step 5 of 24 · user")
    headings = [m.value for m in at.markdown if m.value.startswith("#### ")]
    assert [h.split(" · ")[0] for h in headings] == [
        "#### ① Parse",
        "#### ② Extract & merge",
        "#### ③ Render",
    ]
    stored = load_turn(Store(app_db, linger=0), CID, 4)  # what the ingest recorded for this turn
    text = "\n".join(m.value for m in at.markdown)
    assert stored.atoms and all(atom.text in text for atom in stored.atoms)
    assert any(p.key == "restaurant.food" for p in stored.proposed)
    for p in stored.proposed:
        assert f"`{p.key}` = **{p.value}**" in text
    for c in stored.changes:
        assert f"`{c.key}` {c.change}" in text


def test_next_and_previous_step_the_turn_and_keep_it_in_the_url(app_db):
    at = page(context_id=CID, turn="4")
    at.button(key="replay_next").click().run()
    assert param(at, "turn") == "5" and turn_line(at).startswith("**Turn 5**")
    at.button(key="replay_prev").click().run()
    at.button(key="replay_prev").click().run()
    assert param(at, "turn") == "3" and turn_line(at).startswith("**Turn 3**")


def test_a_turn_out_of_range_goes_to_the_nearest_step_and_the_ends_disable_the_buttons(app_db):
    at = page(context_id=CID, turn="999")
    assert param(at, "turn") == "23"
    assert at.button(key="replay_next").disabled and not at.button(key="replay_prev").disabled
    at = page(context_id=CID, turn="not-a-number")
    assert param(at, "turn") == "0" and at.button(key="replay_prev").disabled


def test_a_turn_without_a_compaction_shows_the_one_in_effect_and_a_preview_on_request(app_db):
    store = Store(app_db, linger=0)
    records = [c.record for c in store.compactions(CID)]
    ran = {r.at_turn for r in records}
    messages = [m.message for m in store.timeline(CID).messages]
    idx = min(m.idx for m in messages if m.idx not in ran and m.idx > min(ran))
    done = max((r for r in records if not r.failed and r.at_turn < idx), key=lambda r: (r.at_turn, r.seq))
    at = page(context_id=CID, turn=str(idx))
    assert not at.exception
    in_effect = f"Context in effect: compaction #{done.seq} at turn {done.at_turn}"
    assert any(c.value.startswith(in_effect) for c in at.caption)
    before = [h.proto.body for h in at.get("html") if "rendered-context" in h.proto.body]
    at.button(key=f"preview-{idx}").click().run()
    assert not at.exception
    expected = render_preview(messages, idx, Compressor(store.current_config()), context_id=CID)
    shown = [c.value for c in at.caption if c.value.startswith(expected.label)]
    assert len(shown) == 1 and shown[0].startswith(
        f"{expected.label} ({expected.tokens:,} tokens; recomputed in"
    )
    bodies = [h.proto.body for h in at.get("html") if "rendered-context" in h.proto.body]
    assert len(bodies) == len(before) + 1  # the preview, right under the context in effect
    assert bodies[1] not in before and html.escape(expected.text.splitlines()[-1]) in bodies[1]


def test_an_untraced_session_is_recomputed_on_request(app_db):
    at = page(context_id=UNTRACED)
    assert not at.exception
    assert "stored without stage traces" in at.warning[0].value
    at.button[0].click().run()
    assert not at.exception
    assert "Recomputed now by the core" in at.info[0].value
    assert turn_line(at).startswith("**Turn 0** · step 1 of 22")


def test_two_compactions_are_compared(app_db):
    store = Store(app_db, linger=0)
    seqs = [c.record.seq for c in store.compactions(CID) if not c.record.failed]
    at = page(context_id=CID, turn="0")
    a, b = at.selectbox(key=f"diff_a:{CID}"), at.selectbox(key=f"diff_b:{CID}")
    assert (a.value, b.value) == (seqs[-2], seqs[-1])  # the last two by default
    a.set_value(seqs[0]).run()
    assert not at.exception
    diff = diff_compactions(*store.compaction_pair(CID, seqs[0], seqs[-1]))
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["B: tokens in → out"] == f"{diff.b.tokens_in:,} → {diff.b.tokens_out:,}"
    expected = (len(diff.added), len(diff.changed), len(diff.decayed), len(diff.dropped))
    assert tuple(int(metrics[k]) for k in ("Added", "Changed", "Decayed", "Dropped")) == expected
