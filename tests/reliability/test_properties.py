"""Property tests: thousands of generated inputs to the parse stage, the dialogue reader, the
corrections CSV reader and the config loaders. None may crash; the only errors allowed are the
project's own typed ones (DialogueError, ConfigError, a ParsedCsv with named errors), which
name what is wrong. Every example is counted into docs/reliability.md.
"""

from __future__ import annotations

import json
import os
import string
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from console.services.config_edit import parse_config_text
from console.services.config_fields import check_edit, console_checks
from console.services.csv_corrections import read_corrections_csv
from core.cli import load_dialogues
from core.config import Config, ConfigError, load_config
from core.formats import Dialogue, DialogueError, parse_line
from core.models import Attachment, Message, ParsedMessage, ToolCall, ToolResult
from core.parse import parse_message
from tests.reliability.cases import NUMBERS, covers
from tests.reliability.conftest import long_run

pytestmark = pytest.mark.unit
EXAMPLES = 3000 if long_run() else 500
# Deterministic: the same examples on every run and machine (no example database, a fixed seed),
# so `make test` and the doc's numbers do not depend on luck. RELIABILITY_EXPLORE=1 explores anew.
EXPLORE = os.environ.get("RELIABILITY_EXPLORE", "") == "1"
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=not EXPLORE,
    database=None if not EXPLORE else settings.default.database,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)

# --- strategies -------------------------------------------------------------------------------------

