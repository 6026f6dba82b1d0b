"""A fault inside each stage of the pipeline: an exception, or the process killed.

The conversation is a real SGD dialogue whose compactions fire at turns 17, 18 and 19 under the
test config. The fault hits turn 18: the second compaction (render, validate) or the
message itself (parse, extract, merge of ``Session.add``). Each test checks that

* the previous state stays intact and readable (the session's last good compaction and state; in
  the database, the version stored before);
* the context is served raw from the failure until the next good compaction, then compressed;
* the failure is in the audit trail: a compaction record with ``failed=True`` naming the stage,
  stored by the ingest, and counted in the compaction success rate;
* after a kill, ``python -m console check`` finds the database consistent and a rerun completes.
"""

from __future__ import annotations

import json
import signal
from pathlib import Path

import pytest

from console.ingest import ingest_files
from console.services.replay import load_turn
from console.services.served import served_now
from core.compressor import Compressor
from core.formats import Dialogue
from data.store import Store
from tests.console.builders import load_dialogues
from tests.reliability.cases import covers
from tests.reliability.faults import ADD_STAGES, COMPACTION_STAGES, STAGES, inject, stage_module
from tests.reliability.helpers import console_check, run_module, snapshot

CID = "sgd-train-1_00000"
FAULT_TURN = 18  # compactions fire at 17, 18 and 19 without a fault
PREFIX_TURNS = 18  # the version stored before: turns 0-17, with the compaction at 17


def the_dialogue() -> Dialogue:
    return next(d for d in load_dialogues() if d.context_id == CID)


def write_jsonl(path: Path, dialogues: list[Dialogue]) -> Path:
    lines = []
    for d in dialogues:
        turns = [m.model_dump(mode="json", exclude={"context_id", "tokens"}) for m in d.messages]
        lines.append(
            json.dumps({"context_id": d.context_id, "source": d.source, "lang": d.lang, "turns": turns})
        )
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def prefix(d: Dialogue, turns: int) -> Dialogue:
    return d.model_copy(update={"messages": d.messages[:turns]})


@covers("Faults: compaction stages", "an exception in the stage: served raw until the next good compaction")
@pytest.mark.unit
@pytest.mark.parametrize("stage", list(STAGES))
def test_an_exception_in_a_stage_keeps_the_last_good_state_and_serves_raw_until_the_next_compaction(
    stage, test_config, numbers
):
    dialogue = the_dialogue()
    clean = Compressor(test_config).session(CID)
    for m in dialogue.messages[:FAULT_TURN]:
        clean.add(m)
    assert [r.at_turn for r in clean.records if not r.failed] == [17]

    session = Compressor(test_config).session(CID)
    for m in dialogue.messages[:FAULT_TURN]:
        session.add(m)
    good_rendered, good_state = session.rendered, session.compacted_state
    state_before = session.state.model_copy(deep=True)

    with inject(stage, FAULT_TURN, CID) as fault:
        result = session.add(dialogue.messages[FAULT_TURN])
    assert fault.fired == 1

    # the failure is recorded, naming the stage; the message is kept whatever failed
    record = session.records[-1]
    assert record.failed and record.at_turn == FAULT_TURN and "StageFault" in (record.error or "")
    assert stage in (record.error or "") or stage in COMPACTION_STAGES
    assert result.record is record and not result.compacted
    assert session.messages[-1].text == dialogue.messages[FAULT_TURN].text
    # the previous state is intact: the last good compaction, and (for add stages) the live state
    assert session.rendered is good_rendered and session.compacted_state is good_state
    if stage in ADD_STAGES:
        assert session.state == state_before
    # served raw, from the raw turns, until the next good compaction
    served = session.context()
    assert (served.mode, served.reason) == ("raw", "compaction_failed")
    assert dialogue.messages[FAULT_TURN].text in served.text
    recovered_at = None
    for m in dialogue.messages[FAULT_TURN + 1 :]:
        result = session.add(m)
        if result.compacted:
            recovered_at = m.idx
            break
        assert session.context().mode == "raw"
    if recovered_at is None:  # no trigger fired again before the end: the next compaction is forced
        assert not session.compact(reason="forced", force=True).failed
    served = session.context()
    assert served.mode == "compressed" and session.rendered is not good_rendered
    numbers.add("stage exceptions injected and survived (core)", 1)


