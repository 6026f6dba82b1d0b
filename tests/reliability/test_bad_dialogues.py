"""Bad dialogue JSONL through the three doors: ``python -m console ingest``, ``python -m core compress``
and the playground upload. Every bad line is named with its line number and why; the good lines
around it are still processed; nothing stored before is touched.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from console.cli import main as console_main
from console.services.transcripts import MAX_UPLOAD_BYTES, read_transcripts, read_upload
from core.cli import main as core_main
from core.formats import MAX_NESTING, MAX_TEXT_CHARS, DialogueError
from data.store import Store
from tests.reliability.cases import covers
from tests.reliability.helpers import changed_counts, dialogue, jsonl, snapshot

pytestmark = pytest.mark.unit
GOOD_IDS = ["good-1", "good-3"]
FIVE_MB = 5 * 1024 * 1024


def nested(depth: int) -> object:
    value: object = "leaf"
    for _ in range(depth):
        value = {"a": value}
    return value


# kind -> (the bad line 2, words the error for line 2 must contain)
BAD_LINES: dict[str, tuple[bytes | str | dict, str]] = {
    "invalid JSON": ('{"context_id": "bad", "turns": [', "invalid JSON"),
    "not an object": ("[1, 2, 3]", "expected a JSON object, got list"),
    "wrong type: turns": ({"context_id": "bad", "turns": "hello"}, "'turns' is missing or not a list"),
    "wrong type: text": (
        {"context_id": "bad", "turns": [{"role": "user", "text": 42}]},
        "turns[0].text: expected a string, got int",
    ),
    "wrong type: ts": (
        {"context_id": "bad", "turns": [{"role": "user", "text": "hi", "ts": "not a date"}]},
        "turns[0].ts",
    ),
    "wrong type: context_id": (
        {"context_id": True, "turns": [{"role": "user", "text": "hi"}]},
        "'context_id' must be a non-empty string",
    ),
    "wrong type: tool_call": (
        {"context_id": "bad", "turns": [{"role": "assistant", "text": "x", "tool_call": "search()"}]},
        "turns[0].tool_call",
    ),
    "missing field: turns": ({"context_id": "bad"}, "'turns' is missing"),
    "missing field: role": (
        {"context_id": "bad", "turns": [{"role": "user", "text": "hi"}, {"text": "no role"}]},
        "turns[1].role: missing",
    ),
    "unknown role": (
        {"context_id": "bad", "turns": [{"role": "wizard", "text": "abracadabra"}]},
        "turns[0].role: unknown role 'wizard'",
    ),
    "no turns": ({"context_id": "bad", "turns": []}, "'turns' is empty"),
    "every turn empty": (
        {"context_id": "bad", "turns": [{"role": "user", "text": "  "}, {"role": "assistant", "text": ""}]},
        "every turn is empty",
    ),
    "5 MB message": (
        {"context_id": "bad", "turns": [{"role": "user", "text": "x" * FIVE_MB}]},
        f"turns[0].text: {FIVE_MB} characters, more than {MAX_TEXT_CHARS}",
    ),
    "invalid UTF-8": (b'{"context_id": "bad", "turns": [{"role": "user", "text": "caf\xe9 \xff"}]}', "UTF-8"),
    "JSON nested too deep": ("[" * 100_000 + "]" * 100_000, "nested"),
    "tool args nested too deep": (
        {
            "context_id": "bad",
            "turns": [
                {
                    "role": "assistant",
                    "text": "calling",
                    "tool_call": {"call_id": "c1", "name": "book", "args": nested(600)},
                }
            ],
        },
        f"more than {MAX_NESTING} levels",
    ),
    "duplicate context_id": (dialogue("good-1"), "already on line 1"),
}

# What the playground does differently, on purpose: its upload limit refuses a file over
# MAX_UPLOAD_BYTES as a whole (line 0), and it reports a repeated id in its own words.
PLAYGROUND_WORDS = {
    "5 MB message": f"more than the playground takes ({MAX_UPLOAD_BYTES:,})",
    "duplicate context_id": "repeats line 1",
    "invalid UTF-8": "not UTF-8 text",
}
WHOLE_FILE_IN_PLAYGROUND = {"5 MB message"}


@dataclass
class Outcome:
    """What a door did with a file: the conversations it processed and the lines it named."""

    processed: list[str]
    errors: dict[int, str] = field(default_factory=dict)
    exit_code: int | None = None


def three_lines(bad: bytes | str | dict) -> bytes:
    return jsonl(dialogue("good-1"), bad, dialogue("good-3"))


def through_ingest(path: Path, db: Path, config: Path, capsys: pytest.CaptureFixture) -> Outcome:
    code = console_main(["--db", str(db), "ingest", str(path), "--config", str(config), "--quiet"])
    err = capsys.readouterr().err
    errors = {
        int(m.group(1)): m.group(2)
        for m in re.finditer(rf"^skipped {re.escape(str(path))}:(\d+): (.*)$", err, re.M)
    }
    store = Store(db, linger=0)
    ids = [c.context_id for c in store.find_contexts(limit=1000).items]
    return Outcome(
        processed=sorted(i for i in ids if i.startswith(("good", "bad"))), errors=errors, exit_code=code
    )


def through_compress(path: Path, out: Path, config: Path, capsys: pytest.CaptureFixture) -> Outcome:
    code = core_main(["compress", str(path), "--out", str(out), "--config", str(config), "--quiet"])
    err = capsys.readouterr().err
    errors = {
        int(m.group(1)): m.group(2)
        for m in re.finditer(rf"^{re.escape(str(path))}:line (\d+): (.*)$", err, re.M)
    }
    processed = [json.loads(line)["context_id"] for line in out.read_text(encoding="utf-8").splitlines()]
    return Outcome(processed=sorted(processed), errors=errors, exit_code=code)


def through_playground(data: bytes) -> Outcome:
    try:
        parsed = read_upload(data, "upload.jsonl")
    except DialogueError as exc:
        return Outcome(processed=[], errors={exc.line: exc.detail})
    return Outcome(
        processed=sorted(t.context_id for t in parsed.transcripts),
        errors={e.line: e.detail for e in parsed.errors},
    )


@covers("Bad input: dialogue JSONL", "bad line named, good lines processed")
@pytest.mark.parametrize("kind", list(BAD_LINES))
@pytest.mark.parametrize("door", ["console ingest", "core compress", "playground upload"])
def test_a_bad_line_is_named_and_the_good_lines_around_it_are_processed(
    door, kind, tmp_path, seeded_store, config_file, capsys, numbers
):
    bad, words = BAD_LINES[kind]
    path = tmp_path / "in.jsonl"
    path.write_bytes(three_lines(bad))
    if door == "console ingest":
        before = snapshot(seeded_store)
        seeded_store.close()
        outcome = through_ingest(path, seeded_store.path, config_file, capsys)
        after = snapshot(seeded_store)
        assert outcome.exit_code == 2
        # the two good conversations were added; nothing stored before was changed or lost
        assert after.counts["contexts"] == before.counts["contexts"] + 2
        assert all(n >= 0 for n in changed_counts(before, after).values())
        assert after.problems == ()
    elif door == "core compress":
        outcome = through_compress(path, tmp_path / "out.jsonl", config_file, capsys)
        assert outcome.exit_code == 2
    else:
        words = PLAYGROUND_WORDS.get(kind, words)
        outcome = through_playground(path.read_bytes())
    numbers.add("dialogue lines fed (3 doors)", 3)
    numbers.add("bad dialogue lines named", 1)
    if door == "playground upload" and kind in WHOLE_FILE_IN_PLAYGROUND:
        assert outcome.processed == [] and list(outcome.errors) == [0], outcome
        assert words in outcome.errors[0]
        return
    assert outcome.processed == GOOD_IDS, outcome
    assert list(outcome.errors) == [2], outcome
    assert words in outcome.errors[2], outcome.errors[2]


@covers("Bad input: dialogue JSONL", "5 MB message pasted in the playground: named by line")
def test_a_pasted_5_mb_message_is_named_by_line_in_the_playground():
    text = three_lines(BAD_LINES["5 MB message"][0]).decode()
    parsed = read_transcripts(text)
    assert [t.context_id for t in parsed.transcripts] == GOOD_IDS
    assert [(e.line, e.detail) for e in parsed.errors] == [(2, BAD_LINES["5 MB message"][1])]


@covers("Bad input: dialogue JSONL", "control characters removed, tab and newline kept")
@pytest.mark.parametrize("door", ["console ingest", "core compress", "playground upload"])
def test_control_characters_are_removed_and_the_line_is_kept(door, tmp_path, config_file, capsys):
    text = "book\x00 a table\x07 for 2\x1b at 7pm\tplease\nthanks\x7f"
    convo = dialogue("good-1")
    convo["turns"][0]["text"] = text
    path = tmp_path / "in.jsonl"
    path.write_bytes(jsonl(convo))
    expected = "book a table for 2 at 7pm\tplease\nthanks"
    if door == "console ingest":
        db = tmp_path / "c.duckdb"
        assert through_ingest(path, db, config_file, capsys).exit_code == 0
        stored = Store(db, linger=0).timeline("good-1")
        assert stored is not None and stored.messages[0].message.text == expected
    elif door == "core compress":
        out = tmp_path / "out.jsonl"
        assert through_compress(path, out, config_file, capsys).exit_code == 0
        context = json.loads(out.read_text(encoding="utf-8"))["context"]
        assert not re.search(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]", context) and "book a table" in context
    else:
        parsed = read_upload(path.read_bytes(), "upload.jsonl")
        assert parsed.transcripts[0].messages[0].text == expected


@covers("Bad input: dialogue JSONL", "an empty turn inside a conversation: skipped and reported")
def test_an_empty_turn_is_skipped_with_a_note_naming_the_line(tmp_path, config_file, capsys):
    convo = dialogue("good-1")
    convo["turns"].insert(1, {"role": "assistant", "text": "   "})
    path = tmp_path / "in.jsonl"
    path.write_bytes(jsonl(dialogue("good-0"), convo))
    db = tmp_path / "c.duckdb"
    assert console_main(["--db", str(db), "ingest", str(path), "--config", str(config_file), "--quiet"]) == 0
    assert f"{path}:2: turns[1]: empty turn skipped" in capsys.readouterr().err
    timeline = Store(db, linger=0).timeline("good-1")
    assert timeline is not None and len(timeline.messages) == 4

    assert core_main(["compress", str(path), "--out", str(tmp_path / "o.jsonl"), "--quiet"]) == 0
    assert f"{path}:line 2: turns[1]: empty turn skipped" in capsys.readouterr().err


@covers("Bad input: dialogue JSONL", "nested tool arguments within the limit are stored")
def test_tool_arguments_nested_within_the_limit_are_stored(tmp_path, config_file, capsys):
    convo = dialogue("good-1")
    convo["turns"][1]["tool_call"] = {"call_id": "c1", "name": "book", "args": nested(MAX_NESTING - 4)}
    path = tmp_path / "in.jsonl"
    path.write_bytes(jsonl(convo))
    db = tmp_path / "c.duckdb"
    assert through_ingest(path, db, config_file, capsys).exit_code == 0
    stored = Store(db, linger=0).timeline("good-1")
    assert stored is not None and stored.messages[1].message.tool_call is not None
