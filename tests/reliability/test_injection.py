"""Classic SQL injections, very long strings and unicode through every string that reaches SQL.

Every Store method that takes a string (directly or inside a model) is called with each payload.
Reads must find nothing (no id, source, key or actor is one of the payloads), writes must write
exactly their own rows with the payload stored verbatim, and afterwards every table has the rows
it should and the schema is the same. A meta-test fails when a Store method is added without
being probed here.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import pytest
from pydantic import ValidationError

from console.services import facts as facts_svc
from console.services import sessions as sessions_svc
from core.config import Config
from core.models import Message
from data.ops_records import AuditEntry
from data.records import ContextFilter, ContextIngest, FactCorrection, MetricPoint
from data.store import Store
from tests.reliability.cases import covers
from tests.reliability.helpers import changed_counts, snapshot

pytestmark = pytest.mark.unit

PAYLOADS = {
    "or-1=1": "' OR 1=1 --",
    "or-quoted": "' OR '1'='1",
    "drop-table": "'; DROP TABLE contexts; --",
    "delete": "x'); DELETE FROM facts; --",
    "union": "' UNION SELECT context_id, source, lang, created_at, updated_at, turns, tokens_raw, "
    "tokens_context, compactions, health, mode FROM contexts --",
    "union-audit": "' UNION ALL SELECT * FROM audit --",
    "comment": "/* */ OR 1=1 /*",
    "line-comment": "-- ",
    "double-quote": '"; DROP TABLE facts; --',
    "nul-byte": "a\x00b' OR 1=1 --",
    "like-wildcards": "%_%",
    "backslash": "\\'; SELECT 1; --\\",
    "unicode": "北京 🙂 \u202eRTL ١٢٣ Ω≈ç√",
    "very-long": "' OR 1=1 -- " + "x" * 100_000,
}
# The Store methods probed below, by the kind of call; every public method with a parameter must
# be in one of these (or in NO_STRING with the reason it takes no string).
READS = {
    "find_contexts",
    "get_context",
    "timeline",
    "message_versions",
    "stage_traces",
    "traced_turns",
    "compactions",
    "compaction_pair",
    "load_state",
    "facts",
    "fact_history",
    "preview_corrections",
    "get_breaker",
    "effective_mode",
    "breaker_reason",
    "audit_log",
    "fingerprints",
    "metric_series",
    "compaction_stats",
    "breakers",
    "export_rows",
}
WRITES = {
    "apply_corrections",
    "set_breaker",
    "set_breakers",
    "record_audit",
    "save_config",
    "save_contexts",
    "save_context",
    "prepare_save",
    "save_prepared",
    "add_metrics",
}
NO_STRING = {
    "config_history": "limit: int",
    "yield_to_waiters": "max_wait: float",
}


@dataclass
class Seeded:
    """A real context and fact to aim at, and an audit trail to filter."""

    cid: str
    key: str


@pytest.fixture
def target(seeded_store: Store) -> Seeded:
    summary = next(s for s in seeded_store.find_contexts(limit=10).items if seeded_store.facts(s.context_id))
    key = seeded_store.facts(summary.context_id)[0].fact.key
    seeded_store.set_breaker("compressed", reason="baseline", actor="ana")
    seeded_store.apply_corrections(
        [
            FactCorrection(
                context_id=summary.context_id, key=key, new_value="baseline", actor="ana", source="form"
            )
        ]
    )
    return Seeded(cid=summary.context_id, key=key)


def refused_or(call: Callable[[], Any]) -> Any:
    """The call's result, or the ValidationError/ValueError that refused it before any SQL."""
    try:
        return call()
    except (ValidationError, ValueError) as exc:
        return exc


def test_every_store_method_that_takes_a_string_is_probed():
    public = {
        name
        for name, fn in inspect.getmembers(Store, inspect.isfunction)
        if not name.startswith("_") and len(inspect.signature(fn).parameters) > 1
    }
    missing = public - READS - WRITES - set(NO_STRING)
    assert not missing, f"Store methods taking input that no injection test probes: {sorted(missing)}"


