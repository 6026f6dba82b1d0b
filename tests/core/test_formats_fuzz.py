"""Any JSON shaped roughly like a trace, in any of the formats, is read or refused by name: a
Dialogue with dense idx, or a FormatError naming a field; never another exception."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from core.formats import DialogueError, FormatError, parse_line, read_record

pytestmark = pytest.mark.unit

KEYS = [
    "role", "type", "content", "text", "tool_calls", "tool_call_id", "function", "name", "arguments",
    "id", "input", "tool_use_id", "is_error", "data", "args", "status", "ts", "function_call",
    "tool_call", "tool_result", "call_id", "attachments", "label", "image_url", "source", "system",
]  # fmt: skip
WORDS = [
    "user", "assistant", "tool", "system", "developer", "function", "human", "ai", "chat", "text",
    "tool_use", "tool_result", "image", "image_url", "thinking", "refusal", "error", "ok",
    '{"a": 1}', '{"error": "x"}', "[1, 2]", "", "2025-03-01T09:00:00", "not json {",
]  # fmt: skip
scalars = st.none() | st.booleans() | st.integers(-3, 3) | st.sampled_from(WORDS) | st.text(max_size=8)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(KEYS), inner, max_size=5),
    max_leaves=25,
)
messages = st.lists(st.dictionaries(st.sampled_from(KEYS), values, max_size=6), max_size=5)
records = st.one_of(
    messages,
    st.fixed_dictionaries({"context_id": st.just("c"), "messages": messages}),
    st.fixed_dictionaries({"context_id": st.just("c"), "turns": messages}),
    st.fixed_dictionaries({"context_id": st.just("c"), "system": values, "messages": messages}),
    values,
)


@settings(
    max_examples=200, deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck)
)
@given(records)
@example([{"role": []}])
@example([{"role": "user", "content": [{"type": ["tool_use"]}]}])
@example([{"type": "chat", "data": {"role": {}}}])
def test_any_record_is_a_dialogue_or_a_named_error(record):
    try:
        dialogue = read_record(record)
    except FormatError as exc:
        assert str(exc)
    else:
        assert [m.idx for m in dialogue.messages] == list(range(len(dialogue.messages)))
        assert all(m.ts is None or m.ts.tzinfo is not None for m in dialogue.messages)
        json.dumps([m.model_dump(mode="json") for m in dialogue.messages])
    try:
        parse_line(json.dumps(record), 9)
    except DialogueError as exc:
        assert exc.line == 9 and exc.detail
