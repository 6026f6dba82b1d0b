"""Finding and acting on many sessions: full-text and tool search, URL state, bulk switch, export.

On a real DuckDB file with the four test dialogues (real core) and synthetic contexts with tool calls.
"""

from __future__ import annotations

import json
import random
from datetime import UTC, date, datetime

import pytest

from bench.synthetic import synthetic_context
from console.health import Thresholds
from console.services.session_bulk import export_csv, export_jsonl, switch_sessions
from console.services.session_links import point_params, query_from_params, query_to_params
from console.services.sessions import SessionQuery, search_sessions
from core.formats import Dialogue, read_file
from data.records import FactCorrection, MetricPoint

pytestmark = pytest.mark.unit
CID = "sgd-train-1_00000"


def ids(store, **query) -> list[str]:
    return sorted(c.context_id for c in search_sessions(store, SessionQuery(**query)).items)


def test_search_finds_words_of_a_turn_in_any_case(seeded_store):
    assert ids(seeded_store, search="FEELING HUNGRY") == [CID]
    assert ids(seeded_store, search="free parking") == ["multiwoz-val-MUL0012"]
    assert ids(seeded_store, search="人均消费") == ["crosswoz-val-3243"]
    assert ids(seeded_store, search="no such words anywhere") == []


def test_search_finds_a_fact_value_an_operator_set(seeded_store):
    fact = seeded_store.facts(CID)[0].fact
    assert ids(seeded_store, search="Zanzibar Grill") == []
    seeded_store.apply_corrections(
        [FactCorrection(context_id=CID, key=fact.key, new_value="Zanzibar Grill", actor="ana", source="form")]
    )
    assert ids(seeded_store, search="zanzibar grill") == [CID]
    assert ids(seeded_store, search="zanzibar", source="crosswoz") == []  # filters still apply


@pytest.mark.parametrize("text", ["%", "_", "\\", "' OR 1=1 --"])
def test_like_metacharacters_are_literal(seeded_store, text):
    assert ids(seeded_store, search=text) == []


def test_search_by_tool_name(seeded_store):
    rng = random.Random(3)
    extra = [synthetic_context(rng, datetime(2025, 3, 1, tzinfo=UTC), span_days=0.5) for _ in range(12)]
    seeded_store.save_contexts(extra)
    calling = {b.context_id: {m.tool_call.name for m in b.messages if m.tool_call} for b in extra}
    name = next(n for names in calling.values() for n in names)
    want = sorted(cid for cid, names in calling.items() if name in names)
    assert ids(seeded_store, tool=name.upper(), page_size=100) == want
    assert ids(seeded_store, tool="search_") == []  # a tool name is matched whole
    assert len(want) < len(extra)


def test_an_edited_turn_is_searched_in_its_latest_version(seeded_store, seed_bundles):
    bundle = next(b for b in seed_bundles if b.context_id == CID)
    first = bundle.messages[0]
    edited = first.model_copy(update={"text": "Something else entirely: quokka."})
    seeded_store.save_contexts([bundle.model_copy(update={"messages": [edited, *bundle.messages[1:]]})])
    assert ids(seeded_store, search="quokka") == [CID]
    assert ids(seeded_store, search="feeling hungry") == []


def test_url_params_round_trip_and_bad_ones_are_named():
    query = SessionQuery(
        text="sgd-", search="san jose", tool="find", source="sgd", health=["red", "orange"],
        date_from=date(2025, 3, 1), date_to=date(2025, 3, 4), sort="turns", descending=False,
        page=3, page_size=100,
    )  # fmt: skip
    params = query_to_params(query)
    assert params["search"] == "san jose" and params["health"] == "red,orange" and params["page"] == "3"
    back, notes = query_from_params(params)
    assert back == query and notes == []
    assert query_to_params(SessionQuery()) == {}
    bad = {"health": "red,purple", "page": "x", "sort": "nope", "from": "2025-13-01"}
    back, notes = query_from_params(bad)
    assert back.health == ["red"] and back.page == 1 and back.sort == "updated_at"
    assert [n.split(":")[0] for n in notes] == ["health", "from", "sort", "page"]


