"""The served-context cache of the live sessions, in process on a real DuckDB file (rules only)."""

from __future__ import annotations

import pytest

from console.service.app import ServiceState
from console.service.formats import messages_from_body
from data.records import FactCorrection
from data.service_store import ServiceStore
from tests.console.service.conftest import sample_dialogue

pytestmark = pytest.mark.slow


def _correct(state: ServiceState, cid: str, value: str) -> None:
    console = ServiceStore(state.store.path)  # the console's Store (same file; bumps the counter)
    key = console.facts(cid, with_history=False)[0].fact.key
    result = console.apply_corrections(
        [FactCorrection(context_id=cid, key=key, new_value=value, actor="ana", source="form")]
    )
    assert result.applied


def test_a_correction_committed_during_a_post_is_in_the_context_cached_after_it(
    state: ServiceState,
) -> None:
    cid, turns = sample_dialogue("cache-")
    state.sessions.append(cid, messages_from_body(turns[:-1], cid), actor="t", role="agent")
    pending = state.sessions.prepare(cid, messages_from_body(turns[-1:], cid), actor="t", role="agent")
    _correct(state, cid, "Zanzibar Lodge")  # after the POST's pipeline read the corrections
    state.writer.submit(pending.item).result()
    state.sessions.finish(pending)
    cached = state.sessions.cached_context(cid)
    assert cached is not None and "Zanzibar Lodge" in cached.text


def test_gets_are_cached_until_a_post_or_a_switch(state: ServiceState) -> None:
    cid, turns = sample_dialogue("cache-")
    state.sessions.append(cid, messages_from_body(turns[:-1], cid), actor="t", role="agent")
    view = state.sessions.context(cid)
    assert state.sessions.cached_context(cid) == view
    reads = state.fresh.reads
    assert [state.sessions.context(cid) for _ in range(3)] == [view] * 3 and state.fresh.reads == reads
    pending = state.sessions.prepare(cid, messages_from_body(turns[-1:], cid), actor="t", role="agent")
    assert state.sessions.cached_context(cid) is None  # a POST in flight: no stale answer from memory
    state.writer.submit(pending.item).result()
    after = state.sessions.finish(pending)
    assert state.sessions.cached_context(cid).text != view.text and after.last_idx == len(turns) - 1
    ServiceStore(state.store.path).set_breaker("raw", context_id=cid, reason="test", actor="ana")
    assert state.sessions.cached_context(cid) is None
    assert state.sessions.context(cid).reason == "context_switch"
