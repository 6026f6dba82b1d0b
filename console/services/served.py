"""How a stored context is served now, decided by the core's own function (core.served).

The mode a screen shows is the mode the model is served: the breaker switches (global, the
context's own, the automatic trip) are read from the store, the session's own reason (not yet
compacted, last compaction failed, not smaller than the raw history) was saved with the context,
and :func:`core.served.decide_served` puts them together exactly as ``Session.context`` does. The
grid, the session header, its token counts and rendered context, Replay and the breaker screen
all read it from here.

    >>> switches = read_switches(store)
    >>> served_of(summary, switches).why
    'raw: the global switch serves every context raw dialogue'
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, Field

from core.models import Message
from core.served import SWITCH_REASONS, ServedDecision, decide_served, raw_context, switch_reason
from data.ops_records import BreakerState
from data.records import ContextSummary
from data.store import Store


class Switches(BaseModel):
    """The breaker switches now in raw mode, read in one go for a page of contexts."""

    global_state: BreakerState | None = Field(default=None, description="the global switch, if it is raw")
    raw_contexts: dict[str, BreakerState] = Field(
        default_factory=dict, description="context id -> its raw switch"
    )

    @property
    def global_raw(self) -> bool:
        """True while the global switch serves every context raw."""
        return self.global_state is not None and self.global_state.mode == "raw"

    def reason(self, context_id: str) -> str | None:
        """Which switch serves ``context_id`` raw (a core.served switch reason), None when none does."""
        own = self.raw_contexts.get(context_id)
        return switch_reason(
            global_raw=self.global_raw, own_raw=own is not None, own_auto=bool(own and own.auto)
        )


def read_switches(store: Store) -> Switches:
    """The global switch if it is raw, and every context switch now raw (one read of the raw ones)."""
    switches = store.breakers(mode="raw")
    return Switches(
        global_state=next((b for b in switches if b.scope == "global"), None),
        raw_contexts={
            b.context_id: b for b in switches if b.scope == "context" and b.mode == "raw" and b.context_id
        },
    )


def own_reason_of(summary: ContextSummary) -> str:
    """The session's own reason for raw as saved; a context saved before the reason was stored and
    never compacted is 'no_compaction'."""
    if summary.served_reason:
        return summary.served_reason
    return "no_compaction" if summary.compactions == 0 else ""


def served_of(summary: ContextSummary, switches: Switches) -> ServedDecision:
    """The effective mode and reason of a stored context (core.served.decide_served)."""
    return decide_served(switch=switches.reason(summary.context_id), own=own_reason_of(summary))


def served_now(store: Store, summary: ContextSummary) -> ServedDecision:
    """Like served_of for one context, reading its switches with the store's fail-closed answer
    (the breaker unreadable: raw, 'breaker_error'), as the core's breaker hook reads them."""
    return decide_served(switch=store.breaker_reason(summary.context_id), own=own_reason_of(summary))


def served_tokens(
    summary: ContextSummary, decision: ServedDecision, history_budget: int | None = None
) -> int:
    """Tokens the model is given now: the raw dialogue (up to the window) when a switch serves it
    raw, else what the session served when it was saved (raw or compacted, the session decided)."""
    if decision.raw and decision.reason in SWITCH_REASONS:
        raw = summary.tokens_raw
        return min(raw, history_budget) if history_budget is not None else raw
    return summary.tokens_context


def reduction_pct(summary: ContextSummary, tokens: int, decision: ServedDecision) -> float | None:
    """How much smaller the served context is than the raw dialogue, in percent; None when raw (a
    raw context saves nothing: a clipped window is not compression) or without raw tokens."""
    if decision.raw or not summary.tokens_raw:
        return None
    return round(100 * (1 - tokens / summary.tokens_raw), 1)


def served_text(
    decision: ServedDecision, stored: str | None, messages: Sequence[Message], history_budget: int
) -> str | None:
    """The text the model is given now: the raw context (core.served.raw_context) when a switch
    serves it raw, else the text the session served when it was saved."""
    if decision.raw and decision.reason in SWITCH_REASONS:
        return raw_context(list(messages), history_budget)
    return stored
