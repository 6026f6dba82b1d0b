"""The live session's raw token count kept turn by turn equals the whole history's count, on real
dialogues and agent traces (English, Chinese, tool calls and results, attachments) and on lines
built to sit on the tokeniser's boundaries (a line ending in punctuation, spaces or newlines)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from console.service.formats import messages_from_body
from console.service.raw_tokens import RawCount
from core.models import Message
from core.render import raw_history
from core.tokens import count_tokens

ROOT = Path(__file__).resolve().parents[3]
FILES = [
    ROOT / "data" / "samples" / name
    for name in ("multiwoz_sample.jsonl", "crosswoz_sample.jsonl", "sgd_sample.jsonl", "bfcl_sample.jsonl")
] + sorted((ROOT.parent / "shared" / "data" / "agent_traces").glob("bfcl_long_context_dev.jsonl"))


def _check(messages: list[Message]) -> None:
    raw = RawCount()
    for n, message in enumerate(messages, 1):
        raw.add(message)
        assert raw.tokens() == count_tokens(raw_history(messages[:n])), f"after {n} turns"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_the_count_kept_turn_by_turn_is_the_whole_count(path: Path) -> None:
    lines = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()][:8]
    assert lines
    for dialogue in lines:
        turns = [
            {k: t[k] for k in ("role", "text", "tool_call", "tool_result") if t.get(k) is not None}
            for t in dialogue["turns"]
        ]
        _check(messages_from_body(turns, "raw-count"))


def test_lines_ending_on_the_tokenisers_boundaries() -> None:
    texts = ["Done.", "ok  ", "trailing newline\n", "a\r\n", "", "42", "?!", "'s", "好的。", "x\n\n", " lead"]
    roles = ("user", "assistant", "tool", "system")
    messages = [Message(idx=i, role=roles[i % 4], text=t) for i, t in enumerate(texts)]
    _check(messages)
    _check(list(reversed([m.model_copy(update={"idx": i}) for i, m in enumerate(messages)])))
