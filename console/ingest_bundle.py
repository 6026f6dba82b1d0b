"""One conversation as the Store saves it: run through the core turn by turn, then bundled.

``build_bundle`` replays a dialogue with ``recompute_session`` (the replay screen's own producer, so
the stored stage traces are exactly what the replay reads) and ``bundle_of`` packs the replay: turns
with their stage traces, facts (live and archived), compactions, health metrics, the served context
and the automatic breaker trip. The file ingest (console/ingest.py), the playground and the
compaction service all save this bundle; ``apply_auto_trips`` applies its trip after a save.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

from console.health import Thresholds
from console.metrics import bloat_rate, metric_points, session_health, should_trip_for
from console.services.breaker import AUTO_ACTOR
from console.services.recompute import recompute_session
from core.compressor import Compressor, ContextView, Session
from core.config import Config
from core.formats import Dialogue
from core.models import Fact
from core.render import raw_history
from core.tokens import count_tokens
from data.records import CompactionEntry, ContextIngest
from data.stage_payloads import stage_traces
from data.store import Store

if TYPE_CHECKING:  # the producer's result type only: traces are written through data.stage_payloads
    from console.services.replay import SessionReplay


class _Capturing(Compressor):
    """A Compressor that keeps its last session, so the served context can be asked of it."""

    last: Session | None = None

    def session(self, context_id: str | None = None) -> Session:
        self.last = super().session(context_id)
        return self.last


FUTURE_TOLERANCE = timedelta(days=1)  # clocks and time zones disagree; a year 2999 turn is wrong


def clamp_future_times(dialogue: Dialogue, now: datetime | None = None) -> list[str]:
    """Set every turn time later than now + FUTURE_TOLERANCE to now (in place); one note per turn.

    A turn dated in the far future would keep its context at the top of Sessions for ever and
    push every later correction's time there too (a version is never recorded before the one it
    replaces)."""
    now = now or datetime.now(UTC)
    notes = []
    for i, message in enumerate(dialogue.messages):
        ts = message.ts
        if ts is None:
            continue
        aware = ts if ts.tzinfo is not None else ts.replace(tzinfo=UTC)
        if aware > now + FUTURE_TOLERANCE:
            clamped = now if ts.tzinfo is not None else now.replace(tzinfo=None)
            dialogue.messages[i] = message.model_copy(update={"ts": clamped})
            notes.append(
                f"turn {message.idx}: time {ts.isoformat()} is in the future; "
                f"stored as {now:%Y-%m-%dT%H:%M:%SZ}"
            )
    return notes


def build_bundle(dialogue: Dialogue, compressor: Compressor, *, source: str, now: datetime) -> ContextIngest:
    """One conversation run through the core, bundled as the Store saves it (turn times past
    now + FUTURE_TOLERANCE set to now: clamp_future_times)."""
    clamp_future_times(dialogue)
    capturing = _Capturing(compressor.config, embedder=compressor.embedder)

    def turn_time() -> datetime:
        # a compaction is stamped with the time of the turn it ran at (a transcript's own time),
        # falling back to the compressor's clock for turns without a timestamp
        session = capturing.last
        last = session.messages[-1].ts if session is not None and session.messages else None
        return last or compressor.clock()

    capturing.clock = turn_time
    replay = recompute_session(
        dialogue.messages,
        capturing,
        context_id=dialogue.context_id,
        force_final=False,
        views=False,
        previews=False,
    )
    session = capturing.last
    assert session is not None
    config = compressor.config
    return bundle_of(replay, session, config, source=source or dialogue.source, lang=dialogue.lang, now=now)


def bundle_of(
    replay: SessionReplay,
    session: Session,
    config: Config,
    *,
    source: str,
    lang: str,
    now: datetime,
    traces_from: int = 0,
    served: ContextView | None = None,
    tokens_raw: int | None = None,
) -> ContextIngest:
    """A replayed session bundled as the Store saves it: its turns with their stage traces, facts
    (live and archived), compactions, health metrics, the served context and the automatic trip.
    The ingest and the compaction service (a live session) both save this; traces_from: the stage
    traces of the turns from this idx on only (the service saves only its new turns' traces);
    served: the session's context() if the caller has it already (it is not built twice);
    tokens_raw: the tokens of ``raw_history(replay.messages)`` if the caller keeps that count (the
    service, turn by turn: counting the whole history again was most of a long session's POST)."""
    assert replay.state is not None
    served = served if served is not None else session.context()
    state = replay.state
    facts: dict[str, Fact] = dict(state.facts)
    for archived in state.archive:  # decayed facts stay recallable, so the grid shows them too
        facts.setdefault(archived.key, archived)
    records = [c.record for c in replay.compactions]
    if tokens_raw is None:
        tokens_raw = count_tokens(raw_history(replay.messages))
    health = session_health(
        tokens_context=served.tokens,
        tokens_raw=tokens_raw,
        state=state,
        units=session.units,
        roles=[m.role for m in replay.messages],
        records=records,
        config=config,
    )
    times = [m.ts for m in replay.messages if m.ts is not None]
    at = max(times) if times else now
    trip = should_trip_for(bloat_samples(replay, now), config)
    src = source
    return ContextIngest(
        context_id=replay.context_id,
        source=src,
        lang=lang or (replay.turns[0].lang if replay.turns else "") or "en",
        created_at=min(times) if times else now,
        health=health.health(Thresholds.from_config(config)).value,
        messages=replay.messages,
        traces=[
            trace
            for turn in replay.turns
            if turn.idx >= traces_from
            for trace in stage_traces(turn.idx, turn.payloads, turn.latency_ms)
        ],
        facts=list(facts.values()),
        compactions=[
            CompactionEntry(record=c.record, state=c.state, rendered=c.rendered) for c in replay.compactions
        ],
        metrics=metric_points(
            health, records, at=at, context_id=replay.context_id, source=src, idx=len(replay.messages) - 1
        ),
        state=state,
        rendered=served.text,
        tokens_context=served.tokens,
        tokens_raw=tokens_raw,
        mode="raw" if trip.trip else "compressed",
        auto_trip=trip.reason if trip.trip else None,
        served_reason=served.own_reason,
        health_metrics=health.values(),
    )


def bloat_samples(replay: SessionReplay, now: datetime) -> list[tuple[datetime, float | None]]:
    """(time, bloat rate) after each turn: tokens served to the model / tokens of the raw dialogue."""
    out = []
    for turn, message in zip(replay.turns, replay.messages, strict=False):
        rate = bloat_rate(turn.served_tokens or 0, turn.raw_tokens or 0) if turn.raw_tokens else None
        out.append((message.ts or now, rate))
    return out


def apply_auto_trips(store: Store, bundles: Sequence[ContextIngest]) -> int:
    """Switch to raw the contexts whose bloat stayed over the limit long enough (audited as automatic);
    a context already raw keeps who set it and why. Returns how many were switched."""
    tripped = 0
    for bundle in bundles:
        if bundle.auto_trip is None:
            continue
        own = store.get_breaker(bundle.context_id)
        if own is None or own.mode != "raw":
            store.set_breaker(
                "raw",
                context_id=bundle.context_id,
                reason=bundle.auto_trip,
                actor=AUTO_ACTOR,
                role="system",
                auto=True,
                source="auto",
            )
            tripped += 1
    return tripped
