"""What a context is served, and why: the one decision every screen and the service show.

A context is served compressed only when nothing asks for raw dialogue. The reasons for raw, in the
order they are asked (the first that holds wins):

1. a switch of the circuit breaker: the global switch, the context's own switch set by an operator,
   or the automatic trip (bloat over the limit for long enough); or the breaker could not be read
   (fail closed);
2. the session's own state: its last compaction failed, it has not been compacted yet, or its
   compacted context is not smaller than the raw history it would replace.

``Session.context`` decides with :func:`decide_served`; the console decides a stored context with
the same function from the stored switches and the reason the session gave when it was saved, so
the mode a screen shows is the mode the model is served.

    >>> decide_served(switch=None, own="").mode
    'compressed'
    >>> decide_served(switch="global_switch", own="").why
    'raw: the global switch serves every context raw dialogue'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal

from pydantic import BaseModel, Field

from core.model_kinds import Mode
from core.models import Message
from core.render import message_line, turn_tokens
from core.tokens import clip_to_tokens, count_tokens

SwitchReason = Literal["global_switch", "context_switch", "auto_trip", "breaker", "breaker_error"]
OwnReason = Literal["compaction_failed", "no_compaction", "not_smaller"]
SWITCH_REASONS: tuple[str, ...] = ("global_switch", "context_switch", "auto_trip", "breaker", "breaker_error")
OWN_REASONS: tuple[str, ...] = ("compaction_failed", "no_compaction", "not_smaller")

REASON_TEXT: dict[str, str] = {
    "global_switch": "the global switch serves every context raw dialogue",
    "context_switch": "an operator switched this context to raw dialogue",
    "auto_trip": "the automatic breaker tripped on bloat",
    "breaker": "the circuit breaker asks for raw dialogue",
    "breaker_error": "the breaker could not be read (fails closed to raw)",
    "compaction_failed": "the last compaction failed",
    "no_compaction": "not compacted yet",
    "not_smaller": "the compacted context is not smaller than the raw history",
}


class ServedDecision(BaseModel):
    """The effective mode of a context and the reason it is raw ('' when compressed)."""

    mode: Mode
    reason: str = Field("", description="one of SWITCH_REASONS or OWN_REASONS; '' when compressed")

    @property
    def raw(self) -> bool:
        """True when the model is served the raw dialogue."""
        return self.mode == "raw"

    @property
    def why(self) -> str:
        """One line for a screen: 'compressed', or 'raw: <the reason in words>'."""
        if not self.raw:
            return "compressed"
        return f"raw: {REASON_TEXT.get(self.reason, self.reason)}"


def switch_reason(*, global_raw: bool, own_raw: bool, own_auto: bool = False) -> SwitchReason | None:
    """Which breaker switch asks for raw (the global one first), or None when none does."""
    if global_raw:
        return "global_switch"
    if own_raw:
        return "auto_trip" if own_auto else "context_switch"
    return None


def own_reason(*, failed: bool, compacted: bool, saves: bool | None) -> OwnReason | Literal[""]:
    """Why the session itself serves raw ('' when it serves its compaction).

    failed: the last compaction (or a stage) failed; compacted: a good compaction exists;
    saves: the compacted context is smaller than the raw history (None: not measured)."""
    if failed:
        return "compaction_failed"
    if not compacted:
        return "no_compaction"
    if saves is False:
        return "not_smaller"
    return ""


def decide_served(*, switch: str | bool | None, own: str) -> ServedDecision:
    """The effective mode: a breaker switch first, then the session's own reason, else compressed.

    switch: a SwitchReason, True (a breaker that only says 'raw'), or None/False/'' for no switch;
    own: an OwnReason or '' (see :func:`own_reason`). ValueError on a reason this module does not
    know, so a typo never reads as 'compressed'."""
    if switch is True:
        switch = "breaker"
    if switch:
        if switch not in SWITCH_REASONS:
            raise ValueError(f"unknown breaker reason {switch!r}; use one of {', '.join(SWITCH_REASONS)}")
        return ServedDecision(mode="raw", reason=str(switch))
    if own:
        if own not in OWN_REASONS:
            raise ValueError(f"unknown session reason {own!r}; use one of {', '.join(OWN_REASONS)}")
        return ServedDecision(mode="raw", reason=own)
    return ServedDecision(mode="compressed")


def raw_window(messages: Sequence[Message], budget: int, tokens: Sequence[int] | None = None) -> str:
    """The raw history exactly as received (system prompts apart), clipped to budget tokens from
    the oldest end: whole turns from the newest back, the oldest one kept cut at its start.

    tokens: each message's raw tokens (turn_tokens), when already counted."""
    return "\n".join(raw_window_lines(messages, budget, tokens))


def raw_window_lines(
    messages: Sequence[Message], budget: int, tokens: Sequence[int] | None = None
) -> list[str]:
    """The lines of :func:`raw_window`, oldest first (counted apart with core.tokens.count_joined)."""
    counts = list(tokens) if tokens is not None else [turn_tokens(m) for m in messages]
    if len(counts) != len(messages):
        raise ValueError(f"raw_window: {len(counts)} token counts for {len(messages)} messages")
    kept: list[str] = []
    used = 0
    for msg, count in zip(reversed(messages), reversed(counts), strict=True):
        if msg.role == "system":
            continue
        if used + count > budget:
            rest = budget - used
            if rest > 8:
                kept.append(clip_to_tokens(message_line(msg), rest - 1, keep="end"))
            break
        kept.append(message_line(msg))
        used += count
    return kept[::-1]


def saves_enough(tokens: int, estimate: int, exact: Callable[[], int], share: float = 1.0) -> bool:
    """True when a compacted context of `tokens` is under `share` of the raw history.

    estimate: the per-turn raw counts summed, which overstate the joined text by a token or two a
    turn; the exact count (``exact()``, a tokenisation of the whole raw text) is taken only when
    the estimate is close."""
    if tokens < 0.8 * share * estimate:
        return True
    return tokens < share * exact()


def raw_context(messages: Sequence[Message], history_budget: int, tokens: Sequence[int] | None = None) -> str:
    """What raw mode serves: the system prompts as written at the head, then the raw history
    clipped to what the budget leaves (:func:`raw_window`). The one raw text the core serves and
    the console shows for a context served raw."""
    return "\n".join(raw_context_parts(messages, history_budget, tokens))


def raw_context_parts(
    messages: Sequence[Message], history_budget: int, tokens: Sequence[int] | None = None
) -> list[str]:
    """The parts of :func:`raw_context` (the system prompts, then a line a turn), joined by newlines."""
    head = "\n".join(message_line(m) for m in messages if m.role == "system")
    budget = max(0, history_budget - (count_tokens(head) if head else 0))
    window = raw_window_lines(messages, budget, tokens)
    return [head, *window] if head else window
