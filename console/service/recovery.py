"""What the journal records of a POST, and how a restarted service stores what a crash left behind.

A POST is acknowledged once its journal record is fsync'd (console/service/journal.py); the
group-commit writer saves it to DuckDB behind. A process killed in between leaves records the
store does not hold: on start, before the first request, :func:`replay_journal` runs each again
through its context's session, as its POST did (same messages as stamped, same Lamport clock,
actor and time: the core is deterministic, so the rows are the ones the POST would have saved),
and skips those the store holds already, by context and message idx (a record applied and not yet
dropped from the journal) or by clock. Corrections made in the console in between are applied
first, as the next request would.

    >>> replay_journal(journal, sessions)   # in the service's lifespan, once
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from console.service.journal import Journal
from console.service.live import LiveSessions
from console.service.live_state import Pending
from core.models import Message
from data.service_store import StaleClockError

log = logging.getLogger(__name__)


def journal_record(pending: Pending) -> dict[str, Any]:
    """The journal record of a prepared POST: what ``replay`` needs to run it again after a crash."""
    audit, clock = pending.item.audit, pending.item.clock
    return {
        "context_id": pending.live.session.context_id,
        "first": pending.first,
        "last": pending.last,
        "messages": [m.model_dump(mode="json") for m in pending.messages],
        "actor": audit.actor,
        "role": audit.role,
        "clock": list(clock) if clock is not None else None,
        "now": pending.now.isoformat(),
    }


def replay(sessions: LiveSessions, records: Sequence[dict[str, Any]]) -> tuple[int, int, int]:
    """Save the records the store does not hold yet, in order, each as its POST did (waiting for
    each COMMIT); skip those it holds (by context and idx, or by Lamport clock). Returns (applied,
    skipped, failed); a failed record is logged and the others go on."""
    applied = skipped = failed = 0
    for r in records:
        cid = str(r.get("context_id"))
        try:
            live = sessions.get(cid, create=True)
            if int(r["last"]) < live.stored_turns:
                skipped += 1
                continue
            if int(r["first"]) != live.stored_turns:
                held = live.stored_turns
                raise ValueError(f"the store holds {held} turns; the record starts at {r['first']}")
            when = datetime.fromisoformat(r["now"])
            sessions.append(
                cid,
                [Message.model_validate(m) for m in r["messages"]],
                actor=str(r["actor"]),
                role=str(r["role"]),
                clock=(str(r["clock"][0]), int(r["clock"][1])) if r.get("clock") else None,
                now=lambda when=when: when,
            )
            applied += 1
        except StaleClockError:
            skipped += 1  # its clock (so its messages) applied already
        except Exception as exc:  # one bad record must not stop the others
            log.error("journal record of %s (turn %s on) not applied: %s", cid, r.get("first"), exc)
            failed += 1
    return applied, skipped, failed


def replay_journal(journal: Journal, sessions: LiveSessions) -> tuple[int, int, int]:
    """Store what an earlier process acknowledged and did not save, then drop its segments (those
    holding a record that could not be saved are kept, renamed ``*.failed``, for an operator)."""
    if not journal.leftover_segments:
        return 0, 0, 0
    t0 = time.perf_counter()
    applied, skipped, failed = replay(sessions, journal.leftover())
    log.warning(
        "journal replay: %d records saved, %d already stored, %d failed, in %.2f s",
        applied, skipped, failed, time.perf_counter() - t0,
    )  # fmt: skip
    if failed:
        for path in journal.leftover_segments:
            path.rename(path.with_suffix(".failed"))
    journal.drop_leftover()
    return applied, skipped, failed