@covers(
    "Faults: compaction stages",
    "an exception during ingest: failed record stored, counted, old version intact",
)
@pytest.mark.unit
@pytest.mark.parametrize("stage", list(STAGES))
def test_an_exception_during_ingest_is_stored_as_a_failed_compaction_and_counted(
    stage, tmp_path, test_config, numbers
):
    dialogue = the_dialogue()
    store = Store.open(tmp_path / "c.duckdb", linger=2)
    try:
        first = ingest_files(
            [write_jsonl(tmp_path / "v1.jsonl", [prefix(dialogue, PREFIX_TURNS)])],
            store,
            Compressor(test_config),
        )
        assert first.ok and first.created == 1
        before = store.compactions(CID, with_state=True)
        facts_before = {r.fact.key: (r.fact.value, r.version) for r in store.facts(CID)}
        assert [c.record.at_turn for c in before] == [17]

        with inject(stage, FAULT_TURN, CID) as fault:
            report = ingest_files(
                [write_jsonl(tmp_path / "v2.jsonl", [dialogue])], store, Compressor(test_config)
            )
        assert fault.fired == 1
        assert report.ok and report.updated == 1, report  # stored, not skipped: the failure is data

        after = store.compactions(CID, with_state=True)
        assert after[: len(before)] == before  # the stored compaction and its state are untouched
        failed = [c.record for c in after if c.record.failed]
        assert [(r.at_turn, "StageFault" in (r.error or "")) for r in failed] == [(FAULT_TURN, True)]
        # served raw right after the failure, compressed again after the next good compaction
        records = [c.record for c in after]
        k = records.index(failed[0])
        assert any(not r.failed for r in records[k + 1 :])
        assert served_now(store, store.get_context(CID)).mode == "compressed"
        # the replay of that turn says so
        turn = load_turn(store, CID, FAULT_TURN)
        assert "failed here" in turn.rendered_label
        # counted in the compaction success rate
        stats = [s for s in store.compaction_stats(bucket="day") if s.overall]
        n, passed, failed_n = (sum(getattr(s, f) for s in stats) for f in ("n", "passed", "failed"))
        assert failed_n == 1 and n == len(records) and passed == n - 1 - sum(r.fallback for r in records)
        # the facts stored before are still there (a fact changes only by a new version)
        facts_after = {r.fact.key: (r.fact.value, r.version) for r in store.facts(CID)}
        assert all(key in facts_after and facts_after[key][1] >= v for key, (_, v) in facts_before.items())
        assert snapshot(store).problems == ()
    finally:
        store.close()
    numbers.add("stage exceptions injected and survived (ingest)", 1)


@covers("Faults: compaction stages", "the process killed inside the stage: database intact, rerun completes")
@pytest.mark.slow
@pytest.mark.parametrize("stage", list(STAGES))
def test_a_kill_inside_a_stage_leaves_the_database_intact_and_the_rerun_completes(
    stage, tmp_path, test_config, config_file, numbers
):
    dialogues = load_dialogues()
    assert dialogues[0].context_id == CID
    # the killed conversation is the third of the file; its first 18 turns are stored already
    order = [dialogues[1], dialogues[2], dialogues[0], dialogues[3]]
    db = tmp_path / "c.duckdb"
    store = Store.open(db, linger=0)
    seeded = ingest_files(
        [write_jsonl(tmp_path / "v1.jsonl", [prefix(dialogues[0], PREFIX_TURNS)])],
        store,
        Compressor(test_config),
    )
    assert seeded.ok
    kept = (store.timeline(CID), store.compactions(CID, with_state=True), store.facts(CID))
    store.close()
    data = write_jsonl(tmp_path / "all.jsonl", order)

    killed = run_module(
        "tests.reliability.fault_worker", str(db), str(config_file), stage, str(FAULT_TURN), CID, str(data)
    )
    assert killed.returncode == -signal.SIGKILL, killed.stderr[-2000:]

    check = console_check(db)
    assert check.returncode == 0, check.stdout + check.stderr
    report = json.loads(check.stdout)
    assert report["ok"] and report["problems"] == []
    store = Store(db, linger=0)
    ids = {c.context_id for c in store.find_contexts(limit=10).items}
    assert ids == {CID, order[0].context_id, order[1].context_id}  # the two before it, batch by batch
    assert (store.timeline(CID), store.compactions(CID, with_state=True), store.facts(CID)) == kept

    rerun = run_module(
        "console", "--db", str(db), "ingest", str(data), "--config", str(config_file), "--quiet"
    )
    assert rerun.returncode == 0, rerun.stderr[-2000:]
    assert "1 updated, 2 unchanged" in rerun.stderr and "1 created" in rerun.stderr
    assert console_check(db).returncode == 0
    timeline = store.timeline(CID)
    assert timeline is not None and len(timeline.messages) == len(dialogues[0].messages)
    numbers.add("processes killed inside a stage, database intact", 1)


@pytest.mark.unit
def test_the_stages_named_are_the_ones_a_session_calls():
    for stage, (name, _) in STAGES.items():
        assert callable(getattr(stage_module(stage), name)), stage
    assert set(ADD_STAGES) | set(COMPACTION_STAGES) == set(STAGES)
