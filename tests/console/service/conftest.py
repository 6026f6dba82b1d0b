"""Fixtures of the service's in-process tests: the service's state on a real DuckDB file (rules only)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from console.service.app import ServiceSettings, ServiceState, _open_state
from data.service_store import ServiceStore

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def state(tmp_path: Path) -> Iterator[ServiceState]:
    """What the service's lifespan opens (store, writer, journal, live sessions), closed afterwards."""
    db = tmp_path / "console.duckdb"
    ServiceStore.open(db, linger=5)
    opened = _open_state(ServiceSettings(db=db, rules_only=True))
    yield opened
    opened.pipeline.shutdown()
    opened.writer.stop()
    opened.store.close()


def sample_dialogue(prefix: str) -> tuple[str, list[dict]]:
    """(context id under ``prefix``, turns) of the first MultiWOZ sample dialogue."""
    line = (ROOT / "data" / "samples" / "multiwoz_sample.jsonl").read_text().splitlines()[0]
    dialogue = json.loads(line)
    return prefix + dialogue["context_id"], dialogue["turns"]
