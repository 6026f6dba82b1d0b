"""The held-out agent traces (bench/data/agent_heldout) parse as the benchmark reads them, in both
chat formats, with gold that holds to the data README's definition, and are what build.py writes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.agent_methods import raw_trace_text
from bench.conversations import load_conversations
from bench.data.agent_heldout import build, traces_ops, traces_shop

pytestmark = pytest.mark.unit
HERE = Path(build.__file__).parent
FILES = {"heldout_shop.jsonl": traces_shop.TRACES, "heldout_ops.jsonl": traces_ops.TRACES}


@pytest.mark.parametrize("name", sorted(FILES))
def test_every_cut_parses_with_its_tool_turns_and_gold_that_occurs_in_the_trace(name: str) -> None:
    convs = load_conversations(HERE / name)
    records = [json.loads(line) for line in (HERE / name).read_text(encoding="utf-8").splitlines()]
    assert len(convs) == len(records) >= 20
    assert {"openai", "anthropic"} == {"anthropic" if "system" in r else "openai" for r in records}
    for conv in convs:
        assert any(m.tool_call for m in conv.messages) and any(m.tool_result for m in conv.messages)
        raw = raw_trace_text(conv.messages).lower()
        needed = [str(v) for v in conv.gold["needed"]]
        assert needed and all(v.lower() in raw for v in needed), conv.context_id
        assert set(conv.gold["needed_from_history"]) <= set(conv.gold["needed"])
    errors = [m for c in convs for m in c.messages if m.tool_result and m.tool_result.status == "error"]
    assert errors  # failed calls are read as failed, in both formats


def test_the_files_are_what_build_writes_and_hold_chinese_users_and_a_large_result() -> None:
    for name, traces in FILES.items():
        lines = [json.dumps(r, ensure_ascii=False) for t in traces for r in build.cuts(t)]
        assert (HERE / name).read_text(encoding="utf-8").splitlines() == lines, f"rebuild {name}"
    langs = [t["lang"] for ts in FILES.values() for t in ts]
    assert langs.count("zh") >= 2 and len(langs) >= 10
    convs = load_conversations(HERE / "heldout_ops.jsonl")
    assert max(len(raw_trace_text(c.messages)) for c in convs) > 40_000