@covers(
    "Bad input: search fields and SQL", "injection through every Store read finds nothing, changes nothing"
)
@pytest.mark.parametrize("payload", list(PAYLOADS.values()), ids=list(PAYLOADS))
def test_reads_with_an_injected_string_find_nothing_and_change_nothing(
    payload, seeded_store, target, numbers
):
    store, p = seeded_store, payload
    before = snapshot(store)
    contexts = before.counts["contexts"]
    assert store.find_contexts(ContextFilter(id_prefix=p)).total == 0
    assert store.find_contexts(ContextFilter(source=p)).total == 0
    assert store.find_contexts(ContextFilter(health=[p, "ok"])).total <= contexts
    assert store.find_contexts(ContextFilter(health=[p])).total == 0
    assert store.find_contexts(ContextFilter(lang=p)).total == 0
    searched = refused_or(lambda: store.find_contexts(ContextFilter(text=p)))
    assert (isinstance(searched, ValueError) and len(p) > 200) or searched.total == 0
    assert store.find_contexts(ContextFilter(tool=p)).total == 0
    assert store.export_rows([p]) == ({}, {})
    with pytest.raises(ValueError, match="cannot sort"):
        store.find_contexts(order_by=p)
    assert store.get_context(p) is None
    assert store.timeline(p) is None
    assert store.message_versions(p, 0) == []
    assert store.stage_traces(p, 0) == []
    assert store.traced_turns(p) == []
    assert store.compactions(p, with_state=True) == []
    with pytest.raises(KeyError, match="has no compaction"):
        store.compaction_pair(p, 0, 1)
    assert store.load_state(p) is None
    assert store.facts(p) == []
    assert store.fact_history(p, target.key) == []
    assert store.fact_history(target.cid, p) == []
    assert store.get_breaker(p) is None
    assert store.effective_mode(p) == "compressed"  # answered, not failed closed on an error
    assert store.breaker_reason(p) is None  # no switch serves it raw; not 'breaker_error'
    assert store.breakers(p) == []  # type: ignore[arg-type]
    assert store.audit_log(context_id=p).total == 0
    assert store.audit_log(action_prefix=p).total == 0
    assert store.audit_log(actor=p).total == 0
    assert store.fingerprints([p, target.cid]).keys() == {target.cid}
    assert len(store.metric_series([p])) == 0
    assert len(store.metric_series(source=p)) == 0
    assert store.compaction_stats(source=p) == []
    for correction in (
        lambda: FactCorrection(context_id=p, key=target.key, new_value="x", actor="ana", source="api"),
        lambda: FactCorrection(context_id=target.cid, key=p, new_value="x", actor="ana", source="api"),
    ):
        made = refused_or(correction)
        if isinstance(made, Exception):
            assert len(p) > 512 and "at most 512 characters" in str(made)
            continue
        result = store.preview_corrections([made])
        assert [o.status for o in result.outcomes] == ["rejected"]
    # the console's own doors with the same text: search box, query params, context picker
    page = refused_or(lambda: sessions_svc.search_sessions(store, sessions_svc.SessionQuery(text=p)))
    assert (isinstance(page, ValueError) and len(p) > 512) or page.total == 0
    assert sessions_svc.session_detail(store, p) is None
    assert sessions_svc.resolve_context(store, p) == (None, [])
    assert facts_svc.load_facts(store, p) == []
    after = snapshot(store)
    assert after == before  # same rows in every table, same schema, no problem found
    numbers.add("injection payloads sent to Store reads", 41)


def _bundle(p: str) -> ContextIngest:
    at = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)
    return ContextIngest(
        context_id=p,
        source=p,
        lang="en",
        messages=[
            Message(context_id=p, idx=0, role="user", text=p, ts=at),
            Message(context_id=p, idx=1, role="assistant", text=p, ts=at),
        ],
        rendered=p,
    )


