"""The change counter: every write a live reader caches bumps it; pipeline saves do not."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from data.changes import ChangeCounter
from data.records import FactCorrection
from data.service_store import ServiceStore
from tests.data.conftest import make_context

pytestmark = pytest.mark.unit
ROOT = Path(__file__).resolve().parents[2]


def test_the_counter_only_moves_forward_and_survives_a_missing_file(tmp_path: Path) -> None:
    counter = ChangeCounter(tmp_path / "x.duckdb")
    assert counter.version() == (0, 0)  # never bumped: no file
    seen = [counter.version()]
    for _ in range(3):
        counter.bump()
        seen.append(counter.version())
    assert len(set(seen)) == 4 and [v[1] for v in seen] == [0, 1, 2, 3]
    assert counter.path.name == "x.duckdb.changes" and counter.path.stat().st_mode & 0o077 == 0


def test_breaker_correction_config_and_token_writes_bump_it_saves_do_not(store) -> None:
    counter = store.changes
    store.save_contexts([make_context()])
    assert counter.version() == (0, 0)  # the pipeline's own saves change nothing a reader caches
    marks = [counter.version()]
    store.set_breaker("raw", context_id="ctx-1", reason="bloat", actor="ana")
    marks.append(counter.version())
    result = store.apply_corrections(
        [FactCorrection(context_id="ctx-1", key="hotel.area", new_value="west", actor="ana", source="form")]
    )
    assert result.applied
    marks.append(counter.version())
    store.save_config(store.current_config(), actor="ana", reason="same config, new version")
    marks.append(counter.version())
    service = ServiceStore(store.path)
    service.create_token("agent-1", "agent", "0" * 64, actor="cli")
    marks.append(counter.version())
    service.revoke_token("agent-1", actor="cli")
    marks.append(counter.version())
    assert len(set(marks)) == len(marks)  # each write moved it


def test_a_switch_from_another_process_moves_the_counter(store) -> None:
    store.save_contexts([make_context()])
    store.close()  # the other process needs the file
    before = store.changes.version()
    code = (
        "from data.store import Store; import sys; "
        "Store(sys.argv[1], linger=0).set_breaker('raw', context_id='ctx-1', reason='r', actor='other')"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(store.path)], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert store.changes.version() != before
    assert store.effective_mode("ctx-1") == "raw"
