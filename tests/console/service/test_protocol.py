"""The v1 / v2 protocol of seed 004 against real server processes: good, bad and rotated-key
signatures, a missing v2 field named, stale and duplicate Lamport clocks never applied twice,
the v1 fallback with its warning, and a v2-only server refusing v1."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import datetime

import httpx
import pytest

from console.service import protocol
from data.api_records import ApiKey
from data.store import Store
from tests.console.service.server import make_key, make_token, running_server

TURNS = [
    {"role": "user", "text": "I need a hotel in the north for 2 people, no smoking please."},
    {"role": "assistant", "text": "Acorn Guest House is in the north. Shall I book it?"},
    {"role": "user", "text": "Yes, book it for Friday for 3 nights."},
]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict]:
    db = tmp_path_factory.mktemp("protocol") / "console.duckdb"
    token = make_token(db, "worker", "agent")
    key_id, secret = make_key(db)
    with running_server(db, "--rules-only") as url:
        version = httpx.get(f"{url}/v1/version").json()["version_hash"]
        yield {"url": url, "db": db, "token": token, "key": (key_id, secret), "version": version}


def _post(
    server: dict,
    cid: str,
    *,
    lamport: int | None,
    key: tuple[str, str] | None = None,
    drop: str | None = None,
    tamper: bool = False,
    version: str | None = None,
    messages: list | None = None,
) -> httpx.Response:
    key = key or server["key"]
    body = {
        "protocol": "v2",
        "session_id": "agent-7",
        "version_hash": version or server["version"],
        "lamport": lamport,
        "messages": messages or TURNS[:1],
    }
    body.pop(drop, None)
    raw = json.dumps(body).encode()
    headers = {
        "Authorization": f"Bearer {server['token']}",
        "Content-Type": "application/json",
        "X-Key-Id": key[0],
        "X-Compaction-Signature": "sha256=" + protocol.sign(raw + (b" " if tamper else b""), key[1]),
    }
    headers.pop(drop, None)
    return httpx.post(f"{server['url']}/v1/sessions/{cid}/messages", content=raw, headers=headers, timeout=30)


def _turns(server: dict, cid: str) -> int:
    # a POST is acknowledged from the journal; GET /v1/sessions/{id} waits for its DuckDB save
    if "url" in server:  # a running server: wait for what it acknowledged (a stopped one saved it)
        auth = {"Authorization": f"Bearer {server['token']}"}
        httpx.get(f"{server['url']}/v1/sessions/{cid}", headers=auth, timeout=30)
    timeline = Store(server["db"], linger=0).timeline(cid)
    return 0 if timeline is None else len(timeline.messages)


def test_v2_good_signature_is_applied(server: dict) -> None:
    done = _post(server, "v2-good", lamport=1)
    assert done.status_code == 200, done.text
    assert done.json()["protocol"] == "v2" and done.json()["lamport"] == 1 and "warning" not in done.json()
    assert "X-Compaction-Warning" not in done.headers
    assert _turns(server, "v2-good") == 1


@pytest.mark.parametrize(
    ("drop", "named"),
    [
        ("version_hash", "version_hash"),
        ("session_id", "session_id"),
        ("lamport", "lamport"),
        ("X-Compaction-Signature", "X-Compaction-Signature"),
        ("X-Key-Id", "X-Key-Id"),
    ],
)
def test_a_missing_v2_field_is_named(server: dict, drop: str, named: str) -> None:
    refused = _post(server, "v2-missing", lamport=1, drop=drop)
    assert refused.status_code == 400
    assert refused.json()["error"] == f"remote compaction v2 expected: missing {named}"
    assert _turns(server, "v2-missing") == 0


def test_bad_signature_unknown_key_and_version_mismatch(server: dict) -> None:
    bad = _post(server, "v2-bad", lamport=1, tamper=True)
    assert bad.status_code == 401 and "bad signature" in bad.json()["error"]
    unknown = _post(server, "v2-bad", lamport=1, key=("k-nobody", "secret"))
    assert unknown.status_code == 401 and "unknown signing key 'k-nobody'" in unknown.json()["error"]
    wrong_key = _post(server, "v2-bad", lamport=1, key=(server["key"][0], "not the secret"))
    assert wrong_key.status_code == 401 and "bad signature" in wrong_key.json()["error"]
    other = _post(server, "v2-bad", lamport=1, version="0.0.1+deadbeef")
    assert other.status_code == 409 and "version_hash mismatch" in other.json()["error"]
    assert _turns(server, "v2-bad") == 0


def test_stale_and_duplicate_clocks_are_never_applied_twice(server: dict) -> None:
    cid = "v2-clock"
    assert _post(server, cid, lamport=5).status_code == 200
    again = _post(server, cid, lamport=5)  # a worker's retry of the same request
    stale = _post(server, cid, lamport=3, messages=TURNS[1:2])  # another worker, behind
    for response, kind in ((again, "duplicate"), (stale, "stale")):
        assert response.status_code == 409
        assert response.json()["kind"] == kind and response.json()["last_lamport"] == 5
    assert (
        _post(server, cid, lamport=3, messages=TURNS[1:2]).json() == stale.json()
    )  # the same answer each time
    assert _turns(server, cid) == 1
    assert _post(server, cid, lamport=6, messages=TURNS[1:2]).status_code == 200
    assert _turns(server, cid) == 2


def test_two_keys_are_valid_during_a_rotation_and_the_old_one_expires(server: dict) -> None:
    old = server["key"]
    new = make_key(server["db"])  # rotated while the server runs: the old key has 7 days left
    assert _post(server, "v2-rot", lamport=1, key=old).status_code == 200
    assert _post(server, "v2-rot", lamport=2, key=new).status_code == 200
    newest = make_key(server["db"], "--grace-days", "0")  # the keys before it expire at once
    expired = _post(server, "v2-rot", lamport=3, key=old)
    assert expired.status_code == 401 and "expired" in expired.json()["error"]
    assert _post(server, "v2-rot", lamport=3, key=newest).status_code == 200
    assert _turns(server, "v2-rot") == 3


def test_v1_is_served_by_the_v1_path_with_a_warning(server: dict) -> None:
    headers = {"Authorization": f"Bearer {server['token']}"}
    done = httpx.post(
        f"{server['url']}/v1/sessions/v1-old/messages", json={"messages": TURNS}, headers=headers
    )
    assert done.status_code == 200 and done.json()["protocol"] == "v1"
    assert done.json()["warning"] == protocol.V1_WARNING == done.headers["X-Compaction-Warning"]
    assert 'compaction_protocol_requests_total{protocol="v1"}' in httpx.get(f"{server['url']}/metrics").text


def test_a_v2_only_server_refuses_v1(tmp_path) -> None:
    db = tmp_path / "v2only.duckdb"
    token = make_token(db, "worker", "agent")
    key = make_key(db)
    with running_server(db, "--rules-only", "--protocol", "v2-only") as url:
        headers = {"Authorization": f"Bearer {token}"}
        refused = httpx.post(f"{url}/v1/sessions/c/messages", json={"messages": TURNS}, headers=headers)
        assert refused.status_code == 400
        assert refused.json()["error"].startswith("remote compaction v2 expected: this server is v2-only")
        version = httpx.get(f"{url}/v1/version").json()["version_hash"]
        ok = _post({"url": url, "token": token, "key": key, "version": version}, "c", lamport=1)
        assert ok.status_code == 200
    assert _turns({"db": db}, "c") == 1


def test_check_is_pure_and_deterministic() -> None:
    now = datetime(2026, 1, 1)
    keys = [ApiKey(key_id="k1", secret="s1", created_at=now)]
    body = {"protocol": "v2", "session_id": "s", "version_hash": "v", "lamport": 2, "messages": []}
    raw = json.dumps(body).encode()
    headers = {"X-Key-Id": "k1", "X-Compaction-Signature": protocol.sign(raw, "s1")}
    envelope = protocol.check(body, raw, headers, mode="v1+v2", expected_version="v", keys=keys, now=now)
    assert envelope.clock == ("s", 2)
    with pytest.raises(protocol.ProtocolError, match="'lamport' must be an integer"):
        protocol.check(
            {**body, "lamport": True}, raw, headers, mode="v1+v2", expected_version="v", keys=keys, now=now
        )
    with pytest.raises(protocol.ProtocolError, match="'protocol' must be 'v1' or 'v2'"):
        protocol.check(
            {"protocol": "v3"}, raw, headers, mode="v1+v2", expected_version="v", keys=keys, now=now
        )
