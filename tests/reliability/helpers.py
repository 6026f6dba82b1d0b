"""Shared helpers of the reliability tests: dialogue lines, database snapshots, subprocess runs."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from data.store import Store

ROOT = Path(__file__).resolve().parents[2]


def dialogue(context_id: str, turns: int = 4, **extra: Any) -> dict[str, Any]:
    """A small valid conversation in the dialogue JSONL format."""
    texts = [
        "I need a table for 2 at 7pm in the north, no spicy food.",
        "Sure, which day would you like?",
        "Next Friday, and my budget is 60 dollars.",
        "Booked: Friday 7pm for 2 in the north.",
    ]
    return {
        "context_id": context_id,
        "source": "reliability",
        "turns": [
            {"idx": i, "role": "user" if i % 2 == 0 else "assistant", "text": texts[i % len(texts)]}
            for i in range(turns)
        ],
        **extra,
    }


def jsonl(*items: dict[str, Any] | str | bytes) -> bytes:
    """A JSONL file: dicts are dumped, str and bytes lines are written as they are."""
    out = []
    for item in items:
        if isinstance(item, dict):
            out.append(json.dumps(item, ensure_ascii=False).encode())
        elif isinstance(item, str):
            out.append(item.encode())
        else:
            out.append(item)
    return b"\n".join(out) + b"\n"


@dataclass(frozen=True)
class DbSnapshot:
    """Row counts of every table, the schema (table -> columns) and the integrity problems."""

    counts: dict[str, int]
    schema: dict[str, tuple[str, ...]]
    problems: tuple[str, ...]


def snapshot(store: Store) -> DbSnapshot:
    """What the database holds now, to compare before and after an attack or a fault."""
    report = store.check()
    with store.lease.acquire() as con:
        rows = con.execute(
            "SELECT table_name, column_name FROM information_schema.columns "
            "WHERE table_schema = 'main' ORDER BY table_name, ordinal_position"
        ).fetchall()
    schema: dict[str, list[str]] = {}
    for table, column in rows:
        schema.setdefault(table, []).append(column)
    return DbSnapshot(
        counts=dict(report.counts),
        schema={t: tuple(c) for t, c in schema.items()},
        problems=tuple(report.problems),
    )


def changed_counts(before: DbSnapshot, after: DbSnapshot) -> dict[str, int]:
    """Tables whose row count moved, and by how much."""
    return {t: after.counts[t] - n for t, n in before.counts.items() if after.counts.get(t) != n}


def run_module(module: str, *args: str, env: dict[str, str] | None = None, timeout: float = 300):
    """``python -m module args`` from the repo root; returns the CompletedProcess (text output)."""
    return subprocess.run(
        [sys.executable, "-m", module, *args],
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def console_check(db: Path, timeout: float = 120) -> subprocess.CompletedProcess:
    """``python -m console --db DB check --json`` as an operator would run it."""
    return run_module("console", "--db", str(db), "check", "--json", timeout=timeout)
