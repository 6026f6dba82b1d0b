"""Small hand-made conversations in the dialogue format, for the benchmark's tests."""

from __future__ import annotations

import json
from pathlib import Path
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