WORDS = (
    "book a table for 2 at 7pm tomorrow next Wednesday 3:30 noon 12/31 2025-03-14 Feb 30 25:61 $5,000 5k "
    "800 dollars 2 hours no cilantro not spicy must never cheap north centre Paris flight hotel ref AB12CD "
    "call me at 408-971-8523 a@b.co http://x.y 99999999999999999999 1e309 0 -1 % ¥ € actually instead "
    "sorry I meant 北京 上海 下周三 下午3点 明天 不要 香菜 5000元 两个人 预算 三星级 酒店 航班 取消 改成"
).split()
PUNCT = [
    ",",
    ".",
    "?",
    "!",
    "，",
    "。",
    "？",
    "：",
    ";",
    "-",
    "+",
    "=",
    "@",
    "\n",
    "\t",
    "\x00",
    "\x1b",
    "  ",
]
texts = st.one_of(
    st.text(max_size=300),
    st.lists(st.sampled_from(WORDS + PUNCT), max_size=60).map(" ".join),
    st.text(
        alphabet=st.sampled_from(string.printable + "北京下午点元不要，。\x00\x07\u202e🙂"), max_size=200
    ),
)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)
datetimes = st.none() | st.datetimes(
    min_value=datetime(1900, 1, 1), max_value=datetime(2200, 1, 1), timezones=st.none() | st.just(UTC)
)
messages = st.builds(
    Message,
    context_id=st.text(max_size=20),
    idx=st.integers(0, 10_000),
    role=st.sampled_from(["user", "assistant", "tool", "system"]),
    text=texts,
    ts=datetimes,
    tool_call=st.none()
    | st.builds(
        ToolCall,
        call_id=st.text(max_size=10),
        name=st.text(max_size=20),
        args=st.dictionaries(st.text(max_size=10), json_values, max_size=4),
    ),
    tool_result=st.none()
    | st.builds(
        ToolResult, call_id=st.text(max_size=10), status=st.sampled_from(["ok", "error"]), data=json_values
    ),
    attachments=st.lists(st.builds(Attachment, label=st.text(max_size=10), text=texts), max_size=2),
)
turns = st.fixed_dictionaries(
    {},
    optional={
        "idx": json_values,
        "role": st.sampled_from(["user", "assistant", "tool", "system", "Human", "用户", "bot", "wizard", ""])
        | json_values,
        "text": texts | json_values,
        "content": texts,
        "ts": st.sampled_from(["2025-03-01T09:00:00Z", "yesterday", "", "2025-13-45"]) | json_values,
        "tool_call": json_values
        | st.fixed_dictionaries(
            {"call_id": st.text(max_size=5), "name": st.text(max_size=5), "args": json_values}
        ),
        "tool_result": json_values
        | st.fixed_dictionaries(
            {
                "call_id": st.text(max_size=5),
                "status": st.sampled_from(["ok", "error", "??"]),
                "data": json_values,
            }
        ),
        "attachments": json_values
        | st.lists(st.fixed_dictionaries({"label": st.text(max_size=5), "text": texts}), max_size=2),
    },
)
conversations = st.fixed_dictionaries(
    {},
    optional={
        "context_id": st.text(max_size=20) | json_values,
        "turns": st.lists(turns | json_values, max_size=5) | json_values,
        "source": json_values,
        "lang": json_values,
        "gold": json_values,
    },
)
dialogue_lines = st.one_of(
    conversations.map(lambda c: json.dumps(c, ensure_ascii=False)),
    conversations.map(lambda c: json.dumps(c)[: len(json.dumps(c)) // 2]),  # cut off mid-line
    st.text(max_size=200),
)

FIELDS = list(Config.model_fields)
config_values = st.one_of(
    json_values,
    st.integers(-(10**6), 10**6),
    st.floats(-10, 10) | st.sampled_from([0.0, 1.0, -0.0, float("inf"), float("nan")]),
    st.lists(st.floats(-2, 2) | st.just(float("nan")), max_size=4),
    st.sampled_from(["UTC", "Asia", "Asia/Shanghai", "", "key_sentence", "raw", "x" * 300, "../etc"]),
)
config_dicts = st.dictionaries(
    st.sampled_from([*FIELDS, "max_history_tokens", "unknown_setting"]) | st.text(max_size=10),
    config_values,
    max_size=8,
)


def toml_text(body: dict) -> str:
    """A TOML-ish rendering of a dict (scalars and lists; what cannot be written becomes a string)."""
    lines = []
    for key, value in body.items():
        try:
            rendered = json.dumps(value, allow_nan=True)
        except (TypeError, ValueError):
            rendered = json.dumps(str(value))
        rendered = rendered.replace("null", '""').replace("NaN", "nan")
        lines.append(f"{json.dumps(key)} = {rendered}")
    return "\n".join(lines)


# --- the properties ---------------------------------------------------------------------------------


@covers("Bad input: property tests", "parse_message: any message parses")
@FUZZ
@given(messages, st.none() | st.sampled_from(["restaurant", "hotel", "flight", "train"]))
def test_parse_message_never_crashes(message, prev_domain):
    parsed = parse_message(message, prev_domain)
    assert isinstance(parsed, ParsedMessage)
    NUMBERS.add("inputs fuzzed: core.parse.parse_message", 1)


@covers("Bad input: property tests", "dialogue line: a Dialogue or a DialogueError naming the line")
@FUZZ
@given(dialogue_lines, st.integers(1, 10**6))
@example("[" * 50_000, 7)
@example(
    '{"context_id": "a", "turns": [{"role": "user", "text": "hi", "tool_call": '
    + "[" * 900
    + "]" * 900
    + "}]}",
    3,
)
def test_a_dialogue_line_is_a_dialogue_or_a_dialogue_error(line, line_no):
    try:
        dialogue = parse_line(line, line_no)
    except DialogueError as exc:
        assert exc.line == line_no and str(exc).startswith(f"line {line_no}: ") and exc.detail
    else:
        assert isinstance(dialogue, Dialogue) and dialogue.messages
        assert all(m.context_id == dialogue.context_id for m in dialogue.messages)
    NUMBERS.add("inputs fuzzed: core.formats.parse_line", 1)


@covers("Bad input: property tests", "dialogue file of any bytes: every line a Dialogue or a named error")
@settings(FUZZ, max_examples=max(200, EXAMPLES // 5))
@given(st.lists(st.binary(max_size=80) | dialogue_lines.map(str.encode), max_size=6))
def test_a_dialogue_file_of_any_bytes_reads_line_by_line(tmp_path_factory, lines):
    path = Path(tmp_path_factory.mktemp("fuzz")) / "in.jsonl"
    path.write_bytes(b"\n".join(lines))
    for item in load_dialogues(path):
        assert isinstance(item, (Dialogue, DialogueError))
        if isinstance(item, DialogueError):
            assert item.line >= 1 and item.detail
    NUMBERS.add("inputs fuzzed: core.cli.load_dialogues (files)", 1)


@covers("Bad input: property tests", "corrections CSV of any bytes: a result, never an exception")
@FUZZ
@given(
    st.binary(max_size=600) | st.text(max_size=300).map(lambda t: ("context_id,key,new_value\n" + t).encode())
)
def test_the_csv_reader_takes_any_bytes(data):
    parsed = read_corrections_csv(data, actor="ana")
    assert parsed.file_error is not None or all(c.row >= 2 for c in parsed.corrections)
    assert all(e.line >= 0 and e.error for e in parsed.errors)
    NUMBERS.add("inputs fuzzed: read_corrections_csv", 1)


_cells = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=12) | st.sampled_from(
    ['"', '""', "'=1", "=1", "a,b", "a;b", "\n", "\r\n", " ", "\x00", "'"]
)


@covers("Bad input: property tests", "CSV under a valid header: every row a correction or a named error")
@FUZZ
@given(
    st.sampled_from([",", ";", "\t"]),
    st.permutations(["context_id", "key", "new_value", "reason"]),
    st.lists(st.lists(_cells, max_size=6), max_size=10),
    st.sampled_from(["utf-8", "utf-8-sig", "utf-16", "utf-16-le", "utf-16-be"]),
)
# UTF-16 without a BOM whose other bytes hold NULs too (a U+0000 cell; CJK such as U+4E00 = 4E 00)
@example(",", ["context_id", "key", "new_value", "reason"], [["\x00", "\x00"]], "utf-16-le")
@example(
    ";", ["context_id", "key", "new_value", "reason"], [["c1", "k", "一丁七万丈三上下"]] * 3, "utf-16-le"
)
@example("\t", ["key", "context_id", "reason", "new_value"], [["\x00"] * 4] * 2, "utf-16-be")
def test_every_csv_row_is_a_correction_or_a_named_error(sep, header, rows, encoding):
    text = "\n".join([sep.join(header), *(sep.join(cells) for cells in rows)])
    parsed = read_corrections_csv(text.encode(encoding), actor="ana")
    assert parsed.file_error is None
    seen = [c.row for c in parsed.corrections] + [e.line for e in parsed.errors]
    assert len(seen) == len(set(seen)) == parsed.rows
    assert all(c.context_id and c.key and c.new_value for c in parsed.corrections)
    NUMBERS.add("inputs fuzzed: read_corrections_csv (tables)", 1)


def _loaded_or_named(load) -> Config | None:
    try:
        config = load()
    except ConfigError as exc:
        assert str(exc)
        return None
    assert isinstance(config, Config)
    assert isinstance(console_checks(config), dict)  # the console's extra checks never raise either
    return config


@covers("Bad input: property tests", "config loader: a Config or a ConfigError naming the field")
@FUZZ
@given(config_dicts, st.sampled_from(["json", "toml"]))
@example({"timezone": "Asia"}, "json")
@example({"timezone": "x" * 5000}, "toml")
def test_the_config_loader_gives_a_config_or_a_config_error(body, fmt):
    text = json.dumps(body, allow_nan=True) if fmt == "json" else toml_text(body)
    _loaded_or_named(lambda: load_config(text=text, fmt=fmt))
    _loaded_or_named(lambda: parse_config_text(text, f"upload.{fmt}"))
    NUMBERS.add("inputs fuzzed: core.config.load_config", 1)


@covers("Bad input: property tests", "config text of any kind: a Config or a ConfigError")
@FUZZ
@given(
    st.text(max_size=300)
    | st.sampled_from(["[" * 5000, "a = " + "[" * 5000, "a = " + "{b=" * 3000, "{}" * 3])
)
def test_any_config_text_gives_a_config_or_a_config_error(text):
    _loaded_or_named(lambda: load_config(text=text))
    _loaded_or_named(lambda: load_config(text=text, fmt="json"))
    NUMBERS.add("inputs fuzzed: core.config.load_config (text)", 1)


@covers("Bad input: property tests", "config editor: any edit gives named errors or a config")
@FUZZ
@given(
    st.dictionaries(
        st.sampled_from(FIELDS) | st.text(max_size=8), config_values | st.text(max_size=20), max_size=6
    )
)
def test_any_config_edit_is_checked_without_crashing(edits):
    result = check_edit(Config(), edits)
    assert result.ok or (result.errors and all(result.errors.values()))
    NUMBERS.add("inputs fuzzed: console config editor", 1)
