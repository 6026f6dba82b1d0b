"""The service's storage on a real DuckDB file: tokens (hash only), signing-key rotation, and the
group commit (several contexts in one transaction, a stale Lamport clock refused alone)."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

import pytest

from core.models import Fact, Message
from data.ops_records import AuditEntry
from data.queries.service_rows import LiveAppend
from data.records import ContextIngest
from data.service_store import ServiceStore, StaleClockError

NOW = datetime(2026, 3, 1, 12, 0)


@pytest.fixture
def store(tmp_path: Path) -> ServiceStore:
    return ServiceStore.open(tmp_path / "svc.duckdb", linger=0, clock=lambda: NOW)


def _bundle(cid: str, n: int, value: str = "north") -> ContextIngest:
    messages = [
        Message(context_id=cid, idx=i, role="user" if i % 2 == 0 else "assistant", text=f"turn {i} {value}")
        for i in range(n)
    ]
    fact = Fact(key="hotel.area", value=value, norm=value, first_idx=0, last_idx=n - 1)
    return ContextIngest(
        context_id=cid, source="service", messages=messages, facts=[fact], rendered="ctx", tokens_context=3
    )


def _audit(cid: str) -> AuditEntry:
    return AuditEntry(at=NOW, actor="token:a", role="agent", action="service.messages", context_id=cid)


def test_tokens_are_stored_as_hashes_and_revoked(store: ServiceStore) -> None:
    store.create_token("a", "agent", "h" * 64, actor="cli:x")
    with pytest.raises(ValueError, match="exists already"):
        store.create_token("a", "operator", "g" * 64, actor="cli:x")
    assert store.token_for_hash("h" * 64).role == "agent"
    store.revoke_token("a", actor="cli:x")
    assert store.token_for_hash("h" * 64) is None
    assert [a.action for a in store.audit_log(action_prefix="api_token.").items] == [
        "api_token.revoke",
        "api_token.create",
    ]


def test_rotation_keeps_the_previous_key_for_the_grace(store: ServiceStore) -> None:
    store.rotate_key("k1", "s1", actor="cli:x")
    assert store.rotate_key("k2", "s2", actor="cli:x") == ["k1"]
    keys = {k.key_id: k for k in store.signing_keys()}
    assert keys["k1"].expires_at == NOW + timedelta(days=7) and keys["k2"].expires_at is None
    assert keys["k1"].valid_at(NOW + timedelta(days=6)) and not keys["k1"].valid_at(NOW + timedelta(days=8))


def test_group_commit_writes_new_and_known_contexts_and_refuses_a_stale_clock(store: ServiceStore) -> None:
    first = store.save_live(
        [
            LiveAppend(bundle=_bundle("a", 2), audit=_audit("a"), clock=("s", 1)),
            LiveAppend(bundle=_bundle("b", 2), audit=_audit("b")),
        ]
    )
    assert first == [None, None]
    saved = {"hotel.area": ("north", "north")}
    outcomes = store.save_live(
        [
            LiveAppend(
                bundle=_bundle("a", 4, "south"),
                audit=_audit("a"),
                stored=True,
                first=2,
                saved_facts=saved,
                clock=("s", 2),
            ),
            LiveAppend(
                bundle=_bundle("b", 3),
                audit=_audit("b"),
                stored=True,
                first=2,
                saved_facts=saved,
                clock=("s", 1),
            ),
            LiveAppend(bundle=_bundle("c", 1), audit=_audit("c"), clock=("s", 5)),
        ]
    )
    assert outcomes == [None, None, None]  # b had no clock stored: its 1 is new
    assert store.message_rows(["a", "b", "c"]) == {"a": (4, 4), "b": (3, 3), "c": (1, 1)}
    facts = {f.fact.key: f for f in store.facts("a")}
    assert facts["hotel.area"].fact.value == "south" and facts["hotel.area"].version == 2
    assert [h.new_value for h in facts["hotel.area"].history] == ["north", "south"]
    assert store.get_context("a").turns == 4 and store.clock_of("a") == ("s", 2)
    again = store.save_live(
        [
            LiveAppend(
                bundle=_bundle("a", 5, "south"),
                audit=_audit("a"),
                stored=True,
                first=4,
                saved_facts={"hotel.area": ("south", "south")},
                clock=("s", 2),
            ),
        ]
    )
    assert isinstance(again[0], StaleClockError) and again[0].kind == "duplicate"
    assert store.message_rows(["a"]) == {"a": (4, 4)}  # refused: nothing of it written
    assert len(store.audit_log(action_prefix="service.").items) == 5
