"""The context a session serves (split from core.session): ContextView, and the Session methods that
build it from the last good compaction and the turns since, or from the raw history.

The breaker is asked first on every context build; if it raises, the context is served raw (fail
closed). A compacted context is served only when it saves enough against the raw history
(core.served.saves_enough with MIN_SAVING: at least 5%; a short session is served raw otherwise).
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from core.model_kinds import Mode
from core.render import RECENT_SEPARATOR, message_line, recent_lines
from core.served import SWITCH_REASONS, decide_served, own_reason, raw_context_parts, saves_enough
from core.social import without_courtesy
from core.tokens import count_joined, count_tokens

# a compacted context is served only when it is smaller than this share of the raw history: one
# that saves under a twentieth is not worth what a compaction may lose (the raw turns lose nothing)
MIN_SAVING = 0.95


class ContextView(BaseModel):
    """The context to give the model now."""

    context_id: str
    text: str
    tokens: int
    mode: Mode
    reason: str = Field("", description="why raw ('' when compressed): a reason of core.served")
    own_reason: str = Field("", description="why the session itself serves raw, whatever the breaker says")
    fallback: bool = False
    folded_upto: int = 0
    system_tokens: int = Field(0, description="tokens of the system prompts passed through at the head")


class ServedContext:
    """The served-context half of core.session.Session: it reads the session's compressor, config,
    context_id, messages, rendered state, folded_upto, fallback, failed, raw turn tokens and lock."""

    def compressed_text(self) -> str | None:
        """The compacted context as served (state and the turns since, system prompts apart), None
        before a good compaction."""
        with self._lock:
            return self._compressed_text(self._head()[2]) if self.rendered is not None else None

    def _head(self) -> tuple[str, int, int]:
        """The system prompts served at the head, their tokens, and the budget they leave."""
        head = "\n".join(message_line(m) for m in self.messages if m.role == "system")
        tokens = count_tokens(head) if head else 0
        return head, tokens, max(0, self.config.history_budget - tokens)

    # --- output --------------------------------------------------------------------------------

    def context(self) -> ContextView:
        """The context for the model now; the breaker is asked first and fails closed to raw."""
        with self._lock:
            return self._context()

    def _context(self) -> ContextView:
        try:
            switch = self.compressor.breaker(self.context_id) if self.compressor.breaker else None
        except Exception:
            switch = "breaker_error"
        switch = switch if switch in SWITCH_REASONS else bool(switch)  # any other truthy answer: raw
        head, system_tokens, budget = self._head()
        # counted by parts (core.tokens.count_joined): the parts were counted before, the text is new
        parts = self._compressed_parts(budget) if not self.failed and self.rendered is not None else []
        saves = self._saves_enough(count_joined(parts)) if any(parts) else None
        own = own_reason(failed=self.failed, compacted=self.rendered is not None, saves=saves)
        served = decide_served(switch=switch, own=own)  # the one decision the console shows too
        if served.raw:
            parts = raw_context_parts(self.messages, self.config.history_budget, self._raw_tokens)
        elif head:
            parts = [head, *parts]
        compressed = not served.raw
        return ContextView(
            context_id=self.context_id,
            text="\n".join(parts),
            tokens=count_joined(parts),
            mode=served.mode,
            reason=served.reason,
            own_reason=own,
            fallback=self.fallback and compressed,
            folded_upto=self.folded_upto if compressed else 0,
            system_tokens=system_tokens,
        )

    def _compressed_text(self, budget: int) -> str:
        """The compacted state and the raw turns since it, within the compressed budget."""
        return "\n".join(self._compressed_parts(budget))

    def _compressed_parts(self, budget: int) -> list[str]:
        """The parts of :meth:`_compressed_text`: the state, the separator, a line a recent turn."""
        assert self.rendered is not None
        tail = [m for m in self.messages[self.folded_upto :] if m.role != "system"]
        tail = without_courtesy(tail, self.messages[self.folded_upto - 1].text if self.folded_upto else "")
        # the separator line and the joins between turns take a few tokens of their own
        room = min(budget, self.config.target_compressed_tokens) - self.rendered_state_tokens - 8
        parts = [self.rendered.state_text]
        if tail:
            parts += [RECENT_SEPARATOR, *recent_lines(tail, room, self.config.recent_result_tokens)]
        return parts

    def _saves_enough(self, tokens: int) -> bool:  # core.served.saves_enough on this history
        return saves_enough(tokens, sum(self._raw_tokens), self.raw_history_tokens, MIN_SAVING)

    def raw_history_tokens(self) -> int:
        """Tokens of the raw history as raw mode serves it unclipped (system prompts apart)."""
        return count_joined([message_line(m) for m in self.messages if m.role != "system"])
