"""The change log: every write a live reader caches logs its scope; pipeline saves do not."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from data.changes import ChangeLog
from data.records import FactCorrection
from data.service_store import ServiceStore
from tests.data.conftest import make_context

pytestmark = pytest.mark.unit
ROOT = Path(__file__).resolve().parents[2]


def test_the_log_only_grows_and_is_read_incrementally(tmp_path: Path) -> None:
    log = ChangeLog(tmp_path / "x.duckdb")
    assert log.version() == ChangeLog.START and log.read_since(ChangeLog.START)[1] == set()
    log.bump(context_id='a "quoted"\nid')  # any id survives the line format
    log.bump(scope="auth")
    seen, scopes = log.read_since(ChangeLog.START)
    assert scopes == {'ctx:a "quoted"\nid', "auth"}
    assert log.read_since(seen) == (seen, set())  # nothing new: nothing to drop
    log.bump(context_id="b")
    assert log.read_since(seen)[1] == {"ctx:b"}  # only what came after
    log.path.write_text("")  # cut (or replaced): the reader cannot know what changed
    assert log.read_since(seen)[1] == {"*"}
    assert log.path.name == "x.duckdb.changes"


def test_breaker_correction_config_and_token_writes_log_their_scope_saves_do_not(store) -> None:
    log = store.changes
    store.save_contexts([make_context(), make_context("ctx-2")])
    assert log.version() == ChangeLog.START  # the pipeline's own saves change nothing a reader caches
    seen = log.version()

    def logged() -> set[str]:
        nonlocal seen
        seen, scopes = log.read_since(seen)
        return scopes

    store.set_breaker("raw", context_id="ctx-1", reason="bloat", actor="ana")
    assert logged() == {"ctx:ctx-1"}
    result = store.apply_corrections(
        [FactCorrection(context_id="ctx-2", key="hotel.area", new_value="west", actor="ana", source="form")]
    )
    assert result.applied and logged() == {"ctx:ctx-2"}
    store.set_breaker("raw", reason="incident", actor="lead")
    assert logged() == {"*"}  # the global switch: every context
    store.save_config(store.current_config(), actor="ana", reason="same config, new version")
    assert logged() == {"*"}
    service = ServiceStore(store.path)
    service.create_token("agent-1", "agent", "0" * 64, actor="cli")
    service.revoke_token("agent-1", actor="cli")
    assert logged() == {"auth"}
    assert log.path.stat().st_mode & 0o077 == 0


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
