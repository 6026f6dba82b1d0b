"""Small hand-made conversations in the dialogue format, and the data sets' scripts loaded as
modules, for the benchmark's tests."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType
from typing import Any

from bench.conversations import Conversation, conversation_from_record


def record(cid: str = "t-1", turns: list[tuple[str, str]] | None = None, **gold: Any) -> dict[str, Any]:
    """One JSONL record: turns as (role, text) pairs, gold fields as keyword arguments."""
    turns = turns or [
        ("user", "I need a hotel in the north."),
        ("assistant", "How many nights?"),
        ("user", "Three nights, for 2 people."),
        ("assistant", "Acorn Guest House is free. Shall I book it?"),
        ("user", "Yes please."),
        ("assistant", "Booked, reference AB12CD."),
    ]
    gold = {"final_state": {"hotel.area": "north", "hotel.people": "2"}, "goals": ["book_hotel"], **gold}
    return {
        "context_id": cid,
        "source": "test",
        "lang": "en",
        "turns": [{"idx": i, "role": r, "text": t} for i, (r, t) in enumerate(turns)],
        "gold": gold,
    }


def conversation(cid: str = "t-1", turns: list[tuple[str, str]] | None = None, **gold: Any) -> Conversation:
    """A Conversation built from record()."""
    return conversation_from_record(record(cid, turns, **gold))


def write_jsonl(path: Path, records: list[dict[str, Any]]) -> Path:
    """Write records as a JSONL file and return its path."""
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    return path


DATA_DIR = Path(__file__).resolve().parents[2] / "bench" / "data"


def data_script(name: str) -> ModuleType:
    """bench/data/<name>.py loaded as a module (the data scripts are run as files, not imported)."""
    spec = importlib.util.spec_from_file_location(name, DATA_DIR / f"{name}.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod
