"""Session queries: search with filters and paging, stage traces, compaction pairs."""

from __future__ import annotations

from datetime import timedelta

import pytest

from data.records import ContextFilter
from tests.data.conftest import T0, make_context

pytestmark = pytest.mark.unit


@pytest.fixture
def five(store):
    """Five contexts: three sgd (one 'warning'), two crosswoz, one day apart, ctx-0 oldest."""
    bundles = [
        make_context("sgd-aa01", source="sgd", start=T0),
        make_context("sgd-aa02", source="sgd", start=T0 + timedelta(days=1), health="warning"),
        make_context("sgd-bb03", source="sgd", start=T0 + timedelta(days=2)),
        make_context("cw-aa04", source="crosswoz", start=T0 + timedelta(days=3)),
        make_context("cw-cc05", source="crosswoz", start=T0 + timedelta(days=4), health="critical"),
    ]
    store.save_contexts(bundles)
    return store


def ids(page) -> list[str]:
    return [c.context_id for c in page.items]


def test_newest_first_with_total_and_paging(five):
    page = five.find_contexts(limit=2)
    assert (ids(page), page.total) == (["cw-cc05", "cw-aa04"], 5)
    page2 = five.find_contexts(limit=2, offset=2)
    assert ids(page2) == ["sgd-bb03", "sgd-aa02"]
    assert ids(five.find_contexts(limit=2, offset=4)) == ["sgd-aa01"]
    assert ids(five.find_contexts(order_by="context_id", descending=False, limit=1)) == ["cw-aa04"]


def test_filters_combine(five):
    assert ids(five.find_contexts(ContextFilter(id_prefix="SGD-AA"))) == ["sgd-aa02", "sgd-aa01"]
    assert ids(five.find_contexts(ContextFilter(id_prefix="cw-cc05"))) == ["cw-cc05"]  # a full id
    assert five.find_contexts(ContextFilter(source="crosswoz")).total == 2
    assert ids(five.find_contexts(ContextFilter(health=["warning", "critical"]))) == ["cw-cc05", "sgd-aa02"]
    window = ContextFilter(updated_from=T0 + timedelta(days=1), updated_to=T0 + timedelta(days=3))
    assert ids(five.find_contexts(window)) == ["sgd-bb03", "sgd-aa02"]
    both = ContextFilter(source="sgd", health=["ok"], id_prefix="sgd-")
    assert ids(five.find_contexts(both)) == ["sgd-bb03", "sgd-aa01"]
    assert five.sources() == ["crosswoz", "sgd"]


@pytest.mark.parametrize(
    "text",
    ["'; DROP TABLE contexts; --", "%", "_", "sgd-aa01' OR '1'='1", "\\", "零宽\u200b", "x" * 5000],
)
def test_search_text_is_data_never_sql(five, text):
    page = five.find_contexts(ContextFilter(id_prefix=text))
    assert page.total == 0
    assert five.check().counts["contexts"] == 5


def test_sorting_only_by_known_columns(five):
    with pytest.raises(ValueError, match="cannot sort sessions by"):
        five.find_contexts(order_by="turns; DROP TABLE contexts")
    with pytest.raises(ValueError, match="page out of range"):
        five.find_contexts(limit=0)


def test_unknown_context_reads_as_none_or_empty(store):
    assert store.get_context("nope") is None
    assert store.timeline("nope") is None
    assert store.stage_traces("nope", 0) == []
    assert store.facts("nope") == []
    assert store.load_state("nope") is None


def test_stage_traces_of_one_turn_in_stage_order(store):
    store.save_contexts([make_context()])
    traces = store.stage_traces("ctx-1", 3)
    assert [(t.stage, t.payload) for t in traces] == [
        ("parse", {"stage": "parse", "idx": 3}),
        ("extract", {"stage": "extract", "idx": 3}),
    ]
    assert store.traced_turns("ctx-1") == [0, 1, 2, 3, 4, 5]


def test_two_compactions_for_a_diff(store):
    store.save_contexts([make_context()])
    store.save_contexts([make_context(texts={4: "changed"})])  # adds compaction 2
    first, second = store.compaction_pair("ctx-1", 1, 2)
    assert (first.record.seq, second.record.seq) == (1, 2)
    assert second.state.facts["hotel.area"].value == "centre"
    assert first.rendered == "[FACT:hotel.area=centre]"
    with pytest.raises(KeyError, match="has no compaction 7"):
        store.compaction_pair("ctx-1", 1, 7)
    plain = store.compactions("ctx-1")
    assert plain[0].state is None and plain[0].record.latency_ms["total"] == 4.0


def test_the_served_reason_and_health_metrics_are_kept_through_create_and_update(store):
    from tests.data.conftest import make_context

    metrics = {"bloat_rate": 0.4, "fact_decay_ratio": None, "goal_churn_rate": 1.5}
    bundle = make_context("served-1").model_copy(
        update={"served_reason": "not_smaller", "health_metrics": metrics}
    )
    store.save_context(bundle)
    summary = store.get_context("served-1")
    assert (summary.served_reason, summary.health_metrics) == ("not_smaller", metrics)
    assert store.find_contexts().items[0].health_metrics == metrics  # the grid reads them too
    # a longer transcript re-ingested: the update path writes the new reason and values
    longer = make_context("served-1", turns=8).model_copy(
        update={"served_reason": "", "health_metrics": {"bloat_rate": 0.3}}
    )
    assert store.save_context(longer).status == "updated"
    summary = store.get_context("served-1")
    assert (summary.served_reason, summary.health_metrics) == ("", {"bloat_rate": 0.3})
