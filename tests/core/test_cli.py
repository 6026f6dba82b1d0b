"""The compress CLI contract: one line per conversation in order, bad lines reported, exit 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from core.formats import DialogueError, parse_line

pytestmark = pytest.mark.unit
ROOT = Path(__file__).resolve().parents[2]


def test_parse_dialogue_line_names_the_line_and_field():
    with pytest.raises(DialogueError, match="line 7: invalid JSON"):
        parse_line("{nope", 7)
    with pytest.raises(DialogueError, match=r"line 3: turns\[1\].role: unknown role 'robot'"):
        parse_line(
            json.dumps(
                {"context_id": "a", "turns": [{"role": "user", "text": "hi"}, {"role": "robot", "text": "x"}]}
            ),
            3,
        )
    with pytest.raises(DialogueError, match="'turns' is missing"):
        parse_line(json.dumps({"context_id": "a"}), 1)
    with pytest.raises(DialogueError, match=r"turns\[0\].text: expected a string"):
        parse_line(json.dumps({"context_id": "a", "turns": [{"role": "user", "text": 5}]}), 1)


def test_empty_turns_are_skipped_with_a_warning_and_control_chars_removed():
    d = parse_line(
        json.dumps(
            {
                "context_id": "a",
                "turns": [{"role": "user", "text": "  "}, {"role": "Human", "text": "hi\x00 there"}],
            }
        ),
        1,
    )
    assert [m.text for m in d.messages] == ["hi there"] and d.messages[0].role == "user"
    assert d.warnings == ["turns[0]: empty turn skipped"]


def test_cli_writes_every_good_line_in_order_and_exits_2_on_bad_ones(tmp_path):
    good = {
        "context_id": "c1",
        "turns": [
            {"idx": 0, "role": "user", "text": "Book a table for 2 at 7pm"},
            {"idx": 1, "role": "assistant", "text": "Done, ref AB12CD."},
        ],
        "gold": {"ignored": True},
    }
    lines = [json.dumps(good), "not json", json.dumps({**good, "context_id": "c2"})]
    src = tmp_path / "in.jsonl"
    src.write_text("\n".join(lines) + "\n", encoding="utf-8")
    cfg = tmp_path / "c.toml"
    cfg.write_text("use_embeddings = false\n")
    out = tmp_path / "out.jsonl"
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "core",
            "compress",
            str(src),
            "--out",
            str(out),
            "--config",
            str(cfg),
            "--force",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 2
    assert ":line 2: invalid JSON" in proc.stderr
    rows = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()]
    assert [r["context_id"] for r in rows] == ["c1", "c2"]
    assert set(rows[0]) == {
        "context_id",
        "context",
        "tokens_raw",
        "tokens_context",
        "latency_ms",
        "mode",
        "fallback",
    }
    assert rows[0]["tokens_raw"] > 0 and rows[0]["mode"] in ("compressed", "raw")


def test_cli_rejects_a_bad_config_naming_the_field(tmp_path):
    cfg = tmp_path / "c.toml"
    cfg.write_text("min_turns = -3\n")
    src = tmp_path / "in.jsonl"
    src.write_text("{}\n")
    proc = subprocess.run(
        [sys.executable, "-m", "core", "compress", str(src), "--config", str(cfg)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2 and "min_turns" in proc.stderr
