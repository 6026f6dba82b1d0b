"""The store reads of the live sessions: one read to load a context, and none left for the pipeline
after ``prefetch`` (in process, on a real DuckDB file, rules only)."""

from __future__ import annotations

from typing import Any

import pytest

from console.service.app import ServiceState
from console.service.formats import messages_from_body
from data.records import FactCorrection
from data.service_store import ServiceStore
from tests.console.service.conftest import sample_dialogue

pytestmark = pytest.mark.slow


def _count_reads(store: ServiceStore, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the store's reads from now on (each one takes the file: a handover under load)."""
    calls: list[str] = []
    read = store._read

    def counted(fn: Any) -> Any:
        calls.append(getattr(fn, "__qualname__", repr(fn)))
        return read(fn)

    monkeypatch.setattr(store, "_read", counted)
    return calls


def test_a_stored_context_loads_in_one_read_with_its_corrections_and_breaker(
    state: ServiceState, monkeypatch: pytest.MonkeyPatch
) -> None:
    cid, turns = sample_dialogue("reads-")
    state.sessions.append(cid, messages_from_body(turns[:-1], cid), actor="t", role="agent")
    console = ServiceStore(state.store.path)
    key = console.facts(cid, with_history=False)[0].fact.key
    console.apply_corrections(
        [FactCorrection(context_id=cid, key=key, new_value="Zanzibar Lodge", actor="ana", source="form")]
    )
    console.set_breaker("raw", context_id=cid, reason="test", actor="ana")
    state.sessions.forget(cid)  # the next request rebuilds it from the file
    reads = _count_reads(state.store, monkeypatch)
    view = state.sessions.context(cid)
    assert len(reads) == 1, reads  # before: timeline, clock, facts, people's facts, breaker (5 reads)
    assert view.mode == "raw" and view.reason == "context_switch"
    live = state.sessions.get(cid, create=False)
    assert live.session.state.facts[key].value == "Zanzibar Lodge"
    assert live.stored_turns == len(turns) - 1 and live.lamport is None


def test_a_new_context_costs_one_read_and_its_post_none_after_prefetch(
    state: ServiceState, monkeypatch: pytest.MonkeyPatch
) -> None:
    cid, turns = sample_dialogue("reads-")
    reads = _count_reads(state.store, monkeypatch)
    assert not state.sessions.ready(cid)  # not live: its load reads the file
    state.sessions.prefetch(cid)
    assert len(reads) == 1 and state.sessions.ready(cid)
    state.sessions.append(cid, messages_from_body(turns[:3], cid), actor="t", role="agent")
    assert len(reads) == 1  # the POST's pipeline read nothing (the writer's save is a write)


def test_a_logged_correction_makes_the_context_not_ready_until_prefetched(
    state: ServiceState, monkeypatch: pytest.MonkeyPatch
) -> None:
    cid, turns = sample_dialogue("reads-")
    state.sessions.append(cid, messages_from_body(turns[:-1], cid), actor="t", role="agent")
    state.sessions.context(cid)
    assert state.sessions.ready(cid)
    console = ServiceStore(state.store.path)
    key = console.facts(cid, with_history=False)[0].fact.key
    console.apply_corrections(
        [FactCorrection(context_id=cid, key=key, new_value="Zanzibar Lodge", actor="ana", source="form")]
    )
    assert not state.sessions.ready(cid)
    reads = _count_reads(state.store, monkeypatch)
    state.sessions.prefetch(cid)  # the corrections and the breaker, read here
    assert state.sessions.ready(cid) and len(reads) == 2
    pending = state.sessions.prepare(cid, messages_from_body(turns[-1:], cid), actor="t", role="agent")
    assert len(reads) == 2 and "Zanzibar Lodge" in (pending.view.text if pending.view else "")
    state.writer.submit(pending.item).result()


def test_the_saves_keep_the_fingerprint_of_the_whole_history(state: ServiceState) -> None:
    """A save prepares only its new turns; the fingerprint the live session keeps turn by turn is
    the one computed over every stored turn (what an ingest of the same turns compares against)."""
    from data.queries.fingerprints import messages_fingerprint

    cid, turns = sample_dialogue("reads-")
    for start in range(0, len(turns), 3):
        state.sessions.append(cid, messages_from_body(turns[start : start + 3], cid), actor="t", role="agent")
    assert state.sessions.get(cid, create=False).fingerprint.hexdigest() is not None  # kept, not recomputed
    timeline = state.store.timeline(cid)
    assert timeline is not None and len(timeline.messages) == len(turns)
    stored = [m.message for m in timeline.messages]
    assert state.store.fingerprints([cid]) == {cid: messages_fingerprint(stored)}
    assert timeline.context.updated_at == max(m.ts for m in stored)


def test_contexts_loaded_at_once_share_their_reads(
    state: ServiceState, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The herd of new sessions: 30 prefetches at once (the store-call pool) share a few reads, and
    a stored context among them is rebuilt with its breaker switch, as it is alone."""
    import threading

    stored, turns = sample_dialogue("herd-stored-")
    state.sessions.append(stored, messages_from_body(turns[:4], stored), actor="t", role="agent")
    state.writer.stop()  # its saves are in the file
    ServiceStore(state.store.path).set_breaker("raw", context_id=stored, reason="test", actor="ana")
    state.sessions.forget(stored)
    ids = [f"herd-new-{i}" for i in range(29)] + [stored]
    reads = _count_reads(state.store, monkeypatch)
    batches: list[list[str]] = []  # the contexts each combined read asked for
    read_many = state.sessions._starts.read_many

    def recorded(keys: list[str]) -> object:
        batches.append(list(keys))
        return read_many(keys)

    monkeypatch.setattr(state.sessions._starts, "read_many", recorded)
    barrier = threading.Barrier(len(ids))

    def prefetch(cid: str) -> None:
        barrier.wait()
        state.sessions.prefetch(cid)

    threads = [threading.Thread(target=prefetch, args=(cid,)) for cid in ids]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert all(state.sessions.ready(cid) for cid in ids)
    loads = [r for r in reads if "live_starts" in r]
    # one read of the file per combined batch, and fewer batches than contexts (before: one read per
    # context, 30, taking turns for the file); every context read exactly once, in a batch of several
    assert len(loads) == len(batches) < len(ids), (reads, batches)
    assert sorted(k for b in batches for k in b) == sorted(ids)
    assert max(len(b) for b in batches) > 1, batches
    rebuilt = state.sessions.get(stored, create=False)
    assert rebuilt.stored and rebuilt.stored_turns == 4
    assert state.sessions.context(stored).reason == "context_switch"
    assert state.sessions.context("herd-new-0").reason != "context_switch"  # its own, not the neighbour's


def test_contexts_loaded_one_after_another_read_once_each(
    state: ServiceState, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The baseline of the herd test above: without others waiting, each prefetch makes its own
    read, so the herd's few reads are the combiner's doing, not a read the counter misses."""
    ids = [f"one-by-one-{i}" for i in range(5)]
    reads = _count_reads(state.store, monkeypatch)
    for cid in ids:
        state.sessions.prefetch(cid)
    assert all(state.sessions.ready(cid) for cid in ids)
    assert len([r for r in reads if "live_starts" in r]) == len(ids), reads


def test_live_starts_reads_each_context_as_it_is(state: ServiceState) -> None:
    """One read for several contexts: new ones have no timeline, a stored one its turns and facts,
    a switched one its reason, and the global switch reaches all of them."""
    cid, turns = sample_dialogue("starts-")
    state.sessions.append(cid, messages_from_body(turns[:4], cid), actor="t", role="agent")
    state.writer.stop()
    store = ServiceStore(state.store.path)
    store.set_breaker("raw", context_id=cid, reason="test", actor="ana")
    starts = store.live_starts([cid, "starts-new", cid])
    assert set(starts) == {cid, "starts-new"}
    assert starts["starts-new"].timeline is None and starts["starts-new"].reason is None
    assert starts[cid].timeline is not None and len(starts[cid].timeline.messages) == 4
    assert starts[cid].reason == "context_switch" and starts[cid].saved_facts
    store.set_breaker("raw", context_id=None, reason="test", actor="ana")
    assert {s.reason for s in store.live_starts([cid, "starts-new"]).values()} == {"global_switch"}
    assert store.live_starts([]) == {}
