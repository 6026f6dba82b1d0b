"""The circuit breaker as the console sees it: the switches, who set them, the automatic trips.

A switch puts the global scope or one context in raw-dialogue mode: the compressor is bypassed and
the model sees the raw history (clipped to the window). The Store keeps the switches and audits
every change; this service adds the rules of the console: a reason is required, viewers are
refused, a no-op change is refused, and the automatic trip runs the pure rule of console.metrics.

    >>> board = load_board(store)
    >>> set_context_mode(store, "sgd-1", raw=True, reason="bloat spike", actor="ana", role="operator")
    >>> served_mode(store, "sgd-1").mode
    'raw'
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, Field

from console.metrics import Instant, TripDecision, should_trip_for
from console.services.permissions import require_actor, require_writer
from console.services.served import own_reason_of
from core.config import Config
from core.model_kinds import Mode
from core.served import ServedDecision, decide_served
from data.ops_records import AuditEntry, BreakerState
from data.store import Store

AUTO_ACTOR = "auto-breaker"


class BreakerBoard(BaseModel):
    """Everything the breaker screen shows, read in one go."""

    global_state: BreakerState | None = Field(description="the global switch; None if never set")
    raw_contexts: list[BreakerState] = Field(description="context switches now in raw mode, newest first")
    auto_trips: list[BreakerState] = Field(description="of those, the ones the automatic rule set")
    history: list[AuditEntry] = Field(description="recent breaker changes, newest first")
    history_total: int = 0

    @property
    def global_raw(self) -> bool:
        """True when every context is served raw."""
        return self.global_state is not None and self.global_state.mode == "raw"


class ServedMode(BaseModel):
    """How one context is served now, and which switch decides it."""

    context_id: str
    mode: Mode
    known: bool = Field(description="the context is stored")
    own: BreakerState | None = Field(default=None, description="the context's own switch, if ever set")
    global_state: BreakerState | None = None
    decision: ServedDecision = Field(description="the effective mode and reason (core.served.decide_served)")

    @property
    def why(self) -> str:
        """One sentence: why the context is served the way it is."""
        if self.decision.reason in ("context_switch", "auto_trip") and self.own is not None:
            kind = "the automatic trip" if self.own.auto else f"{self.own.actor}"
            return f"raw: switched by {kind} ({self.own.reason})"
        if self.decision.raw:
            return self.decision.why
        return "compressed: no switch asks for raw dialogue"


def load_board(store: Store, history_limit: int = 50) -> BreakerBoard:
    """The global switch, the contexts in raw mode, the automatic trips and the recent changes."""
    switches = store.breakers()
    global_state = next((b for b in switches if b.scope == "global"), None)
    raw = [b for b in switches if b.scope == "context" and b.mode == "raw"]
    history = store.audit_log(action_prefix="breaker.", limit=history_limit)
    return BreakerBoard(
        global_state=global_state,
        raw_contexts=raw,
        auto_trips=[b for b in raw if b.auto],
        history=history.items,
        history_total=history.total,
    )


def served_mode(store: Store, context_id: str) -> ServedMode:
    """How ``context_id`` is served now (the Store's fail-closed answer) and the switches behind it."""
    cid = context_id.strip()
    if not cid:
        raise ValueError("no context id given")
    summary = store.get_context(cid)
    own = own_reason_of(summary) if summary is not None else ""
    decision = decide_served(switch=store.breaker_reason(cid), own=own)
    return ServedMode(
        context_id=cid,
        mode=decision.mode,
        known=summary is not None,
        own=store.get_breaker(cid),
        global_state=store.get_breaker(None),
        decision=decision,
    )


def set_global_mode(store: Store, *, raw: bool, reason: str, actor: str, role: str) -> BreakerState:
    """Switch every context to raw dialogue (raw=True) or back; reason required, viewers refused."""
    return _set(store, None, raw=raw, reason=reason, actor=actor, role=role)


def set_context_mode(
    store: Store, context_id: str, *, raw: bool, reason: str, actor: str, role: str
) -> BreakerState:
    """Switch one context to raw dialogue or back; unknown contexts are refused with a ValueError."""
    cid = context_id.strip()
    if not cid:
        raise ValueError("no context id given")
    return _set(store, cid, raw=raw, reason=reason, actor=actor, role=role)


def reset_auto_trip(store: Store, context_id: str, *, reason: str, actor: str, role: str) -> BreakerState:
    """Put a context the automatic rule tripped back to compressed mode (an operator's decision)."""
    own = store.get_breaker(context_id.strip())
    if own is None or own.mode != "raw" or not own.auto:
        raise ValueError(f"context {context_id!r} has no automatic trip to reset")
    return set_context_mode(store, context_id, raw=False, reason=reason, actor=actor, role=role)


def check_auto_trip(
    store: Store,
    context_id: str,
    samples: Sequence[tuple[Instant, float | None]],
    config: Config,
    *,
    now: Instant | None = None,
) -> TripDecision:
    """Apply the automatic rule to a context's bloat samples; trip it (audited as auto) if it says so.

    A context already in raw mode is left as it is (its switch keeps who set it and why). Returns
    the rule's decision either way, for the caller's log.
    """
    decision = should_trip_for(samples, config, now=now)
    if decision.trip:
        own = store.get_breaker(context_id)
        if own is None or own.mode != "raw":
            store.set_breaker(
                "raw",
                context_id=context_id,
                reason=decision.reason,
                actor=AUTO_ACTOR,
                role="system",
                auto=True,
                source="auto",
            )
    return decision


def _set(
    store: Store, context_id: str | None, *, raw: bool, reason: str, actor: str, role: str
) -> BreakerState:
    scope = f"context {context_id!r}" if context_id else "the global switch"
    require_writer(role, f"change the circuit breaker ({scope})", actor=actor)
    actor = require_actor(actor)
    if not reason.strip():
        raise ValueError(f"a reason is required to change {scope}")
    mode: Mode = "raw" if raw else "compressed"
    current = store.get_breaker(context_id)
    current_mode = current.mode if current is not None else "compressed"
    if current_mode == mode:
        raise ValueError(f"{scope} is already {mode}: nothing to change")
    try:
        return store.set_breaker(mode, context_id=context_id, reason=reason, actor=actor, role=role)
    except KeyError as exc:
        raise ValueError(f"unknown context {context_id!r}: only stored contexts have a switch") from exc


def since_text(state: BreakerState | None) -> str:
    """'raw since 2025-03-02 12:00 UTC by ana (reason)' or 'never set' for the screen."""
    if state is None:
        return "never set (compressed)"
    who = "the automatic trip" if state.auto else state.actor
    return f"{state.mode} since {state.since:%Y-%m-%d %H:%M} UTC, set by {who}: {state.reason}"
