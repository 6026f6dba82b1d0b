"""Saving whole contexts: round trip, idempotence per (context_id, idx), versions, atomicity."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest
from pydantic import ValidationError

from core.models import Message
from data.queries import fingerprints, ingest_rows
from data.queries import ingest as ingest_sql
from data.records import ContextIngest, FactCorrection
from tests.data.conftest import T0, make_context

pytestmark = pytest.mark.unit


def counts(store) -> dict[str, int]:
    return store.check().counts


def test_save_and_read_back_a_context(store):
    [outcome] = store.save_contexts([make_context()])
    assert (outcome.status, outcome.messages_written, outcome.first_changed_idx) == ("created", 6, 0)

    summary = store.get_context("ctx-1")
    assert (summary.turns, summary.tokens_raw, summary.tokens_context, summary.compactions) == (6, 30, 9, 1)
    assert summary.created_at == T0 and summary.updated_at == T0 + timedelta(minutes=5)
    assert (summary.health, summary.mode, summary.source) == ("ok", "compressed", "sgd")

    timeline = store.timeline("ctx-1")
    assert [m.message.idx for m in timeline.messages] == [0, 1, 2, 3, 4, 5]
    assert {m.version for m in timeline.messages} == {1}
    assert timeline.messages[1].message.tool_call.name == "find_hotel"
    assert timeline.messages[1].message.tool_call.args == {"area": "north"}
    assert timeline.messages[2].message.tool_result.data == {"count": 2}
    assert timeline.messages[2].message.role == "tool"
    assert timeline.messages[3].message.ts == T0 + timedelta(minutes=3)
    assert [c.seq for c in timeline.compactions] == [1]
    assert timeline.compactions[0].validation.ok is True
    assert timeline.rendered.startswith("[FACT:hotel.area=centre]")
    assert store.load_state("ctx-1").facts["hotel.area"].value == "centre"


def test_fact_history_keeps_every_version_in_order(store):
    store.save_contexts([make_context()])
    facts = {r.fact.key: r for r in store.facts("ctx-1")}
    area = facts["hotel.area"]
    assert (area.fact.value, area.version, area.source) == ("centre", 2, "pipeline")
    assert [(h.version, h.old_value, h.new_value, h.turn, h.reason) for h in area.history] == [
        (1, None, "north", 0, "stated"),
        (2, "north", "centre", 4, "user correction"),
    ]
    # the core's view of the same history: the earlier value and when it was replaced
    assert [(v.value, v.idx, v.replaced_at) for v in area.fact.history] == [("north", 0, 4)]
    # a version's time is the time of the turn that made it
    assert area.history[1].at == T0 + timedelta(minutes=4)
    assert facts["hotel.people"].version == 1


def test_saving_the_same_context_again_writes_nothing(store):
    store.save_contexts([make_context()])
    before = counts(store)
    [outcome] = store.save_contexts([make_context()])
    assert outcome.status == "unchanged"
    assert counts(store) == before
    assert before["messages"] == 6 and before["stage_traces"] == 12 and before["fact_history"] == 3


def test_a_changed_turn_becomes_a_new_version(store):
    store.save_contexts([make_context()])
    [outcome] = store.save_contexts([make_context(texts={3: "actually make it the east"})])
    assert (outcome.status, outcome.messages_written, outcome.first_changed_idx) == ("updated", 1, 3)

    timeline = store.timeline("ctx-1")
    turn3 = timeline.messages[3]
    assert (turn3.version, turn3.message.text) == (2, "actually make it the east")
    versions = store.message_versions("ctx-1", 3)
    assert [(v.version, v.message.text) for v in versions] == [
        (1, "turn 3 of ctx-1"),
        (2, "actually make it the east"),
    ]
    c = counts(store)
    assert c["messages"] == 7  # six turns, one of them twice
    assert c["stage_traces"] == 12  # traces of turns 3.. replaced, not duplicated
    assert c["metrics"] == 4  # metrics are observations: the new version's samples are added
    assert [k.record.seq for k in store.compactions("ctx-1")] == [
        1,
        2,
    ]  # the recomputed one is a new audit record
    assert store.get_context("ctx-1").turns == 6
    assert store.check().problems == []


def test_new_turns_are_appended_and_a_prefix_changes_nothing(store):
    store.save_contexts([make_context(turns=6)])
    [outcome] = store.save_contexts([make_context(turns=8)])
    assert (outcome.status, outcome.messages_written, outcome.first_changed_idx) == ("updated", 2, 6)
    summary = store.get_context("ctx-1")
    assert (summary.turns, summary.tokens_raw) == (8, 40)
    assert {r.fact.key: r.version for r in store.facts("ctx-1")} == {"hotel.area": 2, "hotel.people": 1}

    [again] = store.save_contexts([make_context(turns=6)])
    assert again.status == "unchanged"
    [full] = store.save_contexts([make_context(turns=8)])
    assert full.status == "unchanged"


def test_a_changed_fact_value_on_reingest_adds_one_version(store):
    store.save_contexts([make_context()])
    bundle = make_context(texts={5: "east please"})
    bundle.facts[0] = bundle.facts[0].model_copy(update={"value": "east", "norm": "east", "last_idx": 5})
    store.save_contexts([bundle])
    area = {r.fact.key: r for r in store.facts("ctx-1")}["hotel.area"]
    assert (area.fact.value, area.version) == ("east", 3)
    assert (area.history[-1].old_value, area.history[-1].new_value, area.history[-1].reason) == (
        "centre",
        "east",
        "re-ingest: value changed",
    )
    assert store.check().problems == []


def test_a_fact_the_operator_verified_is_not_overwritten_by_reingest(store):
    store.save_contexts([make_context()])
    store.apply_corrections(
        [FactCorrection(context_id="ctx-1", key="hotel.area", new_value="west", actor="ana", source="form")]
    )
    bundle = make_context(texts={5: "east please"})
    bundle.facts[0] = bundle.facts[0].model_copy(update={"value": "east", "norm": "east"})
    store.save_contexts([bundle])
    area = {r.fact.key: r for r in store.facts("ctx-1")}["hotel.area"]
    assert (area.fact.value, area.fact.verified_by_user, area.version) == ("west", True, 3)


def test_one_save_mixes_new_unchanged_and_changed_contexts(store):
    store.save_contexts([make_context("a"), make_context("b")])
    outcomes = store.save_contexts(
        [make_context("c"), make_context("a"), make_context("b", texts={0: "hello"})]
    )
    assert [(o.context_id, o.status) for o in outcomes] == [
        ("c", "created"),
        ("a", "unchanged"),
        ("b", "updated"),
    ]
    assert counts(store)["contexts"] == 3
    assert counts(store)["messages"] == 19
    assert store.check().problems == []


def test_the_same_context_twice_in_one_save_is_refused(store):
    with pytest.raises(ValueError, match="context_id given twice in one save: a"):
        store.save_contexts([make_context("a"), make_context("a")])


def test_an_exception_inside_the_transaction_leaves_no_partial_context(store, monkeypatch):
    real_insert = ingest_sql.insert_arrow

    def failing_insert(con, table, data):
        if table == "compactions":  # after contexts, messages, traces and facts were inserted
            raise RuntimeError("disk full")
        real_insert(con, table, data)

    monkeypatch.setattr(ingest_sql, "insert_arrow", failing_insert)
    with pytest.raises(RuntimeError, match="disk full"):
        store.save_contexts([make_context("a"), make_context("b")])
    assert all(n == 0 for n in counts(store).values())

    monkeypatch.setattr(ingest_sql, "insert_arrow", real_insert)
    outcomes = store.save_contexts([make_context("a"), make_context("b")])  # the next run completes it
    assert [o.status for o in outcomes] == ["created", "created"]
    assert counts(store)["messages"] == 12 and store.check().problems == []


def test_times_in_any_zone_are_stored_as_the_same_instant(store):
    shanghai = timezone(timedelta(hours=8))
    local = datetime(2025, 3, 1, 17, 0, tzinfo=shanghai)
    bundle = make_context(start=local)
    store.save_contexts([bundle])
    first = store.timeline("ctx-1").messages[0].message.ts
    assert first == datetime(2025, 3, 1, 9, 0, tzinfo=UTC)
    assert first.tzinfo is not None


def test_a_bundle_that_mixes_contexts_is_refused():
    with pytest.raises(ValidationError, match="belongs to context 'other'"):
        ContextIngest(
            context_id="ctx-1", messages=[Message(context_id="other", idx=0, role="user", text="x")]
        )
    with pytest.raises(ValidationError, match="turn idx 0 appears twice"):
        ContextIngest(
            context_id="ctx-1",
            messages=[Message(idx=0, role="user", text="x"), Message(idx=0, role="user", text="y")],
        )


def test_content_hash_ignores_position_and_token_count_but_not_content():
    a = Message(context_id="x", idx=1, role="user", text="hi", tokens=3)
    b = Message(context_id="y", idx=7, role="user", text="hi", tokens=9)
    c = Message(context_id="x", idx=1, role="assistant", text="hi", tokens=3)
    hash_of = fingerprints.prepare_turn
    assert hash_of(a).content_hash == hash_of(b).content_hash
    assert hash_of(a).content_hash != hash_of(c).content_hash


def test_a_stored_fingerprint_tells_an_unchanged_context_before_any_work(store):
    bundle = make_context()
    assert store.fingerprints(["ctx-1"]) == {}
    store.save_contexts([bundle])
    stored = store.fingerprints(["ctx-1", "nope"])
    assert stored == {"ctx-1": fingerprints.messages_fingerprint(bundle.messages)}
    changed = make_context(texts={2: "something else"})
    assert stored["ctx-1"] != fingerprints.messages_fingerprint(changed.messages)


def test_a_running_fingerprint_is_the_whole_one_and_unknown_once_a_turn_comes_out_of_order():
    messages = make_context().messages
    running = fingerprints.RunningFingerprint()
    for m in messages:
        running.add(m)
    assert running.hexdigest() == fingerprints.messages_fingerprint(messages)
    running.add(messages[0])  # an idx not above the last: the streamed digest would be wrong
    assert running.hexdigest() is None


def test_content_hash_is_the_part_by_part_digest_stored_fingerprints_rely_on():
    # Files written before the one-call hash hold digests of role, text, time, call, result and
    # attachments each followed by 0x1f; a re-ingest must compute the same value or see a change.
    import hashlib

    message = Message(idx=3, role="user", text="订 a table for 2", ts=T0, tokens=4)
    digest = hashlib.blake2b(digest_size=16)
    for part in (b"user", "订 a table for 2".encode(), b"2025-03-01T09:00:00", b"", b"", b""):
        digest.update(part)
        digest.update(b"\x1f")
    assert fingerprints.prepare_turn(message).content_hash == digest.hexdigest()


def test_trace_positions_count_per_turn_even_when_turns_interleave():
    # pos is the order of a turn's traces among that turn's traces, whatever order the list is in.
    from data.records import StageTrace

    order = [(0, "parse"), (0, "extract"), (1, "parse"), (0, "merge"), (1, "extract"), (2, "parse")]
    traces = [StageTrace(idx=i, stage=s, payload={}) for i, s in order]
    batch = ingest_rows._Batch()
    ingest_rows._add_traces(batch, 0, traces)
    assert [(row[1], row[2], row[3]) for row in batch.traces.rows] == [
        (0, 0, "parse"), (0, 1, "extract"), (1, 0, "parse"),
        (0, 2, "merge"), (1, 1, "extract"), (2, 0, "parse"),
    ]  # fmt: skip
