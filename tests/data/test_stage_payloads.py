"""The stage-trace payload schema: what a turn stores per stage, in stage order."""

from __future__ import annotations

import pytest

from core.compressor import Compressor
from core.config import Config
from core.models import Message
from data.stage_payloads import STAGES, FactChange, MergePayload, RenderPayload, TurnPayloads, stage_traces

pytestmark = pytest.mark.unit


def test_a_turn_s_payloads_are_json_ready_and_stored_in_stage_order() -> None:
    session = Compressor(Config(use_embeddings=False)).session("p")
    added = session.add(Message(idx=0, role="user", text="A hotel in the north for 2 people, no smoking."))
    payloads = TurnPayloads(
        parse=added.parsed,
        extract=added.units,
        merge=MergePayload(changes=[FactChange(key="hotel.area", change="added", after="north")], facts=1),
        render=RenderPayload(served_tokens=14, raw_tokens=14),
    ).dump()
    assert list(payloads) == list(STAGES)
    assert payloads["parse"]["message"]["text"].startswith("A hotel")
    # a render that did not run keeps no text: Replay shows the compaction in effect instead
    assert payloads["render"] == {"compaction_seq": None, "served_tokens": 14, "raw_tokens": 14}
    traces = stage_traces(0, payloads, {"parse": 0.5, "merge": 0.1})
    assert [(t.stage, t.latency_ms) for t in traces] == [
        ("parse", 0.5), ("extract", None), ("merge", 0.1), ("render", None)
    ]  # fmt: skip
    ran = RenderPayload(text="[FACT:a=b]", tokens=5, label="Compaction #0 ran", compaction_seq=0).dump()
    assert ran["text"] == "[FACT:a=b]" and ran["compaction_seq"] == 0
    with pytest.raises(ValueError):
        RenderPayload(served_tokens=-1)
