"""The Replay screen's service: stored and recomputed turns, anchors, compaction diffs."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest

from bench.synthetic import synthetic_context
from console.services.compaction_diff import anchor_segments, diff_compactions
from console.services.recompute import recompute_session, render_preview
from console.services.replay import (
    apply_compaction_in_effect,
    build_turn,
    load_turn,
    replay_steps,
    turn_traces,
)
from core.compressor import Compressor
from core.models import ContextState, Fact, Message
from core.render import RECENT_SEPARATOR
from core.social import without_courtesy
from core.stage_outputs import CompactionRecord
from data.records import StoredCompaction
from tests.console.builders import TEST_CONFIG, load_dialogues
from tests.console.conftest import UNTRACED

pytestmark = pytest.mark.unit
CID = "sgd-train-1_00000"


def test_traced_contexts_step_through_every_turn_and_untraced_ones_have_no_steps(seeded_store, seed_bundles):
    bundle = next(b for b in seed_bundles if b.context_id == CID)
    assert replay_steps(seeded_store, CID) == [m.idx for m in bundle.messages]
    assert replay_steps(seeded_store, UNTRACED) == []


def test_a_stored_turn_shows_the_parse_extract_and_merge_of_that_turn(seeded_store):
    turn = load_turn(seeded_store, CID, 2)
    assert (turn.role, turn.text, turn.origin) == ("user", "I would like for it to be in San Jose.", "stored")
    entities = [(e.type, e.text, e.slot) for a in turn.atoms for e in a.entities]
    assert entities == [("place", "San Jose", "city")]
    assert [(p.key, p.value) for p in turn.proposed] == [("restaurant.city", "San Jose")]
    assert [(c.key, c.change, c.after) for c in turn.changes] == [("restaurant.city", "added", "San Jose")]
    assert turn.missing_stages == []
    assert set(turn.latency_ms) >= {"parse", "extract", "merge"}


def test_a_later_turn_shows_the_value_it_sets(seeded_store):
    turn = load_turn(seeded_store, CID, 4)  # "I usually like eating the American type of food."
    food = [c for c in turn.changes if c.key == "restaurant.food"]
    assert [(c.change in ("added", "changed"), c.after) for c in food] == [(True, "American")]


def test_an_unknown_turn_is_a_key_error(seeded_store):
    with pytest.raises(KeyError, match="no turn 999"):
        load_turn(seeded_store, CID, 999)


def test_recomputing_gives_the_same_stages_as_stored_deterministic_core(seeded_store):
    dialogue = next(d for d in load_dialogues() if d.context_id == CID)
    replay = recompute_session(dialogue.messages, Compressor(TEST_CONFIG), context_id=CID, force_final=False)
    compacted = {c.record.at_turn for c in replay.compactions if not c.record.failed}
    ran = {c.record.at_turn for c in replay.compactions}  # failed ones too: render shows the state
    assert compacted and ran != set(replay.steps)  # both kinds of turn are checked below
    for idx in replay.steps:
        stored, fresh = load_turn(seeded_store, CID, idx), replay.turn(idx)
        assert fresh.origin == "recomputed"
        assert [a.model_dump() for a in fresh.atoms] == [a.model_dump() for a in stored.atoms]
        assert fresh.proposed == stored.proposed and fresh.changes == stored.changes
        if idx in ran:  # the render stage ran there: the ingest stored what it made
            assert (fresh.rendered, fresh.rendered_label) == (stored.rendered, stored.rendered_label)
        else:  # the ingest stored no preview: the screen shows the compaction in effect, or raw
            assert "preview" in fresh.rendered_label and "preview" not in stored.rendered_label
            earlier = [t for t in compacted if t < idx]
            assert (stored.rendered is None) == (not earlier)
            assert (
                f"at turn {max(earlier)}" in stored.rendered_label
                if earlier
                else "raw" in stored.rendered_label
            )


def test_a_render_preview_on_demand_is_the_preview_a_full_recompute_shows():
    dialogue = next(d for d in load_dialogues() if d.context_id == CID)
    replay = recompute_session(dialogue.messages, Compressor(TEST_CONFIG), context_id=CID, force_final=False)
    ran = {c.record.at_turn for c in replay.compactions}
    for idx in [i for i in replay.steps if i not in ran][::5]:
        preview = render_preview(dialogue.messages, idx, Compressor(TEST_CONFIG), context_id=CID)
        fresh = replay.turn(idx)
        assert (preview.text, preview.tokens, preview.label) == (
            fresh.rendered,
            fresh.rendered_tokens,
            fresh.rendered_label,
        )
    with pytest.raises(KeyError, match="no turn 999"):
        render_preview(dialogue.messages, 999, Compressor(TEST_CONFIG), context_id=CID)


def test_recompute_reports_progress_and_compactions_with_states(seed_bundles):
    dialogue = next(d for d in load_dialogues() if d.context_id == UNTRACED)
    seen: list[tuple[int, int]] = []
    replay = recompute_session(
        dialogue.messages, Compressor(TEST_CONFIG), progress=lambda i, n: seen.append((i, n))
    )
    n = len(dialogue.messages)
    assert seen == [(i, n) for i in range(1, n + 1)]
    assert replay.steps == [m.idx for m in dialogue.messages]
    assert replay.compactions[-1].record.at_turn == n - 1  # triggered there, or forced at the end
    assert all(c.state is not None and c.rendered for c in replay.compactions if not c.record.failed)
    last = replay.turn(replay.steps[-1])
    assert last.rendered_label.startswith(f"Compaction #{replay.compactions[-1].record.seq} ran at this turn")
    # the recent turns follow the state unless every one of them is courtesy only (core.social)
    window = dialogue.messages[-TEST_CONFIG.working_memory_turns :]
    said = without_courtesy(window, dialogue.messages[-len(window) - 1].text)
    assert (RECENT_SEPARATOR in last.rendered) == bool(said)
    assert all(m.text in last.rendered for m in said)
    first = replay.turn(0)
    assert "preview" in first.rendered_label and first.rendered


def test_traces_of_a_recomputed_turn_read_back_as_the_same_turn():
    dialogue = load_dialogues()[0]
    replay = recompute_session(dialogue.messages[:6], Compressor(TEST_CONFIG))
    turn = replay.turn(4)
    traces = turn_traces(turn)
    assert [t.stage for t in traces] == ["parse", "extract", "merge", "render"]
    again = build_turn(
        turn.context_id,
        dialogue.messages[4],
        {t.stage: t.payload for t in traces},
        turn.latency_ms,
        "recomputed",
    )
    assert again == turn


def test_foreign_payload_shapes_are_read_field_by_field(seeded_store):
    bundle = synthetic_context(random.Random(3), datetime(2025, 1, 1, tzinfo=UTC))
    message = bundle.messages[0]
    payloads = {t.stage: t.payload for t in bundle.traces if t.idx == message.idx}
    turn = build_turn(bundle.context_id, message, payloads, {}, "stored")
    assert [a.kind for a in turn.atoms] == ["constraint"]
    assert len(turn.atoms[0].entities) == 1 and turn.proposed[0].key.count(".") == 1
    assert [c.change for c in turn.changes] == ["changed"]
    weird = build_turn(
        "c", message, {"parse": ["not", "a", "dict"], "merge": {"changes": [7, {"x": 1}]}}, {}, "stored"
    )
    assert weird.atoms == [] and weird.changes == [] and weird.missing_stages == ["extract"]


def record(seq: int, at_turn: int, failed: bool = False) -> CompactionRecord:
    return CompactionRecord(
        context_id="c",
        seq=seq,
        at_turn=at_turn,
        trigger="tokens",
        tier=0,
        fold_upto=0,
        tokens_in=100,
        tokens_out=40,
        ratio=0.4,
        failed=failed,
    )


def test_the_render_column_falls_back_to_the_compaction_in_effect():
    message = Message(idx=5, role="user", text="hi")
    turn = build_turn("c", message, {}, {}, "stored")
    apply_compaction_in_effect(turn, [StoredCompaction(record=record(0, 7), rendered="later")])
    assert turn.rendered is None and "raw dialogue" in turn.rendered_label
    comps = [
        StoredCompaction(record=record(0, 2), rendered="first"),
        StoredCompaction(record=record(1, 4, failed=True), rendered="broken"),
        StoredCompaction(record=record(2, 5), rendered="second"),
    ]
    apply_compaction_in_effect(turn, comps)
    assert turn.rendered == "second" and "compaction #2 at this turn" in turn.rendered_label
    apply_compaction_in_effect(turn, comps[:2])
    assert turn.rendered == "first" and "at turn 2" in turn.rendered_label


def test_anchor_segments_cut_the_head_and_leave_recent_turns_plain():
    text = (
        "[USER_GOAL:book a table]\nCompleted: t3 search\n[FACT:restaurant.time=19:00|people=2]\n"
        f"Next: [ACTION_REQUIRED:book]\n{RECENT_SEPARATOR}\nuser: my [FACT:fake=1] note"
    )
    segments = anchor_segments(text)
    assert "".join(s.text for s in segments) == text
    assert [s.kind for s in segments if s.kind != "text"] == ["goal", "fact", "action", "separator"]
    assert segments[-1] == segments[-1].model_copy(update={"kind": "text"})  # the typed anchor stays text
    assert anchor_segments("no anchors") == [anchor_segments("no anchors")[0]]


def fact(key: str, value: str, status: str = "active") -> Fact:
    return Fact(key=key, value=value, norm=value.casefold(), status=status, first_idx=0, last_idx=0)  # type: ignore[arg-type]


def stored(seq: int, facts: list[Fact], archive: list[Fact] = ()) -> StoredCompaction:
    state = ContextState(context_id="c", facts={f.key: f for f in facts}, archive=list(archive))
    return StoredCompaction(record=record(seq, seq * 5), state=state, rendered="")


def test_diff_sorts_facts_into_added_changed_decayed_dropped_and_counts_the_rest():
    a = stored(
        0,
        [
            fact("h.area", "north"),
            fact("h.stars", "4"),
            fact("h.day", "fri"),
            fact("h.ref", "X1"),
            fact("h.keep", "same"),
        ],
        archive=[fact("h.parking", "yes", "archived")],
    )
    b = stored(
        1,
        [
            fact("h.area", "centre"),
            fact("h.stars", "4", "decayed"),
            fact("h.keep", "same"),
            fact("h.people", "2"),
            fact("h.parking", "yes"),
        ],
        archive=[fact("h.day", "fri", "archived")],
    )
    diff = diff_compactions(a, b)
    assert diff.basis == "state" and diff.unchanged == 1
    assert [(r.key, r.before, r.after) for r in diff.changed] == [("h.area", "north", "centre")]
    assert [(r.key, r.note) for r in diff.added] == [
        ("h.parking", "recalled from the archive"),
        ("h.people", ""),
    ]
    assert [r.key for r in diff.decayed] == ["h.day", "h.stars"]
    assert [(r.key, r.before) for r in diff.dropped] == [("h.ref", "X1")]
    assert (diff.a.seq, diff.b.seq) == (0, 1)


def test_diff_without_states_reads_the_anchors_back():
    a = StoredCompaction(record=record(0, 3), rendered="[FACT:hotel.area=north|stars=4]")
    b = StoredCompaction(record=record(1, 6), rendered="[FACT:hotel.area=centre]\n[FACT:taxi.to=airport]")
    diff = diff_compactions(a, b)
    assert diff.basis == "anchors"
    assert [r.key for r in diff.changed] == ["hotel.area"]
    assert [r.key for r in diff.added] == ["taxi.to"]
    assert [r.key for r in diff.dropped] == ["hotel.stars"]


def test_diff_of_two_real_compactions_matches_their_records(seeded_store):
    comps = seeded_store.compactions(CID, with_state=True)
    first, last = comps[0], comps[-1]
    diff = diff_compactions(first, last)
    assert (diff.a.tokens_in, diff.b.tokens_out) == (first.record.tokens_in, last.record.tokens_out)
    live_a = {k for k, f in first.state.facts.items() if f.status == "active"}
    live_b = {k for k, f in last.state.facts.items() if f.status == "active"}
    assert {r.key for r in diff.added} == live_b - live_a
    assert {r.key for r in diff.decayed + diff.dropped} == live_a - live_b
    assert len(diff.changed) + diff.unchanged == len(live_a & live_b)
