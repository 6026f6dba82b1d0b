"""core.formats: one conversation in each format agents log gives the same Messages.

The fixtures under tests/core/data/formats/ are one travel-agent trace (system prompt, two parallel
calls, a failed call, an image, a plain-text result) written the way each SDK logs it: OpenAI chat
completion messages (``content: null`` beside ``tool_calls``, the SDK's null fields), Anthropic
``messages.create`` history (``tool_use`` / ``tool_result`` blocks, ``system`` as cached blocks),
and LangChain's ``messages_to_dict``, ``model_dump`` and ``dumpd`` output, generated with
langchain-core 1.8.1.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest

from core.formats import FormatError, detect_format, messages_from, read_record
from core.models import Attachment

pytestmark = pytest.mark.unit
DATA = Path(__file__).parent / "data" / "formats"


def load(name: str):
    return json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))


def dumped(messages, *exclude: str) -> list[dict]:
    return [m.model_dump(exclude=set(exclude)) for m in messages]


PROJECT = read_record(load("project_turns"))


@pytest.mark.parametrize(
    ("fixture", "fmt"),
    [
        ("openai_chat", "openai"),
        ("anthropic_messages", "anthropic"),
        ("langchain_messages_to_dict", "langchain"),
        ("langchain_model_dump", "langchain"),
        ("langchain_dumpd", "langchain"),
    ],
)
def test_the_same_trace_in_every_format_gives_the_same_messages(fixture, fmt):
    record = load(fixture)
    dialogue = read_record(record)
    assert (dialogue.format, detect_format(record)) == (fmt, fmt)
    assert dumped(dialogue.messages, "context_id") == dumped(PROJECT.messages, "context_id")
    assert dialogue.warnings == []


def test_the_project_trace_maps_as_the_rules_say():
    m = PROJECT.messages
    assert [x.idx for x in m] == list(range(10))
    roles = "system user assistant assistant tool tool assistant user assistant tool".split()
    assert [x.role for x in m] == roles
    # text and the first call on one turn, the second call on a turn of its own
    assert (m[2].text, m[2].tool_call.name, m[3].text, m[3].tool_call.name) == (
        "Let me search and check the weather.",
        "search_hotels",
        "",
        "get_weather",
    )
    assert m[4].tool_result.data == {"hotels": [{"name": "Casa Alfama", "price": 132, "ref": "HX-4471"}]}
    assert (m[5].tool_result.status, m[9].tool_result.data) == ("error", "Booked: confirmation LIS-889")
    assert m[7].attachments == [Attachment(label="image", text="(image not included)")]


def test_no_format_carries_an_image_or_file_data_into_the_messages():
    record = {
        "context_id": "c",
        "messages": [
            {
                "role": "user",
                "content": [
                    {"type": "text", "text": "look"},
                    {"type": "image_url", "image_url": {"url": "data:image/png;base64,SECRETBYTES"}},
                    {"type": "input_audio", "input_audio": {"data": "SECRETAUDIO", "format": "wav"}},
                    {"type": "file", "file": {"file_data": "SECRETFILE", "filename": "invoice.pdf"}},
                ],
            }
        ],
    }
    [message] = messages_from(record)
    assert message.text == "look"
    assert message.attachments == [
        Attachment(label="image", text="(image not included)"),
        Attachment(label="audio", text="(audio not included)"),
        Attachment(label="file", text="invoice.pdf"),
    ]
    assert "SECRET" not in json.dumps(message.model_dump(mode="json"))
    anthropic = load("anthropic_messages")
    assert "iVBORw0KGgo" not in json.dumps([m.model_dump(mode="json") for m in messages_from(anthropic)])


# --- OpenAI -----------------------------------------------------------------------------------------


def test_openai_arguments_that_are_not_json_are_named_by_field():
    record = load("openai_chat")
    record["messages"][7]["tool_calls"][0]["function"]["arguments"] = '{"ref": "HX-4471", '
    with pytest.raises(FormatError) as err:
        messages_from(record)
    assert str(err.value) == "messages[7].tool_calls[0].function.arguments: not valid JSON"
    record["messages"][7]["tool_calls"][0]["function"]["arguments"] = "[1, 2]"
    with pytest.raises(FormatError, match=r"arguments: expected a JSON object, got list"):
        messages_from(record)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda ms: ms[3].pop("tool_call_id"), "messages[3].tool_call_id: missing or not a string"),
        (lambda ms: ms[1].update(role="robot"), "messages[1].role: unknown role 'robot'"),
        (
            lambda ms: ms[1].update(content=42),
            "messages[1].content: expected a string, a list of parts or null",
        ),
        (
            lambda ms: ms[2]["tool_calls"][1].pop("id"),
            "messages[2].tool_calls[1].id: missing or not a string",
        ),
        (lambda ms: ms[6]["content"][0].pop("text"), "messages[6].content[0].text: missing or not a string"),
    ],
)
def test_openai_errors_name_the_message_and_field(change, words):
    record = load("openai_chat")
    change(record["messages"])
    with pytest.raises(FormatError) as err:
        messages_from(record)
    assert str(err.value).startswith(words)


def test_openai_legacy_function_call_pairs_with_its_function_result_and_developer_is_system():
    messages = messages_from(
        [
            {"role": "developer", "content": "Answer briefly."},
            {"role": "user", "content": "Weather in Oslo?"},
            {
                "role": "assistant",
                "content": None,
                "function_call": {"name": "weather", "arguments": '{"city": "Oslo"}'},
            },
            {"role": "function", "name": "weather", "content": '{"temp_c": -3}'},
            {"role": "assistant", "content": "It is -3 C."},
        ]
    )
    assert [m.role for m in messages] == ["system", "user", "assistant", "tool", "assistant"]
    assert messages[2].tool_call.args == {"city": "Oslo"}
    assert messages[3].tool_result.call_id == messages[2].tool_call.call_id
    assert messages[3].tool_result.data == {"temp_c": -3}


def test_an_assistant_message_with_null_content_and_no_calls_is_skipped_and_idx_stays_dense():
    warnings: list[str] = []
    messages = messages_from(
        {
            "context_id": "c",
            "messages": [
                {"role": "user", "content": "hi"},
                {"role": "assistant", "content": None, "tool_calls": []},
                {"role": "assistant", "content": [{"type": "refusal", "refusal": "I can't help with that."}]},
            ],
        },
        warnings=warnings,
    )
    assert [(m.idx, m.role, m.text) for m in messages] == [
        (0, "user", "hi"),
        (1, "assistant", "I can't help with that."),
    ]
    assert warnings == ["messages[1]: empty turn skipped"]


# --- Anthropic --------------------------------------------------------------------------------------


def test_anthropic_tool_results_come_first_then_the_text_of_the_same_user_message():
    messages = messages_from(
        {
            "context_id": "c",
            "system": "Be terse.",
            "messages": [
                {"role": "user", "content": "Two lookups please."},
                {
                    "role": "assistant",
                    "content": [
                        {"type": "thinking", "thinking": "I should call both.", "signature": "x"},
                        {"type": "tool_use", "id": "t1", "name": "a", "input": {}},
                        {"type": "tool_use", "id": "t2", "name": "b", "input": {"q": 1}},
                    ],
                },
                {
                    "role": "user",
                    "content": [
                        {"type": "tool_result", "tool_use_id": "t1", "content": "plain text out"},
                        {"type": "text", "text": "And hurry."},
                        {
                            "type": "tool_result",
                            "tool_use_id": "t2",
                            "content": [{"type": "text", "text": "[1, 2]"}],
                        },
                    ],
                },
            ],
        }
    )
    assert [(m.role, m.text) for m in messages] == [
        ("system", "Be terse."),
        ("user", "Two lookups please."),
        ("assistant", ""),
        ("assistant", ""),
        ("tool", ""),
        ("tool", ""),
        ("user", "And hurry."),
    ]
    assert [m.tool_result.data for m in messages[4:6]] == ["plain text out", [1, 2]]
    assert [m.tool_call.call_id for m in messages[2:4]] == ["t1", "t2"]


def test_anthropic_errors_name_the_block_and_field():
    record = load("anthropic_messages")
    record["messages"][2]["content"][1]["is_error"] = "yes"
    with pytest.raises(FormatError, match=r"^messages\[2\].content\[1\].is_error: expected true or false"):
        messages_from(record)
    record = load("anthropic_messages")
    record["messages"][1]["content"][1]["input"] = "city=Lisbon"
    with pytest.raises(
        FormatError, match=r"^messages\[1\].content\[1\].input: expected an object, got string"
    ):
        messages_from(record)


# --- LangChain --------------------------------------------------------------------------------------


def test_langchain_older_calls_in_additional_kwargs_and_chat_messages_are_read():
    messages = messages_from(
        [
            {"type": "chat", "role": "user", "content": "sum 2 and 3"},
            {
                "type": "ai",
                "content": "",
                "tool_calls": [],
                "additional_kwargs": {
                    "tool_calls": [
                        {
                            "id": "c1",
                            "type": "function",
                            "function": {"name": "add", "arguments": '{"a": 2, "b": 3}'},
                        }
                    ]
                },
            },
            {"type": "tool", "content": "5", "tool_call_id": "c1", "status": "success"},
        ]
    )
    assert [m.role for m in messages] == ["user", "assistant", "tool"]
    assert messages[1].tool_call.args == {"a": 2, "b": 3}
    assert (messages[2].tool_result.data, messages[2].tool_result.status) == (5, "ok")


# --- rules shared by every format -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("content", "data", "status"),
    [
        ('{"a": 1}', {"a": 1}, "ok"),
        ("plain words", "plain words", "ok"),
        ("", None, "ok"),
        ('{"error": "No such file: a.txt"}', {"error": "No such file: a.txt"}, "error"),
        ('{"error": "none", "rows": 3}', {"error": "none", "rows": 3}, "ok"),
        ('"quoted"', "quoted", "ok"),
    ],
)
def test_a_result_is_parsed_and_its_status_inferred_the_same_way_in_every_format(content, data, status):
    records = {
        "openai": [{"role": "tool", "tool_call_id": "c1", "content": content}],
        "anthropic": {
            "messages": [
                {
                    "role": "user",
                    "content": [{"type": "tool_result", "tool_use_id": "c1", "content": content}],
                }
            ]
        },
        "langchain": [{"type": "tool", "content": content, "tool_call_id": "c1"}],
    }
    for fmt, record in records.items():
        [message] = messages_from(record)
        assert (message.role, message.tool_result.data, message.tool_result.status) == (
            "tool",
            data,
            status,
        ), fmt


def test_the_project_format_keeps_a_status_it_states_and_infers_a_missing_one():
    def status(result: dict) -> str:
        turns = [{"role": "tool", "text": "", "tool_result": {"call_id": "c1", **result}}]
        return messages_from({"context_id": "c", "turns": turns})[0].tool_result.status

    assert status({"data": {"error": "boom"}}) == "error"
    assert status({"status": "ok", "data": {"error": "boom"}}) == "ok"
    assert status({"status": "error", "data": "Traceback ..."}) == "error"


def test_a_time_without_a_zone_is_utc_in_every_format():
    naive, shanghai = "2025-03-01T09:00:00", "2025-03-01T17:00:00+08:00"
    expected = [datetime(2025, 3, 1, 9, tzinfo=UTC)] * 2
    for record in (
        {
            "turns": [
                {"role": "user", "text": "a", "ts": naive},
                {"role": "user", "text": "b", "ts": shanghai},
            ]
        },
        [
            {"role": "user", "content": "a", "ts": naive},
            {"role": "user", "content": "b", "timestamp": shanghai},
        ],
        [{"type": "human", "content": "a", "ts": naive}, {"type": "human", "content": "b", "ts": shanghai}],
    ):
        times = [m.ts for m in messages_from(record)]
        assert times == expected and times[1].utcoffset() == timedelta(hours=8)
        assert times[0].tzinfo is UTC and times[1].tzinfo == timezone(timedelta(hours=8))


@pytest.mark.parametrize(
    ("record", "words"),
    [
        ([1, 2, 3], "expected a JSON object, got list"),
        ({"context_id": "c", "messages": []}, "field 'messages' is empty"),
        ({"context_id": "c"}, "field 'turns' is missing or not a list"),
        ({"context_id": "c", "messages": [{"role": "user", "content": "  "}]}, "every turn is empty"),
        ([{"type": "alien", "content": "x"}], "[0].role: missing or not a string"),
    ],
)
def test_unusable_records_are_refused_with_what_and_where(record, words):
    with pytest.raises(FormatError) as err:
        messages_from(record, where="[4]")
    assert str(err.value).startswith("[4]") and words in str(err.value)


def test_the_core_does_not_import_langchain():
    import subprocess
    import sys

    code = "import sys, core.formats, core.cli; print(sorted(m for m in sys.modules if m[:9] == 'langchain'))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_a_top_level_system_prompt_beside_openai_messages_is_kept_and_they_read_as_openai():
    record = load("openai_chat")
    record["messages"] = record["messages"][1:]
    record["system"] = "You are a travel agent. Never book without confirmation."
    dialogue = read_record(record)
    assert dialogue.format == "openai"
    assert dumped(dialogue.messages, "context_id") == dumped(PROJECT.messages, "context_id")