@covers(
    "Bad input: search fields and SQL", "injection through every Store write stores it verbatim, nothing else"
)
@pytest.mark.parametrize("payload", list(PAYLOADS.values()), ids=list(PAYLOADS))
def test_writes_store_an_injected_string_verbatim_and_touch_only_their_rows(
    payload, seeded_store, target, numbers
):
    store, p = seeded_store, payload
    start = snapshot(store)

    def delta(call: Callable[[], Any]) -> tuple[Any, dict[str, int]]:
        before = snapshot(store)
        result = call()
        after = snapshot(store)
        assert after.schema == before.schema and after.problems == ()
        return result, changed_counts(before, after)

    # corrections: an injected id or key is refused and logged; an injected value or reason is data
    for cid, key in ((p, target.key), (target.cid, p)):
        made = refused_or(
            lambda cid=cid, key=key: FactCorrection(
                context_id=cid, key=key, new_value="x", actor="ana", source="api"
            )
        )
        if isinstance(made, Exception):
            assert len(p) > 512
            continue
        result, moved = delta(lambda made=made: store.apply_corrections([made]))
        assert not result.applied and moved == {"corrections": 1, "audit": 1}
    value = p if len(p) <= 10_000 else p[:10_000]
    reason = p if len(p) <= 2_000 else p[:2_000]
    fix = FactCorrection(
        context_id=target.cid, key=target.key, new_value=value, reason=reason, actor="ana", source="api"
    )
    result, moved = delta(lambda: store.apply_corrections([fix], batch_id=p))
    assert result.applied and moved == {"fact_history": 1, "corrections": 1, "audit": 1}
    last = store.fact_history(target.cid, target.key)[-1]
    assert (last.new_value, last.reason) == (value.strip(), reason.strip())

    # the breaker: an injected reason and actor are stored as they are; an injected id is unknown
    state, moved = delta(lambda: store.set_breaker("raw", reason=p, actor=p, role="operator"))
    assert moved == {"audit": 1} and (state.reason, state.actor) == (p.strip(), p)
    with pytest.raises(KeyError, match="unknown context"):
        store.set_breaker("raw", context_id=p, reason="x", actor="ana")
    assert store.audit_log(actor=p).total == 1
    store.set_breaker("compressed", reason="back", actor="ana")

    # an audit entry and a config made of the payload
    entry = AuditEntry(
        at=datetime.now(UTC), actor=p, role=p, action=p, target=p, source=p, context_id=p, before=p, after=p
    )
    row_id, moved = delta(lambda: store.record_audit(entry))
    assert moved == {"audit": 1}
    found = store.audit_log(action_prefix=p)
    assert found.total == 1 and found.items[0].id == row_id
    assert found.items[0].model_dump(exclude={"id", "at"}) == entry.model_dump(exclude={"id", "at"})
    config = Config(timezone=p)
    saved, moved = delta(lambda: store.save_config(config, actor=p, role="operator", reason=p))
    assert moved == {"config_history": 1, "audit": 1} and saved.actor == p
    assert store.current_config().timezone == p and store.config_history(1)[0].actor == p

    # a whole context and a metric named by the payload
    outcomes, moved = delta(lambda: store.save_contexts([_bundle(p)]))
    assert [o.status for o in outcomes] == ["created"] and moved == {"contexts": 1, "messages": 2}
    timeline = store.timeline(p)
    assert timeline is not None and [m.message.text for m in timeline.messages] == [p, p]
    assert store.find_contexts(ContextFilter(id_prefix=p)).total == 1
    assert store.find_contexts(ContextFilter(source=p)).total == 1
    if len(p.strip()) <= 200:  # the full-text search finds the context by its turns' text
        found = {c.context_id for c in store.find_contexts(ContextFilter(text=p)).items}
        assert found == {p, target.cid}  # its turns, and the fact set to the payload above
    assert store.export_rows([p])[0][p][0]["text"] == p
    with pytest.raises(KeyError, match="unknown context"):
        store.set_breakers("raw", [target.cid, p + "-not-stored"], reason="x", actor="ana")
    (_, states), moved = delta(lambda: store.set_breakers("raw", [p], reason=p, actor=p))
    assert moved == {"breaker": 1, "audit": 2} and (states[0].context_id, states[0].reason) == (p, p.strip())
    point = MetricPoint(metric=p, value=1.0, at=datetime.now(UTC), source=p)
    _, moved = delta(lambda: store.add_metrics([point]))
    assert moved == {"metrics": 1, "metric_rollup": 1}
    assert store.metric_series([p]).metric[:1] == [p]

    end = snapshot(store)
    assert end.schema == start.schema and end.problems == ()
    # every table still holds what it held, plus exactly the rows written above
    assert changed_counts(start, end) == {
        "contexts": 1,
        "messages": 2,
        "fact_history": 1,
        "corrections": 1 + (2 if len(p) <= 512 else 0),
        "audit": 7 + (2 if len(p) <= 512 else 0),
        "breaker": 1,
        "config_history": 1,
        "metrics": 1,
        "metric_rollup": 1,
    }
    numbers.add("injection payloads sent to Store writes", 10)
