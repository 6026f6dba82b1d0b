"""core.formats files and round trips: JSONL with a format per line, JSON arrays (of records or of
messages), bad records named by line, index and field; and every BFCL cut written as OpenAI chat,
Anthropic Messages and LangChain dicts reads back as the same Messages.

The BFCL traces are ../shared/data/agent_traces (BFCL multi-turn base, Apache-2.0, see its
README); without ../shared the five cuts committed in tests/core/data/bfcl_base_sample.jsonl run.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.formats import Dialogue, DialogueError, read_file, read_record, read_text
from core.formats.convert import result_text, to_anthropic, to_langchain, to_openai
from core.models import Message, ToolCall, ToolResult

pytestmark = pytest.mark.unit
HERE = Path(__file__).parent
SHARED = HERE.parents[1] / ".." / "shared" / "data" / "agent_traces" / "bfcl_base_dev.jsonl"
BFCL = SHARED if SHARED.is_file() else HERE / "data" / "bfcl_base_sample.jsonl"
FIXTURES = HERE / "data" / "formats"


def fixture(name: str) -> dict:
    return json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))


def comparable(messages: list[Message]) -> list[dict]:
    """What every format carries: everything but the time."""
    return [m.model_dump(exclude={"ts"}) for m in messages]


WRITERS = {
    "openai": lambda ms: {"messages": to_openai(ms)},
    "anthropic": to_anthropic,
    "langchain": lambda ms: {"messages": to_langchain(ms)},
}


def test_every_bfcl_cut_reads_back_the_same_from_openai_anthropic_and_langchain():
    cuts = [d for d in read_file(BFCL)]
    assert all(isinstance(d, Dialogue) for d in cuts)
    if BFCL == SHARED:
        assert len(cuts) == 531
    for fmt, write in WRITERS.items():
        for cut in cuts:
            record = json.loads(json.dumps({"context_id": cut.context_id, **write(cut.messages)}))
            back = read_record(record)
            assert back.format == fmt, cut.context_id
            assert comparable(back.messages) == comparable(cut.messages), (fmt, cut.context_id)


def test_the_written_formats_look_as_the_sdks_log_them():
    cut = next(d for d in read_file(BFCL) if any(m.tool_call for m in d.messages))
    openai = to_openai(cut.messages)
    call = next(m for m in openai if m.get("tool_calls"))
    assert call["content"] is None and call["tool_calls"][0]["type"] == "function"
    assert isinstance(call["tool_calls"][0]["function"]["arguments"], str)
    anthropic = to_anthropic(cut.messages)["messages"]
    assert {m["role"] for m in anthropic} <= {"user", "assistant"}
    assert any(
        b.get("type") == "tool_result"
        for m in anthropic
        if isinstance(m["content"], list)
        for b in m["content"]
    )


def test_parallel_calls_results_and_a_failed_call_survive_every_format():
    def turn(role: str, text: str = "", call: ToolCall | None = None, result: ToolResult | None = None):
        return dict(role=role, text=text, tool_call=call, tool_result=result)

    turns = [
        turn("system", "You manage files."),
        turn("user", "Remove a.txt and list the folder."),
        turn("assistant", "Doing both.", ToolCall(call_id="1", name="rm", args={"f": "a"})),
        turn("assistant", "", ToolCall(call_id="2", name="ls", args={})),
        turn("tool", result=ToolResult(call_id="1", status="error", data={"error": "No such file"})),
        turn("tool", result=ToolResult(call_id="2", data=["b.txt", "c.txt"])),
        turn("user", "Then print 42."),
        turn("assistant", "", ToolCall(call_id="3", name="echo", args={"s": "42"})),
        turn("tool", result=ToolResult(call_id="3", data="42")),
        turn("tool", result=ToolResult(call_id="4", data=None)),
    ]
    messages = [Message(context_id="c", idx=i, **t) for i, t in enumerate(turns)]
    for fmt, write in WRITERS.items():
        back = read_record(json.loads(json.dumps({"context_id": "c", **write(messages)})))
        assert comparable(back.messages) == comparable(messages), fmt
    assert result_text("42") == '"42"' and result_text("plain") == "plain" and result_text(None) == ""


def test_a_jsonl_file_may_mix_formats_line_by_line(tmp_path):
    records = [
        fixture("project_turns"),
        fixture("openai_chat"),
        fixture("anthropic_messages"),
        fixture("langchain_messages_to_dict"),
    ]
    for n, record in enumerate(records):
        record["context_id"] = f"trip-{n}"
    path = tmp_path / "mixed.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in records) + "\n", encoding="utf-8")
    dialogues = list(read_file(path))
    assert [(d.line, d.format, d.context_id) for d in dialogues] == [
        (1, "turns", "trip-0"),
        (2, "openai", "trip-1"),
        (3, "anthropic", "trip-2"),
        (4, "langchain", "trip-3"),
    ]
    first = [m.model_dump(exclude={"context_id"}) for m in dialogues[0].messages]
    assert all([m.model_dump(exclude={"context_id"}) for m in d.messages] == first for d in dialogues)


def test_a_json_array_of_records_names_a_bad_element_by_line_and_index_and_keeps_the_rest(tmp_path):
    good = fixture("openai_chat")
    bad = fixture("anthropic_messages")
    bad["messages"][1]["content"][1].pop("name")
    path = tmp_path / "records.json"
    path.write_text(json.dumps([good, bad, {**good, "context_id": "second"}], indent=2), encoding="utf-8")
    items = list(read_file(path))
    assert [type(i).__name__ for i in items] == ["Dialogue", "DialogueError", "Dialogue"]
    error = items[1]
    bad_line = 1 + path.read_text().split("\n").index("  {", 2)
    assert error.line == bad_line and items[0].line == 2 and items[2].line > bad_line
    assert error.detail == "[1].messages[1].content[1].name: missing or not a string"
    assert error.field == "[1].messages[1].content[1].name"
    assert str(error) == f"line {bad_line}: [1].messages[1].content[1].name: missing or not a string"


def test_a_json_array_of_messages_is_one_conversation_and_so_is_a_pretty_printed_object(tmp_path):
    messages = fixture("openai_chat")["messages"]
    array = tmp_path / "one.json"
    array.write_text(json.dumps(messages, indent=2), encoding="utf-8")
    [dialogue] = list(read_file(array))
    assert dialogue.format == "openai" and len(dialogue.messages) == 10
    pretty = tmp_path / "pretty.json"
    pretty.write_text("\n\n" + json.dumps(fixture("anthropic_messages"), indent=2), encoding="utf-8")
    [dialogue] = list(read_file(pretty))
    assert (dialogue.line, dialogue.format, dialogue.context_id) == (3, "anthropic", "lisbon-trip")
    # the same through the text reader the playground uses
    assert [d.context_id for d in read_text(pretty.read_text())] == ["lisbon-trip"]


def test_a_bad_line_names_its_field_and_the_other_lines_are_read(tmp_path):
    good = json.dumps(fixture("langchain_messages_to_dict"))
    bad = fixture("openai_chat")
    bad["messages"][2]["tool_calls"][0]["function"]["arguments"] = "{city: Lisbon}"
    path = tmp_path / "in.jsonl"
    path.write_text(
        "\n".join([good, json.dumps(bad), "", good.replace("lisbon-trip", "b")]), encoding="utf-8"
    )
    items = list(read_file(path))
    assert [(type(i).__name__, i.line) for i in items] == [
        ("Dialogue", 1),
        ("DialogueError", 2),
        ("Dialogue", 4),
    ]
    assert str(items[1]) == "line 2: messages[2].tool_calls[0].function.arguments: not valid JSON"


def test_an_empty_json_array_and_a_jsonl_of_bare_message_lists(tmp_path):
    empty = tmp_path / "empty.json"
    empty.write_text("[]\n", encoding="utf-8")
    assert [str(e) for e in read_file(empty)] == ["line 1: the JSON array is empty"]
    lines = tmp_path / "lists.jsonl"
    convo = [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "hello"}]
    lines.write_text(json.dumps(convo) + "\n" + json.dumps(convo[:1]) + "\n", encoding="utf-8")
    assert [len(d.messages) for d in read_file(lines)] == [2, 1]
    assert isinstance(next(iter(read_text("[1, 2]\n{}"))), DialogueError)


def test_the_same_trace_in_every_format_gives_a_byte_identical_context():
    """Compacted with the real pipeline (rules only, for speed), each format's context is the
    project format's, byte for byte, on the long-context traces too when they are here."""
    from core.compressor import Compressor
    from core.config import Config

    long_file = SHARED.with_name("bfcl_long_context_dev.jsonl")
    files = [BFCL, long_file] if long_file.is_file() else [BFCL]
    compressor = Compressor(Config(use_embeddings=False))
    checked = 0
    for path in files:
        for line in path.read_text(encoding="utf-8").splitlines()[::40]:
            record = json.loads(line)
            base = read_record(record).messages
            want = compressor.compress(base, context_id="same").context.text
            for name, write in WRITERS.items():
                converted = read_record({"context_id": record["context_id"], **write(base)}).messages
                got = compressor.compress(converted, context_id="same").context.text
                assert got == want, (name, record["context_id"])
            checked += 1
    assert checked >= 1


def test_one_error_class_names_file_line_and_field() -> None:
    # every reader (CLI, ingest, playground, benchmark) raises this one class
    assert str(DialogueError(0, "the transcript is empty")) == "the transcript is empty"
    assert str(DialogueError(0, "no conversations", file="d.jsonl")) == "d.jsonl: no conversations"
    err = DialogueError(3, "turns[1].role: unknown role 'robot'", "turns[1].role", file="d.jsonl")
    assert str(err) == "d.jsonl: line 3: turns[1].role: unknown role 'robot'"
    assert (err.line, err.field, err.file) == (3, "turns[1].role", "d.jsonl")


def test_a_records_other_fields_are_kept_beside_its_messages() -> None:
    line = json.dumps(
        {
            "context_id": "g1",
            "source": "sgd",
            "turns": [{"role": "user", "text": "Two tickets please."}],
            "gold": {"final_state": {"train.people": "2"}},
            "services": ["trains"],
        }
    )
    (dialogue,) = list(read_text(line))
    assert dialogue.extra == {"gold": {"final_state": {"train.people": "2"}}, "services": ["trains"]}
    assert dialogue.source == "sgd" and [m.text for m in dialogue.messages] == ["Two tickets please."]
