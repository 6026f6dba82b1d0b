"""Reading the dialogue file, and chaining conversations into one long session."""

from __future__ import annotations

import itertools
import re

import pytest

from bench.conversations import conversation_from_record, load_conversations
from bench.long_session import chain_conversations
from core.formats import DialogueError
from core.render import raw_history
from tests.bench.helpers import conversation, record, write_jsonl

pytestmark = pytest.mark.unit


def test_load_conversations_reads_turns_gold_and_limit(tmp_path):
    path = write_jsonl(tmp_path / "d.jsonl", [record("a"), record("b"), record("c")])
    convs = load_conversations(path, limit=2)
    assert [c.context_id for c in convs] == ["a", "b"]
    assert convs[0].messages[2].text == "Three nights, for 2 people."
    assert convs[0].messages[2].tokens > 0
    assert convs[0].raw_text.startswith("user: I need a hotel in the north.\nassistant: How many nights?")


@pytest.mark.parametrize(
    "line, message",
    [
        ("{not json", "d.jsonl: line 2: invalid JSON"),
        ('{"context_id": "x", "turns": []}', "d.jsonl: line 2: field 'turns' is empty"),
        ('{"context_id": "x", "turns": [{"role": "robot", "text": "hi"}]}', "2: turns[0].role: unknown role"),
        ('{"context_id": "x", "turns": [{"role": "user", "text": "hi"}], "gold": [1]}', "'gold' must"),
    ],
)
def test_a_bad_line_is_named_by_file_and_line(tmp_path, line, message):
    path = tmp_path / "d.jsonl"
    path.write_text('{"context_id": "ok", "turns": [{"role": "user", "text": "hi"}]}\n' + line + "\n")
    with pytest.raises(DialogueError, match=re.escape(message)):
        load_conversations(path)


def test_chain_renumbers_turns_orders_times_and_namespaces_slots():
    a = conversation("a")
    b = conversation(
        "b",
        final_state={"hotel.area": "south"},
        turns=[("user", "Now a hotel in the south."), ("assistant", "Done.")],
    )
    chain = chain_conversations([a, b], "chain-1")
    assert [m.idx for m in chain.messages] == list(range(8))
    assert {m.context_id for m in chain.messages} == {"chain-1"}
    stamps = [m.ts for m in chain.messages]
    assert all(x < y for x, y in itertools.pairwise(stamps))
    assert chain.tasks == [
        [("t00/hotel.area", "north"), ("t00/hotel.people", "2")],
        [("t01/hotel.area", "south")],
    ]
    assert chain.task_ids == ["a", "b"]


def test_the_raw_side_of_the_token_reduction_pays_for_tool_calls_and_results():
    """The raw history counts a tool call and its result as raw mode serves them: the free-form
    set's reduction was -16% when only the turns' texts were counted."""
    call = {"name": "weather", "args": {"city": "Paris"}, "call_id": "c1"}
    result = {"call_id": "c1", "data": {"temp_c": 14, "sky": "rain"}}
    line = {
        "context_id": "tools-1",
        "turns": [
            {"role": "user", "text": "What is the weather in Paris tomorrow?"},
            {"role": "assistant", "text": "", "tool_call": call},
            {"role": "tool", "text": "", "tool_result": result},
            {"role": "assistant", "text": "Rain, 14 degrees."},
        ],
    }
    conv = conversation_from_record(line)
    compact = conv.raw_text.replace(" ", "")
    assert '"city":"Paris"' in compact and '"temp_c":14' in compact
    assert conv.raw_text == raw_history(conv.messages)
