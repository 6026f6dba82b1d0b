"""The load test's operator and what the run observed: the operator corrects facts and switches the
breaker through the console's own services, in a process of its own (as the console is one)."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from console.services.breaker import set_context_mode
from console.services.facts import correct_facts
from data.concurrency import RetryPolicy
from data.records import FactCorrection
from data.service_store import ServiceStore

SWITCH_WAIT_S = 30.0  # a breaker switch not honoured by then is an error of the run


@dataclass
class Stats:
    """What the run observed."""

    post_ms: list[float] = field(default_factory=list)
    get_ms: list[float] = field(default_factory=list)
    timeline: list[tuple[str, float, float, str]] = field(default_factory=list)  # (kind, at s, ms, context)
    errors: list[str] = field(default_factory=list)
    corrections: int = 0
    corrections_seen: int = 0
    corrections_raw: int = 0
    correction_errors: list[str] = field(default_factory=list)
    breaker_ms: list[float] = field(default_factory=list)  # switch committed -> served raw
    breaker_call_ms: list[float] = field(default_factory=list)  # the console's switch call itself
    posted: dict[str, int] = field(default_factory=dict)
    posted_slots: tuple[list[str], Any] = ((), [])  # (names, shared counts) the operator process reads


OPERATOR_FIELDS = ("corrections", "corrections_seen", "corrections_raw", "correction_errors", "breaker_ms",
                   "breaker_call_ms")  # fmt: skip


def operator_process(
    url: str, token: str, db: Path, names: list[str], posted: Any, stop: Any, every: float, out: Any
) -> None:
    """The operator in a process of its own, as the console is one: its DuckDB reads and HTTP calls
    take no CPU turn from the load client's event loop. ``posted[i]``: turns acknowledged to
    session ``names[i]`` (written by the client); what it observed goes to ``out`` at the end."""
    stats = Stats()

    def ready() -> list[str]:
        return [cid for i, cid in enumerate(names) if 8 <= posted[i] < 38]

    try:
        _operator(url, token, db, stats, stop, every, ready)
    finally:
        out.put({name: getattr(stats, name) for name in OPERATOR_FIELDS})


def _operator(
    url: str, token: str, db: Path, stats: Stats, stop: Any, every: float, ready_now: Any
) -> None:
    """Correct a fact of a running session, check the next context; switch one to raw now and then."""
    store = ServiceStore(db, policy=RetryPolicy(deadline=8.0), linger=1.0)  # as the console opens it
    http = httpx.Client(base_url=url, headers={"Authorization": f"Bearer {token}"}, timeout=30)
    rng, n, corrected = random.Random(3), 0, set()
    while not stop.wait(every):
        ready = ready_now()
        if not ready:
            continue
        cid = rng.choice(ready)
        n += 1
        try:
            if n % 5 == 0:  # a breaker switch in the console, honoured by the service's next context
                t0 = time.perf_counter()
                set_context_mode(
                    store, cid, raw=True, reason="load test", actor="bench-operator", role="operator"
                )
                stats.breaker_call_ms.append((time.perf_counter() - t0) * 1000)
                t0 = time.perf_counter()
                # the served reason of a context's own switch (core.served): it was 'breaker' once, and
                # this loop then waited forever, so the runs measured no switch and few corrections
                while http.get(f"/v1/sessions/{cid}/context").json().get("reason") != "context_switch":
                    if time.perf_counter() - t0 > SWITCH_WAIT_S:
                        raise TimeoutError(f"switch not honoured in {SWITCH_WAIT_S} s")
                    time.sleep(0.005)
                stats.breaker_ms.append((time.perf_counter() - t0) * 1000)
                set_context_mode(
                    store, cid, raw=False, reason="load test over", actor="bench-operator", role="operator"
                )
                continue
            facts = [f for f in store.facts(cid, with_history=False) if (cid, f.fact.key) not in corrected]
            if not facts:
                continue
            fact = rng.choice(facts)
            value = f"operator value {n}"
            result = correct_facts(
                store,
                [
                    FactCorrection(
                        context_id=cid,
                        key=fact.fact.key,
                        new_value=value,
                        reason="load test",
                        actor="bench-operator",
                        source="form",
                    )
                ],
                role="operator",
            )
            if not result.applied:
                stats.correction_errors.append(f"{cid}/{fact.fact.key}: {result.outcomes[0].error}")
                continue
            corrected.add((cid, fact.fact.key))
            stats.corrections += 1
            served = http.get(f"/v1/sessions/{cid}/context").json()
            if value in served.get("text", ""):
                stats.corrections_seen += 1
            elif served.get("mode") == "raw":  # served raw (no compaction to carry it): counted apart
                stats.corrections_raw += 1
            else:
                stats.correction_errors.append(f"{cid}/{fact.fact.key}: not in the next context")
        except Exception as exc:  # counted, reported; the run goes on
            stats.correction_errors.append(f"{cid}: {type(exc).__name__}: {exc}")
    http.close()
    store.close()
