"""count_joined: the tokens of joined parts from the parts' own counts, exactly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.formats import messages_from
from core.models import Message
from core.render import message_line, turn_tokens
from core.tokens import count_joined, count_tokens

SAMPLES = Path(__file__).resolve().parents[2] / "data" / "samples"


def _corpus_messages() -> list[Message]:
    """The first dialogues of each committed sample (English, Chinese, tool calls and results)."""
    out: list[Message] = []
    for name in ("multiwoz_sample.jsonl", "crosswoz_sample.jsonl", "sgd_sample.jsonl", "bfcl_sample.jsonl"):
        lines = (SAMPLES / name).read_text(encoding="utf-8").splitlines()
        for line in [x for x in lines if x.strip()][:10]:
            out += messages_from(json.loads(line)["turns"], name)
    return out


@pytest.mark.parametrize(
    "parts",
    [
        ["user: hello", "assistant: hi"],
        ['[FACT:hotel.city=Cambridge]', "--- recent turns ---", "user: book it"],
        ["assistant: <result ok {\"a\": [1, 2]}>", "user: 你好，我想订酒店。"],
        ["ends with spaces   ", "next: line"],
        ["ends with punctuation!!!", "}", "{\"k\": 1}"],
        ["ends with a newline\n", "user: next"],
        ["", "user: after an empty first part"],
        ["123", "456", "7"],
    ],
)
def test_joined_count_equals_the_count_of_the_joined_text(parts):
    assert count_joined(parts) == count_tokens("\n".join(parts))


@pytest.mark.parametrize("parts", [["a", " starts with a space"], ["a", "", "b"], ["a", "\nnewline first"]])
def test_a_part_that_breaks_the_rule_is_counted_whole(parts):
    assert count_joined(parts) == count_tokens("\n".join(parts))


def test_on_real_dialogue_and_trace_lines_the_joined_count_is_exact():
    messages = _corpus_messages()
    assert len(messages) > 300 and any(m.tool_result is not None for m in messages)
    lines = [message_line(m) for m in messages]
    assert count_joined(lines) == count_tokens("\n".join(lines))
    # a turn's raw tokens are exactly what its line adds in front of another turn
    whole = count_tokens("\n".join(lines))
    assert sum(turn_tokens(m) for m in messages[:-1]) + count_tokens(lines[-1]) == whole
    assert count_joined([]) == 0
