"""The service's cache of breaker modes and store-wide values under the change log (real DuckDB)."""

from __future__ import annotations

from pathlib import Path

import pytest

from console.service.fresh import RAW_RECHECK_S, Freshness
from data.service_store import ServiceStore
from tests.data.conftest import make_context

pytestmark = pytest.mark.unit


class Clock:
    """A monotonic clock the test moves by hand."""

    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def store(tmp_path: Path) -> ServiceStore:
    s = ServiceStore.open(tmp_path / "svc.duckdb", linger=5)
    s.save_contexts([make_context("a"), make_context("b")])
    yield s
    s.close()


def test_a_mode_is_read_once_then_served_from_memory_until_a_switch(store: ServiceStore) -> None:
    fresh = Freshness(store)
    assert fresh.mode("a") == "compressed" and fresh.reads == 1
    assert [fresh.mode("a") for _ in range(5)] == ["compressed"] * 5 and fresh.reads == 1
    assert fresh.cached_mode("b") is None  # never asked: nothing cached, nothing read
    # a switch made by another Store (the console's, in its own process, bumps the same file)
    ServiceStore(store.path).set_breaker("raw", context_id="a", reason="bloat", actor="ana")
    assert fresh.cached_mode("a") is None  # a's change was logged: the cached answer is not used
    assert fresh.mode("a") == "raw" and fresh.reads == 2
    assert fresh.mode("b") == "compressed" and fresh.mode("b") == "compressed" and fresh.reads == 3
    ServiceStore(store.path).set_breaker("raw", context_id="a", reason="again", actor="ana")
    assert fresh.cached_mode("b") == "compressed"  # a change of a leaves b's answer alone
    store.set_breaker("raw", reason="incident", actor="lead")  # global: every context
    assert fresh.cached_mode("b") is None and fresh.mode("b") == "raw"


def test_raw_answers_are_read_again_soon_and_everything_after_max_age(store: ServiceStore) -> None:
    clock = Clock()
    fresh = Freshness(store, max_age=10.0, clock=clock)
    store.set_breaker("raw", context_id="a", reason="bloat", actor="ana")
    assert fresh.mode("a") == "raw" and fresh.mode("b") == "compressed" and fresh.reads == 2
    clock.t += RAW_RECHECK_S  # a switch's own answer is kept; only 'breaker_error' (fail closed) is not
    assert fresh.cached_mode("a") == "raw" and fresh.cached_mode("b") == "compressed"
    fresh.mode("a")
    # a write made without a bump (a writer that died after its COMMIT): seen after max_age at most
    store._write(
        lambda con: con.execute(
            "INSERT INTO breaker (scope, context_id, mode, actor, since) "
            "VALUES ('context', 'b', 'raw', 'sql', now()::TIMESTAMP)"
        )
    )
    assert fresh.mode("b") == "compressed"
    clock.t += 10.0
    assert fresh.cached_mode("b") is None and fresh.mode("b") == "raw"


def test_poll_limits_how_often_the_counter_is_statted(store: ServiceStore) -> None:
    clock = Clock()
    fresh = Freshness(store, poll=0.5, clock=clock)
    first = fresh.version("a")
    store.set_breaker("raw", context_id="a", reason="bloat", actor="ana")
    assert fresh.version("a") == first  # within poll: not statted again
    clock.t += 0.5
    assert fresh.version("a") != first


def test_values_are_cached_under_the_stamp(store: ServiceStore) -> None:
    fresh = Freshness(store)
    loads: list[int] = []

    def load() -> list[str]:
        loads.append(1)
        return [k.key_id for k in store.signing_keys()]

    assert fresh.value("keys", load) == [] and fresh.value("keys", load) == [] and len(loads) == 1
    store.rotate_key("k1", "s" * 32, actor="cli")
    assert fresh.value("keys", load) == ["k1"] and len(loads) == 2
