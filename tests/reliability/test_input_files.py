"""Input files the doors must survive: turn times with and without a zone in one conversation
(issue 13, item 6), and ``core compress X --out X`` (item 8: the input must never be emptied)."""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime
from pathlib import Path

import pytest

from console.cli import main as console_main
from console.services.transcripts import read_upload
from core.cli import main as core_main
from core.compressor import Compressor
from data.store import Store
from tests.reliability.cases import covers
from tests.reliability.helpers import dialogue, jsonl

pytestmark = pytest.mark.unit

# one conversation's turn times: naive (read as UTC), UTC, another zone, naive with a space
MIXED_TIMES = [
    "2025-03-01T09:00:00",
    "2025-03-01T09:01:00+00:00",
    "2025-03-01T17:02:00+08:00",
    "2025-03-01 09:03",
]
EXPECTED = [datetime(2025, 3, 1, 9, minute, tzinfo=UTC) for minute in range(4)]


def mixed_times_file(tmp_path: Path) -> Path:
    convo = dialogue("mixed-times")
    for turn, ts in zip(convo["turns"], MIXED_TIMES, strict=True):
        turn["ts"] = ts
    path = tmp_path / "in.jsonl"
    path.write_bytes(jsonl(dialogue("plain"), convo))
    return path


@covers("Bad input: dialogue JSONL", "turn times with and without a zone: kept, a naive time read as UTC")
@pytest.mark.parametrize("door", ["console ingest", "core compress", "playground upload"])
def test_turn_times_with_and_without_a_zone_are_read_as_one_clock(door, tmp_path, config_file, capsys):
    path = mixed_times_file(tmp_path)
    if door == "console ingest":
        db = tmp_path / "c.duckdb"
        code = console_main(["--db", str(db), "ingest", str(path), "--config", str(config_file), "--quiet"])
        err = capsys.readouterr().err
        assert code == 0, err
        timeline = Store(db, linger=0).timeline("mixed-times")
        assert timeline is not None, err
        assert [m.message.ts for m in timeline.messages] == EXPECTED
    elif door == "core compress":
        out = tmp_path / "out.jsonl"
        assert (
            core_main(["compress", str(path), "--out", str(out), "--config", str(config_file), "--quiet"])
            == 0
        )
        ids = [json.loads(line)["context_id"] for line in out.read_text(encoding="utf-8").splitlines()]
        assert ids == ["plain", "mixed-times"]
    else:
        parsed = read_upload(path.read_bytes(), "upload.jsonl")
        assert not parsed.errors
        assert [m.ts for m in parsed.transcripts[1].messages] == EXPECTED


def _compress(src: Path, out: str, config_file: Path) -> int:
    return core_main(["compress", str(src), "--out", out, "--config", str(config_file), "--quiet"])


@covers("Bad input: dialogue JSONL", "core compress refuses an output that is its input, input intact")
@pytest.mark.parametrize("spelling", ["same path", "./relative", "symlink", "hard link"])
def test_compress_refuses_an_output_that_is_its_input(spelling, tmp_path, config_file, capsys, monkeypatch):
    src = tmp_path / "in.jsonl"
    src.write_bytes(jsonl(dialogue("c1"), dialogue("c2")))
    before = src.read_bytes()
    monkeypatch.chdir(tmp_path)
    if spelling == "same path":
        out = str(src)
    elif spelling == "./relative":
        out = "./in.jsonl"
    elif spelling == "symlink":
        (tmp_path / "link.jsonl").symlink_to(src)
        out = str(tmp_path / "link.jsonl")
    else:
        os.link(src, tmp_path / "hard.jsonl")
        out = str(tmp_path / "hard.jsonl")
    assert _compress(src, out, config_file) == 2
    err = capsys.readouterr().err
    assert "is the input file" in err and out in err
    assert src.read_bytes() == before


@covers(
    "Bad input: dialogue JSONL",
    "core compress writes through a temporary file: a crash leaves the old output",
)
def test_a_compress_that_dies_midway_leaves_the_previous_output_whole(tmp_path, config_file, monkeypatch):
    src = tmp_path / "in.jsonl"
    src.write_bytes(jsonl(dialogue("c1"), dialogue("c2"), dialogue("c3")))
    out = tmp_path / "out.jsonl"
    out.write_text('{"context_id": "previous run"}\n', encoding="utf-8")
    real = Compressor.compress
    calls = []

    def dies_on_the_second(self, messages, **kwargs):
        calls.append(kwargs.get("context_id"))
        if len(calls) == 2:
            raise KeyboardInterrupt  # the operator's ctrl-c, or a kill, in the middle of the file
        return real(self, messages, **kwargs)

    monkeypatch.setattr(Compressor, "compress", dies_on_the_second)
    with pytest.raises(KeyboardInterrupt):
        _compress(src, str(out), config_file)
    assert out.read_text(encoding="utf-8") == '{"context_id": "previous run"}\n'
    assert sorted(p.name for p in tmp_path.iterdir()) == ["config.toml", "in.jsonl", "out.jsonl"]

    monkeypatch.setattr(Compressor, "compress", real)
    out.chmod(0o640)
    assert _compress(src, str(out), config_file) == 0
    assert [json.loads(line)["context_id"] for line in out.read_text().splitlines()] == ["c1", "c2", "c3"]
    assert out.stat().st_mode & 0o777 == 0o640  # the file replaced keeps its permissions
