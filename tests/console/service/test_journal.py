"""The service's journal against real server processes: a POST is acknowledged once its record is
fsync'd, before DuckDB has it; a service killed (SIGKILL) after the acknowledgement stores the
messages on its next start, exactly once, and a Lamport clock applied before the crash is still
refused as a duplicate after it. Plus the journal file format on its own (torn line, rotation)."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from console.service.journal import Journal, decode, encode, journal_dir, read_segment
from data.service_store import ServiceStore
from tests.console.service.server import make_key, make_token, start_server, stop_server
from tests.console.service.test_protocol import TURNS, _post

pytestmark = pytest.mark.slow

MORE = [{"role": "user", "text": "And a taxi to the station at 9am on Monday, please."}]


def _stored(db: Path, cid: str) -> tuple[int, int, int]:
    """(message rows, distinct idx, audited POSTs) the store holds for ``cid``."""
    store = ServiceStore(db, linger=0)
    try:
        rows, distinct = store.message_rows([cid]).get(cid, (0, 0))
        audited = store.audit_log(context_id=cid, action_prefix="service.messages", limit=100).total
        return rows, distinct, audited
    finally:
        store.close()


def test_acknowledged_post_survives_kill_9_once_and_a_duplicate_clock_stays_refused(tmp_path: Path) -> None:
    db = tmp_path / "console.duckdb"
    token = make_token(db, "worker", "agent")
    key = make_key(db)
    cid = "journal-kill-9"
    hold = tmp_path / "hold-saves"
    proc, url = start_server(
        db, "--rules-only", module="tests.console.service.held_saves", env={"SERVICE_HOLD_SAVES": str(hold)}
    )
    try:
        server = {"url": url, "db": db, "token": token, "key": key}
        server["version"] = httpx.get(f"{url}/v1/version").json()["version_hash"]
        assert _post(server, cid, lamport=1, messages=TURNS[:1]).status_code == 200
        headers = {"Authorization": f"Bearer {token}"}
        assert httpx.get(f"{url}/v1/sessions/{cid}", headers=headers, timeout=30).status_code == 200
        hold.touch()  # the service's DuckDB saves wait from now on; it still answers
        acked = _post(server, cid, lamport=2, messages=TURNS[1:])
        assert acked.status_code == 200 and acked.json()["idx"] == [1, 2], acked.text
        served = httpx.get(f"{url}/v1/sessions/{cid}/context", headers=headers, timeout=30).json()
        assert "3 nights" in served["text"]  # the context served has the POST at once (memory)
        proc.kill()  # SIGKILL: no shutdown, the save never reached DuckDB
        proc.wait()
        assert _stored(db, cid) == (1, 1, 1)  # acknowledged, in the journal only
        assert sum(len(read_segment(p)) for p in journal_dir(db).glob("*.log")) == 2
        proc, url = start_server(db, "--rules-only")  # replays the journal before it listens
        server["url"] = url
        assert _stored(db, cid) == (3, 3, 2)  # every acknowledged turn once, each POST audited once
        assert list(journal_dir(db).glob("*.log")) == []  # replayed, then dropped
        again = _post(server, cid, lamport=2, messages=TURNS[1:])
        assert again.status_code == 409 and again.json()["kind"] == "duplicate"
        assert _post(server, cid, lamport=3, messages=MORE).status_code == 200
        assert httpx.get(f"{url}/v1/sessions/{cid}", headers=headers, timeout=30).status_code == 200
        assert _stored(db, cid) == (4, 4, 3)
    finally:
        stop_server(proc)
    assert list(journal_dir(db).glob("*.log")) == []  # a clean stop leaves no segment behind


def test_journal_lines_torn_tail_and_rotation(tmp_path: Path) -> None:
    line = encode({"context_id": "c", "first": 0})
    assert decode(line) == {"context_id": "c", "first": 0}
    assert decode(line[:-1]) is None and decode(line.replace(b'"c"', b'"d"')) is None
    journal = Journal.open(tmp_path / "j", rotate_bytes=len(line) * 2)
    segments = [journal.append({"context_id": "c", "first": i}).result() for i in range(5)]
    assert segments[0] == segments[1] and segments[-1] > segments[0]  # rotated once full
    assert journal.pending() == 5
    journal.applied(segments[:4])
    assert journal.pending() == 1
    assert len(list((tmp_path / "j").glob("*.log"))) == 1  # fully applied, finished segments gone
    journal.close()
    with open(next((tmp_path / "j").glob("*.log")), "ab") as f:
        f.write(line[:7])  # a crash in the middle of a write
    reopened = Journal.open(tmp_path / "j")
    assert [r["first"] for r in reopened.leftover()] == [4]
    reopened.drop_leftover()
    reopened.close()
    assert list((tmp_path / "j").glob("*.log")) == []