def test_a_chart_point_link_selects_the_sessions_with_an_unhealthy_sample(seeded_store):
    at = datetime(2025, 3, 5, 10, 0)
    seeded_store.add_metrics(
        [
            MetricPoint(context_id=CID, source="sgd", metric="bloat_rate", value=1.9, at=at),
            MetricPoint(context_id="sgd-train-4_00021", source="sgd", metric="bloat_rate", value=0.7, at=at),
        ]
    )
    params = point_params("bloat_rate", datetime(2025, 3, 5), "day", "sgd")
    query, notes = query_from_params(params, Thresholds.default())
    assert notes == [] and query.source == "sgd"
    assert ids(seeded_store, **query.model_dump(exclude={"behind"}), behind=query.behind) == [CID]
    assert query_from_params(query_to_params(query))[0].behind == query.behind
    later, _ = query_from_params(point_params("bloat_rate", datetime(2025, 3, 6), "day", "overall"))
    assert ids(seeded_store, behind=later.behind) == []
    _, notes = query_from_params({"metric": "no_such_metric", "at": "2025-03-05T00:00"})
    assert notes and "no_such_metric" in notes[0]


def test_bulk_switch_is_one_audited_action_and_back(seeded_store, dialogue_ids):
    picked = dialogue_ids[:3]
    out = switch_sessions(seeded_store, picked, raw=True, reason="bad parse", actor="ana", role="operator")
    assert out.switched == picked and out.unchanged == []
    assert [seeded_store.effective_mode(c) for c in dialogue_ids] == ["raw", "raw", "raw", "compressed"]
    bulk = seeded_store.audit_log(action_prefix="breaker.bulk").items
    assert len(bulk) == 1 and bulk[0].after["contexts"] == picked and bulk[0].actor == "ana"
    own = seeded_store.audit_log(context_id=picked[0], action_prefix="breaker.").items
    assert own[0].source == f"bulk:{out.batch_id}"
    again = switch_sessions(
        seeded_store, [picked[0], dialogue_ids[3]], raw=True, reason="and this", actor="ana", role="operator"
    )
    assert again.switched == [dialogue_ids[3]] and again.unchanged == [picked[0]]
    back = switch_sessions(seeded_store, dialogue_ids, raw=False, reason="fixed", actor="bo", role="admin")
    assert back.switched == dialogue_ids
    assert {seeded_store.effective_mode(c) for c in dialogue_ids} == {"compressed"}


def test_bulk_switch_refuses_viewers_no_reason_and_unknown_contexts_changing_nothing(seeded_store):
    with pytest.raises(PermissionError):
        switch_sessions(seeded_store, [CID], raw=True, reason="x", actor="vic", role="viewer")
    with pytest.raises(ValueError, match="reason"):
        switch_sessions(seeded_store, [CID], raw=True, reason="  ", actor="ana", role="operator")
    with pytest.raises(ValueError, match="nope"):
        switch_sessions(seeded_store, [CID, "nope"], raw=True, reason="x", actor="ana", role="operator")
    assert seeded_store.effective_mode(CID) == "compressed"
    assert seeded_store.audit_log(action_prefix="breaker.").total == 0


def test_export_csv_has_the_grid_columns_of_every_page(seeded_store, dialogue_ids):
    text = export_csv(seeded_store, SessionQuery(page_size=1, page=2)).decode("utf-8-sig")
    lines = text.strip().splitlines()
    assert lines[0].startswith("context_id,source,lang,turns") and "auto_unique_id" not in text
    assert sorted(line.split(",")[0] for line in lines[1:]) == sorted(dialogue_ids)


def test_export_jsonl_reads_back_in_the_dialogue_format(seeded_store, tmp_path):
    data = export_jsonl(seeded_store, SessionQuery(source="sgd"))
    rows = [json.loads(line) for line in data.decode().splitlines()]
    assert sorted(r["context_id"] for r in rows) == ["sgd-train-1_00000", "sgd-train-4_00021"]
    first = next(r for r in rows if r["context_id"] == CID)
    assert first["turns"][0]["text"].startswith("I am feeling hungry")
    assert first["state"]["facts"] and {"slot", "value", "turn"} <= set(first["state"]["facts"][0])
    path = tmp_path / "export.jsonl"
    path.write_bytes(data)
    read = [d for d in read_file(path) if isinstance(d, Dialogue)]
    assert len(read) == 2 and len(read[0].messages) == len(rows[0]["turns"])
