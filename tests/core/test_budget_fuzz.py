"""Budgets that hold on fuzzed sizes (issue 13 item 2): whatever the sizes of the turns and tool
results, a compaction renders within target_compressed_tokens, a compressed context is never larger
than the raw history, and any served context fits the history budget."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from core.compressor import Compressor
from core.config import Config
from core.models import Message, ToolCall, ToolResult

pytestmark = pytest.mark.unit
CONFIG = Config(use_embeddings=False, target_compressed_tokens=600, window_tokens=14000)

turn = st.tuples(
    st.sampled_from(["user", "assistant", "tool"]),
    st.integers(min_value=0, max_value=60_000),  # characters: from nothing to ~15k tokens
    st.integers(min_value=0, max_value=3000),  # rows of a tool result
)


def build(turns: list[tuple[str, int, int]]) -> list[Message]:
    out: list[Message] = []
    for i, (role, chars, rows) in enumerate(turns):
        text = ("Please keep the budget under 40 euros and deliver by Friday. " * (chars // 60 + 1))[:chars]
        if role == "tool":
            cid = f"c{i}"
            out.append(
                Message(idx=len(out), role="assistant", tool_call=ToolCall(call_id=cid, name="list_items"))
            )
            data = {"items": [{"id": f"I{r}", "text": text[:200]} for r in range(rows)]}
            out.append(Message(idx=len(out), role="tool", tool_result=ToolResult(call_id=cid, data=data)))
        else:
            out.append(Message(idx=len(out), role=role, text=text or "ok"))
    return out


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(turn, min_size=1, max_size=12))
@example([("tool", 0, 85)])  # a digest of JSON rows is more tokens per character than prose
# a said line filled to the hard budget once left no room for the separator (601 tokens of 600)
@example([("user", 765, 0), ("user", 0, 0), ("tool", 20, 11), ("assistant", 62, 0), ("tool", 0, 35)])
def test_a_context_never_exceeds_its_budget(turns):
    result = Compressor(CONFIG).compress(build(turns), context_id="fuzz")
    view = result.context
    assert view.tokens <= CONFIG.history_budget
    if result.rendered is not None and not result.record.failed:
        assert result.rendered.tokens <= CONFIG.target_compressed_tokens
    if view.mode == "compressed":
        assert view.tokens <= CONFIG.target_compressed_tokens
        assert view.tokens < result.tokens_raw
