"""A live context rebuilt from what the store holds, and one turn's step through its session.

The core is deterministic: running a context's stored turns through a fresh Session, as the
ingest did, gives back the state that was stored. ``rebuild`` does that for the service's first
request of a stored context (console/service/live.py), then applies the console's corrections;
``step`` is the one turn's run shared by a rebuild and a POST (``replay_turn``: the same step an
ingest and the Replay screen run, so the stored stage traces are what Replay reads).
"""

from __future__ import annotations

from console.service.fresh import Stamp
from console.service.live_state import Live, apply_people_facts
from console.services.recompute import replay_turn
from core.compressor import Session
from core.models import Message
from data.service_store import LiveStart


def step(live: Live, message: Message) -> bool:
    """Run one message through the live session and keep its turn, raw tokens, fingerprint and
    compaction; True when the turn compacted and the compaction did not fail."""
    turn, stored = replay_turn(live.session, message, views=False, previews=False)
    live.turns.append(turn)
    live.raw.add(message)
    live.fingerprint.add(live.session.messages[-1])  # as the session numbered it (a POST's start at 0)
    if stored is not None:
        live.compactions.append(stored)
        return not stored.record.failed
    return False


def rebuild(session: Session, start: LiveStart, stamp: Stamp) -> Live:
    """The live context of ``session`` from its stored turns and corrections (``start``, read under
    ``stamp``; its timeline is not None)."""
    timeline = start.timeline
    assert timeline is not None  # a context not stored starts empty (LiveSessions._load)
    live = Live(
        session=session,
        source=timeline.context.source,
        lang=timeline.context.lang,
        lamport=start.clock,
        last_activity=timeline.context.updated_at,
        stored=True,
        stored_turns=len(timeline.messages),
        db_compactions=len(timeline.compactions),
    )
    messages = [m.message for m in timeline.messages]
    session.warm([m.text for m in messages if m.role == "user"])
    for message in messages:
        step(live, message)
    live.stored_compactions = len(live.compactions)  # recomputed: the ones stored (deterministic)
    live.saved_facts = start.saved_facts
    live.synced = stamp
    apply_people_facts(live, start.people)
    return live
